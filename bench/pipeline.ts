/**
 * The pipeline benchmark of issue 14: concurrent VITP games played by mail through the whole
 * service as built (`dist/`): one API process (its IMAP reader on the umpire's Dovecot mailbox and
 * its webhook, POST /inbound/mail) and 1, 2 or 4 worker processes, on a fresh PostgreSQL database
 * and Redis prefix. Each game's orders (legal, drawn from the board as the demo bots draw theirs,
 * src/demo/policy.ts) go in alternately by IMAP APPEND to the umpire's mailbox (even games) and
 * by the webhook (odd games); an order is timed from its delivery until the umpire's answer lands
 * in the player's own Dovecot mailbox (Postfix, LMTP, read back over IMAP). Games run side by
 * side, each waiting for its answers before its next orders (as players do). Beside them, the
 * ceilings of the same run: bare BullMQ jobs on the same Redis and bare LMTP→IMAP delivery.
 * Needs `npx tsc -p tsconfig.build.json` first (the processes run from dist).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { loadConfig } from '../src/config/config';
import { whoIsAwaited } from '../src/engine/game';
import { seededRng } from '../src/engine/random-player';
import { composeMail } from '../src/demo/policy';
import { QueueName } from '../src/queue/jobs';
import { buildServices, type Services } from '../src/services/container';
import { ensureTemplate, freshDatabase, redisPrefix, type TestDatabase } from '../test/support/db';
import { createMailUser, ensureMailServers, mailEnv } from '../test/support/mail';
import { ROOT, stopProcess, waitUntil } from '../test/support/processes';
import { bareBullmq, bareLmtpToImap, header, MailboxWatcher, percentiles, type Percentiles } from './pipeline-mail';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN = 'bench-webhook-token-0123456789';

export interface PipelineSize {
  readonly games: number;
  readonly ordersPerGame: number;
  readonly workers: readonly number[];
  readonly bareJobs: number;
  readonly bareMails: number;
}

export const PIPELINE_SIZES: Record<'quick' | 'default' | 'full', PipelineSize> = {
  quick: { games: 4, ordersPerGame: 3, workers: [1], bareJobs: 200, bareMails: 40 },
  default: { games: 20, ordersPerGame: 5, workers: [1, 2, 4], bareJobs: 1000, bareMails: 200 },
  full: { games: 100, ordersPerGame: 10, workers: [1, 2, 4], bareJobs: 5000, bareMails: 1000 },
};

export interface PipelineRun {
  readonly workers: number;
  readonly games: number;
  readonly orders: number;
  readonly byImap: number;
  readonly byWebhook: number;
  /** answers that were acknowledgments (or the reports that carry the taken orders) */
  readonly acknowledged: number;
  /** answers of any other kind (a refusal): counted, timed all the same */
  readonly otherAnswers: number;
  readonly perSec: number;
  readonly latencyMs: Percentiles;
  /** per worker after the run, after a GC: MB */
  readonly workerMemory: { rssMb: number; heapUsedMb: number; heapUsedAtStartMb: number }[];
  /**
   * CPU time per order during the orders: all workers together (every thread: resvg draws maps on
   * libuv's pool), their main threads alone (the event loop, what one worker can do at most), the
   * API (IMAP reader, webhook), and the PostgreSQL backends on the run's database (the bench's own
   * reads of the games included)
   */
  readonly cpuMsPerOrder: {
    workers: number;
    workersMainThread: number;
    api: number;
    postgres: number;
    /** the workers' CPU per order by thread, busiest first (main, then the drawing thread, libuv's pool, V8's helpers by thread id) */
    workersByThread: Record<string, number>;
  };
  /** the machine's load average over the last minute at the end of the run (it is shared) */
  readonly loadAverage: number;
}

interface Answer {
  readonly reason: string;
  readonly at: number;
}

/** Who is waiting for an answer: game/side → the version the order was sent against. */
class Answers {
  private readonly waiting = new Map<string, { after: number; resolve: (a: Answer) => void }>();

  expect(gameId: string, side: string, afterVersion: number, timeoutMs = Number(process.env.BENCH_ANSWER_MS ?? 180_000)): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(`${gameId}/${side}`);
        reject(new Error(`no answer to ${side}'s orders in ${gameId} (sent at version ${afterVersion}) within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(`${gameId}/${side}`, {
        after: afterVersion,
        resolve: (a) => {
          clearTimeout(timer);
          resolve(a);
        },
      });
    });
  }

  /** An umpire mail landed: X-Umpire-Key is `<game>:<side>:<to>:<reason>:<version>` for game mail. */
  landed(headers: string, at: number): void {
    if (process.env.BENCH_DEBUG) process.stderr.write(`landed: ${header(headers, 'X-Umpire-Key')} ${header(headers, 'Subject')}\n`);
    const parts = header(headers, 'X-Umpire-Key').replace(/\s+/g, '').split(':');
    if (parts.length < 5) return;
    const [gameId, side] = parts;
    const version = Number(parts[parts.length - 1]);
    const w = this.waiting.get(`${gameId}/${side}`);
    if (!w || !(version > w.after)) return;
    this.waiting.delete(`${gameId}/${side}`);
    w.resolve({ reason: parts.slice(3, -1).join(':'), at });
  }
}

/** A process of the build (dist/src/api.js or worker.js), its log shown with DEBUG_WORKERS=1. */
function startFromDist(script: 'api' | 'worker', env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', `${script}.js`)], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => process.env.DEBUG_WORKERS && process.stderr.write(d));
  child.stderr?.on('data', (d: Buffer) => process.env.DEBUG_WORKERS && process.stderr.write(d));
  return child;
}

/** CPU time (user + system) a process (or with `thread`, one of its threads) has used so far, in ms, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number, thread?: number): number {
  const fields = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ');
  // after "pid (comm) ": state is field 3, utime 14, stime 15
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU ms so far of each thread of a process: "main", and the others by thread id (resvg's drawing thread, libuv's pool, V8's helpers). */
function threadsCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(Number(tid) === pid ? 'main' : `thread ${tid}`, cpuMsOf(pid, Number(tid)));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return out;
}

/** CPU ms so far of each PostgreSQL backend serving `database` (PostgreSQL runs on this machine), by pid. */
async function backendsCpu(db: TestDatabase): Promise<Map<number, number>> {
  const rows = await db.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [db.name]);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuMsOf(pid));
    } catch {
      // a backend that ended meanwhile
    }
  }
  return out;
}

async function memoryOf(pid: number, dir: string): Promise<{ rss: number; heapUsed: number }> {
  const file = join(dir, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGWINCH');
  let out: { rss: number; heapUsed: number } | undefined;
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

/** One run: fresh database, mailboxes and Redis prefix, the API and `workers` worker processes. */
export async function pipelineRun(size: PipelineSize, workers: number, progress: (l: string) => void): Promise<PipelineRun> {
  const env = await ensureMailServers();
  const [umpire, japan, allies] = await Promise.all(['bench-umpire', 'bench-japan', 'bench-allies'].map((l) => createMailUser(l)));
  const db = await freshDatabase(`bench-pipeline-${workers}`);
  const prefix = redisPrefix(`bench-pipeline-${workers}`);
  const memDir = mkdtempSync(join(tmpdir(), 'umpire-bench-mem-'));
  const port = 39000 + Math.floor(Math.random() * 1000);
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
  const procs: ChildProcess[] = [];
  const answers = new Answers();
  const watchers = [japan, allies].map((u) => new MailboxWatcher(u, (m) => answers.landed(m.headers, m.at)));
  const appender = new ImapFlow({
    host: env.imapHost,
    port: env.imapPort,
    secure: false,
    auth: { user: umpire.user, pass: umpire.password },
    logger: false,
  });
  try {
    procs.push(
      startFromDist('api', {
        ...common,
        HTTP_PORT: String(port),
        UMPIRE_WEBHOOK_TOKEN: TOKEN,
        IMAP_ENABLED: 'true',
        IMAP_HOST: env.imapHost,
        IMAP_PORT: String(env.imapPort),
        IMAP_USER: umpire.user,
        IMAP_PASSWORD: umpire.password,
        IMAP_POLL_MS: '1000',
      }),
    );
    const probe = join(ROOT, 'dist', 'bench', 'worker-memory-probe.js');
    for (let i = 0; i < workers; i++)
      procs.push(startFromDist('worker', { ...common, BENCH_MEMORY_DIR: memDir, NODE_OPTIONS: `--require ${probe}` }));
    const workerProcs = procs.slice(1);
    await waitUntil(`${workers} worker(s) to listen`, async () => (await s.jobs.workerCount(QueueName.Games)) === workers, 60_000);
    await waitUntil(
      'the API to answer',
      async () => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.ok === true,
      60_000,
    );
    await Promise.all([...watchers.map((w) => w.start()), appender.connect()]);

    const games = Array.from({ length: size.games }, (_, i) => `G-bench${workers}w${i}`);
    const addresses: Record<string, string> = { japanese: japan.address, allied: allies.address };
    progress(`pipeline: ${workers} worker(s), creating ${games.length} VITP games`);
    await Promise.all(
      games.map(async (gameId) => {
        const created = await s.bus.submit(gameId, `bench:create:${gameId}`, 'game.create', {
          gameId,
          ruleset: 'vitp',
          sides: Object.entries(addresses).map(([side, address]) => ({ side, player: { address } })),
        });
        const done = await s.bus.waitFor(created.id, 120_000);
        if (done.status !== 'applied') throw new Error(`game ${gameId} was not created: ${JSON.stringify(done.result)}`);
      }),
    );
    const heapAtStart = await Promise.all(workerProcs.map((p) => memoryOf(p.pid!, memDir)));

    progress(`pipeline: ${workers} worker(s), ${size.ordersPerGame} orders per game by IMAP and webhook`);
    const latencies: number[] = [];
    const reasons: string[] = [];
    let byImap = 0;
    let byWebhook = 0;
    const cpu0 = procs.map((p) => cpuMsOf(p.pid!));
    const main0 = workerProcs.map((p) => cpuMsOf(p.pid!, p.pid!));
    const threads0 = workerProcs.map((p) => threadsCpu(p.pid!));
    const pg0 = await backendsCpu(db);
    const t0 = performance.now();
    await Promise.all(
      games.map(async (gameId, g) => {
        const rng = seededRng(`bench:${gameId}`);
        for (let n = 0; n < size.ordersPerGame; ) {
          const game = await s.games.load(gameId);
          const step = game.state.step;
          const sides = step ? whoIsAwaited(game.state, game.ruleset).filter((side) => addresses[side]) : [];
          if (!step || !sides.length) break;
          await Promise.all(
            sides.map(async (side) => {
              const text = composeMail(game.state, side, step, rng, { ahead: false, sentAhead: new Set() }).text;
              const raw = Buffer.from(
                [
                  `From: ${addresses[side]}`,
                  `To: ${s.composer.replyAddressFor(gameId, side, addresses[side])}`,
                  `Subject: Re: [umpire ${gameId}] orders ${side}`,
                  `Date: ${new Date().toUTCString()}`,
                  `Message-ID: <bench-${gameId}-${side}-${n}-${Date.now()}@players.test>`,
                  'Content-Type: text/plain; charset=utf-8',
                  '',
                  text,
                  '',
                ].join('\r\n'),
              );
              const answered = answers.expect(gameId, side, game.head.version);
              const sent = performance.now();
              if (g % 2 === 0) {
                await appender.append('INBOX', raw);
                byImap++;
              } else {
                const r = await fetch(`http://127.0.0.1:${port}/inbound/mail`, {
                  method: 'POST',
                  headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'message/rfc822' },
                  body: raw,
                });
                if (r.status !== 202) throw new Error(`webhook answered ${r.status}: ${await r.text()}`);
                byWebhook++;
              }
              const a = await answered;
              latencies.push(a.at - sent);
              reasons.push(a.reason);
            }),
          );
          n += sides.length;
        }
      }),
    );
    const elapsed = performance.now() - t0;
    const cpu = procs.map((p, i) => cpuMsOf(p.pid!) - cpu0[i]);
    const main = workerProcs.map((p, i) => cpuMsOf(p.pid!, p.pid!) - main0[i]);
    const byThread: Record<string, number> = {};
    workerProcs.forEach((p, i) => {
      for (const [name, ms] of threadsCpu(p.pid!)) byThread[name] = (byThread[name] ?? 0) + ms - (threads0[i].get(name) ?? 0);
    });
    const pg = [...(await backendsCpu(db))].reduce((sum, [pid, ms]) => sum + ms - (pg0.get(pid) ?? 0), 0);
    const after = await Promise.all(workerProcs.map((p) => memoryOf(p.pid!, memDir)));
    const acknowledged = reasons.filter((r) => /^(ack|report)/.test(r)).length;
    const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;
    return {
      workers,
      games: games.length,
      orders: latencies.length,
      byImap,
      byWebhook,
      acknowledged,
      otherAnswers: reasons.length - acknowledged,
      perSec: (latencies.length * 1000) / elapsed,
      latencyMs: percentiles(latencies),
      cpuMsPerOrder: {
        workers: cpu.slice(1).reduce((a, b) => a + b, 0) / latencies.length,
        workersMainThread: main.reduce((a, b) => a + b, 0) / latencies.length,
        api: cpu[0] / latencies.length,
        postgres: pg / latencies.length,
        workersByThread: Object.fromEntries(
          Object.entries(byThread)
            .filter(([, ms]) => ms > 0)
            .sort((a, b) => b[1] - a[1])
            .map(([name, ms]) => [name, Math.round((ms / latencies.length) * 10) / 10]),
        ),
      },
      loadAverage: loadavg()[0],
      workerMemory: after.map((m, i) => ({ rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), heapUsedAtStartMb: mb(heapAtStart[i].heapUsed) })),
    };
  } finally {
    await Promise.all(watchers.map((w) => w.stop().catch(() => undefined)));
    await appender.logout().catch(() => appender.close());
    await Promise.all(procs.map((p) => stopProcess(p)));
    await s.jobs.obliterate();
    await s.close();
    if (!process.env.BENCH_KEEP) await db.drop();
    rmSync(memDir, { recursive: true, force: true });
  }
}

export interface PipelineBench {
  lines: string[];
  figures: Record<string, unknown>;
}

export async function benchPipeline(progress: (l: string) => void, which: 'quick' | 'default' | 'full'): Promise<PipelineBench> {
  // BENCH_WORKERS=1,2 runs only those worker counts (a quicker look at one change)
  const only = process.env.BENCH_WORKERS?.split(',').map(Number);
  const size = only ? { ...PIPELINE_SIZES[which], workers: only } : PIPELINE_SIZES[which];
  for (const built of ['src/api.js', 'src/worker.js', 'bench/worker-memory-probe.js'])
    if (!existsSync(join(ROOT, 'dist', built)))
      throw new Error(`dist/${built} is missing: the pipeline bench runs the built service; run \`npx tsc -p tsconfig.build.json\` first`);
  await ensureMailServers();
  // each run's database is cloned from the migrated template (the tests' global setup makes it too)
  await ensureTemplate();
  progress(`pipeline ceilings: ${size.bareJobs} bare BullMQ jobs, ${size.bareMails} bare LMTP deliveries`);
  const bullmq = await bareBullmq(REDIS, redisPrefix('bench-bare'), size.bareJobs, 16);
  const lmtpTo = await createMailUser('bench-bare');
  const lmtp = await bareLmtpToImap(lmtpTo, size.bareMails, 16);
  const runs: PipelineRun[] = [];
  for (const w of size.workers) runs.push(await pipelineRun(size, w, progress));
  const f = (p: Percentiles) => `p50 ${p.p50.toFixed(0)}  p95 ${p.p95.toFixed(0)}  p99 ${p.p99.toFixed(0)} ms`;
  const lines = [
    `Pipeline (VITP games by mail through the built API + workers; ${size.games} games, orders by IMAP APPEND and the webhook, timed to the answer in the player's Dovecot mailbox; ${mailEnv().domain})`,
    '  workers  orders  imap/webhook  ack/other    orders/s   latency                         CPU ms/order workers (main thread) + api + postgres  load  worker RSS / heap after (heap before)',
    ...runs.map(
      (r) =>
        `  ${String(r.workers).padStart(7)}  ${String(r.orders).padStart(6)}  ${`${r.byImap}/${r.byWebhook}`.padStart(12)}  ${`${r.acknowledged}/${r.otherAnswers}`.padStart(9)}  ${r.perSec.toFixed(1).padStart(9)}   ${f(r.latencyMs).padEnd(30)}  ${`${r.cpuMsPerOrder.workers.toFixed(0)} (${r.cpuMsPerOrder.workersMainThread.toFixed(0)}) + ${r.cpuMsPerOrder.api.toFixed(0)} + ${r.cpuMsPerOrder.postgres.toFixed(0)}`.padStart(47)}  ${r.loadAverage.toFixed(1).padStart(4)}  ${r.workerMemory.map((m) => `${m.rssMb}/${m.heapUsedMb} (${m.heapUsedAtStartMb}) MB`).join(', ')}`,
    ),
    ...runs.map(
      (r) =>
        `  ${r.workers} worker(s), CPU ms per order by thread still running at the end (a retired drawing thread's share is in the total only): ${Object.entries(
          r.cpuMsPerOrder.workersByThread,
        )
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', ')}`,
    ),
    `  ceiling: bare BullMQ jobs on the same Redis     ${bullmq.perSec.toFixed(0).padStart(6)} jobs/s    ${f(bullmq.latencyMs)}  (${bullmq.count} jobs, 16 in flight)`,
    `  ceiling: bare LMTP -> Dovecot -> IMAP read back ${lmtp.perSec.toFixed(0).padStart(6)} mails/s   ${f(lmtp.latencyMs)}  (${lmtp.count} mails, 16 in flight)`,
    '  targets (issue 14): >= 300 orders/s, p95 <= 1 s, scaling with workers',
  ];
  return { lines, figures: { size, runs, ceilings: { bullmq, lmtpToImap: lmtp } } };
}
