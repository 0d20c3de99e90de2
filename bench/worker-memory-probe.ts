/**
 * Preloaded into the bench's worker processes (NODE_OPTIONS=--require): on SIGWINCH (a signal
 * Nest's shutdown hooks leave alone, unlike SIGUSR2, and ignored by default) the process
 * collects its garbage and writes process.memoryUsage() to BENCH_MEMORY_DIR/<pid>.json, so the
 * pipeline bench reads a worker's heap and RSS from the process itself. With BENCH_CPU_PROFILE
 * set to a folder, the first signal also starts V8's CPU profiler and the second writes
 * <pid>.cpuprofile there (the orders phase; open it in Chrome DevTools). With BENCH_HEAP_SNAPSHOT
 * set to a folder, every signal also writes a heap snapshot there, <pid>-<n>.heapsnapshot (what a
 * growing heap holds: compare two in DevTools). On SIGURG (ignored by default too) it writes the SQL
 * statements the process has sent so far, by statement, to BENCH_MEMORY_DIR/<pid>.sql.json
 * (counted with UMPIRE_COUNT_SQL=1, src/store/sql-count.ts); the API is probed for this alone. With
 * UMPIRE_SQL_CPU=1 and BENCH_SQL_CPU_DIR set, each such reading also writes the PostgreSQL backend
 * CPU by statement so far to BENCH_SQL_CPU_DIR/<pid>-<n>.json (bench/sql-cpu.ts sums two readings).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sqlCounts, sqlCpu } from '../src/store/sql-count';

const dir = process.env.BENCH_MEMORY_DIR;
const profileDir = process.env.BENCH_CPU_PROFILE;
const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT;
if (dir) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  let session: Session | null = null;
  let snapshots = 0;
  // with UMPIRE_SQL_CPU=1 and BENCH_SQL_CPU_DIR, each reading also writes the backend CPU by statement there (<pid>-<n>.json)
  let readings = 0;
  process.on('SIGURG', () => {
    writeFileSync(join(dir, `${process.pid}.sql.json`), JSON.stringify(sqlCounts()));
    const cpuDir = process.env.BENCH_SQL_CPU_DIR;
    if (cpuDir) writeFileSync(join(cpuDir, `${process.pid}-${readings++}.json`), JSON.stringify(sqlCpu()));
  });
  process.on('SIGWINCH', () => {
    gc();
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
    // after the figures, which it would swell
    if (snapshotDir) {
      mkdirSync(snapshotDir, { recursive: true });
      v8.writeHeapSnapshot(join(snapshotDir, `${process.pid}-${snapshots++}.heapsnapshot`));
    }
    if (!profileDir) return;
    if (!session) {
      session = new Session();
      session.connect();
      session.post('Profiler.enable', () => session?.post('Profiler.start'));
    } else
      session.post('Profiler.stop', (err, r) => {
        if (err) return;
        mkdirSync(profileDir, { recursive: true });
        writeFileSync(join(profileDir, `${process.pid}.cpuprofile`), JSON.stringify(r.profile));
      });
  });
}
