import { diceFairness, diceOfLog, faceStats, namesFromBox, sideOfDie, UNATTRIBUTED } from '../../src/audit/dice-stats';
import { withoutProvenance } from '../../src/engine/box';
import { deriveDie } from '../../src/engine/dice';
import type { EngineEvent } from '../../src/engine/engine-events';
import { selfplay } from '../../src/engine/selfplay';
import { vitpRuleset } from '../../src/games/vitp';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import { fleetDuel } from '../../src/games/fleet-duel';

/** Dice fairness (issue 12 item 6): the statistics, then the engine's dice over many self-played games. */

const asStored = (events: readonly EngineEvent[]) => events.map((e, i) => ({ seq: i + 1, type: e.type, payload: e.data }));

function playedDice(ruleset: typeof vitpRuleset | typeof fleetDuel, games: number, seed: string) {
  const logs: EngineEvent[][] = [];
  const r = selfplay(ruleset as typeof vitpRuleset, { games, seed, clock: () => 0 }, (_g, events) => {
    logs.push([...events]);
    return events;
  });
  expect(r.errors).toEqual([]);
  return logs;
}

describe('faceStats', () => {
  it('counts faces, chi-square and its p-value against a fair d6, the longest run', () => {
    const even = faceStats([1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1]);
    expect(even.counts).toEqual([2, 2, 2, 2, 2, 2]);
    expect(even.chiSquare).toBe(0);
    expect(even.pValue).toBeCloseTo(1, 10);
    expect(even.tooFew).toBe(true);
    expect(even.longestRun).toEqual({ face: 6, length: 2 });

    // 60 dice: 20 sixes, 8 of each other face: chi2 = (20-10)^2/10 + 5 * (8-10)^2/10 = 12
    const loaded = faceStats([...Array(20).fill(6), ...[1, 2, 3, 4, 5].flatMap((f) => Array(8).fill(f))]);
    expect(loaded.chiSquare).toBeCloseTo(12, 10);
    expect(loaded.pValue).toBeCloseTo(0.0348, 3); // chi-square tables, 5 degrees of freedom
    expect(loaded.longestRun).toEqual({ face: 6, length: 20 });
    expect(() => faceStats([7])).toThrow(/1 to 6, not 7/);
  });

  it("tells a loaded die from the umpire's: 3000 dice where every third 6 shows 1", () => {
    const fair: number[] = [];
    for (let k = 0; k < 3000; k++) fair.push(deriveDie('ab'.repeat(32), { gameId: 'G-x', stepId: 's', index: k, ordersHash: 'h' }));
    let sixes = 0;
    const loaded = fair.map((f) => (f === 6 && ++sixes % 3 === 0 ? 1 : f));
    expect(faceStats(fair).pValue).toBeGreaterThan(0.01);
    expect(faceStats(loaded).pValue).toBeLessThan(1e-4);
  });
});

describe('sideOfDie', () => {
  const names = namesFromBox(withoutProvenance(vitpRuleset.box.defaultData), vitpRuleset.sides);
  const die = (purpose: string, stepId = 't3/battle/coral-sea/1/day') => ({ face: 1, purpose, rule: '7.4', stepId });
  it('reads the side from the first unit or side named in the purpose, else the step id', () => {
    expect(names.get('Kaga')).toBe('japanese');
    expect(sideOfDie(die("damage, Kaga's hit on Lexington"), vitpRuleset.sides, names)).toBe('japanese');
    expect(sideOfDie(die("damage, Lexington's hit on Kaga"), vitpRuleset.sides, names)).toBe('allied');
    expect(sideOfDie(die('day/night roll, allied (wants day)'), vitpRuleset.sides, names)).toBe('allied');
    expect(sideOfDie(die('speed roll, x', 't1/patrol/japanese'), vitpRuleset.sides, names)).toBe('japanese');
    expect(sideOfDie(die('island combat on Guam, garrison shot'), vitpRuleset.sides, names)).toBe(UNATTRIBUTED);
  });
});

describe("the umpire's dice over many self-played games are uniform", () => {
  // seeded runs: the same games every time, so the thresholds below never flake; they are set for
  // a family-wise 1% over every group tested (Bonferroni)
  it('VITP: overall, per side and per rule with enough dice', () => {
    const logs = playedDice(vitpRuleset, 3, 'fairness-spec');
    const created = logs[0][0] as Extract<EngineEvent, { type: 'GameCreated' }>;
    const names = namesFromBox(withoutProvenance(created.data.box), vitpRuleset.sides);
    const dice = logs.flatMap((l) => diceOfLog(asStored(l), SERVICE_EVENT_TYPES));
    expect(dice.length).toBeGreaterThan(800);
    const f = diceFairness(dice, vitpRuleset.sides, names);
    expect(f.all.dice).toBe(dice.length);
    expect(f.bySide.japanese.dice + f.bySide.allied.dice).toBeGreaterThan(dice.length * 0.8);
    const groups = [f.all, ...Object.values(f.bySide), ...Object.values(f.byRule)].filter((s) => !s.tooFew);
    for (const s of groups) expect(s.pValue).toBeGreaterThan(0.01 / groups.length);
    // per game too, as the final report shows it
    for (const l of logs)
      expect(faceStats(diceOfLog(asStored(l), SERVICE_EVENT_TYPES).map((d) => d.face)).pValue).toBeGreaterThan(0.01 / logs.length);
  }, 120_000);

  it('Fleet Duel: 1000 games', () => {
    const logs = playedDice(fleetDuel, 1000, 'fairness-spec');
    const dice = logs.flatMap((l) => diceOfLog(asStored(l), SERVICE_EVENT_TYPES));
    expect(dice.length).toBeGreaterThan(3000);
    const f = diceFairness(dice, fleetDuel.sides, new Map());
    const groups = [f.all, ...Object.values(f.byRule)].filter((s) => !s.tooFew);
    for (const s of groups) expect(s.pValue).toBeGreaterThan(0.01 / groups.length);
  }, 120_000);
});
