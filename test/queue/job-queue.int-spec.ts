import { JobQueue, MissingJobHandlerError } from '../../src/queue/job-queue';
import { JobName, type JobHandlers } from '../../src/queue/jobs';
import { redisPrefix } from '../support/db';
import { waitUntil } from '../support/processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('job queues on Redis (BullMQ)', () => {
  let q: JobQueue;
  const calls: string[] = [];
  let failOnce = true;

  const handlers: JobHandlers = {
    [JobName.ProcessGame]: async ({ gameId }) => {
      calls.push(`process:${gameId}`);
    },
    [JobName.IngestMail]: async ({ inboundId }) => {
      calls.push(`ingest:${inboundId}`);
      if (inboundId === 'flaky' && failOnce) {
        failOnce = false;
        throw new Error('transient failure');
      }
      if (inboundId === 'broken') throw new Error('always broken');
    },
    [JobName.DispatchOutbox]: async () => undefined,
    [JobName.GameDeadline]: async () => undefined,
    [JobName.GameReminder]: async () => undefined,
    [JobName.SweepStuck]: async () => undefined,
  };

  beforeAll(() => {
    q = new JobQueue({ redisUrl: REDIS, prefix: redisPrefix('jobs'), concurrency: 2, backoffMs: 20 });
  });
  afterAll(async () => {
    await q.obliterate();
    await q.close();
  });

  it('refuses to start workers when a job name has no handler', () => {
    const partial: JobHandlers = { ...handlers };
    delete partial[JobName.GameReminder];
    expect(() => JobQueue.assertHandlers(partial)).toThrow(MissingJobHandlerError);
    expect(() => JobQueue.assertHandlers(partial)).toThrow(/game\.reminder/);
    const noSweep: JobHandlers = { ...handlers };
    delete noSweep[JobName.SweepStuck];
    expect(() => JobQueue.assertHandlers(noSweep)).toThrow(/work\.sweep/);
    expect(() => JobQueue.assertHandlers(handlers)).not.toThrow();
  });

  it('processes a job added twice under the same job id once', async () => {
    await q.add(JobName.IngestMail, { inboundId: 'dup-1' }, { jobId: 'ingest:mailbox:1:42' });
    await q.add(JobName.IngestMail, { inboundId: 'dup-1' }, { jobId: 'ingest:mailbox:1:42' });
    q.startWorkers(handlers);
    await q.add(JobName.IngestMail, { inboundId: 'dup-1' }, { jobId: 'ingest:mailbox:1:42' });
    await q.add(JobName.ProcessGame, { gameId: 'after' });
    await waitUntil('the marker job', async () => calls.includes('process:after'));
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.filter((c) => c === 'ingest:dup-1')).toHaveLength(1);
  });

  it('retries a failing job with backoff and keeps a job that keeps failing for inspection', async () => {
    await q.add(JobName.IngestMail, { inboundId: 'flaky' });
    await waitUntil('the flaky job to succeed on retry', async () => calls.filter((c) => c === 'ingest:flaky').length >= 2, 20_000);
    await q.add(JobName.IngestMail, { inboundId: 'broken' }, { jobId: 'broken-1' });
    await waitUntil('the broken job to exhaust its retries', async () => (await q.counts()).mail.failed >= 1, 60_000);
    const failed = await q.failedJobs('mail' as never);
    expect(failed.map((f) => f.reason)).toContain('always broken');
    expect(calls.filter((c) => c === 'ingest:broken').length).toBe(6);
  }, 90_000);
});
