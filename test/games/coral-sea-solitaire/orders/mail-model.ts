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
  const rng = seededRng(`${seed}:usn`);
  const memory = { sentAhead: new Set<string>(), plain };
  let standingSent = false;
  let answered = '';
  const refused: string[] = [];
  let dropped = 0;
  let stoppedAt: string | undefined;
  const resolve = () => run({ type: 'Resolve', now: now(), seeds, sealedSeeds, open: (s: string) => s } as EngineCommand);
  for (let n = 0; state.step && !stoppedAt; n++) {
    if (n > 3000) throw new Error(`the mail game did not end (stuck at ${state.step.id})`);
    const step = state.step;
    const awaited = whoIsAwaited(state, ruleset);
    if (!awaited.length) {
      let out: ReturnType<typeof resolve>;
      try {
        out = resolve();
      } catch (e) {
        if (!(e instanceof RuleNotImplementedError)) throw e;
        stoppedAt = `${step.id}: ${e.message}`;
        break;
      }
      dropped += out.filter((e) => e.type === 'QueuedOrdersDropped').length;
      if (state.step && whoIsAwaited(state, ruleset).includes('usn')) {
        const t = at(state.step.turn);
        t.received++;
        t.why.push(`asked ${kind(state.step.id)}`);
      }
      continue;
    }
    if (answered === step.id) {
      run({ type: 'Deadline', now: now(), seeds, sealedSeeds, open: (s: string) => s } as EngineCommand);
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
      const out = run({
        type: 'SubmitOrders',
        side: 'usn',
        text: standing ? `${mail.text}\n${standing}` : mail.text,
        salt: rng.hex(16),
        now: now(),
        seal: (p: string) => p,
      } as EngineCommand);
      dropped += out.filter((e) => e.type === 'QueuedOrdersDropped').length;
    } catch (e) {
      if (!(e instanceof CommandRejected)) throw e;
      refused.push(`${step.id}: ${e.message} ${JSON.stringify(e.errors)}`);
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
