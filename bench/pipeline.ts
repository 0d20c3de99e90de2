/**
 * The pipeline benchmark of issue 14: concurrent VITP games played by mail through the whole
 * service as built (`dist/`): one API process (its IMAP reader on the umpire's Dovecot mailbox and
 * its webhook, POST /inbound/mail) and 1, 2 or 4 worker processes, on a fresh PostgreSQL database
 * and Redis prefix. Each game's orders (legal, drawn from the board as the demo bots draw theirs,
 * src/games/vitp/players/mail.ts) go in alternately by IMAP APPEND to the umpire's mailbox (even games) and
 * by the webhook (odd games); an order is timed from its delivery until the umpire's answer lands
 * in the player's own Dovecot mailbox (Postfix, LMTP, read back over IMAP). Games run side by
 * side, each waiting for its answers before its next orders (as players do). Beside them, the
 * ceilings of the same run: bare BullMQ jobs on the same Redis and bare LMTP→IMAP delivery.
 * Runs the processes from dist: `npm run bench` builds it first, as `npm test` does for the e2e test.
 */
import { type PlayerTurn, turnOf } from '../src/engine/players';
import type { VitpView } from '../src/games/vitp/view';
import { type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { whoIsAwaited } from '../src/engine/game';
import { seededRng } from '../src/engine/random-player';
import { composeMail } from '../src/games/vitp/players/mail';
import { QueueName } from '../src/queue/jobs';
import { ensureTemplate, redisPrefix } from '../test/support/db';
import { createMailUser, ensureMailServers, mailEnv } from '../test/support/mail';
import { assertRunning, freePort, ROOT, startApiProcess, stopProcess, waitUntil } from '../test/support/processes';
import { bareBullmq, bareDrawing, bareLmtpToImap, MailboxWatcher, percentiles, type Percentiles } from './pipeline-mail';
import { Answers, backendsCpu, mailCounts, threadsCpu } from './pipeline-probes';
import { cpuSince, measureBareMail, orderCpuRatio, type OrderCpuRatio, ratioLines, readCpu } from './process-cpu';
import {
  benchSetup,
  cpuMsOf,
  drainOutbox,
  machineBusyMs,
  memoryOf,
  probedEnv,
  sqlCountsOf,
  sqlDelta,
  startProbedWorker,
} from './service-processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN = 'bench-webhook-token-0123456789';
/** orders timed with nothing else in flight, half by IMAP, half by the webhook */
const SOLO_ORDERS = 12;

export interface PipelineSize {
  readonly games: number;
  readonly ordersPerGame: number;
  readonly workers: readonly number[];
  readonly bareJobs: number;
  readonly bareMails: number;
  readonly bareDrawings: number;
  /** tiny mails delivered for the CPU ratio's denominator (more than the ceilings': the figure is a small CPU time over many mails) */
  readonly bareCpuMails: number;
}

export const PIPELINE_SIZES: Record<'quick' | 'default' | 'full', PipelineSize> = {
  quick: { games: 4, ordersPerGame: 3, workers: [1], bareJobs: 200, bareMails: 40, bareDrawings: 10, bareCpuMails: 100 },
  default: { games: 20, ordersPerGame: 5, workers: [1, 2, 4], bareJobs: 1000, bareMails: 200, bareDrawings: 30, bareCpuMails: 1000 },
  full: { games: 100, ordersPerGame: 10, workers: [1, 2, 4], bareJobs: 5000, bareMails: 1000, bareDrawings: 100, bareCpuMails: 2000 },
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
  /** mails the umpire wrote per order (answers and the other side's mail), and those of them with a map picture */
  readonly mailsPerOrder: number;
  readonly mapMailsPerOrder: number;
  /** SQL statements the API and workers sent per order (BEGIN and COMMIT included), and by statement, most first */
  readonly sqlPerOrder: number;
  readonly sqlByStatement: Record<string, number>;
  /** the same path with one order in flight (two games played before the others, IMAP then webhook) */
  readonly unloadedLatencyMs: Percentiles;
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
    /**
     * the whole machine's busy CPU per order (every process: the service, PostgreSQL, Redis,
     * Postfix, Dovecot, and this bench composing the orders and reading the answers)
     */
    machine: number;
    /** the mail servers' process trees (Dovecot, Postfix, exited children included) and this bench process */
    mailServers: number;
    bench: number;
    /** the workers' CPU per order by thread, busiest first (main, then the drawing thread, libuv's pool, V8's helpers by thread id) */
    workersByThread: Record<string, number>;
  };
  /** the machine's load average over the last minute at the end of the run (it is shared) */
  readonly loadAverage: number;
}

/** One run: fresh database, mailboxes and Redis prefix, the API and `workers` worker processes. */
export async function pipelineRun(size: PipelineSize, workers: number, progress: (l: string) => void): Promise<PipelineRun> {
  const setup = await benchSetup(`bench-pipeline-${workers}`);
  const { mail: env, umpire, japan, allies, db, memDir, common, services: s } = setup;
  const port = await freePort();
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
      startApiProcess({
        ...common,
        ...probedEnv(setup),
        UMPIRE_COUNT_SQL: '1',
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
    for (let i = 0; i < workers; i++) procs.push(startProbedWorker(setup, { UMPIRE_COUNT_SQL: '1' }));
    const workerProcs = procs.slice(1);
    await waitUntil(
      `${workers} worker(s) to listen`,
      async () => {
        for (const w of workerProcs) assertRunning(w, 'a worker');
        return (await s.jobs.workerCount(QueueName.Games)) === workers;
      },
      60_000,
    );
    let health = 'no answer';
    await waitUntil(
      'the API to answer',
      async () => {
        assertRunning(procs[0], 'the API');
        // not `instanceof Error`: under Jest, fetch's errors come from another realm
        const res = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r,
          (err: { message?: unknown; cause?: { code?: unknown } }) => ({ failed: `${err.message} (${err.cause?.code ?? err.cause})` }),
        );
        if ('failed' in res) {
          health = res.failed;
          return false;
        }
        health = `${res.status} ${await res.text()}`;
        return res.ok;
      },
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; /health last said: ${health.slice(0, 500)}`);
    });
    await Promise.all([...watchers.map((w) => w.start()), appender.connect()]);

    const games = Array.from({ length: size.games }, (_, i) => `G-bench${workers}w${i}`);
    // played first, one order at a time with nothing else in flight: the latency of a server that is not saturated
    const solo = [`G-bench${workers}solo-imap`, `G-bench${workers}solo-webhook`];
    const addresses: Record<string, string> = { japanese: japan.address, allied: allies.address };
    progress(`pipeline: ${workers} worker(s), creating ${games.length + solo.length} VITP games`);
    await Promise.all(
      [...games, ...solo].map(async (gameId) => {
        const created = await s.bus.submit(gameId, `bench:create:${gameId}`, 'game.create', {
          gameId,
          ruleset: 'vitp',
          sides: Object.entries(addresses).map(([side, address]) => ({ side, player: { address } })),
        });
        const done = await s.bus.waitFor(created.id, 120_000);
        if (done.status !== 'applied') throw new Error(`game ${gameId} was not created: ${JSON.stringify(done.result)}`);
      }),
    );
    // the welcome mails (each with its map) go out first: the unloaded orders must not queue behind them
    await drainOutbox(db.db, 'welcome mails');
    const heapAtStart = await Promise.all(workerProcs.map((p) => memoryOf(p.pid!, memDir)));

    let byImap = 0;
    let byWebhook = 0;
    /** One order mail of `side` in `gameId`, by IMAP APPEND or the webhook: ms until its answer landed, and the answer's reason. */
    const order = async (gameId: string, side: string, text: string, version: number, n: number, viaImap: boolean) => {
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
      const answered = answers.expect(gameId, side, version);
      const sent = performance.now();
      if (viaImap) {
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
      return { ms: a.at - sent, reason: a.reason };
    };
    /** Plays `count` orders of a game, the sides of a step at once (`together`) or one after the other. */
    const play = async (
      gameId: string,
      viaImap: boolean,
      count: number,
      together: boolean,
      record: (ms: number, reason: string) => void,
    ) => {
      const rng = seededRng(`bench:${gameId}`);
      for (let n = 0; n < count; ) {
        const game = await s.games.load(gameId);
        const step = game.state.step;
        const sides = step ? whoIsAwaited(game.state, game.ruleset).filter((side) => addresses[side]) : [];
        if (!step || !sides.length) break;
        const texts = sides.map(
          (side) =>
            composeMail(turnOf(game.ruleset, game.state, side, step, rng) as PlayerTurn<VitpView>, { ahead: false, sentAhead: new Set() })
              .text,
        );
        const one = async (i: number) => {
          // one after the other: what the first side's order made is older than the second side's answer
          const version = together || i === 0 ? game.head.version : (await s.games.load(gameId)).head.version;
          const a = await order(gameId, sides[i], texts[i], version, n + i, viaImap);
          record(a.ms, a.reason);
        };
        if (together) await Promise.all(sides.map((_, i) => one(i)));
        else for (let i = 0; i < sides.length; i++) await one(i);
        n += sides.length;
      }
    };

    progress(`pipeline: ${workers} worker(s), unloaded latency: ${SOLO_ORDERS} orders of one game at a time`);
    const unloaded: number[] = [];
    for (const [i, gameId] of solo.entries()) await play(gameId, i === 0, SOLO_ORDERS / 2, false, (ms) => unloaded.push(ms));
    [byImap, byWebhook] = [0, 0];
    await drainOutbox(db.db, 'the unloaded orders');

    progress(`pipeline: ${workers} worker(s), ${size.ordersPerGame} orders per game by IMAP and webhook`);
    const latencies: number[] = [];
    const reasons: string[] = [];
    const cpu0 = procs.map((p) => cpuMsOf(p.pid!));
    const main0 = workerProcs.map((p) => cpuMsOf(p.pid!, p.pid!));
    const threads0 = workerProcs.map((p) => threadsCpu(p.pid!));
    const pg0 = await backendsCpu(db);
    const machine0 = machineBusyMs();
    const trees0 = readCpu();
    const mails0 = await mailCounts(db);
    const sql0 = await Promise.all(procs.map((p) => sqlCountsOf(p.pid!, memDir)));
    const t0 = performance.now();
    await Promise.all(
      games.map((gameId, g) =>
        play(gameId, g % 2 === 0, size.ordersPerGame, true, (ms, reason) => {
          latencies.push(ms);
          reasons.push(reason);
        }),
      ),
    );
    const elapsed = performance.now() - t0;
    // mails to the other side may still be going out when the last answer landed: their CPU counts too
    await drainOutbox(db.db, 'the orders');
    const mails1 = await mailCounts(db);
    const sql = sqlDelta(sql0, await Promise.all(procs.map((p) => sqlCountsOf(p.pid!, memDir))), latencies.length);
    const cpu = procs.map((p, i) => cpuMsOf(p.pid!) - cpu0[i]);
    const main = workerProcs.map((p, i) => cpuMsOf(p.pid!, p.pid!) - main0[i]);
    const byThread: Record<string, number> = {};
    workerProcs.forEach((p, i) => {
      for (const [name, ms] of threadsCpu(p.pid!)) byThread[name] = (byThread[name] ?? 0) + ms - (threads0[i].get(name) ?? 0);
    });
    const machine = machineBusyMs() - machine0;
    const trees = cpuSince(trees0);
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
      unloadedLatencyMs: percentiles(unloaded),
      // every mail of the orders is in the outbox by the time the last answer landed (the answers are among them)
      mailsPerOrder: (mails1.mails - mails0.mails) / latencies.length,
      mapMailsPerOrder: (mails1.maps - mails0.maps) / latencies.length,
      sqlPerOrder: sql.perOrder,
      sqlByStatement: sql.byStatement,
      cpuMsPerOrder: {
        workers: cpu.slice(1).reduce((a, b) => a + b, 0) / latencies.length,
        workersMainThread: main.reduce((a, b) => a + b, 0) / latencies.length,
        api: cpu[0] / latencies.length,
        postgres: pg / latencies.length,
        machine: machine / latencies.length,
        mailServers: trees.mailServers / latencies.length,
        bench: trees.bench / latencies.length,
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
    await setup.close();
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
  // the mail servers' own ceiling: as many deliveries in flight as they take
  const lmtpWide = await bareLmtpToImap(await createMailUser('bench-bare-wide'), size.bareMails, 128);
  // the ratio's denominator: the CPU a bare tiny mail costs the same processes, LMTP and SMTP alternating, 16 in flight
  const bareUser = await createMailUser('bench-bare-cpu');
  const bareCpu = await measureBareMail(size.bareCpuMails, () => bareLmtpToImap(bareUser, size.bareCpuMails, 16, true));
  progress(`pipeline ceilings: ${size.bareDrawings} map pictures drawn`);
  const drawing = await bareDrawing(size.bareDrawings);
  const runs: PipelineRun[] = [];
  for (const w of size.workers) runs.push(await pipelineRun(size, w, progress));
  const ratios: OrderCpuRatio[] = runs.map((r) =>
    orderCpuRatio(
      {
        workers: r.cpuMsPerOrder.workers,
        api: r.cpuMsPerOrder.api,
        postgres: r.cpuMsPerOrder.postgres,
        mailServers: r.cpuMsPerOrder.mailServers,
        bench: r.cpuMsPerOrder.bench,
        machine: r.cpuMsPerOrder.machine,
      },
      r.mailsPerOrder,
      bareCpu,
    ),
  );
  const cores = availableParallelism();
  const f = (p: Percentiles) => `p50 ${p.p50.toFixed(0)}  p95 ${p.p95.toFixed(0)}  p99 ${p.p99.toFixed(0)} ms`;
  const lines = [
    `Pipeline (VITP games by mail through the built API + workers; ${size.games} games, orders by IMAP APPEND and the webhook, timed to the answer in the player's Dovecot mailbox; ${mailEnv().domain})`,
    '  workers  orders  imap/webhook  ack/other    orders/s   latency                         CPU ms/order workers (main thread) + api + postgres  machine  load  worker RSS / heap after (heap before)',
    ...runs.map(
      (r) =>
        `  ${String(r.workers).padStart(7)}  ${String(r.orders).padStart(6)}  ${`${r.byImap}/${r.byWebhook}`.padStart(12)}  ${`${r.acknowledged}/${r.otherAnswers}`.padStart(9)}  ${r.perSec.toFixed(1).padStart(9)}   ${f(r.latencyMs).padEnd(30)}  ${`${r.cpuMsPerOrder.workers.toFixed(0)} (${r.cpuMsPerOrder.workersMainThread.toFixed(0)}) + ${r.cpuMsPerOrder.api.toFixed(0)} + ${r.cpuMsPerOrder.postgres.toFixed(0)}`.padStart(47)}  ${r.cpuMsPerOrder.machine.toFixed(0).padStart(7)}  ${r.loadAverage.toFixed(1).padStart(4)}  ${r.workerMemory.map((m) => `${m.rssMb}/${m.heapUsedMb} (${m.heapUsedAtStartMb}) MB`).join(', ')}`,
    ),
    ...runs.map(
      (r) =>
        `  ${r.workers} worker(s), CPU ms per order by thread still running at the end (a retired drawing thread's share is in the total only): ${Object.entries(
          r.cpuMsPerOrder.workersByThread,
        )
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', ')}`,
    ),
    ...runs.map(
      (r) =>
        `  ${r.workers} worker(s), SQL statements per order (API + workers, BEGIN/COMMIT included): ${r.sqlPerOrder.toFixed(1)}, ratio to the target of 15: ${(r.sqlPerOrder / 15).toFixed(2)}x`,
    ),
    ...runs.flatMap((r, i) => ratioLines(r.workers, ratios[i], bareCpu)),
    ...(process.env.BENCH_SQL_DETAIL
      ? runs.slice(0, 1).flatMap((r) => Object.entries(r.sqlByStatement).map(([k, n]) => `    ${n.toFixed(2).padStart(6)}  ${k}`))
      : []),
    `  unloaded (one order in flight, ${SOLO_ORDERS} orders, half by IMAP): ${runs.map((r) => `${r.workers} worker(s) ${f(r.unloadedLatencyMs)}`).join('; ')}`,
    `  ceiling: bare BullMQ jobs on the same Redis     ${bullmq.perSec.toFixed(0).padStart(6)} jobs/s    ${f(bullmq.latencyMs)}  (${bullmq.count} jobs, 16 in flight)`,
    `  ceiling: bare LMTP -> Dovecot -> IMAP read back ${lmtp.perSec.toFixed(0).padStart(6)} mails/s   ${f(lmtp.latencyMs)}  (${lmtp.count} mails, 16 in flight)`,
    `  ceiling: the same, 128 in flight               ${lmtpWide.perSec.toFixed(0).padStart(6)} mails/s   ${f(lmtpWide.latencyMs)}  (tiny mails; an answer with its map is ~150 KB)`,
    `  ceiling: drawing a mid-game VITP map picture   ${(1000 / drawing.msPerPicture).toFixed(0).padStart(6)} pictures/s per thread (${drawing.msPerPicture.toFixed(0)} ms each, ${drawing.cpuMsPerPicture.toFixed(0)} ms of CPU, ${drawing.pngKb.toFixed(0)} KB PNG; ${drawing.count} drawn)`,
    ...runs.slice(0, 1).map((r) => {
      // every order is one mail in (IMAP or webhook) and its mails out; pictures not found in the cache are drawn
      const byMail = lmtpWide.perSec / (1 + r.mailsPerOrder);
      const byDrawing = (cores * 1000) / (drawing.msPerPicture * r.mapMailsPerOrder);
      const byCpu = (cores * 1000) / r.cpuMsPerOrder.machine;
      return [
        `  what this machine allows: ${r.mailsPerOrder.toFixed(1)} mails out and ${r.mapMailsPerOrder.toFixed(1)} with a map per order -> mail delivery alone <= ${byMail.toFixed(0)} orders/s, drawing alone on ${cores} cores <= ${byDrawing.toFixed(0)} orders/s (were every picture new);`,
        `    all of an order's CPU (${r.cpuMsPerOrder.machine.toFixed(0)} ms on the machine, this bench's share included) on ${cores} cores <= ${byCpu.toFixed(0)} orders/s`,
      ].join('\n');
    }),
    '  targets (issue 14): >= 300 orders/s, p95 <= 1 s, scaling with workers',
  ];
  return {
    lines,
    figures: {
      size,
      runs,
      cpuRatios: ratios,
      bareMailCpu: bareCpu,
      ceilings: { bullmq, lmtpToImap: lmtp, lmtpToImapWide: lmtpWide, drawing, cores },
    },
  };
}
