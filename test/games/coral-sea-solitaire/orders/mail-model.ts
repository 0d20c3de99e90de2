/**
 * The demo's mail model (src/demo/model.ts) for a solitaire: the same loop, with only the player's
 * side seated (the umpire plays the IJN, a system side) — the demo model seats every side. Counts
 * the order mails the USN sends and the mails it receives, per turn, and why.
 */
import { decide, whoIsAwaited } from '../../../../src/engine/decide';
import { makeSealedSeedChain, makeSeedChain } from '../../../../src/engine/dice';
import { CommandRejected, type EngineCommand, type EngineState } from '../../../../src/engine/engine-events';
import { type AnyRuleset, evolve, initialState } from '../../../../src/engine/evolve';
import { turnOf } from '../../../../src/engine/players';
import { seededRng } from '../../../../src/engine/random-player';
import { RuleNotImplementedError } from '../../../../src/engine/ruleset';
import { sha256Hex } from '../../../../src/shared/canonical';
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';

export interface TurnMail {
  sent: number;
  received: number;
  why: string[];
}

export interface MailGame {
  readonly turns: Map<number, TurnMail>;
  readonly ended: boolean;
  readonly summary: string;
  readonly refused: string[];
  readonly dropped: number;
  readonly state: EngineState<unknown>;
  /** The rules events applied, in order (RulesApplied). */
  readonly events: readonly { readonly stepId: string; readonly type: string; readonly data: unknown }[];
  /** A rule not built yet that stopped the game (RuleNotImplementedError), if any. */
  readonly stoppedAt?: string;
}

const kind = (id: string) => id.split('/').slice(1).join('/');

export function playMailGame(seed: string, plain: boolean, options: Record<string, boolean> = {}): MailGame {
  const ruleset = coralSeaSolitaire as unknown as AnyRuleset;
  const player = coralSeaSolitaire.players.mail!;
  const chain = makeSeedChain(Buffer.from(sha256Hex(`secret:${seed}`), 'hex'), 64);
  const sealed = makeSealedSeedChain(Buffer.from(sha256Hex(`secret:${seed}`), 'hex'), 64);
  let state: EngineState<unknown> = initialState();
  let tick = 0;
  const events: { stepId: string; type: string; data: unknown }[] = [];
  const run = (cmd: EngineCommand) => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) {
      state = evolve(state, e, ruleset);
      if (e.type === 'RulesApplied') {
        const { stepId, event } = e.data as { stepId: string; event: { type: string; data: unknown } };
        events.push({ stepId, type: event.type, data: event.data });
      }
    }
    return out;
  };
  const now = () => `model+${tick++}`;
  const seeds = (turn: number) => chain.seeds[turn];
  const sealedSeeds = (turn: number) => sealed.seeds[turn];
  const turns = new Map<number, TurnMail>();
  const at = (turn: number) => {
    if (!turns.has(turn)) turns.set(turn, { sent: 0, received: 0, why: [] });
    return turns.get(turn)!;
  };
  run({
    type: 'CreateGame',
    gameId: seed,
    options,
    seedAnchor: chain.anchor,
    sealedSeedAnchor: sealed.anchor,
    now: now(),
    sides: [{ side: 'usn', player: { address: 'usn@model.invalid', name: 'usn' } }],
  } as EngineCommand);
  at(1).received++;
  at(1).why.push('welcome');
  const rng = seededRng(`${seed}:usn`);
  const memory = { sentAhead: new Set<string>(), plain };
  let standingSent = false;
  let answered = '';
  const refused: string[] = [];
  let dropped = 0;
  let stoppedAt: string | undefined;
  const resolve = () => run({ type: 'Resolve', now: now(), seeds, sealedSeeds, open: (s: string) => s } as EngineCommand);
  /** The mail the game service sends after a command (src/demo/model.ts mailAfter): a report when a step awaits the USN or a turn ended, an ack of the USN's own orders unless its report carries them. */
  const mailAfter = (before: EngineState<unknown>, out: readonly { type: string; data: unknown }[], byUsn: boolean) => {
    for (const e of out.filter((x) => x.type === 'QueuedOrdersDropped')) {
      const d = e.data as { stepId: string; reason: string; errors: readonly { rule?: string }[] };
      dropped++;
      at(before.step?.turn ?? 0).why.push(
        `dropped ${kind(d.stepId)} (${d.reason}${d.errors.length ? `: ${d.errors.map((x) => x.rule ?? '?').join(', ')}` : ''})`,
      );
    }
    const resolvedTurns = out.filter((e) => e.type === 'StepResolved').map((e) => (e.data as { turn: number }).turn);
    const step = state.step;
    const turn = step?.turn ?? before.step?.turn ?? 0;
    const turnEnded = step === null || (resolvedTurns.length > 0 && step.turn > Math.max(...resolvedTurns));
    let reported = false;
    if (resolvedTurns.length) {
      if (step && whoIsAwaited(state, ruleset).includes('usn')) {
        at(turn).received++;
        at(turn).why.push(`asked ${kind(step.id)}`);
        reported = true;
      } else if (turnEnded) {
        at(turn).received++;
        at(turn).why.push(step === null ? 'game over' : 'turn');
        reported = true;
      }
    }
    if (byUsn) {
      const queued = out.some((e) => e.type === 'OrdersQueued');
      const moved = before.step?.id !== step?.id;
      if (!(moved && reported && !queued)) {
        at(before.step?.turn ?? turn).received++;
        at(before.step?.turn ?? turn).why.push('ack');
      }
    }
  };
  for (let n = 0; state.step && !stoppedAt; n++) {
    if (n > 3000) throw new Error(`the mail game did not end (stuck at ${state.step.id})`);
    const step = state.step;
    const before = state;
    try {
      if (!whoIsAwaited(state, ruleset).length) {
        mailAfter(before, resolve(), false);
        continue;
      }
      if (answered === step.id) {
        mailAfter(before, run({ type: 'Deadline', now: now(), seeds, sealedSeeds, open: (x: string) => x } as EngineCommand), false);
        continue;
      }
      answered = step.id;
      const mail = player.compose(turnOf(ruleset, state, 'usn', step, rng), memory);
      const standing = standingSent ? '' : player.standing('usn', plain);
      standingSent = true;
      const t = at(step.turn);
      t.sent++;
      t.why.push(`sent ${mail.steps.map(kind).join('+')}`);
      try {
        const text = standing ? `${mail.text}\n${standing}` : mail.text;
        const out = [
          ...run({ type: 'SubmitOrders', side: 'usn', text, salt: rng.hex(16), now: now(), seal: (x: string) => x } as EngineCommand),
        ];
        if (state.step && !whoIsAwaited(state, ruleset).length) out.push(...resolve());
        mailAfter(before, out, true);
      } catch (e) {
        if (!(e instanceof CommandRejected)) throw e;
        refused.push(`${step.id}: ${e.message} ${JSON.stringify(e.errors)}`);
        at(step.turn).received++;
        at(step.turn).why.push(`refused ${kind(step.id)}`);
      }
    } catch (e) {
      if (!(e instanceof RuleNotImplementedError)) throw e;
      stoppedAt = `${step.id}: ${e.message}`;
    }
  }
  const result = state.result as { summary?: string } | null;
  return {
    turns,
    ended: state.result !== null,
    summary: result?.summary ?? '',
    refused,
    dropped,
    state,
    events,
    ...(stoppedAt ? { stoppedAt } : {}),
  };
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};
