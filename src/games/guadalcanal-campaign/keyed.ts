/**
 * A record's members in the order of their keys (code units), never in insertion order: a state or
 * payload read back from PostgreSQL's JSONB comes with its keys reordered, and the rules, the orders'
 * words and the reports must not depend on where a key was written first (determinism: the same log
 * replays to the same state, byte for byte, from memory or from the store).
 */
const INDEX = /^(0|[1-9]\d{0,8})$/;
/** JavaScript's own order for index keys (task forces 1, 2, … 11: ascending numbers, first), then the rest by code units */
const keyOrder = (a: string, b: string) => {
  const [ai, bi] = [INDEX.test(a), INDEX.test(b)];
  if (ai || bi) return ai && bi ? Number(a) - Number(b) : ai ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

export const entriesOf = <T>(record: Readonly<Record<string, T>>): [string, T][] =>
  Object.entries(record).sort((a, b) => keyOrder(a[0], b[0]));
export const keysOf = (record: object): string[] => Object.keys(record).sort(keyOrder);
export const valuesOf = <T>(record: Readonly<Record<string, T>>): T[] => entriesOf(record).map(([, v]) => v);
