/**
 * Opt-in count of the SQL statements a process sends (UMPIRE_COUNT_SQL=1), by statement: the
 * pipeline bench reads it from each process (bench/worker-memory-probe.ts) to print statements per
 * order. Off, it costs one boolean test per statement. BEGIN, COMMIT and ROLLBACK count: each is a
 * round trip too.
 */
const counts = new Map<string, number>();

export const countingSql = process.env.UMPIRE_COUNT_SQL === '1';

/** Counts one statement, known by its first words (whitespace folded), if counting is on. */
export function countSql(text: string): void {
  if (!countingSql) return;
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The statements counted so far in this process, by their first words. */
export function sqlCounts(): Record<string, number> {
  return Object.fromEntries(counts);
}
