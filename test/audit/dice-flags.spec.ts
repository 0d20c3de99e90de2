import { diceFlags, flagLines, holmAdjusted } from '../../src/audit/dice-flags';
import { type DieRecord, diceFairness } from '../../src/audit/dice-stats';
import { deriveDie } from '../../src/engine/dice';

/**
 * `umpire dice` answers "the airstrike dice look loaded" with a number (issue 30): how many groups
 * a fair game flags at p < 0.01 by chance, and which stay flagged after Holm's correction for the
 * number of groups tested.
 */
const SEED = 'cd'.repeat(32);
/** `n` fair dice of rule `rule` (faces from the umpire's own derivation). */
const fair = (rule: string, n: number, from = 0): DieRecord[] =>
  Array.from({ length: n }, (_, k) => ({
    face: deriveDie(SEED, { gameId: 'G-flags', stepId: rule, index: from + k, ordersHash: 'h' }),
    purpose: 'shot',
    rule,
    stepId: 't1/x',
  }));

describe('dice flags', () => {
  it('given p-values, then Holm adjusts each by its rank and keeps them in order', () => {
    expect(holmAdjusted([0.01, 0.04, 0.03, 0.005]).map((p) => Number(p.toFixed(6)))).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(holmAdjusted([0.5, 0.9])).toEqual([1, 1]);
  });

  it('given fair dice in many groups, then it states the flags expected by chance and none survive the correction', () => {
    const dice = Array.from({ length: 20 }, (_, r) => fair(`${r + 1}.1`, 300, r * 1000)).flat();
    const x = diceFlags(diceFairness(dice, [], new Map()));
    expect(x.tested).toBe(22); // all dice, the unattributed side (no side is named) and 20 rules
    expect(x.expectedByChance).toBeCloseTo(0.22, 10);
    expect(x.corrected).toEqual([]);
    const lines = flagLines(x);
    expect(lines[0]).toContain(`of 22 groups tested; a fair game flags 0.22 of 22 on average (22 x 0.01)`);
    expect(lines[1]).toBe('corrected for 22 groups (Holm): none flagged; the dice give no evidence of bias at this threshold.');
  });

  it('given one rule whose dice show six twice as often, then that group stays flagged after the correction', () => {
    const loaded = fair('9.9', 600).map((d, k) => (k % 5 === 0 ? { ...d, face: 6 } : d));
    const dice = [...Array.from({ length: 10 }, (_, r) => fair(`${r + 1}.1`, 300, r * 1000)).flat(), ...loaded];
    const x = diceFlags(diceFairness(dice, [], new Map()));
    expect(x.corrected.map((g) => g.group)).toContain('d6 rule 9.9');
    const g = x.corrected.find((c) => c.group === 'd6 rule 9.9')!;
    expect(g.adjustedP).toBeGreaterThanOrEqual(g.pValue);
    expect(g.adjustedP).toBeLessThan(0.01);
    expect(flagLines(x)[1]).toMatch(/still flagged: .*d6 rule 9\.9 \(p /);
  });
});
