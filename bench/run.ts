/**
 * `npm run bench`: prints figures and writes them to bench/results.json.
 * Environment: BENCH_DATABASE_URL (default: a `umpire_bench` database on the local PostgreSQL),
 * BENCH_QUICK=1 for a short run; BENCH_WORKERS=1,2 for only those worker counts of the pipeline;
 * `npm run bench -- --full` for issue 14's sizes in its sections;
 * `npm run bench -- --only pipeline` (or event-store, engine, map, throughput, worker-memory) for one section
 * (`map` with BENCH_BASELINE_DIST=<another build's dist/src> draws the pictures with both builds in turn),
 * `--only event-store,pipeline` for several in one run.
 * The pipeline and worker-memory sections run the API and workers from dist, built first (about
 * 10 s) so that they never measure code older than the checkout.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDatabase, migrate } from '../src/store/migrate';
import { benchEventStores, type RoundRatios } from './event-store';

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/umpire_bench';
  const quick = process.env.BENCH_QUICK === '1';
  await ensureDatabase(url);
  await migrate(url);
  const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  // `--only event-store,pipeline`: those sections, in one run
  const section = (name: string) => only === undefined || only.split(',').includes(name);
  const results: Record<string, unknown> = { at: process.env.BENCH_LABEL ?? 'local', quick };

  const size = process.argv.includes('--full') ? 'full' : quick ? 'quick' : 'default';

  if (section('pipeline') || section('worker-memory')) {
    progress('building dist for the API and workers (tsc -p tsconfig.build.json)');
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: join(__dirname, '..'),
      stdio: 'inherit',
    });
  }

  if (section('event-store')) {
    // the ratio is noisy on a shared machine: 7 rounds (9 with --full), the median of the rounds' ratios and their range
    const rounds = size === 'full' ? 9 : size === 'quick' ? 3 : 7;
    const store = await benchEventStores({
      databaseUrl: url,
      games: quick ? 8 : 40,
      appendsPerGame: quick ? 50 : 250,
      batch: 10,
      concurrency: 8,
      loadEvents: 1000,
      loads: quick ? 20 : 100,
      snapshotEvery: 50,
      rounds,
      progress,
    });
    const r = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    const ms = (p: { p50: number; p95: number }) => `p50 ${p.p50.toFixed(2)} ms, p95 ${p.p95.toFixed(2)} ms`;
    const spread = (x: RoundRatios) =>
      `median of the rounds' ratios ${x.median.toFixed(2)}x (range ${x.min.toFixed(2)}–${x.max.toFixed(2)}x)`;
    const lines = [
      `Event store (same PostgreSQL database, 8 concurrent games, expected-version appends; ${rounds} rounds, order alternating; rates are the medians of the rounds)`,
      `  appends/s          umpire ${store.umpire.appendsPerSec.toFixed(0)}   emmett ${store.emmett.appendsPerSec.toFixed(0)}   ${spread(store.ratios.appends)}`,
      `  batched events/s   umpire ${store.umpire.batchedEventsPerSec.toFixed(0)}   emmett ${store.emmett.batchedEventsPerSec.toFixed(0)}   ${spread(store.ratios.batched)}   (batches of 10, one prepared INSERT of a JSON document each; target >= 1.5x)`,
      `  batched vs peer single appends: ${r(store.umpire.batchedEventsPerSec, store.emmett.appendsPerSec)}`,
      `  load 1000 events   umpire full read ${ms(store.umpire.loadFullMs)}   emmett ${ms(store.emmett.loadFullMs)}   ratio ${r(store.emmett.loadFullMs.p50, store.umpire.loadFullMs.p50)} (p50, higher = ours faster)`,
      `  load snapshot+tail umpire ${ms(store.umpire.loadSnapshotMs)}   ratio to emmett full read ${r(store.emmett.loadFullMs.p50, store.umpire.loadSnapshotMs.p50)}`,
    ];
    console.log(lines.join('\n'));
    results.eventStore = store;
  }

  if (section('engine')) {
    const { benchSelfplay } = await import('./selfplay');
    const engine = await benchSelfplay(progress, quick);
    console.log(engine.lines.join('\n'));
    results.engine = engine.figures;
  }

  if (section('map')) {
    const { benchMapRender } = await import('./map-render');
    const map = benchMapRender(progress, quick);
    const { benchMapPictures } = await import('./map-pictures');
    const { vitpBoards } = await import('./map-render');
    const pictures = await benchMapPictures(vitpBoards(), progress, quick);
    console.log([...map.lines, ...pictures.lines].join('\n'));
    results.mapRender = { ...map.figures, pictures: pictures.figures };
  }

  if (section('throughput')) {
    const { benchEngineThroughput } = await import('./engine-throughput');
    const throughput = benchEngineThroughput(progress, size);
    console.log(throughput.lines.join('\n'));
    results.engineThroughput = throughput.figures;
  }

  // the service as players meet it: the built API and workers
  if (section('pipeline')) {
    const { benchPipeline } = await import('./pipeline');
    const pipeline = await benchPipeline(progress, size);
    console.log(pipeline.lines.join('\n'));
    results.pipeline = pipeline.figures;
  }

  // one built worker over many games: does its memory level off?
  if (section('worker-memory')) {
    const { benchWorkerMemory } = await import('./worker-memory');
    const memory = await benchWorkerMemory(progress, size);
    console.log(memory.lines.join('\n'));
    results.workerMemory = memory.figures;
  }
  // one section's figures beside the whole run's, never over them
  writeFileSync(join(__dirname, only ? `results-${only}.json` : 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
