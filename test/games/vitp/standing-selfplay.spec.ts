/**
 * Whole games through the engine with both sides' standing instructions answering every battle
 * decision they can, random legal orders otherwise. The demo found a battle that ran past round
 * 3000 this way (the engine's runaway guard stopped it): rounds in which nobody could fire went on
 * for ever. Each game here must end without the engine calling it a runaway.
 */
import { sha256Hex } from '../../../src/shared/canonical';
import { decide, evolve, initialState, makeSeedChain, openPlaintext, whoIsAwaited } from '../../../src/engine/game';
import type { EngineCommand, EngineEvent, EngineState } from '../../../src/engine/game';
import { randomOrdersText, seededRng } from '../../../src/engine/random-player';
import type { AnyRuleset } from '../../../src/engine/evolve';
import { vitpRuleset } from '../../../src/games/vitp';
import { playRandom } from './driver';

/** The demo's instructions: each side retreats when outgunned, so some quiet battles end by retreat. */
const DEMO: Record<string, string> = {
  japanese: ['STANDING ACTION BY STRENGTH', 'STANDING RETREAT WHEN OUTGUNNED', 'STANDING PURSUE NONE'].join('\n'),
  allied: ['STANDING NIGHT', 'STANDING RETREAT WHEN OUTGUNNED', 'STANDING PURSUE NONE'].join('\n'),
};
/** Both always want night and never retreat: ships against air units meet in rounds nobody can fire in. */
const STUBBORN: Record<string, string> = {
  japanese: ['STANDING NIGHT', 'STANDING RETREAT NEVER', 'STANDING PURSUE NONE'].join('\n'),
  allied: ['STANDING NIGHT', 'STANDING RETREAT NEVER', 'STANDING PURSUE NONE'].join('\n'),
};

interface Played {
  readonly events: EngineEvent[];
  readonly state: EngineState<unknown>;
}

/** playOneGame's loop (src/engine/selfplay.ts) with options, and each side's standing instructions sent with its first orders. */
function playWithStanding(gameSeed: string, options: Record<string, boolean>, standing: Record<string, string>, maxSteps = 5000): Played {
  const ruleset = vitpRuleset as unknown as AnyRuleset;
  const rng = seededRng(gameSeed);
  const chain = makeSeedChain(Buffer.from(sha256Hex(`secret:${gameSeed}`), 'hex'), 20);
  const events: EngineEvent[] = [];
  let state = initialState();
  let tick = 0;
  const run = (cmd: EngineCommand): void => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    events.push(...out);
  };
  const now = () => `standing+${tick++}`;
  run({
    type: 'CreateGame', gameId: gameSeed, options, seedAnchor: chain.anchor, now: now(),
    sides: ruleset.sides.map((side) => ({ side, player: { address: `${side}@selfplay.invalid`, name: side } })),
  });
  const told = new Set<string>();
  for (let steps = 0; state.step; steps++) {
    if (steps >= maxSteps) throw new Error(`game did not end within ${maxSteps} steps (stuck at ${state.step.id})`);
    for (const side of whoIsAwaited(state, ruleset)) {
      let text = randomOrdersText(ruleset, state.rules, side, state.step, rng);
      if (!told.has(side)) {
        told.add(side);
        text = `${standing[side]}\n${text}`;
      }
      run({ type: 'SubmitOrders', side, text, salt: rng.hex(16), now: now(), seal: (plaintext) => plaintext });
    }
    run({ type: 'Resolve', now: now(), seeds: (turn) => chain.seeds[turn], revealed: revealed(state) });
  }
  return { events, state };
}

function revealed(state: EngineState<unknown>) {
  const out: Record<string, ReturnType<typeof openPlaintext>> = {};
  for (const [side, sub] of Object.entries(state.submissions)) {
    if (sub.kind === 'sealed') out[side] = openPlaintext(sub.sealed);
  }
  return out;
}

const stalemates = (events: readonly EngineEvent[]) =>
  events.filter((e) => e.type === 'RulesApplied' && (e.data as { event: { type: string } }).event.type === 'combat.stalemate').length;

const roundsFought = (events: readonly EngineEvent[]) =>
  events.flatMap((e) => {
    const ev = e.type === 'RulesApplied' ? (e.data as { event: { type: string; data: { round?: number } } }).event : null;
    return ev?.type === 'combat.round-started' ? [ev.data.round ?? 0] : [];
  });

describe('VITP games with standing instructions for every battle decision', () => {
  // before the 7.94 stalemate reading each of these games hit the engine's runaway guard
  // ("10000 steps in a row needed no orders") in a battle past round 3000
  it.each([
    ['demo', 'sw1', DEMO],
    ['demo', 'sw3', DEMO],
    ['stubborn', 'sw0', STUBBORN],
    ['stubborn', 'sw1', STUBBORN],
  ])('given the %s instructions, game %s ends, no battle running past a handful of rounds', (kind, seed, standing) => {
    const { state, events } = playWithStanding(seed, {}, standing);
    expect(state.step).toBeNull();
    expect(state.result).not.toBeNull();
    expect(Math.max(0, ...roundsFought(events))).toBeLessThan(30);
    if (kind === 'stubborn') expect(stalemates(events)).toBeGreaterThan(0);
  }, 60_000);
});

describe('VITP games with optional rule 23 (airstrikes apart)', () => {
  it('given the option, then a whole game is fought under rule 23, airstrikes hit apart from their carriers (23.1-23.5)', () => {
    const { state, events } = playRandom('r23-0', { 'airstrike-damage': true });
    expect(state.phase.k).toBe('over');
    expect(events.some((e) => e.type === 'combat.airstrike-hit')).toBe(true);
  });
});
