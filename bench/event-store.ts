/**
 * Event-store benchmark: Umpire's store against Emmett's PostgreSQL event store, same database,
 * same workload, printed as ratios. Appends carry an expected version (optimistic concurrency)
 * in both stores. Figures are for the reader; nothing here asserts a time.
 */
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { randomBytes } from 'node:crypto';
import { createDb } from '../src/store/db';
import { EventStore, type StreamHead } from '../src/store/event-store';
import { SnapshotStore } from '../src/store/snapshots';
import { hashCanonical } from '../src/shared/canonical';

export interface StoreBenchOptions {
  readonly databaseUrl: string;
  readonly games: number;
  readonly appendsPerGame: number;
  readonly batch: number;
  readonly concurrency: number;
  readonly loadEvents: number;
  readonly loads: number;
  readonly snapshotEvery: number;
  /** each workload runs this many times per store, alternating which store goes first */
  readonly rounds: number;
  readonly progress: (line: string) => void;
}

/** The median of the rounds' ratios (umpire ÷ emmett, each round's pair run side by side) and their range. */
export interface RoundRatios {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly rounds: readonly number[];
}

export interface StoreBenchResult {
  /** per round, umpire ÷ emmett: single appends and batched events */
  readonly ratios: { readonly appends: RoundRatios; readonly batched: RoundRatios };
  readonly umpire: {
    appendsPerSec: number;
    batchedEventsPerSec: number;
    loadFullMs: Percentiles;
    loadSnapshotMs: Percentiles;
  };
  readonly emmett: { appendsPerSec: number; batchedEventsPerSec: number; loadFullMs: Percentiles };
}

export interface Percentiles {
  readonly p50: number;
  readonly p95: number;
  readonly mean: number;
}

function payload(i: number) {
  // the size of a typical rules event: a die roll or a unit move with a little narrative
  return {
    index: i,
    unit: 'Yamato',
    from: 'Japanese Islands',
    to: 'Marianas Islands',
    rule: '6.4',
    face: (i % 6) + 1,
    note: 'speed roll passed',
  };
}

async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

function percentiles(samples: number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

export async function benchEventStores(o: StoreBenchOptions): Promise<StoreBenchResult> {
  const run = randomBytes(3).toString('hex');
  const db = createDb(o.databaseUrl, { max: o.concurrency + 2 });
  const ours = new EventStore(db);
  const snapshots = new SnapshotStore(db);
  const emmett = getPostgreSQLEventStore(o.databaseUrl);
  await emmett.schema.migrate();
  const games = Array.from({ length: o.games }, (_, i) => i);

  try {
    // warm both connection pools and query plans
    await ours.append(`warm-${run}`, 0, [{ type: 'Warm', payload: payload(0) }]);
    await emmett.appendToStream(`warm-${run}`, [{ type: 'Warm', data: payload(0) }], {
      expectedStreamVersion: 0n as never,
    });

    // Each store runs each workload `rounds` times, the order alternating round by round so that
    // neither store always gets the warmer cache or the emptier table; the median round is reported.
    const totalAppends = o.games * o.appendsPerGame;
    const batches = Math.max(1, Math.floor(o.appendsPerGame / o.batch));
    const batchEvents = o.games * batches * o.batch;
    const umpireSingle = async (round: number): Promise<number> => {
      const t0 = performance.now();
      await pool(games, o.concurrency, async (g) => {
        let head: StreamHead = { version: 0, hash: '0'.repeat(64) };
        for (let i = 0; i < o.appendsPerGame; i++) {
          head = (await ours.append(`u-${run}-${round}-${g}`, head.version, [{ type: 'Moved', payload: payload(i) }], { head })).head;
        }
      });
      return totalAppends / ((performance.now() - t0) / 1000);
    };
    const emmettSingle = async (round: number): Promise<number> => {
      const t0 = performance.now();
      await pool(games, o.concurrency, async (g) => {
        let version = 0n;
        for (let i = 0; i < o.appendsPerGame; i++) {
          const r = await emmett.appendToStream(`e-${run}-${round}-${g}`, [{ type: 'Moved', data: payload(i) }], {
            expectedStreamVersion: version as never,
          });
          version = r.nextExpectedStreamVersion as bigint;
        }
      });
      return totalAppends / ((performance.now() - t0) / 1000);
    };
    const umpireBatch = async (round: number): Promise<number> => {
      const t0 = performance.now();
      await pool(games, o.concurrency, async (g) => {
        let head: StreamHead = { version: 0, hash: '0'.repeat(64) };
        for (let b = 0; b < batches; b++) {
          const events = Array.from({ length: o.batch }, (_, i) => ({
            type: 'Moved',
            payload: payload(b * o.batch + i),
          }));
          head = (await ours.append(`ub-${run}-${round}-${g}`, head.version, events, { head })).head;
        }
      });
      return batchEvents / ((performance.now() - t0) / 1000);
    };
    const emmettBatch = async (round: number): Promise<number> => {
      const t0 = performance.now();
      await pool(games, o.concurrency, async (g) => {
        let version = 0n;
        for (let b = 0; b < batches; b++) {
          const events = Array.from({ length: o.batch }, (_, i) => ({
            type: 'Moved',
            data: payload(b * o.batch + i),
          }));
          const r = await emmett.appendToStream(`eb-${run}-${round}-${g}`, events, {
            expectedStreamVersion: version as never,
          });
          version = r.nextExpectedStreamVersion as bigint;
        }
      });
      return batchEvents / ((performance.now() - t0) / 1000);
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const alternate = async (label: string, a: (r: number) => Promise<number>, b: (r: number) => Promise<number>) => {
      const as: number[] = [];
      const bs: number[] = [];
      for (let round = 0; round < o.rounds; round++) {
        if (round % 2 === 0) {
          as.push(await a(round));
          bs.push(await b(round));
        } else {
          bs.push(await b(round));
          as.push(await a(round));
        }
        o.progress(`  ${label} round ${round + 1}/${o.rounds}: umpire ${as[round].toFixed(0)}/s, emmett ${bs[round].toFixed(0)}/s`);
      }
      // on a shared machine a round's two figures move together: each round's ratio is steadier than the ratio of medians
      const ratios = as.map((a, i) => a / bs[i]);
      const spread: RoundRatios = { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), rounds: ratios };
      return [median(as), median(bs), spread] as const;
    };

    o.progress(`single-event appends: ${totalAppends} per store per round, ${o.concurrency} games at a time, ${o.rounds} rounds`);
    const [umpireAppends, emmettAppends, appendRatios] = await alternate('single', umpireSingle, emmettSingle);
    o.progress(`batched appends: ${o.batch} events per append`);
    const [umpireBatched, emmettBatched, batchedRatios] = await alternate('batched', umpireBatch, emmettBatch);

    o.progress(`game loads: a game of ${o.loadEvents} events, ${o.loads} loads each`);
    const loadGame = `ul-${run}`;
    let head: StreamHead = { version: 0, hash: '0'.repeat(64) };
    for (let i = 0; i < o.loadEvents; i += 50) {
      const events = Array.from({ length: Math.min(50, o.loadEvents - i) }, (_, k) => ({
        type: 'Moved',
        payload: payload(i + k),
      }));
      head = (await ours.append(loadGame, head.version, events, { head })).head;
      await emmett.appendToStream(
        `el-${run}`,
        events.map((e) => ({ type: e.type, data: e.payload })),
      );
    }
    // the service snapshots every `snapshotEvery` events; a load reads the latest plus the tail
    const snapSeq = Math.floor(o.loadEvents / o.snapshotEvery) * o.snapshotEvery;
    const folded = (await ours.read(loadGame)).slice(0, snapSeq).reduce((n) => n + 1, 0);
    await snapshots.save({
      gameId: loadGame,
      seq: snapSeq,
      state: { folded },
      stateHash: hashCanonical({ folded }),
      engineVersion: 'bench',
    });

    const fullOurs: number[] = [];
    const snapOurs: number[] = [];
    const fullEmmett: number[] = [];
    for (let i = 0; i < o.loads; i++) {
      let t = performance.now();
      await ours.read(loadGame);
      fullOurs.push(performance.now() - t);
      t = performance.now();
      // the service's load: the latest snapshot and the events after it in one read
      await snapshots.latestWithTail(loadGame, 'bench');
      snapOurs.push(performance.now() - t);
      t = performance.now();
      await emmett.readStream(`el-${run}`);
      fullEmmett.push(performance.now() - t);
    }
    return {
      ratios: { appends: appendRatios, batched: batchedRatios },
      umpire: {
        appendsPerSec: umpireAppends,
        batchedEventsPerSec: umpireBatched,
        loadFullMs: percentiles(fullOurs),
        loadSnapshotMs: percentiles(snapOurs),
      },
      emmett: {
        appendsPerSec: emmettAppends,
        batchedEventsPerSec: emmettBatched,
        loadFullMs: percentiles(fullEmmett),
      },
    };
  } finally {
    await emmett.close();
    await db.close();
  }
}
