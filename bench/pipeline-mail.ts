/**
 * Mail plumbing of the pipeline bench: a mailbox watcher that notes when each message lands (IMAP,
 * polled every few milliseconds for new UIDs), latency percentiles, and the ceilings measured in
 * the same run: bare BullMQ jobs on the same Redis, bare LMTP delivery to Dovecot read back over
 * IMAP, and drawing a report's map picture.
 */
import { ImapFlow } from 'imapflow';
import { Queue, Worker } from 'bullmq';
import nodemailer from 'nodemailer';
import { viewFor } from '../src/engine/game';
import { playOneGame } from '../src/engine/selfplay';
import { vitpRuleset } from '../src/games/vitp';
import { drawMapPng } from '../src/mail/map-png';
import { renderMapSvg } from '../src/mail/map-svg';
import { boardOf } from '../src/engine/board-view';
import { mailEnv, type MailUser } from '../test/support/mail';

export interface Landed {
  readonly uid: number;
  readonly at: number;
  readonly headers: string;
}

/** Polls one mailbox for new messages and hands each (headers only) to `onMail` with the time it was seen. */
export class MailboxWatcher {
  private readonly client: ImapFlow;
  private last = 0;
  private seen = 0;
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    user: MailUser,
    private readonly onMail: (m: Landed) => void,
    private readonly pollMs = 20,
  ) {
    const env = mailEnv();
    this.client = new ImapFlow({
      host: env.imapHost,
      port: env.imapPort,
      secure: false,
      auth: { user: user.user, pass: user.password },
      logger: false,
    });
  }

  async start(): Promise<void> {
    await this.client.connect();
    await this.client.mailboxOpen('INBOX', { readOnly: true });
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.client.noop();
      const box = this.client.mailbox;
      if (box && box.exists > this.seen) {
        this.seen = box.exists;
        for await (const m of this.client.fetch(`${this.last + 1}:*`, { uid: true, headers: true }, { uid: true })) {
          if (m.uid <= this.last) continue;
          this.last = Math.max(this.last, m.uid);
          this.onMail({ uid: m.uid, at: performance.now(), headers: (m.headers ?? Buffer.alloc(0)).toString('latin1') });
        }
      }
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop?.catch(() => undefined);
    await this.client.logout().catch(() => this.client.close());
  }
}

/** A header's value, unfolded, or '' when absent. */
export function header(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

export interface Percentiles {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

export function percentiles(values: readonly number[]): Percentiles {
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number) => (v.length ? v[Math.min(v.length - 1, Math.ceil(q * v.length) - 1)] : Number.NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: v.length ? v[v.length - 1] : Number.NaN };
}

export interface Throughput {
  readonly count: number;
  readonly perSec: number;
  readonly latencyMs: Percentiles;
}

/** Runs `task` `count` times with at most `concurrency` in flight; each resolves to its latency in ms. */
export async function closedLoop(count: number, concurrency: number, task: (i: number) => Promise<number>): Promise<Throughput> {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) latencies.push(await task(next++));
    }),
  );
  return { count, perSec: (count * 1000) / (performance.now() - t0), latencyMs: percentiles(latencies) };
}

/** Bare BullMQ: jobs added one by one (`concurrency` producers), a worker that does nothing, completion seen by the producer. */
export async function bareBullmq(redisUrl: string, prefix: string, count: number, concurrency: number): Promise<Throughput> {
  const connection = { url: redisUrl };
  const queue = new Queue('bare', { connection, prefix });
  const worker = new Worker('bare', async () => 'ok', { connection, prefix, concurrency });
  const { QueueEvents } = await import('bullmq');
  const events = new QueueEvents('bare', { connection, prefix });
  await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
  const waiting = new Map<string, () => void>();
  events.on('completed', ({ jobId }) => waiting.get(jobId)?.());
  try {
    return await closedLoop(count, concurrency, async (i) => {
      const t0 = performance.now();
      const done = new Promise<void>((r) => waiting.set(`bare-${i}`, r));
      await queue.add('noop', { i }, { jobId: `bare-${i}`, removeOnComplete: true });
      await done;
      waiting.delete(`bare-${i}`);
      return performance.now() - t0;
    });
  } finally {
    await worker.close();
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

/**
 * Bare delivery: messages handed to Dovecot over LMTP (or with `smtpToo`, every other one to
 * Postfix over SMTP, the path of the umpire's own mails), each timed until an IMAP watcher sees it land.
 */
export async function bareLmtpToImap(to: MailUser, count: number, concurrency: number, smtpToo = false): Promise<Throughput> {
  const env = mailEnv();
  const pending = new Map<string, () => void>();
  const watcher = new MailboxWatcher(to, (m) => pending.get(header(m.headers, 'Message-ID'))?.());
  await watcher.start();
  const lmtp = nodemailer.createTransport({ host: env.smtpHost, port: env.lmtpPort, lmtp: true, secure: false, ignoreTLS: true } as never);
  const smtp = nodemailer.createTransport({
    host: env.smtpHost,
    port: env.smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: concurrency,
  });
  try {
    return await closedLoop(count, concurrency, async (i) => {
      const id = `<bare-${i}-${Date.now()}@bench.test>`;
      const landed = new Promise<void>((r) => pending.set(id, r));
      const t0 = performance.now();
      await (smtpToo && i % 2 === 1 ? smtp : lmtp).sendMail({
        envelope: { from: 'bench@bench.test', to: [to.address] },
        raw: `From: bench@bench.test\r\nTo: ${to.address}\r\nSubject: bare ${i}\r\nMessage-ID: ${id}\r\n\r\nbare delivery ${i}\r\n`,
      });
      await landed;
      pending.delete(id);
      return performance.now() - t0;
    });
  } finally {
    lmtp.close();
    smtp.close();
    await watcher.stop();
  }
}

/**
 * The third ceiling: drawing a report's map picture (map-png.ts, on its own thread), for the map
 * the Allies see after `steps` steps of a self-played VITP game. Each drawing has its own title,
 * so none is served from the cache of pictures already drawn: ms of the drawing thread a picture.
 */
export async function bareDrawing(
  count: number,
  steps = 300,
): Promise<{ count: number; msPerPicture: number; cpuMsPerPicture: number; pngKb: number }> {
  let svg = '';
  let seen = 0;
  playOneGame(vitpRuleset as never, 'bench-drawing', {
    reload: (s) => {
      if (++seen === steps) {
        const map = boardOf(viewFor(s as never, 'allied' as never, vitpRuleset as never).board).map!;
        svg = renderMapSvg(map, 'Victory in the Pacific G-bench, turn 3: the map');
      }
      return s;
    },
  });
  await drawMapPng(svg.replace('G-bench', 'G-warm')); // the thread started, its font subsets made
  let bytes = 0;
  const t0 = performance.now();
  // this process's CPU, every thread: the drawing thread's, and the little the main thread does meanwhile
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < count; i++) bytes += (await drawMapPng(svg.replace('G-bench', `G-bench${i}`))).png.length;
  const cpu = process.cpuUsage(cpu0);
  return {
    count,
    msPerPicture: (performance.now() - t0) / count,
    cpuMsPerPicture: (cpu.user + cpu.system) / 1000 / count,
    pngKb: bytes / count / 1024,
  };
}
