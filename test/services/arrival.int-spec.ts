import { JobName } from '../../src/queue/jobs';
import type { Services } from '../../src/services/container';
import { commandKeyOfJob, deadlineJobId, deadlineRecheckJobId } from '../../src/services/scheduler';
import type { TestDatabase } from '../support/db';
import { applyCommand, DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

/**
 * Issue 24, "A mail that arrives before the deadline counts before the deadline": the time that
 * counts is the mail's arrival, stamped when it is stored (IMAP and the webhook both store through
 * InboundStore.receive), not the time a worker reads it. On PostgreSQL and Redis, with the clock
 * the services are built with moved by hand.
 */
describe('issue 24: a mail counts by its arrival, not by when it is read', () => {
  let h: ServiceHarness;
  let t: TestDatabase;
  let s: Services;
  let now = new Date('2026-11-28T12:00:00Z');

  beforeAll(async () => {
    h = await startServices('arrival', { DEADLINE_MINUTES: '60', DEADLINE_GRACE_MINUTES: '30' }, { clock: () => now });
    ({ t, s } = h);
  });
  afterAll(() => stopServices(h));

  const mail = (id: string, from: string, to: string, body: string) =>
    Buffer.from([`From: ${from}`, `To: ${to}`, 'Subject: orders', `Message-ID: <${id}@players.test>`, '', body, ''].join('\r\n'));

  /** A new Fleet Duel game with red's orders in: blue is awaited. Returns its step and when its defaults apply. */
  async function gameAwaitingBlue(gameId: string): Promise<{ stepId: string; closes: Date }> {
    now = new Date(now.getTime() + 24 * 3600_000);
    expect(
      (await applyCommand(s, gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES })).status,
    ).toBe('applied');
    const red = await applyCommand(s, gameId, `red:${gameId}`, 'game.orders', { gameId, side: 'red', text: 'MOVE south', via: 'test' });
    expect(red.status).toBe('applied');
    const set = (await s.events.read(gameId)).filter((e) => e.type === 'DeadlineSet').at(-1)!.payload as {
      stepId: string;
      at: string;
      graceUntil: string;
    };
    // the deadline plus its 30 minutes' grace: when the default orders apply
    expect(Date.parse(set.graceUntil) - Date.parse(set.at)).toBe(30 * 60_000);
    return { stepId: set.stepId, closes: new Date(set.graceUntil) };
  }

  /** The deadline job's command for the step, as the job (or the reconciliation) submits it, applied. */
  const deadlineFires = (gameId: string, stepId: string, closes: Date) =>
    applyCommand(s, gameId, commandKeyOfJob(deadlineJobId(gameId, stepId, closes)), 'game.deadline', { gameId, stepId });

  const blueMail = (gameId: string, id: string) =>
    mail(id, 'blue@players.test', s.composer.replyAddressFor(gameId, 'blue', 'blue@players.test'), 'MOVE north');

  const defaultsFor = async (gameId: string, side: string) =>
    (await s.events.read(gameId)).filter((e) => e.type === 'DefaultOrdersApplied' && (e.payload as { side: string }).side === side);

  it('an order that arrived 3 ms before the deadline but is read after the deadline job ran counts, and the step waits for it', async () => {
    const gameId = 'G-intime';
    const { stepId, closes } = await gameAwaitingBlue(gameId);
    // blue's mail arrives 3 ms before the defaults apply; no worker has read it yet
    now = new Date(closes.getTime() - 3);
    const stored = await s.inbound.receive('test', blueMail(gameId, 'blue-intime'));
    const [row] = await t.db.query<{ arrived_at: Date; game_id: string | null }>(
      'SELECT arrived_at, game_id FROM inbound_messages WHERE id = $1',
      [stored.id],
    );
    expect(new Date(row.arrived_at).toISOString()).toBe(new Date(closes.getTime() - 3).toISOString());
    // the signed reply address names the game before the mail is read
    expect(row.game_id).toBe(gameId);

    // the deadline job runs a minute later, before the mail is read: the step must wait for it
    now = new Date(closes.getTime() + 60_000);
    const deadline = await deadlineFires(gameId, stepId, closes);
    expect(deadline.status).toBe('applied');
    expect(deadline.result).toMatchObject({ waiting: { mail: [stored.id], orders: 0 } });
    expect(await defaultsFor(gameId, 'blue')).toEqual([]);
    expect((await s.events.read(gameId)).some((e) => e.type === 'StepResolved')).toBe(false);
    // it looks again later in a delayed job of its own
    expect(await s.jobs.jobState(JobName.GameDeadline, deadlineRecheckJobId(gameId, stepId, closes, now.getTime()))).toBe('delayed');
    // and if Redis lost that job, the reconciliation looks again in its place (once, however many run it)
    const reconciled = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM commands WHERE game_id = $1 AND kind = 'game.deadline' AND idempotency_key LIKE '%reconciled%'`,
          [gameId],
        )
      )[0].n;
    const open = (await s.table.openDeadlines()).filter((d) => d.gameId === gameId);
    await s.scheduler.reconcile(open, s.bus, s.inbox);
    await s.scheduler.reconcile(open, s.bus, s.inbox);
    expect(await reconciled()).toBe(1);
    await s.inbox.drain(gameId, s.bus.apply);
    expect(await defaultsFor(gameId, 'blue')).toEqual([]);

    // the mail is read now: blue's orders count, and complete the step
    expect((await s.ingest.ingest(stored.id)).status).toBe('processed');
    await s.inbox.drain(gameId, s.bus.apply);
    const log = await s.events.read(gameId);
    expect(await defaultsFor(gameId, 'blue')).toEqual([]);
    const blue = log.find((e) => e.type === 'OrdersSubmitted' && (e.payload as { side: string }).side === 'blue');
    // received when it arrived, not when it was read
    expect(blue?.payload).toMatchObject({ stepId, receivedAt: new Date(closes.getTime() - 3).toISOString() });
    expect(log.some((e) => e.type === 'StepResolved' && (e.payload as { stepId: string }).stepId === stepId)).toBe(true);
    expect((await s.outbox.byRecipient('blue@players.test')).filter((r) => r.kind === 'rejection')).toEqual([]);
    // the re-check then finds the step resolved and does nothing
    const recheck = await applyCommand(
      s,
      gameId,
      commandKeyOfJob(deadlineRecheckJobId(gameId, stepId, closes, now.getTime())),
      'game.deadline',
      { gameId, stepId },
    );
    expect(JSON.stringify(recheck.result)).toMatch(/already resolved/);
  });

  it('a mail that arrives after the deadline does not count, even when it is read before the deadline job runs', async () => {
    const gameId = 'G-late';
    const { stepId, closes } = await gameAwaitingBlue(gameId);
    // 5 ms after the defaults were due; the deadline job has not run yet (a busy queue)
    now = new Date(closes.getTime() + 5);
    const stored = await s.inbound.receive('test', blueMail(gameId, 'blue-late'));
    expect((await s.ingest.ingest(stored.id)).status).toBe('processed');
    await s.inbox.drain(gameId, s.bus.apply);
    const log = await s.events.read(gameId);
    expect(log.some((e) => e.type === 'OrdersSubmitted' && (e.payload as { side: string }).side === 'blue')).toBe(false);
    expect(log.some((e) => e.type === 'StepResolved')).toBe(false);
    // blue is told why, with both times
    const refusals = (await s.outbox.byRecipient('blue@players.test')).filter((r) => r.kind === 'rejection' && r.gameId === gameId);
    expect(refusals).toHaveLength(1);
    expect(refusals[0].payload.text).toContain(
      `Your orders arrived at ${new Date(closes.getTime() + 5).toISOString()}, after the deadline of`,
    );
    expect(refusals[0].payload.text).toContain(`(${closes.toISOString()}, grace included)`);
    expect(refusals[0].payload.text).toContain('Nothing was changed.');

    // the deadline job then applies blue's default orders at once: the late mail is read, nothing to wait for
    now = new Date(closes.getTime() + 1000);
    const deadline = await deadlineFires(gameId, stepId, closes);
    expect(deadline.result).not.toHaveProperty('waiting');
    expect(await defaultsFor(gameId, 'blue')).toHaveLength(1);
  });

  it('the deadline does not wait for unread mail addressed to another game, nor for mail that arrived after it', async () => {
    const gameId = 'G-busy';
    const { stepId, closes } = await gameAwaitingBlue(gameId);
    now = new Date(closes.getTime() - 1000);
    const elsewhere = await s.inbound.receive('test', blueMail('G-elsewhere', 'blue-elsewhere'));
    now = new Date(closes.getTime() + 1);
    const after = await s.inbound.receive('test', blueMail(gameId, 'blue-after'));
    const rows = await t.db.query<{ id: string; game_id: string | null; status: string }>(
      'SELECT id, game_id, status FROM inbound_messages WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[elsewhere.id, after.id]],
    );
    expect(rows.map((r) => [r.game_id, r.status])).toEqual([
      ['G-elsewhere', 'stored'],
      [gameId, 'stored'],
    ]);
    now = new Date(closes.getTime() + 60_000);
    const deadline = await deadlineFires(gameId, stepId, closes);
    expect(deadline.result).not.toHaveProperty('waiting');
    expect(await defaultsFor(gameId, 'blue')).toHaveLength(1);
  });

  it('a throttled mail of the game, and a mail whose game is not known before it is read, hold the deadline', async () => {
    const gameId = 'G-throttled';
    const { closes } = await gameAwaitingBlue(gameId);
    now = new Date(closes.getTime() - 10_000);
    const throttled = await s.inbound.receive('test', blueMail(gameId, 'blue-throttled'));
    await s.inbound.mark(throttled.id, 'throttled', gameId, { retryAfterMs: 60_000 });
    // sent to the umpire's plain address, the game named in the body: its game is known only once read
    const plain = await s.inbound.receive(
      'test',
      mail('blue-plain', 'blue@players.test', 'umpire@umpire.test', `GAME ${gameId}\nMOVE north`),
    );
    const waiting = await s.inbound.unreadBefore(gameId, closes);
    expect(waiting.map((w) => [w.id, w.status])).toEqual([
      [throttled.id, 'throttled'],
      [plain.id, 'stored'],
    ]);
    // another game's deadline waits for the mail of unknown game, not for this game's throttled one
    expect((await s.inbound.unreadBefore('G-intime', closes)).map((w) => w.id)).toEqual([plain.id]);
  });
});
