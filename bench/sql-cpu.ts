/**
 * `npx tsx bench/sql-cpu.ts <dir> [orders]`: the PostgreSQL backend CPU by statement between the
 * first and the last reading of each process in <dir> (a pipeline bench run with UMPIRE_SQL_CPU=1
 * BENCH_SQL_CPU_DIR=<dir> BENCH_WORKERS=1: the readings before and after the orders), per order,
 * costliest first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tally = Record<string, { n: number; us: number }>;

const dir = process.argv[2];
const orders = Number(process.argv[3] ?? 100);
const byPid = new Map<string, string[]>();
for (const f of readdirSync(dir)
  .filter((f) => /^\d+-\d+\.json$/.test(f))
  .sort((a, b) => Number(a.split('-')[1].split('.')[0]) - Number(b.split('-')[1].split('.')[0]))) {
  const pid = f.split('-')[0];
  byPid.set(pid, [...(byPid.get(pid) ?? []), f]);
}
const total = new Map<string, { n: number; us: number }>();
for (const files of byPid.values()) {
  const first: Tally = JSON.parse(readFileSync(join(dir, files[0]), 'utf8'));
  const last: Tally = JSON.parse(readFileSync(join(dir, files[files.length - 1]), 'utf8'));
  for (const [k, v] of Object.entries(last)) {
    const t = total.get(k) ?? { n: 0, us: 0 };
    t.n += v.n - (first[k]?.n ?? 0);
    t.us += v.us - (first[k]?.us ?? 0);
    total.set(k, t);
  }
}
const rows = [...total].filter(([, t]) => t.n > 0).sort((a, b) => b[1].us - a[1].us);
const sum = rows.reduce((s, [, t]) => s + t.us, 0);
console.log(
  `backend CPU per order ${(sum / orders / 1000).toFixed(2)} ms over ${rows.reduce((s, [, t]) => s + t.n, 0) / orders} statements`,
);
for (const [k, t] of rows)
  console.log(
    `${(t.us / orders / 1000).toFixed(3).padStart(7)} ms/order  ${(t.n / orders).toFixed(2).padStart(5)}/order  ${(t.us / t.n).toFixed(0).padStart(6)} µs each  ${k}`,
  );
