/**
 * What the service benches (pipeline.ts, worker-memory.ts) share: a bench's own database, Redis
 * prefix and mailboxes with the environment the built processes read, the processes themselves
 * (`dist/src/api.js`, `worker.js`), and what /proc and the memory probe tell of them.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config';
import { buildServices, type Services } from '../src/services/container';
import type { Sql } from '../src/store/db';
import { freshDatabase, redisPrefix, type TestDatabase } from '../test/support/db';
import { createMailUser, ensureMailServers, type MailEnv, type MailUser } from '../test/support/mail';
import { ROOT, startWorkerProcess, waitUntil } from '../test/support/processes';

export interface BenchSetup {
  readonly mail: MailEnv;
  /** the umpire's mailbox, and the players' */
  readonly umpire: MailUser;
  readonly japan: MailUser;
  readonly allies: MailUser;
  readonly db: TestDatabase;
  /** where the memory probe of each worker writes its figures */
  readonly memDir: string;
  /** the environment every process of the run reads: database, Redis prefix, mail, no throttle */
  readonly common: Record<string, string>;
  /** the bench's own services on the same database and queues (command bus, outbox, job counts) */
  readonly services: Services;
  /** stops the services, drops the database (kept with BENCH_KEEP=1) and the probe's folder */
  close(): Promise<void>;
}

/** A fresh database, Redis prefix and mailboxes for one run labelled `label`. */
export async function benchSetup(label: string): Promise<BenchSetup> {
  const mail = await ensureMailServers();
  const [umpire, japan, allies] = await Promise.all(['bench-umpire', 'bench-japan', 'bench-allies'].map((l) => createMailUser(l)));
  const db = await freshDatabase(label);
  const memDir = mkdtempSync(join(tmpdir(), 'umpire-bench-mem-'));
  const common: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    UMPIRE_QUEUE_PREFIX: redisPrefix(label),
    UMPIRE_ADDRESS: umpire.address,
    MAIL_DOMAIN: mail.domain,
    SMTP_HOST: mail.smtpHost,
    SMTP_PORT: String(mail.smtpPort),
    THROTTLE_BURST: '1000000',
    THROTTLE_PER_HOUR: '0',
    OUTBOX_SWEEP_MS: '5000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  const services = buildServices(loadConfig({ ...process.env, ...common } as NodeJS.ProcessEnv));
  return {
    mail,
    umpire,
    japan,
    allies,
    db,
    memDir,
    common,
    services,
    async close() {
      await services.jobs.obliterate();
      await services.close();
      if (!process.env.BENCH_KEEP) await db.drop();
      rmSync(memDir, { recursive: true, force: true });
    },
  };
}

/** The environment that preloads the memory probe (worker-memory-probe.ts; the caller's NODE_OPTIONS kept). */
export function probedEnv(setup: BenchSetup): Record<string, string> {
  const probe = join(ROOT, 'dist', 'bench', 'worker-memory-probe.js');
  return { BENCH_MEMORY_DIR: setup.memDir, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${probe}`.trim() };
}

/** A worker of the build with the memory probe preloaded. */
export function startProbedWorker(setup: BenchSetup, env: Record<string, string> = {}): ChildProcess {
  return startWorkerProcess({ ...setup.common, ...env, ...probedEnv(setup) });
}

/** CPU time (user + system) a process (or with `thread`, one of its threads) has used so far, in ms, from /proc (clock ticks of 10 ms). */
export function cpuMsOf(pid: number, thread?: number): number {
  const fields = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ');
  // after "pid (comm) ": state is field 3, utime 14, stime 15
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time the whole machine has been busy so far, in ms (all cores, every process: /proc/stat's
 * user, nice, system, irq and softirq ticks of 10 ms; idle, I/O wait and time stolen by the host
 * left out).
 */
export function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) * 10;
}

/**
 * Waits until the workers have dispatched every mail in the outbox (none pending); then the mails
 * sent so far, those with a map picture (welcomes and reports, but those whose board was unchanged) and those that failed.
 */
export async function drainOutbox(db: Sql, what: string): Promise<{ sent: number; maps: number; failed: number }> {
  let counts = { pending: 1, sent: 0, maps: 0, failed: 0 };
  await waitUntil(
    `the outbox to drain (${what})`,
    async () => {
      const [row] = await db.query<{ pending: string; sent: string; maps: string; failed: string }>(
        `SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'sent') AS sent,
                count(*) FILTER (WHERE status = 'sent' AND picture IS NOT NULL) AS maps,
                count(*) FILTER (WHERE status = 'failed') AS failed FROM outbox`,
      );
      counts = { pending: Number(row.pending), sent: Number(row.sent), maps: Number(row.maps), failed: Number(row.failed) };
      return counts.pending === 0;
    },
    600_000,
  );
  return { sent: counts.sent, maps: counts.maps, failed: counts.failed };
}

/** Asks a probed process for the SQL statements it has sent so far, by statement (SIGURG, worker-memory-probe.ts). */
export async function sqlCountsOf(pid: number, dir: string): Promise<Record<string, number>> {
  const file = join(dir, `${pid}.sql.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGURG');
  let out: Record<string, number> = {};
  await waitUntil(`SQL counts of process ${pid}`, async () => {
    try {
      out = JSON.parse(readFileSync(file, 'utf8'));
      return true;
    } catch {
      return false;
    }
  });
  return out;
}

/** Statements sent between two readings of each process's counts (sqlCountsOf): per order, and by statement per order, most first. */
export function sqlDelta(before: Record<string, number>[], after: Record<string, number>[], orders: number) {
  const by = new Map<string, number>();
  after.forEach((counts, i) => {
    for (const [k, n] of Object.entries(counts)) by.set(k, (by.get(k) ?? 0) + n - (before[i][k] ?? 0));
  });
  const sorted = [...by].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  return {
    perOrder: sorted.reduce((sum, [, n]) => sum + n, 0) / orders,
    byStatement: Object.fromEntries(sorted.map(([k, n]) => [k, Math.round((n / orders) * 100) / 100])),
  };
}

/** Asks a probed worker for process.memoryUsage() after a GC (SIGWINCH, worker-memory-probe.ts). */
export async function memoryOf(pid: number, dir: string): Promise<NodeJS.MemoryUsage> {
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
