/**
 * Preloaded into the bench's worker processes (NODE_OPTIONS=--require): on SIGWINCH (a signal
 * Nest's shutdown hooks leave alone, unlike SIGUSR2, and ignored by default) the process
 * collects its garbage and writes process.memoryUsage() to BENCH_MEMORY_DIR/<pid>.json, so the
 * pipeline bench reads a worker's heap and RSS from the process itself.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

const dir = process.env.BENCH_MEMORY_DIR;
if (dir) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  process.on('SIGWINCH', () => {
    gc();
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
}
