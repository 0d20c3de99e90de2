/**
 * A worker's memory over many games (issue 14: "the memory of a worker after 1,000 games
 * processed, no growth"). One worker process from the build (`dist/`) on a fresh database and Redis
 * prefix; the bench submits every command through the command bus as the API would: a VITP game
 * is created (the welcome mails carry the map), its sides' orders for the first steps go in (the
 * demo bots' orders, src/demo/policy.ts; reports with the map), then a side resigns (the final
 * reports, maps again) and the game is over. The worker applies the commands and sends every mail
 * by SMTP to Postfix, drawing the map pictures on its drawing thread (src/mail/map-png.ts). After
 * every tenth of the games, once the outbox is empty, the worker collects its garbage and reports
 * its RSS and heap (worker-memory-probe.ts). BENCH_MALLOC_ARENA_MAX=2 sets MALLOC_ARENA_MAX in the
 * worker's environment (glibc's malloc arenas, one per thread by default, hold freed memory).
 * Needs `npx tsc -p tsconfig.build.json` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { loadConfig } from '../src/config/config';
import { whoIsAwaited } from '../src/engine/game';
import { seededRng } from '../src/engine/random-player';
import { composeMail } from '../src/demo/policy';
import { QueueName } from '../src/queue/jobs';
import { buildServices, type Services } from '../src/services/container';
import { ensureTemplate, freshDatabase, redisPrefix } from '../test/support/db';
import { createMailUser, ensureMailServers, mailEnv, type MailUser } from '../test/support/mail';
import { ROOT, stopProcess, waitUntil } from '../test/support/processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

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

/** The worker from the build, with the memory probe preloaded; its log shown with DEBUG_WORKERS=1. */
function startWorker(env: Record<string, string>): ChildProcess {
  const probe = join(ROOT, 'dist', 'bench', 'worker-memory-probe.js');
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'worker.js')], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, NODE_OPTIONS: `--require ${probe}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => process.env.DEBUG_WORKERS && process.stderr.write(d));
  child.stderr?.on('data', (d: Buffer) => process.env.DEBUG_WORKERS && process.stderr.write(d));
  return child;
}

/** CPU time (user + system, every thread) a process has used so far, in s, from /proc (clock ticks of 10 ms). */
function cpuSecOf(pid: number): number {
  // after "pid (comm) ": utime and stime are the 12th and 13th fields
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Asks the worker for process.memoryUsage() after a GC (SIGWINCH, worker-memory-probe.ts). */
async function memoryOf(pid: number, dir: string): Promise<NodeJS.MemoryUsage> {
  const file = join(dir, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGWINCH');
  let out: NodeJS.MemoryUsage | undefined;
  await waitUntil(`memory of worker ${pid}`, async () => {
    try {
      out = JSON.parse(readFileSync(file, 'utf8'));
      return true;
    } catch {
      return false;
    }
  });
  return out!;
}

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
        const text = composeMail(game.state, side, step, rng, { ahead: false, sentAhead: new Set() }).text;
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

/** Mails sent so far, those with a map picture (welcome and report mails) and those that failed, once nothing is left to send. */
async function drainOutbox(s: Services): Promise<{ sent: number; maps: number; failed: number }> {
  let counts = { pending: 1, sent: 0, maps: 0, failed: 0 };
  await waitUntil(
    'the outbox to be sent',
    async () => {
      const [row] = await s.db.query<{ pending: string; sent: string; maps: string; failed: string }>(
        `SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'sent') AS sent,
                count(*) FILTER (WHERE status = 'sent' AND kind IN ('welcome', 'report')) AS maps,
                count(*) FILTER (WHERE status = 'failed') AS failed FROM outbox`,
      );
      counts = { pending: Number(row.pending), sent: Number(row.sent), maps: Number(row.maps), failed: Number(row.failed) };
      return counts.pending === 0;
    },
    600_000,
  );
  return { sent: counts.sent, maps: counts.maps, failed: counts.failed };
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
  const env = await ensureMailServers();
  const [umpire, japan, allies] = await Promise.all(['bench-umpire', 'bench-japan', 'bench-allies'].map((l) => createMailUser(l)));
  const db = await freshDatabase('bench-worker-memory');
  const prefix = redisPrefix('bench-worker-memory');
  const memDir = mkdtempSync(join(tmpdir(), 'umpire-bench-mem-'));
  const arenas = process.env.BENCH_MALLOC_ARENA_MAX ?? null;
  const common: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL: REDIS,
    UMPIRE_QUEUE_PREFIX: prefix,
    UMPIRE_ADDRESS: umpire.address,
    MAIL_DOMAIN: env.domain,
    SMTP_HOST: env.smtpHost,
    SMTP_PORT: String(env.smtpPort),
    THROTTLE_BURST: '1000000',
    THROTTLE_PER_HOUR: '0',
    OUTBOX_SWEEP_MS: '5000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  const s: Services = buildServices(loadConfig({ ...process.env, ...common } as NodeJS.ProcessEnv));
  const worker = startWorker({ ...common, BENCH_MEMORY_DIR: memDir, ...(arenas ? { MALLOC_ARENA_MAX: arenas } : {}) });
  try {
    await waitUntil('the worker to listen', async () => (await s.jobs.workerCount(QueueName.Games)) === 1, 60_000);
    const addresses: Record<string, string> = { japanese: japan.address, allied: allies.address };
    const t0 = performance.now();
    const cpu0 = cpuSecOf(worker.pid!);
    const samples: Sample[] = [];
    const sample = async (done: number) => {
      const mails = await drainOutbox(s);
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
        cpuSec: Math.round((cpuSecOf(worker.pid!) - cpu0) * 10) / 10,
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
    await s.jobs.obliterate();
    await s.close();
    if (!process.env.BENCH_KEEP) await db.drop();
    rmSync(memDir, { recursive: true, force: true });
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
