/**
 * Crashes under load (issue 14), real worker processes on the real PostgreSQL and Redis, mail to a
 * capturing SMTP server:
 *  - the worker is killed with SIGKILL at random moments while games are created (welcome mail
 *    through the outbox) and notes appended, and restarted each time: every command applied once,
 *    in order, every log gap-free with its hash chain intact, every mail sent, none twice;
 *  - its PostgreSQL connections are cut (pg_terminate_backend): the same worker goes on.
 * KILLS (default 6) and GAMES (default 4 VITP games, 40 notes each); UMPIRE_FULL=1 for 50 kills.
 */
import type { ChildProcess } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { CommandBus } from '../../src/services/command-bus';
import { JobQueue } from '../../src/queue/job-queue';
import { QueueName } from '../../src/queue/jobs';
import { CommandInbox } from '../../src/store/commands';
import { EventStore } from '../../src/store/event-store';
import { Outbox } from '../../src/store/outbox';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { startWorkerProcess, stopProcess, waitUntil } from '../support/processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const FULL = process.env.UMPIRE_FULL === '1';
const KILLS = Number(process.env.KILLS ?? (FULL ? 50 : 6));
const GAMES = Number(process.env.GAMES ?? 4);
const NOTES = 40;
// the worker process knows the registered rulesets only (not the tests' Fleet Duel)
const VITP_SIDES = [
  { side: 'japanese', player: { address: 'japan@players.test' } },
  { side: 'allied', player: { address: 'allies@players.test' } },
];

jest.setTimeout(FULL ? 3600_000 : 240_000);

describe('worker killed at random, database connections cut', () => {
  let t: TestDatabase;
  let prefix: string;
  let jobs: JobQueue;
  let bus: CommandBus;
  let inbox: CommandInbox;
  let store: EventStore;
  let worker: ChildProcess | undefined;
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: { key: string; to: string }[] = [];

  beforeAll(async () => {
    t = await freshDatabase('kill-reconnect');
    prefix = redisPrefix('kill-reconnect');
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
    if (worker) await stopProcess(worker);
    await jobs.obliterate();
    await jobs.close();
    await new Promise<void>((r) => smtp.close(() => r()));
    await t.drop();
  });

  const start = () => {
    worker = startWorkerProcess({
      DATABASE_URL: t.url,
      REDIS_URL: REDIS,
      UMPIRE_QUEUE_PREFIX: prefix,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      OUTBOX_SWEEP_MS: '500',
      STUCK_SWEEP_MS: '1000',
      STUCK_AGE_MS: '1000',
      // names the worker's connections, so the test cuts those and not its own
      PGAPPNAME: 'umpire-kill-test-worker',
    });
  };
  const listening = () => waitUntil('the worker to listen', async () => (await jobs.workerCount(QueueName.Games)) >= 1, 60_000);

  it(`applies every command once and sends every mail once, across ${KILLS} kill -9 at random moments`, async () => {
    start();
    await listening();
    const games = Array.from({ length: GAMES }, (_, i) => `G-kill-${i}`);
    const submitting = Promise.all(
      games.map(async (g) => {
        await bus.submit(g, `create:${g}`, 'game.create', {
          gameId: g,
          ruleset: 'vitp',
          sides: VITP_SIDES,
          referee: 'ref@club.test',
        });
        for (let n = 0; n < NOTES; n++) await bus.submit(g, `${g}:note:${n}`, 'referee.note', { text: `note ${n}` });
      }),
    );
    // a seeded walk of kill moments: the same run kills at the same offsets
    let seed = 14;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let kills = 0;
    for (; kills < KILLS; kills++) {
      await new Promise((r) => setTimeout(r, 100 + rnd() * 900));
      const w = worker!;
      const gone = new Promise((r) => w.once('exit', r));
      w.kill('SIGKILL');
      await gone;
      start();
    }
    await submitting;
    await listening();
    await waitUntil('every command to be applied', async () => (await inbox.pendingCount()) === 0, FULL ? 600_000 : 120_000);
    const outbox = new Outbox(t.db);
    await waitUntil(
      'every mail to be sent',
      async () => (await Promise.all(games.map((g) => outbox.byGame(g)))).flat().every((r) => r.status === 'sent'),
      60_000,
    );
    await new Promise((r) => setTimeout(r, 2_000)); // several more outbox sweeps: nothing sent twice

    for (const g of games) {
      const log = await store.read(g);
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
      const notes = log
        .filter((e) => e.type === 'NoteAdded')
        .flatMap((e) => (e.payload as { text?: string }).text ?? [])
        .filter((x) => x.startsWith('note '));
      expect(notes).toEqual(Array.from({ length: NOTES }, (_, i) => `note ${i}`));
      expect((await store.verify(g)).ok).toBe(true);
    }
    const rows = (await Promise.all(games.map((g) => outbox.byGame(g)))).flat();
    expect(rows.length).toBeGreaterThan(0);
    const byKey = new Map<string, number>();
    for (const m of received) byKey.set(m.key, (byKey.get(m.key) ?? 0) + 1);
    const twice = [...byKey].filter(([, n]) => n > 1);
    process.stdout.write(
      `kill -9: ${kills} kills, ${GAMES} games, ${rows.length} mails in the outbox, ${received.length} received, ${twice.length} received twice\n`,
    );
    for (const r of rows) expect(byKey.get(r.idempotencyKey)).toBe(1);
  });

  it('goes on when its PostgreSQL connections are cut', async () => {
    const cut = await t.db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'umpire-kill-test-worker'`,
    );
    expect(cut[0].n).toBeGreaterThan(0);
    const g = 'G-kill-0';
    for (let n = 0; n < 5; n++) await bus.submit(g, `${g}:after-cut:${n}`, 'referee.note', { text: `after cut ${n}` });
    await waitUntil('the commands after the cut to be applied', async () => (await inbox.pendingCount()) === 0, 60_000);
    const notes = (await store.read(g))
      .filter((e) => e.type === 'NoteAdded')
      .flatMap((e) => (e.payload as { text?: string }).text ?? [])
      .filter((x) => x.startsWith('after cut'));
    expect(notes).toEqual(Array.from({ length: 5 }, (_, i) => `after cut ${i}`));
    expect(worker!.exitCode).toBeNull();
  });
});
