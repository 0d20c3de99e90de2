/**
 * Whole games through the engine with both sides' standing instructions answering every battle
 * decision they can, random legal orders otherwise. The demo found a battle that ran past round
 * 3000 this way (the engine's runaway guard stopped it): rounds in which nobody could fire went on
 * for ever. Each game here must end without the engine calling it a runaway.
 */
import type { EngineEvent } from '../../../src/engine/game';
import { playOneGame } from '../../../src/engine/selfplay';
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

/** A whole game through the engine's own selfplay loop, each side sending its STANDING lines with its first orders. */
function playWithStanding(gameSeed: string, options: Record<string, boolean>, standing: Record<string, string>, maxSteps = 5000) {
  return playOneGame(vitpRuleset as unknown as AnyRuleset, gameSeed, {
    options,
    standing,
    maxSteps,
    maxTurns: 20,
    missRate: 0,
    resendRate: 0,
    aheadRate: 0,
  });
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
  ])(
    'given the %s instructions, game %s ends, no battle running past a handful of rounds',
    (kind, seed, standing) => {
      const { state, events } = playWithStanding(seed, {}, standing);
      expect(state.step).toBeNull();
      expect(state.result).not.toBeNull();
      expect(Math.max(0, ...roundsFought(events))).toBeLessThan(30);
      if (kind === 'stubborn') expect(stalemates(events)).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe('VITP standing instructions that delegate a step to its default (5.31 battle order, 10.2 harbour)', () => {
  const stepsOwed = (events: readonly EngineEvent[], kind: string) =>
    events.filter(
      (e) => (e.type === 'OrdersAccepted' || e.type === 'OrdersSubmitted') && String((e.data as { stepId: string }).stepId).includes(kind),
    ).length;
  const answered = (events: readonly EngineEvent[], kind: string) =>
    events.filter((e) => e.type === 'StandingOrdersApplied' && String((e.data as { stepId: string }).stepId).includes(kind)).length;

  it('given BATTLE ORDER DEFAULT and HARBOUR DEFAULT, then no order mail is needed for those steps, and the games still end', () => {
    const delegate: Record<string, string> = {
      japanese: `${DEMO.japanese}\nSTANDING BATTLE ORDER DEFAULT\nSTANDING HARBOUR DEFAULT`,
      allied: `${DEMO.allied}\nSTANDING HARBOR DEFAULT`,
    };
    let picks = 0;
    let harbours = 0;
    for (const seed of ['dl1', 'dl2']) {
      const without = playWithStanding(seed, {}, DEMO);
      const withDelegation = playWithStanding(seed, {}, delegate);
      expect(withDelegation.state.result).not.toBeNull();
      // the same games without the delegation ask for those steps by mail
      picks += stepsOwed(without.events, 'pick-battle');
      harbours += stepsOwed(without.events, 'harbour');
      expect(stepsOwed(withDelegation.events, 'pick-battle')).toBe(0);
      expect(stepsOwed(withDelegation.events, 'harbour')).toBe(0);
      expect(answered(withDelegation.events, 'pick-battle') + answered(withDelegation.events, 'harbour')).toBeGreaterThan(0);
    }
    expect(picks).toBeGreaterThan(0);
    expect(harbours).toBeGreaterThan(0);
  }, 120_000);

  it('given an AIR plan, then land-based air is placed by it, unit by unit, each where it is legal then (5.22, 12.11, 12.13)', () => {
    const plan: Record<string, string> = {
      japanese: [
        DEMO.japanese,
        'STANDING AIR 21st Air Flotilla TO Marshall Islands',
        'STANDING AIR 22nd Air Flotilla TO Indonesia',
        'STANDING AIR 23rd Air Flotilla TO Marianas Islands',
      ].join('\n'),
      allied: [DEMO.allied, 'STANDING AIR 7th Air Force TO Hawaiian Islands'].join('\n'),
    };
    const { state, events } = playWithStanding('air1', {}, plan);
    expect(state.result).not.toBeNull();
    const planned = events.filter(
      (e) => e.type === 'StandingOrdersApplied' && String((e.data as { stepId: string }).stepId).includes('/lba/'),
    ) as unknown as { data: { side: string; orders: { t: string; unit?: string; to?: string }[] } }[];
    const placed = planned.flatMap((e) => e.data.orders.filter((o) => o.t === 'lba').map((o) => `${o.unit}>${o.to}`));
    expect(placed).toContain('21st-air-flotilla>Marshall Islands');
    expect(placed).toContain('7th-air-force>Hawaiian Islands');
    // no placement the plan answered was also asked by mail
    expect(stepsOwed(events, '/lba/')).toBe(0);
  });

  it('refuses an AIR line naming no air unit or no sea area', () => {
    const s = playWithStanding('dl1', {}, DEMO).state;
    const ship = vitpRuleset.parseStanding!(s.rules as never, 'japanese', 'STANDING AIR Yamato TO Indonesia');
    expect(ship.ok).toBe(false);
    if (!ship.ok) expect(ship.errors[0].problem).toMatch(/no land-based air unit|not/);
    const nowhere = vitpRuleset.parseStanding!(s.rules as never, 'japanese', 'STANDING AIR 21st Air Flotilla TO Atlantis');
    expect(nowhere.ok).toBe(false);
  });

  it('refuses a delegation it does not know, naming the ones it does', () => {
    const s = playWithStanding('dl1', {}, DEMO).state;
    const parsed = vitpRuleset.parseStanding!(s.rules as never, 'japanese', 'STANDING BATTLE ORDER WEST FIRST');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors[0].hint).toMatch(/BATTLE ORDER DEFAULT, HARBOUR DEFAULT/);
  });
});

describe('VITP games with optional rule 23 (airstrikes apart)', () => {
  it('given the option, then a whole game is fought under rule 23, airstrikes hit apart from their carriers (23.1-23.5)', () => {
    const { state, events } = playRandom('r23-0', { 'airstrike-damage': true });
    expect(state.phase.k).toBe('over');
    expect(events.some((e) => e.type === 'combat.airstrike-hit')).toBe(true);
  });
});
