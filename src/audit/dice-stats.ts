import { jStat } from 'jstat';
import { D6 } from '../engine/dice';
import type { EngineEvent } from '../engine/engine-events';
import { eventVisibleTo } from '../engine/views';
import { diceFlags, flagLines } from './dice-flags';
import { liveEngineEvents } from './verify-bundle';

/**
 * Dice fairness (issue 12 item 6): for a game's dice, per side and per rule, the count of each
 * face, Pearson's chi-square against a fair die of their size (n - 1 degrees of freedom) with its
 * p-value (jstat's chi-square distribution), and the longest run of one face in the order rolled.
 * Dice of each size are counted apart (a d10's faces against a fair d10): the d6 in `all`,
 * `bySide`, `byRule`, every other size in `otherDice` ("d10"). Dice of voided events and dice
 * forced by a case file are left out: they are not the game's.
 *
 * A die has no side of its own in the log, so it is given one by what it names: the earliest unit
 * of the game box (any entry with a `name` and a `side`) or side name in its purpose ("damage,
 * Kaga's hit on Lexington" is Japanese), else a side named by a segment of its step id
 * ("t1/patrol/japanese"), else `unattributed` (a garrison's shot, a location roll).
 */

export interface DieRecord {
  readonly face: number;
  /** absent for a d6, as in DieRolled */
  readonly sides?: number;
  readonly purpose: string;
  readonly rule: string;
  readonly stepId: string;
}

export interface FaceStats {
  /** the size of the dice counted */
  readonly sides: number;
  readonly dice: number;
  /** counts[f - 1]: how many dice showed f */
  readonly counts: readonly number[];
  readonly chiSquare: number;
  /** P(a fair die gives a chi-square at least this large); small values say the dice are not fair */
  readonly pValue: number;
  /** fewer than 5 dice expected per face (30 for a d6): the chi-square approximation is not to be trusted */
  readonly tooFew: boolean;
  readonly longestRun: { readonly face: number; readonly length: number } | null;
}

/** The dice of one size: all of them, per side and per rule. */
export interface FairnessGroups {
  readonly all: FaceStats;
  readonly bySide: Readonly<Record<string, FaceStats>>;
  readonly byRule: Readonly<Record<string, FaceStats>>;
}

/** The d6 as ever, and the dice of every other size by name ("d10"), empty when a game rolls d6 alone. */
export interface DiceFairness extends FairnessGroups {
  readonly otherDice: Readonly<Record<string, FairnessGroups>>;
}

export const UNATTRIBUTED = 'unattributed';
/** dice expected per face below which the chi-square test is not to be trusted */
const MIN_PER_FACE = 5;

export function faceStats(faces: readonly number[], sides: number = D6): FaceStats {
  const counts = new Array<number>(sides).fill(0);
  let run: { face: number; length: number } | null = null;
  let current = { face: 0, length: 0 };
  for (const f of faces) {
    if (!Number.isInteger(f) || f < 1 || f > sides) throw new RangeError(`a d${sides} shows 1 to ${sides}, not ${f}`);
    counts[f - 1]++;
    current = current.face === f ? { face: f, length: current.length + 1 } : { face: f, length: 1 };
    if (!run || current.length > run.length) run = current;
  }
  const n = faces.length;
  const expected = n / sides;
  const chiSquare = n ? counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0) : 0;
  const pValue = n ? 1 - jStat.chisquare.cdf(chiSquare, sides - 1) : 1;
  return { sides, dice: n, counts, chiSquare, pValue, tooFew: n < MIN_PER_FACE * sides, longestRun: run };
}

/** Who a die belongs to (see the module note). `names`: unit name → side, from the game box. */
export function sideOfDie(die: DieRecord, sides: readonly string[], names: ReadonlyMap<string, string>): string {
  const text = die.purpose.toLowerCase();
  let best: { at: number; len: number; side: string } | null = null;
  const consider = (name: string, side: string): void => {
    const at = wordAt(text, name.toLowerCase());
    if (at >= 0 && (!best || at < best.at || (at === best.at && name.length > best.len))) best = { at, len: name.length, side };
  };
  for (const [name, side] of names) consider(name, side);
  for (const side of sides) consider(side, side);
  if (best) return (best as { side: string }).side;
  const segments = die.stepId.toLowerCase().split('/');
  return sides.find((s) => segments.includes(s.toLowerCase())) ?? UNATTRIBUTED;
}

function wordAt(text: string, word: string): number {
  for (let from = 0; ; ) {
    const at = text.indexOf(word, from);
    if (at < 0) return -1;
    const before = at === 0 || !/[a-z0-9]/.test(text[at - 1]);
    const after = at + word.length >= text.length || !/[a-z0-9]/.test(text[at + word.length]);
    if (before && after) return at;
    from = at + 1;
  }
}

/** Unit (or any named piece's) name → side, from box data: every object with a string `name` and a `side` among `sides`. */
export function namesFromBox(box: unknown, sides: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    const o = x as Record<string, unknown>;
    const plain = (v: unknown): unknown => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v);
    const name = plain(o.name);
    const side = plain(o.side);
    if (typeof name === 'string' && typeof side === 'string' && sides.includes(side)) out.set(name, side);
    Object.values(o).forEach(walk);
  };
  walk(box);
  return out;
}

export function diceFairness(dice: readonly DieRecord[], sides: readonly string[], names: ReadonlyMap<string, string>): DiceFairness {
  const bySize = new Map<number, DieRecord[]>();
  for (const d of dice) {
    const list = bySize.get(d.sides ?? D6) ?? [];
    list.push(d);
    bySize.set(d.sides ?? D6, list);
  }
  const groups = (size: number): FairnessGroups => {
    const these = bySize.get(size) ?? [];
    const bySide = new Map<string, number[]>();
    const byRule = new Map<string, number[]>();
    const push = (m: Map<string, number[]>, k: string, f: number) => {
      const list = m.get(k) ?? [];
      list.push(f);
      m.set(k, list);
    };
    for (const d of these) {
      push(bySide, sideOfDie(d, sides, names), d.face);
      push(byRule, d.rule, d.face);
    }
    const stats = (m: Map<string, number[]>) =>
      Object.fromEntries([...m.entries()].sort(([a], [b]) => compareRules(a, b)).map(([k, faces]) => [k, faceStats(faces, size)]));
    return {
      all: faceStats(
        these.map((d) => d.face),
        size,
      ),
      bySide: stats(bySide),
      byRule: stats(byRule),
    };
  };
  const others = [...bySize.keys()].filter((n) => n !== D6).sort((a, b) => a - b);
  return { ...groups(D6), otherDice: Object.fromEntries(others.map((n) => [`d${n}`, groups(n)])) };
}

/** 6.4 before 7.32 before 7.532 before 22.2: rule numbers in numeric order, other keys after, by name. */
function compareRules(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  if (pa.some(Number.isNaN) || pb.some(Number.isNaN)) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? -1) !== (pb[i] ?? -1)) return (pa[i] ?? -1) - (pb[i] ?? -1);
  return 0;
}

/** Face counts of dice larger than this are summed up as their least and greatest count (a d100 has no room for 100 columns). */
const MAX_COLUMNS = 12;

/** A plain-text table: one line per group (faces 1..n, chi-square, p, longest run), the d6 first, then each other size. */
export function fairnessLines(f: DiceFairness): string[] {
  const counts = (s: FaceStats): string =>
    s.sides <= MAX_COLUMNS
      ? s.counts.map((c) => String(c).padStart(4)).join('')
      : `  least ${Math.min(...s.counts)}, most ${Math.max(...s.counts)} of one face`;
  const line = (label: string, s: FaceStats): string =>
    `${label.padEnd(16)} ${String(s.dice).padStart(5)}  ${counts(s)}  ${s.chiSquare.toFixed(2).padStart(6)}  ${s.pValue.toFixed(3)}${s.tooFew ? '*' : ' '}  ${s.longestRun ? `${s.longestRun.length}x${s.longestRun.face}` : '-'}`;
  const head = (sides: number): string =>
    `${''.padEnd(16)} ${'dice'.padStart(5)}  ${
      sides <= MAX_COLUMNS ? Array.from({ length: sides }, (_, k) => `${k + 1}s`.padStart(4)).join('') : `  faces 1..${sides}`
    }  ${'chi2'.padStart(6)}  p       run`;
  const table = (g: FairnessGroups, all: string): string[] => [
    line(all, g.all),
    ...Object.entries(g.bySide).map(([k, s]) => line(`side ${k}`, s)),
    ...Object.entries(g.byRule).map(([k, s]) => line(`rule ${k}`, s)),
  ];
  const others = Object.entries(f.otherDice);
  return [
    ...(f.all.dice || !others.length ? [head(D6), ...table(f, 'all dice')] : []),
    ...others.flatMap(([size, g]) => [head(g.all.sides), ...table(g, `all ${size}`)]),
    ...(others.length
      ? [
          'chi2: Pearson chi-square against a fair die of the size counted (n - 1 degrees of freedom for a dn); p: the chance a fair die',
          'does at least as badly (below 0.01 is worth a look; among many groups a few will be, by chance); *: under 5 dice a face, too few;',
        ]
      : [
          'chi2: Pearson chi-square against a fair d6 (5 degrees of freedom); p: the chance a fair die does at least as badly',
          '(below 0.01 is worth a look; among many groups a few will be, by chance); *: under 30 dice, too few for the test;',
        ]),
    'run: the longest run of one face in the order rolled (e.g. 4x6: four sixes in a row).',
    ...flagLines(diceFlags(f)),
  ];
}

/** The game's dice as fairness counts them: DieRolled events not voided and not forced. */
export function diceOfLog<E extends { seq: number; type: string; payload: unknown }>(
  log: readonly E[],
  serviceTypes: ReadonlySet<string>,
): DieRecord[] {
  return liveEngineEvents(log, serviceTypes)
    .filter((e) => e.type === 'DieRolled' && !(e.payload as { forced?: true }).forced)
    .map((e) => e.payload as DieRecord);
}

/**
 * diceFairness of a stored game log: its sides and box from GameCreated. With `viewer`, only the
 * dice that viewer may see count (a side's final report says nothing of dice hidden from it).
 */
export function fairnessOfLog<E extends { seq: number; type: string; payload: unknown }>(
  log: readonly E[],
  serviceTypes: ReadonlySet<string>,
  viewer: string = 'referee',
): DiceFairness {
  const created = log[0]?.payload as { sides?: readonly { side: string }[]; box?: unknown } | undefined;
  const sides = created?.sides?.map((s) => s.side) ?? [];
  const seen = log.filter((e) => e.type !== 'DieRolled' || eventVisibleTo({ type: e.type, data: e.payload } as EngineEvent, viewer));
  return diceFairness(diceOfLog(seen, serviceTypes), sides, namesFromBox(created?.box, sides));
}
