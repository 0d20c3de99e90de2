/**
 * Reading the Consolidated CRT as the box encodes it (box/tables/crt.ts, after the Solomons Campaign's,
 * seed 000 50.0): air-to-air, anti-aircraft and bombardment columns by factors firing ("1-4",
 * "70+"), air vs naval by the attack's percentage of the defense ("<=49%", "100-149%", ">=300%").
 * A result's level on the defender's side names its effect in the box's result explanations.
 */
import type { Dice } from '../../../../engine/ruleset';
import type { DieTable } from '../../../kit';
import type { CoralBox, CrtResult } from '../../box/schema';

const columnsOf = (table: DieTable<CrtResult>): string[] => ('columns' in table ? table.columns.map((c) => c.id) : []);

/** Whether a column heading covers a number: `a-b`, `a-b%`, `a+`, `>=a%`, `<=b%`. */
export function covers(heading: string, n: number): boolean {
  let m = /^(\d+)-(\d+)%?$/.exec(heading);
  if (m) return n >= Number(m[1]) && n <= Number(m[2]);
  m = /^(?:>=)?(\d+)[+%]$/.exec(heading) ?? /^>=(\d+)%?$/.exec(heading);
  if (m) return n >= Number(m[1]);
  m = /^<=(\d+)%?$/.exec(heading);
  if (m) return n <= Number(m[1]);
  throw new Error(`CRT column heading "${heading}" is not a range the air rules can read`);
}

/** The column for so many factors firing; null below the first column (nothing fires). */
export function factorColumn(table: DieTable<CrtResult>, factors: number): string | null {
  const cols = columnsOf(table);
  if (factors < 1) return null;
  return cols.find((c) => covers(c, factors)) ?? cols[cols.length - 1];
}

/** The odds column of an attack against a defense (percent rounded down); a defense of 0 reads the last column (brief 9.27). */
export function oddsColumn(table: DieTable<CrtResult>, attack: number, defense: number): string {
  const cols = columnsOf(table);
  if (defense <= 0) return cols[cols.length - 1];
  const pct = Math.floor((attack * 100) / defense);
  return cols.find((c) => covers(c, pct)) ?? (pct < 0 ? cols[0] : cols[cols.length - 1]);
}

/** 1d / 2d (CRT definitions): the total of so many dice, each recorded. */
export function dieCount(dice: Dice, n: number, purpose: string, rule: string): number {
  let sum = 0;
  for (let k = 0; k < n; k++) sum += dice.d6(n > 1 ? `${purpose} #${k + 1}` : purpose, rule);
  return sum;
}

/** The squadrons a result on the air effects eliminates and aborts (its dice rolled). */
export function airLosses(dice: Dice, box: CoralBox, level: number | null, purpose: string): { eliminated: number; aborted: number } {
  if (level === null) return { eliminated: 0, aborted: 0 };
  const effect = box.crtEffects.air[String(level) as '0' | '1' | '2' | '3'].value;
  const eliminated = dieCount(dice, effect.eliminatedDice ?? 0, `${purpose}: squadrons eliminated`, 'CRT');
  const aborted = dieCount(dice, effect.abortedDice ?? 0, `${purpose}: squadrons aborted`, 'CRT');
  return { eliminated, aborted };
}
