import { readFileSync } from 'node:fs';

/**
 * Opt-in count of the SQL statements a process sends (UMPIRE_COUNT_SQL=1), by statement: the
 * pipeline bench reads it from each process (bench/worker-memory-probe.ts) to print statements per
 * order. Off, it costs one boolean test per statement. BEGIN, COMMIT and ROLLBACK count: each is a
 * round trip too.
 *
 * With UMPIRE_SQL_CPU=1 as well, each statement's cost to its PostgreSQL backend is measured: the
 * backend's CPU time (/proc/<pid>/sched, nanoseconds; PostgreSQL on this machine) read before the
 * statement is sent and after its answer came, the backend serving nobody else meanwhile. For the
 * bench only (a file read twice a statement, and a pooled query holds its connection to know it).
 */
const counts = new Map<string, number>();
const cpu = new Map<string, { n: number; us: number }>();

export const countingSql = process.env.UMPIRE_COUNT_SQL === '1';
export const timingSql = countingSql && process.env.UMPIRE_SQL_CPU === '1';

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

/** CPU µs a process has run so far (its scheduler's sum_exec_runtime), or NaN when unreadable. */
function cpuUs(pid: number): number {
  try {
    const m = /se\.sum_exec_runtime\s*:\s*([0-9.]+)/.exec(readFileSync(`/proc/${pid}/sched`, 'latin1'));
    return m ? Number(m[1]) * 1000 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Runs one statement on the connection of backend `pid`, adding the backend CPU it cost to its statement's tally. */
export async function timeSql<T>(text: string, pid: number | undefined, run: () => Promise<T>): Promise<T> {
  if (!timingSql || !pid) return run();
  const before = cpuUs(pid);
  try {
    return await run();
  } finally {
    const us = cpuUs(pid) - before;
    if (Number.isFinite(us)) {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 160);
      const t = cpu.get(key) ?? { n: 0, us: 0 };
      t.n++;
      t.us += us;
      cpu.set(key, t);
    }
  }
}

/** Backend CPU by statement so far (UMPIRE_SQL_CPU=1): count and total µs. */
export function sqlCpu(): Record<string, { n: number; us: number }> {
  return Object.fromEntries(cpu);
}
