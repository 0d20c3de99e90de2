/**
 * The naval portions of the Consolidated CRT (16.3, 16.5, 17.2, 19.5): the odds column of a
 * surface attack, one die on it with any column shifts, and what a result level does to a force
 * (box `crtEffects.naval`: ships sunk and crippled, one or half rounded up or the rest) or to one
 * ship (`crtEffects.ship`, a submarine's target). The column headings are the box's, read as
 * percentages (`<=49%`, `100-149%`, `>=300%`) or factor bands (`1-9`, `80+`).
 */
import type { Dice, RollOptions } from '../../../../engine/ruleset';
import { type ColumnShift, rollOnTable, type TableRoll } from '../../../kit';
import type { CoralBox, CrtResult } from '../../box';

/** The lowest and highest value a column heading covers: `<=49%`, `50-99%`, `>=300%`, `1-9`, `80+`. */
export function headingRange(heading: string): readonly [number, number] {
  const h = heading.replace('%', '').trim();
  let m = /^<=\s*(\d+)$/.exec(h);
  if (m) return [Number.NEGATIVE_INFINITY, Number(m[1])];
  m = /^(?:>=\s*(\d+)|(\d+)\+)$/.exec(h);
  if (m) return [Number(m[1] ?? m[2]), Number.POSITIVE_INFINITY];
  m = /^(\d+)-(\d+)$/.exec(h);
  if (m) return [Number(m[1]), Number(m[2])];
  throw new Error(`coral-sea-solitaire: CRT column "${heading}" is neither a range (50-99%), a floor (>=300%, 80+) nor a ceiling (<=49%)`);
}

const headings = (table: CoralBox['tables']['crt']['navalVsNaval']): string[] => ('columns' in table ? table.columns.map((c) => c.id) : []);

/** The heading of `table` whose range holds `value`; the outer column past either end. */
export function columnFor(table: CoralBox['tables']['crt']['navalVsNaval'], value: number): string {
  const ids = headings(table);
  const found = ids.find((id) => {
    const [lo, hi] = headingRange(id);
    return lo <= value && value <= hi;
  });
  if (found) return found;
  return value < headingRange(ids[0])[0] ? ids[0] : ids[ids.length - 1];
}

export interface OddsColumn {
  /** The column read before shifts. */
  readonly column: string;
  /** Attack as a percentage of defence, rounded down (16.3(5)); null when the column is fixed by 16.5 or a 0 defence. */
  readonly percent: number | null;
  /** Why a fixed column: every attacker at 0 (16.5), or nothing to defend with. */
  readonly fixed?: 'all-attackers-zero' | 'no-defence';
}

/**
 * 16.3(5), 16.5: the surface CRT column for `attack` against `defense`. Every attacking ship at 0
 * takes the far-left column (16.5); a defence of 0 the far-right one (brief 9.27, read so).
 */
export function oddsColumn(box: CoralBox, attack: number, defense: number): OddsColumn {
  const table = box.tables.crt.navalVsNaval;
  const ids = headings(table);
  if (attack <= 0) return { column: ids[0], percent: null, fixed: 'all-attackers-zero' };
  if (defense <= 0) return { column: ids[ids.length - 1], percent: null, fixed: 'no-defence' };
  const percent = Math.floor((attack * 100) / defense);
  return { column: columnFor(table, percent), percent };
}

export interface ShipAttack {
  /** The odds column before shifts (a submarine: `100-149%`, 19.5(3)). */
  readonly column: string;
  readonly shifts?: readonly ColumnShift[];
  /** What the roll is for, in the die's name (`surface combat in 1808`). */
  readonly for: string;
  readonly options?: RollOptions;
}

/**
 * One die on the naval-vs-naval CRT (16.3(7)): the column, shifted (clamped at the outer columns),
 * read with the die. Exported for any attack on ships by this table: the submarine's (19.5 reads
 * it at 100-149% with its ASW shifts) as well as surface combat.
 */
export function rollShipAttack(dice: Dice, box: CoralBox, attack: ShipAttack): TableRoll<CrtResult> {
  return rollOnTable(dice, box.tables.crt.navalVsNaval, {
    column: attack.column,
    for: attack.for,
    ...(attack.shifts?.length ? { shifts: attack.shifts } : {}),
    ...(attack.options ? { options: attack.options } : {}),
  });
}

/** What a naval result level does to one ship (a submarine's target, 19.5): the box's `crtEffects.ship`. */
export function shipEffect(box: CoralBox, level: number | null): 'none' | 'damaged' | 'crippled' | 'sunk' {
  if (level === null) return 'none';
  return box.crtEffects.ship[String(level) as '0' | '1' | '2' | '3']?.value.ship ?? 'none';
}

/**
 * How many of a force of `ships` a naval result level sinks and cripples (box `crtEffects.naval`):
 * `one`, `half` (rounded up, of the force for the sunk, of what is left for the crippled), `rest`.
 */
export function navalLosses(box: CoralBox, level: number | null, ships: number): { sunk: number; crippled: number } {
  if (level === null || ships <= 0) return { sunk: 0, crippled: 0 };
  const force = box.crtEffects.naval[String(level) as '0' | '1' | '2' | '3']?.value.force;
  if (!force) return { sunk: 0, crippled: 0 };
  const count = (kind: 'none' | 'one' | 'half' | 'rest', of: number) =>
    kind === 'one' ? Math.min(1, of) : kind === 'half' ? Math.ceil(of / 2) : kind === 'rest' ? of : 0;
  const sunk = count(force.sunk, ships);
  return { sunk, crippled: count(force.crippled, ships - sunk) };
}
