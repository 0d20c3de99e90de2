import { existsSync } from 'node:fs';
import { type PlayerTurn, turnOf } from '../src/engine/players';
import type { VitpView } from '../src/games/vitp/view';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { whoIsAwaited } from '../src/engine/game';
import { seededRng } from '../src/engine/random-player';
import { composeMail } from '../src/games/vitp/players/mail';
import { QueueName } from '../src/queue/jobs';
import { type Services } from '../src/services/container';
import { ensureTemplate } from '../test/support/db';
import { mailEnv, type MailUser } from '../test/support/mail';
import { ROOT, stopProcess, waitUntil } from '../test/support/processes';
import { benchSetup, cpuMsOf, drainOutbox, memoryOf, startProbedWorker } from './service-processes';

const _REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const WORKER_MEMORY_GAMES: Record<'quick' | 'default' | 'full', number> = { quick: 30, default: 150, full: 1000 };
/** steps of orders each game plays before a side resigns */
const STEPS_PER_GAME = 2;
/** games in flight at once, so the worker is never idle waiting for the bench */
const IN_FLIGHT = 6;

interface Sample {
  readonly games: number;
  readonly rssMb: number;
  readonly heapUsedMb: number;
  readonly externalMb: number;
  /** mails the worker has sent so far, how many of them carried a map picture, and mails it gave up on */
  readonly mailsSent: number;
  readonly mapsSent: number;
  readonly mailsFailed: number;
  readonly atSec: number;
  /** CPU the worker has used so far (every thread), s */
  readonly cpuSec: number;
}

export interface WorkerMemoryRun {
  readonly games: number;
  readonly mallocArenaMax: string | null;
  readonly ordersApplied: number;
  readonly ordersRefused: number;
  readonly wallSec: number;
  readonly samples: readonly Sample[];
  readonly loadAverage: number;
}

/**
 * The games whose checked snapshots a process keeps (HELD_GAMES in src/services/game-repository.ts,
 * a bounded cache): a worker's heap grows with each new game until it holds that many.
 */
const HELD_GAMES = 512;

interface Growth {
  readonly fromGames: number;
  readonly toGames: number;
  readonly rssMb: number;
  readonly heapUsedMb: number;
  /** heap within 5% (or 2 MB) of where the window starts */
  readonly heapPlateau: boolean;
}

/** Growth from the sample at `fromGames` to the last. */
function growth(samples: readonly Sample[], from: Sample): Growth {
  const last = samples[samples.length - 1];
  const heap = Math.round((last.heapUsedMb - from.heapUsedMb) * 10) / 10;
  return {
    fromGames: from.games,
    toGames: last.games,
    rssMb: Math.round((last.rssMb - from.rssMb) * 10) / 10,
    heapUsedMb: heap,
    heapPlateau: heap <= Math.max(from.heapUsedMb * 0.05, 2),
  };
}

const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;

/** Applies a command through the bus and waits for the worker to apply (or refuse) it. */
async function command(s: Services, gameId: string, key: string, kind: string, payload: unknown): Promise<string> {
  const submitted = await s.bus.submit(gameId, key, kind, payload);
  return (await s.bus.waitFor(submitted.id, 300_000)).status;
}

/** One game from creation to its end: created, STEPS_PER_GAME steps of orders, then the allied side resigns. */
async function playGame(s: Services, gameId: string, addresses: Record<string, string>): Promise<{ applied: number; refused: number }> {
  const sides = Object.entries(addresses).map(([side, address]) => ({ side, player: { address } }));
  if ((await command(s, gameId, `bench:create:${gameId}`, 'game.create', { gameId, ruleset: 'vitp', sides })) !== 'applied')
    throw new Error(`game ${gameId} was not created`);
  const rng = seededRng(`bench:${gameId}`);
  let applied = 0;
  let refused = 0;
  for (let n = 0; n < STEPS_PER_GAME; n++) {
    const game = await s.games.load(gameId);
    const step = game.state.step;
    if (!step) break;
    await Promise.all(
      whoIsAwaited(game.state, game.ruleset).map(async (side) => {
        const text = composeMail(turnOf(game.ruleset, game.state, side, step, rng) as PlayerTurn<VitpView>, {
          ahead: false,
          sentAhead: new Set(),
        }).text;
        const payload = { gameId, side, text, via: 'bench', stepId: step.id };
        if ((await command(s, gameId, `bench:orders:${gameId}:${step.id}:${side}`, 'game.orders', payload)) === 'applied') applied++;
        else refused++;
      }),
    );
  }
  await command(s, gameId, `bench:resign:${gameId}`, 'game.resign', { gameId, side: 'allied', confirm: true });
  if ((await s.games.load(gameId)).state.step) throw new Error(`game ${gameId} is not over after RESIGN CONFIRM`);
  return { applied, refused };
}

/** Empties a bench mailbox (a thousand games leave thousands of mails with pictures in Dovecot). */
async function emptyMailbox(user: MailUser): Promise<void> {
  const env = mailEnv();
  const client = new ImapFlow({
    host: env.imapHost,
    port: env.imapPort,
    secure: false,
    auth: { user: user.user, pass: user.password },
    logger: false,
  });
  await client.connect();
  try {
    const box = await client.mailboxOpen('INBOX');
    if (box.exists > 0) await client.messageDelete('1:*');
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export async function workerMemoryRun(games: number, progress: (l: string) => void): Promise<WorkerMemoryRun> {
  const setup = await benchSetup('bench-worker-memory');
  const { japan, allies, memDir, services: s } = setup;
  const arenas = process.env.BENCH_MALLOC_ARENA_MAX ?? null;
  const worker = startProbedWorker(setup, arenas ? { MALLOC_ARENA_MAX: arenas } : {});
  try {
    await waitUntil('the worker to listen', async () => (await s.jobs.workerCount(QueueName.Games)) === 1, 60_000);
    const addresses: Record<string, string> = { japanese: japan.address, allied: allies.address };
    const t0 = performance.now();
    const cpu0 = cpuMsOf(worker.pid!) / 1000;
    const samples: Sample[] = [];
    const sample = async (done: number) => {
      const mails = await drainOutbox(s.db, "the games' mails");
      const m = await memoryOf(worker.pid!, memDir);
      samples.push({
        games: done,
        rssMb: mb(m.rss),
        heapUsedMb: mb(m.heapUsed),
        externalMb: mb(m.external),
        mailsSent: mails.sent,
        mapsSent: mails.maps,
        mailsFailed: mails.failed,
        atSec: Math.round((performance.now() - t0) / 100) / 10,
        cpuSec: Math.round((cpuMsOf(worker.pid!) / 1000 - cpu0) * 10) / 10,
      });
      const last = samples[samples.length - 1];
      progress(`worker-memory: ${done}/${games} games, RSS ${last.rssMb} MB, heap ${last.heapUsedMb} MB, ${last.mailsSent} mails sent`);
    };
    await sample(0);
    let applied = 0;
    let refused = 0;
    const tenth = Math.max(1, Math.round(games / 10));
    for (let from = 0; from < games; from += tenth) {
      const to = Math.min(games, from + tenth);
      let next = from;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < to) {
            const r = await playGame(s, `G-benchmem${next++}`, addresses);
            applied += r.applied;
            refused += r.refused;
          }
        }),
      );
      await sample(to);
      await Promise.all([japan, allies].map(emptyMailbox));
    }
    const wallSec = Math.round((performance.now() - t0) / 100) / 10;
    return {
      games,
      mallocArenaMax: arenas,
      ordersApplied: applied,
      ordersRefused: refused,
      wallSec,
      samples,
      loadAverage: loadavg()[0],
    };
  } finally {
    await stopProcess(worker);
    await setup.close();
  }
}

export async function benchWorkerMemory(
  progress: (l: string) => void,
  which: 'quick' | 'default' | 'full',
): Promise<{ lines: string[]; figures: WorkerMemoryRun & { growth: Growth[] } }> {
  for (const built of ['src/worker.js', 'bench/worker-memory-probe.js'])
    if (!existsSync(join(ROOT, 'dist', built)))
      throw new Error(
        `dist/${built} is missing: the worker-memory bench runs the built worker; run \`npx tsc -p tsconfig.build.json\` first`,
      );
  await ensureTemplate();
  const games = Number(process.env.BENCH_MEMORY_GAMES ?? WORKER_MEMORY_GAMES[which]);
  const r = await workerMemoryRun(games, progress);
  // from the second tenth on (the first games warm the process up), and over the last 30% of the
  // games when those all come after the held snapshots are full (the process's steady state)
  const warm = r.samples[Math.min(2, r.samples.length - 1)];
  const late = r.samples[Math.max(0, r.samples.length - 4)];
  const full = late.games >= HELD_GAMES && late !== warm ? late : undefined;
  const windows = [growth(r.samples, warm), ...(full ? [growth(r.samples, full)] : [])];
  const rss = r.samples.filter((x) => x.games >= warm.games).map((x) => x.rssMb);
  const sign = (mb: number) => `${mb >= 0 ? '+' : ''}${mb}`;
  const failed = r.samples[r.samples.length - 1].mailsFailed;
  const lines = [
    `Worker memory (one worker from dist; ${r.games} VITP games through the command bus: create, ${STEPS_PER_GAME} steps of orders, RESIGN; every mail sent by SMTP; MALLOC_ARENA_MAX ${r.mallocArenaMax ?? 'unset'})`,
    '    games   RSS MB  heap MB  external MB   mails sent (with map)   at s  worker CPU s',
    ...r.samples.map(
      (x) =>
        `  ${String(x.games).padStart(7)}  ${x.rssMb.toFixed(1).padStart(7)}  ${x.heapUsedMb.toFixed(1).padStart(7)}  ${x.externalMb.toFixed(1).padStart(11)}   ${`${x.mailsSent} (${x.mapsSent})`.padStart(20)}  ${x.atSec.toFixed(1).padStart(6)}  ${x.cpuSec.toFixed(1).padStart(12)}`,
    ),
    ...windows.map(
      (g) =>
        `  from ${g.fromGames} games to ${g.toGames}: heap ${sign(g.heapUsedMb)} MB (${g.heapPlateau ? 'plateau' : 'growing'}, ${((g.heapUsedMb * 1024) / (g.toGames - g.fromGames)).toFixed(0)} KB a game), RSS ${sign(g.rssMb)} MB`,
    ),
    `  RSS from ${warm.games} games on: ${Math.min(...rss)} to ${Math.max(...rss)} MB; the heap grows until the worker holds ${HELD_GAMES} games' snapshots (game-repository.ts)${full ? '' : ': more games than that show whether it levels off (--full)'}`,
    `  ${r.ordersApplied} orders applied, ${r.ordersRefused} refused; ${failed} mails failed; ${r.wallSec} s wall (${(r.games / r.wallSec).toFixed(1)} games/s); load ${r.loadAverage.toFixed(1)}`,
    '  target (issue 14): no growth of a worker over 1,000 games',
  ];
  return { lines, figures: { ...r, growth: windows } };
}
