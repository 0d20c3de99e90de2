import pino from 'pino';
import { WorkerService } from '../../src/app/worker.service';
import { sweepStuckWork } from '../../src/services/job-handlers';
import { loadConfig } from '../../src/config/config';
import { JobQueue } from '../../src/queue/job-queue';
import { JobName, QueueName, type JobHandler, type JobHandlers } from '../../src/queue/jobs';
import { buildServices, type Services } from '../../src/services/container';
import type { MailTransport } from '../../src/store/outbox';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { waitUntil } from '../support/processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function strangerMail(id: string): Buffer {
  return Buffer.from(
    [
      'From: Stranger <stranger@elsewhere.test>',
      'To: umpire@umpire.test',
      'Subject: my orders',
      `Message-ID: <${id}@elsewhere.test>`,
      'Date: Tue, 01 Dec 2026 10:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Move everything to Midway.',
      '',
    ].join('\r\n'),
  );
}

/**
 * Work whose job was lost (never added, Redis lost it) or failed for good is found by the
 * worker's sweep and done, on real PostgreSQL and Redis, through the worker's real handlers.
 */
describe('the stuck-work sweep', () => {
  let t: TestDatabase;
  let s: Services;
  let fastJobs: JobQueue;
  let worker: WorkerService;
  const processCalls: string[] = [];
  let processBroken = false;

  beforeAll(async () => {
    t = await freshDatabase('sweep');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: t.url,
      REDIS_URL: REDIS,
      UMPIRE_QUEUE_PREFIX: redisPrefix('sweep'),
      THROTTLE_PER_HOUR: '0',
      OUTBOX_SWEEP_MS: '60000',
      // the scheduled sweep: often, but only for work older than 10 minutes (the last test)
      STUCK_SWEEP_MS: '300',
      STUCK_AGE_MS: String(10 * 60_000),
    });
    s = buildServices(config, { poolSize: 6 });
    // same queues (same prefix), but jobs it adds back off 10 ms: a job fails for good in moments
    fastJobs = new JobQueue({ redisUrl: REDIS, prefix: config.UMPIRE_QUEUE_PREFIX, backoffMs: 10 });
    const transport: MailTransport = { send: async () => undefined };
    worker = new WorkerService(s, transport, pino({ level: 'silent' }), config);
    const real = worker.handlers();
    const process = real[JobName.ProcessGame] as JobHandler<JobName.ProcessGame>;
    const handlers: JobHandlers = {
      ...real,
      [JobName.ProcessGame]: async (payload, meta) => {
        processCalls.push(payload.gameId);
        if (processBroken) throw new Error('database unreachable (simulated)');
        return process(payload, meta);
      },
    };
    worker.handlers = () => handlers;
  });

  afterAll(async () => {
    await worker.onApplicationShutdown(); // its reconciliation timer must not fire after the test
    await s.jobs.obliterate();
    await fastJobs.close();
    await s.close();
    await t.drop();
  });

  /** A command stored with no job at all (the producer died between its commit and its add), stored minutes ago. */
  async function orphanCommand(gameId: string, key: string, text: string, minutesAgo = 5): Promise<string> {
    const c = await s.inbox.submit(gameId, key, 'referee.note', { text });
    await t.db.query(`UPDATE commands SET created_at = now() - $2::int * interval '1 minute' WHERE id = $1`, [c.id, minutesAgo]);
    return c.id;
  }

  // stored with its status in the one INSERT: a message stored first and marked throttled after could be
  // taken as stored by the worker's own scheduled sweep in between (its status is the test's subject)
  async function orphanInbound(messageKey: string, minutesAgo = 5, status: 'stored' | 'throttled' = 'stored'): Promise<string> {
    const rows = await t.db.query<{ id: string }>(
      `INSERT INTO inbound_messages (source, message_id, raw, size, received_at, arrived_at, status) VALUES ('imap:INBOX', $1, $2, $3, now() - $4::int * interval '1 minute', now() - $4::int * interval '1 minute', $5) RETURNING id`,
      [`${messageKey}@elsewhere.test`, strangerMail(messageKey), strangerMail(messageKey).length, minutesAgo, status],
    );
    return String(rows[0].id);
  }

  const statusOf = async (id: string) => (await s.inbox.get(id))!.status;
  const inboundStatus = async (id: string) => (await s.inbound.get(id))!.status;

  it('queues a pending command that has no job once, however many sweeps run at once, and the worker applies it', async () => {
    const id = await orphanCommand('G-orphan', 'orphan:1', 'applied after the sweep');
    const young = await s.inbox.submit('G-young', 'young:1', 'referee.note', { text: 'just stored' });

    // three workers sweeping at the same moment (no worker is taking jobs yet)
    const sweeps = await Promise.all([1, 2, 3].map(() => sweepStuckWork(s, 60_000)));
    for (const r of sweeps) expect(r.games.map((g) => g.gameId)).toEqual(['G-orphan']); // the young command is not stuck
    expect(await s.jobs.jobState(JobName.ProcessGame, `requeue:process:G-orphan:${id}`)).toBe('waiting');
    expect((await s.jobs.counts()).games.waiting).toBe(1);

    await worker.onApplicationBootstrap(); // starts the workers and schedules both sweeps
    await waitUntil('the orphan command to be applied', async () => (await statusOf(id)) !== 'pending', 20_000);
    expect(await statusOf(id)).toBe('applied');
    expect((await s.events.read('G-orphan')).map((e) => (e.payload as { text: string }).text)).toEqual(['applied after the sweep']);
    expect(processCalls.filter((g) => g === 'G-orphan')).toEqual(['G-orphan']);
    expect(await statusOf(young.id)).toBe('pending'); // nobody queued it: nothing is swept that is not stuck
    await s.inbox.drain('G-young', s.bus.apply);
  }, 40_000);

  it('queues again a command whose job failed for good, under a new id, leaving the failed job for inspection', async () => {
    const id = await orphanCommand('G-failed', 'failed:1', 'applied once the database is back');
    processBroken = true;
    await fastJobs.add(JobName.ProcessGame, { gameId: 'G-failed' }, { jobId: `process:G-failed:${id}` });
    await waitUntil(
      'the job to fail for good',
      async () => (await s.jobs.jobState(JobName.ProcessGame, `process:G-failed:${id}`)) === 'failed',
      20_000,
    );
    expect(processCalls.filter((g) => g === 'G-failed')).toHaveLength(6);
    expect(await statusOf(id)).toBe('pending');

    processBroken = false;
    // adding under the original id does nothing: BullMQ keeps the failed job under it
    await s.jobs.add(JobName.ProcessGame, { gameId: 'G-failed' }, { jobId: `process:G-failed:${id}` });
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf(id)).toBe('pending');

    const r = await sweepStuckWork(s, 60_000);
    expect(r.games).toEqual([{ gameId: 'G-failed', commandId: id, requeued: 'added' }]);
    await waitUntil('the command to be applied', async () => (await statusOf(id)) !== 'pending', 20_000);
    expect(await statusOf(id)).toBe('applied');
    expect((await s.events.read('G-failed')).map((e) => e.seq)).toEqual([1]);
    // the failure is still there to inspect
    expect(await s.jobs.jobState(JobName.ProcessGame, `process:G-failed:${id}`)).toBe('failed');
    const failed = await s.jobs.failedJobs(QueueName.Games);
    expect(failed.find((f) => f.data && (f.data as { gameId: string }).gameId === 'G-failed')?.reason).toBe(
      'database unreachable (simulated)',
    );
  }, 60_000);

  it('queues ingestion of inbound mail still stored minutes after it arrived, and the worker ingests it', async () => {
    const id = await orphanInbound('stuck-1');
    const r = await sweepStuckWork(s, 60_000);
    expect(r.mail).toEqual([{ inboundId: id, requeued: 'added' }]);
    await waitUntil('the stored message to be ingested', async () => (await inboundStatus(id)) !== 'stored', 20_000);
    // a stranger's mail: rejected, and answered once
    expect(await inboundStatus(id)).toBe('rejected');
    const bounces = await s.outbox.byRecipient('stranger@elsewhere.test');
    expect(bounces).toHaveLength(1);
    // swept again, nothing is queued: it is done
    expect((await sweepStuckWork(s, 60_000)).mail).toEqual([]);
  }, 40_000);

  it('queues a message left throttled for hours (its delayed job lost), but not one throttled recently', async () => {
    const old = await orphanInbound('throttled-old', 7 * 60, 'throttled');
    const recent = await orphanInbound('throttled-recent', 2 * 60, 'throttled');
    const r = await sweepStuckWork(s, 60_000);
    expect(r.mail.map((m) => m.inboundId)).toEqual([old]);
    await waitUntil('the long-throttled message to be ingested', async () => (await inboundStatus(old)) !== 'throttled', 20_000);
    expect(await inboundStatus(old)).toBe('rejected'); // a stranger's mail, now answered (THROTTLE_PER_HOUR 0 means no throttle here)
    expect(await inboundStatus(recent)).toBe('throttled');
  }, 40_000);

  it('queues a stored message again when it arrives again, and not once it is processed', async () => {
    const id = await orphanInbound('again-1', 0);
    const again = await s.inbound.receive('imap:INBOX', strangerMail('again-1'));
    expect(again).toMatchObject({ id, duplicate: true });
    await waitUntil('the message to be ingested', async () => (await inboundStatus(id)) !== 'stored', 20_000);
    expect(await inboundStatus(id)).toBe('rejected');

    // a third copy of a processed message: nothing queued, nothing answered twice
    const third = await s.inbound.receive('imap:INBOX', strangerMail('again-1'));
    expect(third.duplicate).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await s.jobs.jobState(JobName.IngestMail, `requeue:ingest:${id}`)).toBe('completed');
    expect((await s.outbox.byRecipient('stranger@elsewhere.test')).filter((o) => o.idempotencyKey.startsWith('again-1'))).toHaveLength(1);
  }, 40_000);

  it('runs on its own schedule in the workers: a command and a message stuck long enough are done without anyone asking', async () => {
    const cmd = await orphanCommand('G-scheduled', 'scheduled:1', 'found by the scheduled sweep', 20);
    const mail = await orphanInbound('scheduled-1', 20);
    await waitUntil('the scheduled sweep to apply the command', async () => (await statusOf(cmd)) === 'applied', 20_000);
    await waitUntil('the scheduled sweep to ingest the message', async () => (await inboundStatus(mail)) === 'rejected', 20_000);
  }, 45_000);
});
