import type { DiceFairness, FaceStats, FairnessGroups } from './dice-stats';

/**
 * How many groups of dice a fair set flags by chance, and which stay flagged once corrected for
 * the number tested (issue 30: "the airstrike dice look loaded" answered with a number). `umpire
 * dice` tests many groups at once (all dice, each side, each rule, for each size of die): at a
 * threshold of p < 0.01, a fair game flags 0.01 of them on average (the groups overlap, and the
 * expectation holds all the same). Holm's step-down correction (Holm 1979) keeps the chance that
 * any fair group is flagged at the threshold: the i-th smallest of m p-values is flagged while
 * p ≤ threshold / (m − i + 1); its adjusted p is the running maximum of (m − i + 1)·p, at most 1.
 */
export const FLAG_THRESHOLD = 0.01;

export interface GroupFlag {
  readonly group: string;
  readonly dice: number;
  readonly pValue: number;
  /** Holm-adjusted: below the threshold means flagged after the correction */
  readonly adjustedP: number;
}

export interface DiceFlags {
  readonly threshold: number;
  /** groups with enough dice to test (not `tooFew`) */
  readonly tested: number;
  /** tested groups with p below the threshold, uncorrected */
  readonly flagged: readonly GroupFlag[];
  /** groups a fair game flags on average: tested × threshold */
  readonly expectedByChance: number;
  /** groups still flagged after Holm's correction for `tested` groups */
  readonly corrected: readonly GroupFlag[];
}

/** Holm-adjusted p-values, in the order given. */
export function holmAdjusted(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}

export function diceFlags(f: DiceFairness, threshold = FLAG_THRESHOLD): DiceFlags {
  const named: { group: string; s: FaceStats }[] = [];
  const add = (g: FairnessGroups, size: string) => {
    named.push({ group: `all ${size}`, s: g.all });
    for (const [k, s] of Object.entries(g.bySide)) named.push({ group: `${size} side ${k}`, s });
    for (const [k, s] of Object.entries(g.byRule)) named.push({ group: `${size} rule ${k}`, s });
  };
  if (f.all.dice) add(f, 'd6');
  for (const [size, g] of Object.entries(f.otherDice)) add(g, size);
  const tested = named.filter((n) => !n.s.tooFew);
  const adjusted = holmAdjusted(tested.map((n) => n.s.pValue));
  const flags = tested.map((n, i) => ({ group: n.group, dice: n.s.dice, pValue: n.s.pValue, adjustedP: adjusted[i] }));
  return {
    threshold,
    tested: tested.length,
    flagged: flags.filter((g) => g.pValue < threshold),
    expectedByChance: tested.length * threshold,
    corrected: flags.filter((g) => g.adjustedP < threshold),
  };
}

/** The lines `umpire dice` and the final report print under the table. */
export function flagLines(x: DiceFlags): string[] {
  const list = (gs: readonly GroupFlag[], p: (g: GroupFlag) => number) => gs.map((g) => `${g.group} (p ${p(g).toPrecision(2)})`).join(', ');
  return [
    `flagged at p < ${x.threshold}: ${x.flagged.length} of ${x.tested} groups tested${x.flagged.length ? `: ${list(x.flagged, (g) => g.pValue)}` : ''}; a fair game flags ${x.expectedByChance.toFixed(2)} of ${x.tested} on average (${x.tested} x ${x.threshold}).`,
    x.corrected.length
      ? `corrected for ${x.tested} groups (Holm): still flagged: ${list(x.corrected, (g) => g.adjustedP)} (adjusted p; a fair game flags any group this way 1 time in ${Math.round(1 / x.threshold)}).`
      : `corrected for ${x.tested} groups (Holm): none flagged; the dice give no evidence of bias at this threshold.`,
  ];
}
