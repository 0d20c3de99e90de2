/** The kit's table shapes for the box's tables: d6 rows, entries with their provenance, modifiers. */
import type { ProvenanceSource } from '../../../../engine/box';
import type { DieTable, TableEntry } from '../../../kit';
import { rebuilt } from '../provenance';
import type { Modifier } from '../schema';

export type Rolls = number | readonly [number, number];
export const entry = <R>(rolls: Rolls, value: R, source: ProvenanceSource): TableEntry<R> => ({ rolls, result: { value, source } });
export const d6 = { count: 1, sides: 6 } as const;
export const flat = <R>(id: string, title: string, ruleId: string, rows: readonly [Rolls, R][], source: ProvenanceSource): DieTable<R> => ({
  id,
  title,
  rule: ruleId,
  dice: d6,
  beyond: 'clamp',
  entries: rows.map(([r, v]) => entry(r, v, source)),
});
export const modifier = (m: Omit<Modifier, 'value'> & { value: number }, reason: string): Modifier => ({
  ...m,
  value: rebuilt(m.value, reason),
});
