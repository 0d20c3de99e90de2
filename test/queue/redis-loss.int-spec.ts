import type { ChildProcess } from 'node:child_process';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { WorkerService } from '../../src/app/worker.service';
import { type Config, loadConfig } from '../../src/config/config';
import { JobName } from '../../src/queue/jobs';
import { buildServices, type Services } from '../../src/services/container';
import { deadlineJobId } from '../../src/services/scheduler';
import type { MailTransport } from '../../src/store/outbox';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { startWorkerProcess, stopProcess, waitUntil } from '../support/processes';
import { type PrivateRedis, startPrivateRedis } from '../support/redis-server';
import { DUEL_SIDES } from '../support/services';

/**
 * Redis loses everything (FLUSHALL, on a Redis of the test's own) in the middle of a game: the
 * repeating outbox and stuck-work sweeps, and the delayed deadline and reminder jobs. PostgreSQL
 * holds the record, and the workers rebuild from it: at start, and on a timer of their own while
 * they run. A deadline already passed fires once.
 */

/** A pending outbox row whose dispatch job is gone (committed, then Redis lost it): only the outbox sweep sends it. */
async function strandedMail(s: Services, key: string, gameId: string) {
  await s.outbox.enqueue([
    {
      idempotencyKey: key,
      gameId,
      recipient: 'red@players.test',
      kind: 'report',
      payload: {
        to: 'red@players.test',
        subject: `[umpire ${gameId}] stranded`,
        text: 'stored before the flush',
        messageId: `<${key}@umpire.test>`,
      },
    },
  ]);
}

const stepResolutions = async (s: Services, gameId: string, stepId: string) =>
  (await s.events.read(gameId)).filter((e) => e.type === 'StepResolved' && (e.payload as { stepId: string }).stepId === stepId);

/** The game's deadline commands (whoever submitted them: a job, or a reconciliation), with their outcome. */
async function deadlineCommands(t: TestDatabase, gameId: string) {
  return t.db.query<{ idempotency_key: string; status: string }>(
    `SELECT idempotency_key, status FROM commands WHERE game_id = $1 AND kind = 'game.deadline' ORDER BY id`,
    [gameId],
  );
}

describe('losing Redis, with a worker running', () => {
  let redis: PrivateRedis;
  let t: TestDatabase;
  let s: Services;
  let config: Config;
  let worker: WorkerService;
  let shiftMs = 0;
  const sent: string[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await freshDatabase('redis-loss');
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: t.url,
      REDIS_URL: redis.url,
      UMPIRE_QUEUE_PREFIX: redisPrefix('redis-loss'),
      THROTTLE_PER_HOUR: '0',
      DEADLINE_MINUTES: '60',
      DEADLINE_GRACE_MINUTES: '0',
      OUTBOX_SWEEP_MS: '300',
      STUCK_SWEEP_MS: '300',
      STUCK_AGE_MS: '1000',
      RECONCILE_MS: '300',
    });
    // the game's clock: moved forward to pass a deadline (BullMQ's delays keep real time)
    s = buildServices(config, { clock: () => new Date(Date.now() + shiftMs) });
    const transport: MailTransport = {
      async send(_mail, key) {
        sent.push(key);
      },
    };
    worker = new WorkerService(s, transport, pino({ level: 'silent' }), config);
    await worker.onApplicationBootstrap();
  });

  afterAll(async () => {
    await worker?.onApplicationShutdown();
    await s?.close();
    await t?.drop();
    await redis?.stop();
  });

  it('rebuilds the sweeps at once, sends the stranded mail and re-queues stuck work, and fires the passed deadline once, without a restart', async () => {
    const gameId = 'G-flush';
    const created = await s.bus.submit(gameId, 'create', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
    expect((await s.bus.waitFor(created.id, 20_000)).status).toBe('applied');
    const game = await s.games.load(gameId);
    const step = game.state.step!.id;
    const deadline = game.service.deadline!;
    const jobId = deadlineJobId(gameId, step, new Date(deadline.graceUntil!));
    expect(await s.jobs.jobState(JobName.GameDeadline, jobId)).toBe('delayed');
    expect(await s.jobs.schedule(JobName.DispatchOutbox)).toEqual({ every: 300 });

    // Redis loses everything
    expect(await redis.flushAll()).toBe(0);

    // mail committed, and a command stored, whose jobs were lost with it
    await strandedMail(s, 'stranded-1', gameId);
    const orphan = await s.inbox.submit('G-note', 'orphan-note', 'referee.note', { text: 'stored before the flush' });
    await t.db.query(`UPDATE commands SET created_at = now() - interval '1 minute' WHERE id = $1`, [orphan.id]);

    // both sweeps (a reconciliation running when Redis was flushed may have registered one before
    // the flush and the other after it: the next one, RECONCILE_MS later, restores the first)
    await waitUntil(
      'the repeating sweeps to be registered again',
      async () => (await s.jobs.schedule(JobName.SweepStuck)) !== null && (await s.jobs.schedule(JobName.DispatchOutbox)) !== null,
      10_000,
    );
    expect(await s.jobs.schedule(JobName.DispatchOutbox)).toEqual({ every: 300 });
    await waitUntil(
      'the deadline job to be scheduled again',
      async () => (await s.jobs.jobState(JobName.GameDeadline, jobId)) === 'delayed',
      10_000,
    );
    await waitUntil('the stranded mail to be sent by the outbox sweep', async () => sent.includes('stranded-1'), 10_000);
    await waitUntil('the stuck command to be applied', async () => (await s.inbox.get(orphan.id))!.status === 'applied', 10_000);
    expect(await stepResolutions(s, gameId, step)).toHaveLength(0); // the deadline is still to come

    // the deadline passes while Redis holds only a job for an hour from now (real time): the reconciliation fires it
    shiftMs = 61 * 60_000;
    await waitUntil('the passed deadline to resolve its step', async () => (await stepResolutions(s, gameId, step)).length > 0, 15_000);
    await new Promise((r) => setTimeout(r, 1500)); // several more reconciliations
    expect(await stepResolutions(s, gameId, step)).toHaveLength(1);
    const log = await s.events.read(gameId);
    expect(
      log
        .filter((e) => e.type === 'DefaultOrdersApplied')
        .map((e) => (e.payload as { side: string }).side)
        .sort(),
    ).toEqual(['blue', 'red']);
    expect(await deadlineCommands(t, gameId)).toEqual([{ idempotency_key: `job:${jobId.replace(/:/g, '_')}`, status: 'applied' }]);
    // the next step has its own deadline, scheduled in Redis
    const next = await s.games.load(gameId);
    expect(next.state.step!.id).not.toBe(step);
    const nextJob = deadlineJobId(gameId, next.state.step!.id, new Date(next.service.deadline!.graceUntil!));
    expect(next.service.deadline!.stepId).toBe(next.state.step!.id);
    await waitUntil('the next deadline job', async () => (await s.jobs.jobState(JobName.GameDeadline, nextJob)) === 'delayed', 10_000);

    // reconciling again (as every worker does, on its timer) changes nothing
    const again = await worker.reconcile();
    expect(again.schedules).toEqual([]);
    expect(again.deadlines).toEqual([{ gameId, stepId: next.state.step!.id, deadline: 'scheduled', reminder: 'scheduled' }]);
    expect(await deadlineCommands(t, gameId)).toHaveLength(1);
  }, 90_000);
});

describe('losing Redis, then starting a worker', () => {
  let redis: PrivateRedis;
  let t: TestDatabase;
  let s: Services;
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: string[] = [];
  const workers: ChildProcess[] = [];
  const prefix = redisPrefix('redis-restart');

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await freshDatabase('redis-restart');
    // the game was created 100 minutes ago, with an hour's deadline: 40 minutes overdue now
    s = buildServices(
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: t.url,
        REDIS_URL: redis.url,
        UMPIRE_QUEUE_PREFIX: prefix,
        DEADLINE_MINUTES: '60',
        DEADLINE_GRACE_MINUTES: '0',
      }),
      { clock: () => new Date(Date.now() - 100 * 60_000) },
    );
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString()));
        stream.on('end', () => {
          received.push(/X-Umpire-Key: (.*)/i.exec(raw)?.[1]?.trim() ?? '');
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => stopProcess(w)));
    await new Promise<void>((r) => smtp.close(() => r()));
    await s?.close();
    await t?.drop();
    await redis?.stop();
  });

  const startWorker = () =>
    startWorkerProcess({
      DATABASE_URL: t.url,
      REDIS_URL: redis.url,
      UMPIRE_QUEUE_PREFIX: prefix,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      OUTBOX_SWEEP_MS: '500',
      // longer than the test: what the worker recovers, it recovers as it starts
      RECONCILE_MS: String(10 * 60_000),
    });

  it('a deadline 40 minutes overdue whose job Redis lost fires once when a worker starts, and the stranded mail goes out', async () => {
    const gameId = 'G-overdue';
    const created = await s.bus.submit(gameId, 'create', 'game.create', {
      gameId,
      ruleset: 'vitp',
      sides: [
        { side: 'japanese', player: { address: 'japan@players.test' } },
        { side: 'allied', player: { address: 'allies@players.test' } },
      ],
    });
    await s.inbox.drain(gameId, s.bus.apply);
    expect((await s.inbox.get(created.id))!.status).toBe('applied');
    const game = await s.games.load(gameId);
    const step = game.state.step!.id;
    expect(new Date(game.service.deadline!.graceUntil!).getTime()).toBeLessThan(Date.now() - 39 * 60_000);

    await redis.flushAll();
    await strandedMail(s, 'stranded-2', gameId);

    workers.push(startWorker());
    await waitUntil('the overdue deadline to resolve its step', async () => (await stepResolutions(s, gameId, step)).length > 0, 60_000);
    await waitUntil('the stranded mail to be sent', async () => received.includes('stranded-2'), 30_000);
    expect(await deadlineCommands(t, gameId)).toEqual([{ idempotency_key: expect.stringMatching(/^job:deadline_/), status: 'applied' }]);

    // restarted on an empty Redis again: the passed deadline does not fire twice; the next one is scheduled
    await stopProcess(workers[0]);
    await redis.flushAll();
    workers.push(startWorker());
    const next = await s.games.load(gameId);
    const nextJob = deadlineJobId(gameId, next.state.step!.id, new Date(next.service.deadline!.graceUntil!));
    await waitUntil(
      'the next deadline job to be scheduled again',
      async () => (await s.jobs.jobState(JobName.GameDeadline, nextJob)) === 'delayed',
      30_000,
    );
    expect(await s.jobs.schedule(JobName.DispatchOutbox)).toEqual({ every: 500 });
    expect(await stepResolutions(s, gameId, step)).toHaveLength(1);
    expect(await deadlineCommands(t, gameId)).toHaveLength(1);
    expect(received.filter((k) => k === 'stranded-2')).toHaveLength(1);
  }, 120_000);
});
