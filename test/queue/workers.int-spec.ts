import { execFile, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { CommandBus } from '../../src/services/command-bus';
import { JobQueue } from '../../src/queue/job-queue';
import { QueueName } from '../../src/queue/jobs';
import { CommandInbox } from '../../src/store/commands';
import { EventStore } from '../../src/store/event-store';
import { Outbox } from '../../src/store/outbox';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { ROOT, startWorkerProcess, stopProcess, waitUntil } from '../support/processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = promisify(execFile);

describe('worker processes sharing the queues', () => {
  let t: TestDatabase;
  let prefix: string;
  let jobs: JobQueue;
  let bus: CommandBus;
  let inbox: CommandInbox;
  let store: EventStore;
  const workers: ChildProcess[] = [];
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: { key: string; messageId: string; to: string }[] = [];

  beforeAll(async () => {
    t = await freshDatabase('workers');
    prefix = redisPrefix('workers');
    jobs = new JobQueue({ redisUrl: REDIS, prefix });
    store = new EventStore(t.db);
    inbox = new CommandInbox(t.db);
    bus = new CommandBus(inbox, jobs, store);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString()));
        stream.on('end', () => {
          received.push({
            key: /X-Umpire-Key: (.*)/i.exec(raw)?.[1]?.trim() ?? '',
            messageId: /Message-ID: (.*)/i.exec(raw)?.[1]?.trim() ?? '',
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => stopProcess(w)));
    await jobs.obliterate();
    await jobs.close();
    await new Promise<void>((r) => smtp.close(() => r()));
    await t.drop();
  });

  const workerEnv = () => ({
    DATABASE_URL: t.url,
    REDIS_URL: REDIS,
    UMPIRE_QUEUE_PREFIX: prefix,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    OUTBOX_SWEEP_MS: '500',
  });

  it('two worker processes apply 1,000 commands for 10 games in order, gap-free, none lost, and both do work', async () => {
    workers.push(startWorkerProcess(workerEnv()), startWorkerProcess(workerEnv()));
    // both are listening before the first command (each process has one BullMQ worker per queue)
    await waitUntil('both workers to listen', async () => (await jobs.workerCount(QueueName.Games)) === 2, 30_000);
    const games = Array.from({ length: 10 }, (_, i) => `load-${i}`);
    // each game's commands are submitted in order; the games interleave
    await Promise.all(
      games.map(async (g) => {
        for (let n = 0; n < 100; n++) await bus.submit(g, `${g}:cmd:${n}`, 'referee.note', { text: `note ${n}` });
      }),
    );
    // resubmitting is idempotent: nothing new is stored
    const again = await bus.submit('load-3', 'load-3:cmd:7', 'referee.note', { text: 'note 7' });
    expect(again.duplicate).toBe(true);

    await waitUntil('every command to be applied', async () => (await inbox.pendingCount()) === 0, 120_000);
    for (const g of games) {
      const log = await store.read(g);
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(log.map((e) => (e.payload as { text: string }).text)).toEqual(Array.from({ length: 100 }, (_, i) => `note ${i}`));
      expect((await store.verify(g)).ok).toBe(true);
    }
    const statuses = await t.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM commands GROUP BY status');
    expect(statuses).toEqual([{ status: 'applied', n: 1000 }]);

    // each process applied commands itself: BullMQ records which worker (host#pid) ran each job
    const done = await jobs.completedJobs(QueueName.Games, 2000);
    const appliedBy = new Map<string, number>();
    for (const j of done.filter((d) => d.name === 'game.process')) {
      const applied = (j.returnValue as { applied?: number } | null)?.applied ?? 0;
      appliedBy.set(j.processedBy ?? '(unknown)', (appliedBy.get(j.processedBy ?? '(unknown)') ?? 0) + applied);
    }
    const instances = workers.map((w) => `${hostname()}#${w.pid}`);
    expect([...appliedBy.keys()].sort()).toEqual([...instances].sort());
    for (const instance of instances) expect(appliedBy.get(instance)).toBeGreaterThan(0);
    // and both are still alive at the end
    for (const w of workers) {
      expect(w.exitCode).toBeNull();
      expect(w.signalCode).toBeNull();
      expect(() => process.kill(w.pid!, 0)).not.toThrow();
    }
    expect(await jobs.workerCount(QueueName.Games)).toBe(2);
  }, 180_000);

  it('an outbox row committed by a process that crashed before dispatch is sent exactly once', async () => {
    const script = join(ROOT, 'test', 'support', 'crash-after-commit.ts');
    const crash = await run(process.execPath, ['--require', 'tsx/cjs', script, t.url, 'crashy', 'japan@umpire.test'], { cwd: ROOT }).catch(
      (e: { signal?: string; stdout: string }) => e,
    );
    expect((crash as { signal?: string }).signal).toBe('SIGKILL');
    expect((crash as { stdout: string }).stdout).toContain('committed');
    const outbox = new Outbox(t.db);
    expect((await outbox.byGame('crashy')).map((r) => r.status)).toEqual(['pending']);

    // the workers' periodic sweep finds it
    await waitUntil('the report to be delivered', async () => received.some((m) => m.key === 'crashy:japan@umpire.test:report:1'), 30_000);
    await new Promise((r) => setTimeout(r, 2_000)); // several more sweeps
    const copies = received.filter((m) => m.key === 'crashy:japan@umpire.test:report:1');
    expect(copies).toHaveLength(1);
    expect(copies[0].messageId).toBe('<crashy.report.1@umpire.test>');
    expect(copies[0].to).toBe('japan@umpire.test');
    expect((await outbox.byGame('crashy')).map((r) => r.status)).toEqual(['sent']);
  }, 60_000);
});
