/**
 * Reading the 50.0 Consolidated CRT (11.9-11.12): the printed column a combat starts on (by factors
 * for air vs air, AA and bombardment; by percentage for air vs naval, naval vs naval and ground),
 * its shifts summed then clamped to the grid's first and last columns (11.10; the "…" columns are
 * reached only by shifts, 11.11), and a die read on it. Both sides always use the same column.
 */
import { type Column, COLUMNS, CRT, type Result, SHIFTS } from '../box/charts';

export type CrtKind = keyof typeof COLUMNS;
const PERCENT: ReadonlySet<CrtKind> = new Set(['airVsNaval', 'navalVsNaval', 'ground']);

/** 14.3 (4), 25.1 (6): attack ÷ defense × 100, rounded down; a defense of 0 reads as the top printed column. */
export const percentOf = (attack: number, defense: number): number =>
  defense <= 0 ? Number.POSITIVE_INFINITY : Math.floor((attack * 100) / defense);

/** The printed column (0-based) a value falls in, or null when it is below the first (no combat, e.g. 0 bombardment factors). */
export function columnOf(kind: CrtKind, value: number): number | null {
  const cols = COLUMNS[kind].value as readonly (Column | null)[];
  if (!PERCENT.has(kind) && value < 1) return null;
  let found: number | null = null;
  cols.forEach((c, i) => {
    if (c && value >= c.min && (c.max === null || value <= c.max)) found = i;
  });
  return found;
}

/** 11.10: shifts summed first, then the column brought within the grid. */
export function shiftColumn(column: number, shift: number): number {
  const { first, last } = SHIFTS.maxShiftColumns.value;
  return Math.min(last - 1, Math.max(first - 1, column + shift));
}

/** The cell of a die (1-6) on a column (0-based): the attacker's and the defender's result. */
export function crtCell(column: number, die: number): { readonly a: Result; readonly d: Result } {
  return CRT.value[die - 1][column];
}

/** The heading of a column as printed for a kind ("50-99%", "80+", "…"). */
export function columnName(kind: CrtKind, column: number): string {
  const c = (COLUMNS[kind].value as readonly (Column | null)[])[column];
  if (!c) return '…';
  const pct = PERCENT.has(kind) ? '%' : '';
  if (c.max === null) return PERCENT.has(kind) ? `>=${c.min}%` : `${c.min}+`;
  if (c.min === 0) return `<=${c.max}%`;
  return `${c.min}-${c.max}${pct}`;
}

/** 50.0 naval results: how many of n involved ships are crippled and eliminated (halves rounded up). */
export function navalLosses(result: Result, n: number): { readonly crippled: number; readonly sunk: number } {
  if (result === null || n === 0) return { crippled: 0, sunk: 0 };
  const half = Math.ceil(n / 2);
  if (result === 0) return { crippled: 1, sunk: 0 };
  if (result === 1) return { crippled: half, sunk: 0 };
  if (result === 2) return { crippled: 0, sunk: half };
  return { crippled: n - half, sunk: half };
}
