/**
 * The demo's mail, counted in process in a few seconds instead of minutes: the same mail player as
 * the demo's bots (the game's players.mail) plays a game through the engine's decide/evolve, and each command is followed by
 * the mail the game service would send for it (services/game/orders.ts and flow.ts): a report to a
 * side when the step now open awaits it, when a turn ended or when the game ended (DIGEST ACTION,
 * every side's default); an acknowledgment of its own unless the orders completed their step and the
 * side's report carries it (issue 28: the whole acknowledgment folds into it); a refusal for orders refused. The real
 * demo (main.ts) counts the mail that actually arrives; this model says why each mail went.
 *
 *   node dist/src/demo/model.js [games] [seed]      (DEMO_GAME=<id> for another game than the default,
 *                                                    DEMO_OPTIONS=a,b for game options)
 */
import { type PlayerMode, turnOf } from '../engine/players';
import { decide, whoIsAwaited } from '../engine/decide';
import { makeSealedSeedChain, makeSeedChain } from '../engine/dice';
import { CommandRejected, type EngineCommand, type EngineEvent, type EngineState } from '../engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../engine/evolve';
import { seededRng } from '../engine/random-player';
import { stoppedAtMissingRule } from '../engine/selfplay';
import type { OptionValue, Side } from '../engine/ruleset';
import { sha256Hex } from '../shared/canonical';
import { demoGame } from './games';
import { botMode, demoOptions } from './options';
import { stepsAsked } from '../engine/asked';

export interface TurnMail {
  sent: number;
  received: number;
  /** why each mail went out or came in, e.g. "sent patrol", "action battle/targets", "ack", "turn" */
  why: string[];
}

export interface ModelResult {
  readonly perSide: Record<Side, Map<number, TurnMail>>;
  readonly ended: boolean;
  readonly turns: number;
  readonly refused: number;
  readonly dropped: number;
  readonly summary: string;
  /** is the play plausible: the game's own counts of play (VITP: battles fought, units landed (5.73), amphibious and raider moves made) */
  readonly play: Record<string, number>;
  /** an unfinished game's RuleNotImplementedError where play stopped (the first rule not built it reached) */
  readonly stopped?: string;
}

/**
 * A step id without its turn, numbers, rounds, sides and numbered places, for the model's log:
 * t3/battle/2-coral-sea/r1/targets -> battle/targets, t2/patrol/japanese -> patrol. A numbered
 * part (`2-coral-sea`, `1-transports`) is kept only as the last word left (what the step is).
 */
export function stepKind(id: string, sides: readonly string[]): string {
  const parts = id
    .split('/')
    .slice(1)
    .filter((p) => !/^\d+$/.test(p) && !/^r\d+$/.test(p) && !sides.includes(p));
  return parts.filter((p, i) => !/^\d+-/.test(p) || i === parts.length - 1).join('/');
}

/**
 * `defaultStanding: false`: the game starts with no standing instructions in force, as games did
 * before issue 28; `mode`: how the bots play (default DEMO_BOTS, options.ts botMode).
 */
export function playModel(
  seed: string,
  options: Record<string, OptionValue> = demoOptions(),
  game = demoGame([], process.env),
  opts: { readonly defaultStanding?: boolean; readonly mode?: PlayerMode } = {},
): ModelResult {
  const ruleset = game.rules as AnyRuleset;
  const player = game.mail;
  const mode = opts.mode ?? botMode();
  // the seated sides: a side the umpire plays (a solitaire's system side) has no bot and no mail
  const BOT_SIDES = game.players.map((p) => p.side);
  const secret = Buffer.from(sha256Hex(`secret:${seed}`), 'hex');
  const chain = makeSeedChain(secret, 64);
  // a game with sealed dice (a solitaire's hidden rolls): the sealed chain from the same secret, as the service makes it
  const defaults = Object.fromEntries(ruleset.options.map((o) => [o.id, o.default]));
  const sealed = ruleset.sealedDice?.({ ...defaults, ...options }) ? makeSealedSeedChain(secret, 64) : null;
  const sealedSeeds = sealed ? { sealedSeeds: (turn: number) => sealed.seeds[turn] } : {};
  let state: EngineState<unknown> = initialState();
  let tick = 0;
  const log: EngineEvent[] = [];
  const run = (cmd: EngineCommand): EngineEvent[] => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    log.push(...out);
    return out;
  };
  const now = () => `model+${tick++}`;
  const seeds = (turn: number) => chain.seeds[turn];
  const perSide: Record<Side, Map<number, TurnMail>> = Object.fromEntries(BOT_SIDES.map((s) => [s, new Map()]));
  const tally = (side: Side, turn: number) => {
    const m = perSide[side];
    if (!m.has(turn)) m.set(turn, { sent: 0, received: 0, why: [] });
    return m.get(turn)!;
  };
  const receive = (side: Side, turn: number, why: string) => {
    const t = tally(side, turn);
    t.received++;
    t.why.push(why);
  };
  run({
    type: 'CreateGame',
    gameId: seed,
    options,
    seedAnchor: chain.anchor,
    ...(sealed ? { sealedSeedAnchor: sealed.anchor } : {}),
    now: now(),
    ...(opts.defaultStanding === false ? { defaultStanding: false } : {}),
    sides: BOT_SIDES.map((side) => ({ side, player: { address: `${side}@model.invalid`, name: side } })),
  });
  const bots = Object.fromEntries(
    BOT_SIDES.map((side) => [side, { rng: seededRng(`${seed}:${side}`), standingSent: false, sentAhead: new Set<string>(), answered: '' }]),
  );
  // the welcome: one mail to each side
  for (const side of BOT_SIDES) receive(side, state.step?.turn ?? 1, 'welcome');
  let refused = 0;
  let dropped = 0;
  /** the mail after a command whose events are `events` (submitted by `by`, if orders) */
  const mailAfter = (before: EngineState<unknown>, events: EngineEvent[], by: Side | null) => {
    const resolvedTurns = events.filter((e) => e.type === 'StepResolved').map((e) => (e.data as { turn: number }).turn);
    dropped += events.filter((e) => e.type === 'QueuedOrdersDropped').length;
    const step = state.step;
    const over = step === null;
    const turn = step?.turn ?? before.step?.turn ?? 0;
    const turnEnded = over || (resolvedTurns.length > 0 && step !== null && step.turn > Math.max(...resolvedTurns));
    const awaiting = new Set(step ? whoIsAwaited(state, ruleset) : []);
    const reported = new Set<Side>();
    if (resolvedTurns.length)
      for (const side of BOT_SIDES) {
        if (awaiting.has(side)) receive(side, turn, `action ${stepKind(step!.id, BOT_SIDES)}`);
        else if (turnEnded) receive(side, turn, over ? 'game over' : 'turn');
        else continue;
        reported.add(side);
      }
    if (by) {
      const resolved = before.step?.id !== step?.id;
      // the acknowledgment folds into the side's report when its orders completed the step (queued ones too)
      if (!(resolved && reported.has(by))) receive(by, before.step?.turn ?? turn, 'ack');
    }
  };
  const playAll = () => {
    for (let steps = 0; state.step; steps++) {
      if (steps > 5000) throw new Error(`the model game did not end (stuck at ${state.step.id})`);
      const step = state.step;
      for (const side of whoIsAwaited(state, ruleset)) {
        const bot = bots[side];
        if (bot.answered === step.id) continue;
        bot.answered = step.id;
        // what the mail in the side's hands asks: the answer card's sections (a newcomer answers these alone)
        const asked = stepsAsked(state, ruleset, side).map((a) => ({ stepId: a.step.id, forWord: a.forWord }));
        const mail = player.compose(turnOf(ruleset, state, side, step, bot.rng), {
          sentAhead: bot.sentAhead,
          mode,
          plain: mode === 'plain',
          asked,
        });
        const standing = player.standing(side, mode);
        const text = bot.standingSent || !standing ? mail.text : `${mail.text}\n${standing}`;
        bot.standingSent = true;
        const t = tally(side, step.turn);
        t.sent++;
        t.why.push(`sent ${mail.steps.map((id) => stepKind(id, BOT_SIDES)).join('+')}`);
        const before = state;
        try {
          const events = run({ type: 'SubmitOrders', side, text, salt: bot.rng.hex(16), now: now(), seal: (p) => p });
          const after =
            whoIsAwaited(state, ruleset).length === 0 ? run({ type: 'Resolve', now: now(), seeds, ...sealedSeeds, open: (s) => s }) : [];
          mailAfter(before, [...events, ...after], side);
        } catch (e) {
          if (!(e instanceof CommandRejected)) throw e;
          refused++;
          receive(side, step.turn, `refused ${stepKind(step.id, BOT_SIDES)}: ${e.message.slice(0, 120)}`);
        }
        if (state.step?.id !== step.id) break;
      }
      if (state.step?.id === step.id && whoIsAwaited(state, ruleset).length === 0) {
        const before = state;
        mailAfter(before, run({ type: 'Resolve', now: now(), seeds, ...sealedSeeds, open: (s) => s }), null);
      } else if (state.step?.id === step.id && BOT_SIDES.every((s) => bots[s].answered === step.id)) {
        // refused orders: the deadline's defaults
        const before = state;
        mailAfter(before, run({ type: 'Deadline', now: now(), seeds, ...sealedSeeds, open: (s) => s }), null);
      }
    }
  };
  // an unfinished game (define.ts Unfinished) stops at its first rule not built, as self-play does
  let stopped: string | undefined;
  try {
    playAll();
  } catch (e) {
    const missing = stoppedAtMissingRule(ruleset, e);
    if (!missing) throw e;
    stopped = missing.message;
  }
  const turns = Math.max(...BOT_SIDES.flatMap((s) => [...perSide[s].keys()]));
  const applied = log
    .filter((e) => e.type === 'RulesApplied')
    .map((e) => {
      const { stepId, event } = e.data as { stepId: string; event: { type: string; data: unknown } };
      return { stepId, type: event.type, data: event.data };
    });
  const play = player.tally?.(applied) ?? {};
  return {
    perSide,
    ended: state.result !== null,
    turns,
    refused,
    dropped,
    summary: state.result?.summary ?? '',
    play,
    ...(stopped ? { stopped } : {}),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};

export function figures(r: ModelResult, side: Side): string {
  const turns = [...r.perSide[side].entries()].filter(([t]) => t > 0).map(([, t]) => t);
  const sent = turns.map((t) => t.sent);
  const got = turns.map((t) => t.received);
  return `${side}: order mails sent median ${median(sent)}, max ${Math.max(...sent)}; received median ${median(got)}, max ${Math.max(...got)}`;
}

function main(): void {
  const games = Number(process.argv[2] ?? 1);
  const seed = process.argv[3] ?? 'model';
  const game = demoGame([], process.env);
  for (let g = 0; g < games; g++) {
    const r = playModel(`${seed}/${g}`, game.options, game);
    process.stdout.write(
      `game ${g}: ${r.turns} turns, ${r.ended ? r.summary : r.stopped ? `stopped: ${r.stopped}` : 'not ended'}; refused ${r.refused}, queued orders dropped ${r.dropped}; ${JSON.stringify(r.play)}\n`,
    );
    for (const { side } of game.players) {
      process.stdout.write(`  ${figures(r, side)}\n`);
      if (process.env.MODEL_VERBOSE)
        for (const [turn, t] of [...r.perSide[side].entries()].sort(([a], [b]) => a - b))
          process.stdout.write(`    t${turn}: sent ${t.sent}, received ${t.received}: ${t.why.join('; ')}\n`);
    }
  }
}

if (require.main === module) main();
