import { Queue } from 'bullmq';
import { formatUtc } from '../../src/mail/render';
import { JobQueue } from '../../src/queue/job-queue';
import { JobName } from '../../src/queue/jobs';
import { commandKeyOfJob, deadlineJobId } from '../../src/services/scheduler';
import type { Services } from '../../src/services/container';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { flat } from '../support/text';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REFEREE = 'ref@players.test';
const T0 = new Date('2026-11-21T12:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/**
 * WAIT/CONFIRM, late notices, reminders and the referee's time rulings (PAUSE, RESUME, ABSENCE,
 * DEADLINE) on PostgreSQL and Redis: the events each leaves in the log, the jobs in BullMQ, and
 * the mail each side and the referee find in the outbox. Deadlines are 600 minutes, grace 30.
 */
describe('WAIT, deadlines and time rulings', () => {
  let h: ServiceHarness;
  let s: Services;
  let games: Queue;
  let now = T0;

  beforeAll(async () => {
    h = await startServices(
      'time-rulings',
      { REDIS_URL: REDIS, DEADLINE_MINUTES: '600', DEADLINE_GRACE_MINUTES: '30' },
      { clock: () => now },
    );
    s = h.s;
    games = new Queue('games', {
      connection: { host: new URL(REDIS).hostname, port: Number(new URL(REDIS).port || 6379) },
      prefix: h.prefix,
    });
  });
  afterAll(async () => {
    await games.close();
    await stopServices(h);
  });
  beforeEach(() => {
    now = T0;
  });

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const mailTo = async (gameId: string, to: string) => (await s.outbox.byGame(gameId)).filter((m) => m.recipient === to);
  const everyone = [...DUEL_SIDES.map((x) => x.player.address), REFEREE];
  const create = (gameId: string, extra: Record<string, unknown> = {}) =>
    apply(gameId, `${gameId}-create`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE, ...extra });
  const orders = (gameId: string, side: string, text: string, extra: Record<string, unknown> = {}) =>
    apply(gameId, `${gameId}-${side}-${text}-${JSON.stringify(extra)}`, 'game.orders', { gameId, side, text, via: 'test', ...extra });
  const stepOf = async (gameId: string) => (await s.gameService.status(gameId, 'referee')).view.step?.id ?? null;
  const deadlines = async (gameId: string) =>
    (await s.events.read(gameId))
      .filter((e) => e.type === 'DeadlineSet')
      .map((e) => e.payload as { stepId: string; at: string; graceUntil: string; remindAt: string | null });
  const lastDeadline = async (gameId: string) => (await deadlines(gameId)).pop()!;
  const deadlineJobs = async (gameId: string) =>
    (await games.getDelayed()).filter((j) => j.name === JobName.GameDeadline && (j.data as { gameId: string }).gameId === gameId);

  it('WAIT holds orders: the step waits for CONFIRM although every side has ordered; the acknowledgment says so', async () => {
    await create('G-wait');
    const step = await stepOf('G-wait');
    // as the mail ingest submits orders sent with WAIT
    const red = await orders('G-wait', 'red', 'MOVE center', { wait: true });
    expect(red.status).toBe('applied');
    await orders('G-wait', 'blue', 'MOVE north');
    expect(await stepOf('G-wait')).toBe(step);
    const log = await s.events.read('G-wait');
    expect(log.filter((e) => e.type === 'OrdersHeld').map((e) => e.payload)).toEqual([{ side: 'red', stepId: step }]);
    expect(log.some((e) => e.type === 'StepResolved')).toBe(false);
    const ack = (await mailTo('G-wait', 'red@players.test')).find((m) => m.kind === 'ack')!;
    expect(flat(ack.payload.text)).toContain(flat('WAIT: these orders are held. They do not complete the step: send CONFIRM'));
    const blueAck = (await mailTo('G-wait', 'blue@players.test')).find((m) => m.kind === 'ack')!;
    expect(flat(blueAck.payload.text)).not.toContain(flat('WAIT'));

    // CONFIRM from a side holding nothing is refused and changes nothing
    const head = await s.events.head('G-wait');
    const stray = await apply('G-wait', 'w-blue-confirm', 'game.confirm', { gameId: 'G-wait', side: 'blue' });
    expect(stray.status).toBe('rejected');
    expect(await s.events.head('G-wait')).toEqual(head);
    const refusal = (await mailTo('G-wait', 'blue@players.test')).find((m) => m.kind === 'rejection')!;
    expect(flat(refusal.payload.text)).toContain(flat('CONFIRM: you hold no orders for'));
    expect(flat(refusal.payload.text)).toContain(flat('Nothing was changed.'));

    const released = await apply('G-wait', 'w-red-confirm', 'game.confirm', { gameId: 'G-wait', side: 'red' });
    expect(released.result).toMatchObject({ released: step, resolved: true });
    expect(await stepOf('G-wait')).not.toBe(step);
    const after = await s.events.read('G-wait');
    expect(after.some((e) => e.type === 'StepResolved' && (e.payload as { stepId: string }).stepId === step)).toBe(true);
    // no default was needed: both sides' orders were in
    expect(after.some((e) => e.type === 'DefaultOrdersApplied')).toBe(false);
  });

  it('WAIT alone, then orders: held until the deadline, which applies them as they stand and names nobody late', async () => {
    await create('G-wait2');
    const step = await stepOf('G-wait2');
    const w = await apply('G-wait2', 'w2-wait', 'game.wait', { gameId: 'G-wait2', side: 'red' });
    expect(w.status).toBe('applied');
    const said = (await mailTo('G-wait2', 'red@players.test')).find((m) => m.kind === 'confirmation')!;
    expect(flat(said.payload.text)).toContain(flat('are held: they will not complete the step'));
    await orders('G-wait2', 'red', 'MOVE south');
    await orders('G-wait2', 'blue', 'MOVE north');
    expect(await stepOf('G-wait2')).toBe(step);
    const d = await lastDeadline('G-wait2');
    // the deadline job fires before the grace has ended: nothing yet
    now = new Date(Date.parse(d.at) + 60_000);
    const early = await apply('G-wait2', 'w2-early', 'game.deadline', { gameId: 'G-wait2', stepId: step });
    // the deadline passed, its grace runs: nobody is late (red's orders are held, not missing), nothing resolves
    expect(early.result).toEqual({ late: [], graceUntil: d.graceUntil });
    expect(await stepOf('G-wait2')).toBe(step);
    now = new Date(Date.parse(d.graceUntil) + 1000);
    await apply('G-wait2', 'w2-deadline', 'game.deadline', { gameId: 'G-wait2', stepId: step });
    expect(await stepOf('G-wait2')).not.toBe(step);
    const log = await s.events.read('G-wait2');
    expect(log.some((e) => e.type === 'DefaultOrdersApplied')).toBe(false);
    expect((await s.outbox.byGame('G-wait2')).some((m) => m.payload.text.includes('Late:'))).toBe(false);
  });

  it('at the deadline every side and the referee are told who is late, and again when the grace ends and defaults apply', async () => {
    await create('G-late');
    const step = (await stepOf('G-late'))!;
    await orders('G-late', 'red', 'MOVE center');
    const d = await lastDeadline('G-late');
    // BullMQ holds a job for the deadline itself and one for the end of its grace
    const jobs = await deadlineJobs('G-late');
    expect(jobs.map((j) => j.id).sort()).toEqual(
      [deadlineJobId('G-late', step, new Date(d.at)), deadlineJobId('G-late', step, new Date(d.graceUntil))].map(JobQueue.storedId).sort(),
    );
    // the deadline passes (as its job submits it when it fires): who is late, and until when late orders are taken
    let before = (await s.outbox.byGame('G-late')).length;
    now = new Date(Date.parse(d.at) + 1000);
    const atJob = await apply('G-late', commandKeyOfJob(deadlineJobId('G-late', step, new Date(d.at))), 'game.deadline', {
      gameId: 'G-late',
      stepId: step,
    });
    expect(atJob.result).toEqual({ late: ['blue'], graceUntil: d.graceUntil });
    expect(await stepOf('G-late')).toBe(step);
    let fresh = (await s.outbox.byGame('G-late')).slice(before);
    for (const to of everyone) {
      const mail = fresh.filter((m) => m.recipient === to);
      expect(mail).toHaveLength(1);
      if (to === 'blue@players.test') {
        // issue 28: the late side in the second person, asked for its orders, with its card
        expect(mail[0].kind).toBe('reminder');
        expect(mail[0].payload.subject).toMatch(/^ACTION G-late blue t1: your orders are late/);
        expect(flat(mail[0].payload.text)).toContain(
          flat(
            `Your orders for Turn 1: fleet orders (2.1) are late: the deadline passed at ${formatUtc(d.at)}. Until ${formatUtc(d.graceUntil)} they are still taken`,
          ),
        );
        expect(mail[0].payload.text).toContain('== Your move:');
        continue;
      }
      expect(mail[0].payload.subject).toMatch(/^FYI G-late \w+ t1: late: blue/);
      expect(flat(mail[0].payload.text)).toContain(flat(`The deadline of Turn 1`));
      expect(flat(mail[0].payload.text)).toContain(flat(`passed at ${formatUtc(d.at)}.`));
      expect(flat(mail[0].payload.text)).toContain(flat(`Late: blue. Late orders are still taken until ${formatUtc(d.graceUntil)}`));
    }
    // the grace ends: defaults for blue, and the reports say who was late
    before = (await s.outbox.byGame('G-late')).length;
    now = new Date(Date.parse(d.graceUntil) + 1000);
    await apply('G-late', commandKeyOfJob(deadlineJobId('G-late', step, new Date(d.graceUntil))), 'game.deadline', {
      gameId: 'G-late',
      stepId: step,
    });
    fresh = (await s.outbox.byGame('G-late')).slice(before);
    for (const to of everyone) {
      const mail = fresh.filter((m) => m.recipient === to && flat(m.payload.text).includes('Late: blue.'));
      expect(mail).toHaveLength(1);
      expect(flat(mail[0].payload.text)).toContain(flat(`passed at ${formatUtc(d.at)} and its grace ended at ${formatUtc(d.graceUntil)}`));
      expect(flat(mail[0].payload.text)).not.toContain(flat('Late: red'));
    }
    const log = await s.events.read('G-late');
    expect(log.filter((e) => e.type === 'DefaultOrdersApplied').map((e) => (e.payload as { side: string }).side)).toEqual(['blue']);
  });

  it('the reminder names the default that will apply and the end of grace, once', async () => {
    await create('G-remind');
    const step = await stepOf('G-remind');
    await orders('G-remind', 'red', 'MOVE center');
    const d = await lastDeadline('G-remind');
    now = new Date(d.remindAt!);
    const r = await apply('G-remind', 'rem', 'game.remind', { gameId: 'G-remind', stepId: step, remindAt: d.remindAt });
    expect(r.result).toEqual({ reminded: ['blue'] });
    const reminder = (await mailTo('G-remind', 'blue@players.test')).find((m) => m.kind === 'reminder')!;
    const text = reminder.payload.text as string;
    expect(text.match(/no orders from you/g)).toHaveLength(1);
    expect(flat(text)).toContain(`Deadline: ${formatUtc(d.at)}; late orders are still taken until ${formatUtc(d.graceUntil)}.`);
    const game = await s.games.load('G-remind');
    const defaults = game.ruleset.formatOrders(game.ruleset.defaultOrders(game.state.rules, 'blue', game.state.step!));
    expect(flat(text)).toMatch(/If nothing comes by the deadline: (these orders apply:|no orders)/);
    for (const line of defaults.split('\n').filter((l) => l.trim())) expect(text).toContain(`\n${line}\n`);
  });

  it('PAUSE stops the deadline; RESUME restarts it with the time it had left; every side is told', async () => {
    await create('G-pause');
    const step = await stepOf('G-pause');
    const d = await lastDeadline('G-pause');
    expect(d.at).toBe(minutes(600).toISOString());
    now = minutes(100);
    const p = await apply('G-pause', 'mail:p1@ref:PAUSE:1', 'game.pause', {
      gameId: 'G-pause',
      reason: 'holiday week',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(p.status).toBe('applied');
    const paused = (await s.events.read('G-pause')).find((e) => e.type === 'GamePaused')!;
    expect(paused.payload).toMatchObject({
      referee: REFEREE,
      reason: 'holiday week',
      stepId: step,
      leftMs: 500 * 60_000,
      graceMs: 530 * 60_000,
      concerns: { stepId: step, deadline: d.at },
    });
    for (const side of DUEL_SIDES) {
      const told = (await mailTo('G-pause', side.player.address)).filter((m) => m.kind === 'deadline');
      expect(told).toHaveLength(1);
      expect(told[0].payload.subject).toMatch(/^FYI G-pause \w+ t1: game paused/);
      expect(flat(told[0].payload.text)).toContain(flat('The referee paused the game: holiday week.'));
      expect(flat(told[0].payload.text)).toContain(flat('had 500 minutes left'));
    }
    // a second PAUSE is refused, naming the pause in force; nothing changes
    const head = await s.events.head('G-pause');
    const again = await apply('G-pause', 'mail:p2@ref:PAUSE:1', 'game.pause', { gameId: 'G-pause', referee: REFEREE, replyTo: REFEREE });
    expect(again.status).toBe('rejected');
    expect(await s.events.head('G-pause')).toEqual(head);
    expect((await mailTo('G-pause', REFEREE)).some((m) => m.kind === 'rejection' && m.payload.text.includes('paused already'))).toBe(true);

    // long past the old deadline and its grace: its job fires and does nothing while paused
    now = minutes(2000);
    const fired = await apply('G-pause', 'p-job', 'game.deadline', { gameId: 'G-pause', stepId: step });
    expect(JSON.stringify(fired.result)).toMatch(/paused/);
    expect(await stepOf('G-pause')).toBe(step);
    expect((await s.events.read('G-pause')).some((e) => e.type === 'DefaultOrdersApplied')).toBe(false);

    const r = await apply('G-pause', 'mail:p3@ref:RESUME:1', 'game.resume', { gameId: 'G-pause', referee: REFEREE, replyTo: REFEREE });
    expect(r.status).toBe('applied');
    const resumed = await lastDeadline('G-pause');
    expect(resumed).toMatchObject({ stepId: step, at: minutes(2500).toISOString(), graceUntil: minutes(2530).toISOString() });
    // its job is in Redis for the new end of grace
    expect((await deadlineJobs('G-pause')).map((j) => j.id)).toContain(JobQueue.storedId(deadlineJobId('G-pause', step!, minutes(2530))));
    for (const side of DUEL_SIDES) {
      const told = (await mailTo('G-pause', side.player.address)).filter(
        (m) => m.kind === 'deadline' && m.payload.text.includes('resumed'),
      );
      expect(told).toHaveLength(1);
      expect(flat(told[0].payload.text)).toContain(flat(`is now ${formatUtc(minutes(2500).toISOString())}: the time it had left`));
    }
    // RESUME when not paused: refused, nothing changed
    const head2 = await s.events.head('G-pause');
    expect((await apply('G-pause', 'mail:p4@ref:RESUME:1', 'game.resume', { gameId: 'G-pause', referee: REFEREE })).status).toBe(
      'rejected',
    );
    expect(await s.events.head('G-pause')).toEqual(head2);
  });

  it('a step that opens during a PAUSE gets no deadline until RESUME, then its full length', async () => {
    await create('G-pause2');
    now = minutes(10);
    await apply('G-pause2', 'p2-pause', 'game.pause', { gameId: 'G-pause2', referee: 'cli' });
    await orders('G-pause2', 'red', 'MOVE center');
    await orders('G-pause2', 'blue', 'MOVE north');
    const step = await stepOf('G-pause2');
    expect((await deadlines('G-pause2')).some((d) => d.stepId === step)).toBe(false);
    now = minutes(50);
    await apply('G-pause2', 'p2-resume', 'game.resume', { gameId: 'G-pause2', referee: 'cli' });
    expect(await lastDeadline('G-pause2')).toMatchObject({ stepId: step, at: minutes(650).toISOString() });
  });

  it('while paused EXTEND is refused and no deadline shows; RESUME gives back the time left, moved past an absence', async () => {
    await create('G-pause3');
    const step = await stepOf('G-pause3');
    now = minutes(60);
    await apply('G-pause3', 'p3-pause', 'game.pause', { gameId: 'G-pause3', referee: REFEREE, replyTo: REFEREE });
    const head = await s.events.head('G-pause3');
    const ext = await apply('G-pause3', 'p3-extend', 'game.extend', { gameId: 'G-pause3', byMinutes: 60, replyTo: REFEREE });
    expect(ext.status).toBe('rejected');
    expect(await s.events.head('G-pause3')).toEqual(head);
    expect((await mailTo('G-pause3', REFEREE)).some((m) => m.kind === 'rejection' && m.payload.text.includes('RESUME first'))).toBe(true);
    expect((await s.games.load('G-pause3')).service.paused).toMatchObject({ referee: REFEREE, stepId: step });
    // blue is away over the instant the time left would end at
    await apply('G-pause3', 'p3-absence', 'game.absence', {
      gameId: 'G-pause3',
      side: 'blue',
      from: '2026-11-22T00:00Z',
      to: '2026-11-23T06:00Z',
      referee: REFEREE,
    });
    now = minutes(900); // 2026-11-22 03:00: 540 minutes left would end at 12:00, inside the absence
    await apply('G-pause3', 'p3-resume', 'game.resume', { gameId: 'G-pause3', referee: REFEREE });
    expect(await lastDeadline('G-pause3')).toMatchObject({
      stepId: step,
      at: '2026-11-23T06:00:00.000Z',
      graceUntil: '2026-11-23T06:30:00.000Z',
    });
  });

  it('ABSENCE moves a deadline falling in the window to its end; bad input is refused and changes nothing', async () => {
    await create('G-abs');
    const step = await stepOf('G-abs');
    const d = await lastDeadline('G-abs');
    expect(d.at).toBe('2026-11-21T22:00:00.000Z');
    const head = await s.events.head('G-abs');
    for (const [key, payload, says] of [
      ['a1', { side: 'green', from: '2026-11-21', to: '2026-11-23' }, 'there is no side "green"'],
      ['a2', { side: 'blue', from: 'tomorrow', to: '2026-11-23' }, '"tomorrow" is not a date'],
      ['a3', { side: 'blue', from: '2026-11-23', to: '2026-11-21' }, 'the absence must end after it begins'],
    ] as const) {
      const bad = await apply('G-abs', `mail:${key}@ref:ABSENCE:1`, 'game.absence', {
        gameId: 'G-abs',
        ...payload,
        referee: REFEREE,
        replyTo: REFEREE,
      });
      expect(bad.status).toBe('rejected');
      expect(JSON.stringify(bad.result)).toContain(says.replace(/"/g, '\\"'));
    }
    expect(await s.events.head('G-abs')).toEqual(head);
    const refusals = (await mailTo('G-abs', REFEREE)).filter((m) => m.kind === 'rejection');
    expect(refusals).toHaveLength(3);
    expect(flat(refusals[0].payload.text)).toContain(flat('The sides are red, blue'));
    expect(flat(refusals[1].payload.text)).toContain(flat('Write a date (2026-12-20, read in UTC)'));

    const ok = await apply('G-abs', 'mail:a4@ref:ABSENCE:1', 'game.absence', {
      gameId: 'G-abs',
      side: 'blue',
      from: '2026-11-21',
      to: '2026-11-23',
      reason: 'travelling',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(ok.status).toBe('applied');
    const declared = (await s.events.read('G-abs')).find((e) => e.type === 'AbsenceDeclared')!;
    expect(declared.payload).toMatchObject({
      side: 'blue',
      from: '2026-11-21T00:00:00.000Z',
      to: '2026-11-24T00:00:00.000Z',
      referee: REFEREE,
      reason: 'travelling',
      concerns: { side: 'blue', stepId: step, deadline: d.at, movedTo: '2026-11-24T00:00:00.000Z' },
    });
    expect(await lastDeadline('G-abs')).toMatchObject({
      stepId: step,
      at: '2026-11-24T00:00:00.000Z',
      graceUntil: '2026-11-24T00:30:00.000Z',
    });
    for (const side of DUEL_SIDES) {
      const told = (await mailTo('G-abs', side.player.address)).filter((m) => m.kind === 'deadline');
      expect(told).toHaveLength(1);
      expect(flat(told[0].payload.text)).toContain(flat('moves from Sat 21 Nov 2026 22:00 UTC to Tue 24 Nov 2026 00:00 UTC'));
    }
    // the next step, opening inside the window, is due at its end too
    now = new Date('2026-11-22T12:00:00Z');
    await orders('G-abs', 'red', 'MOVE center');
    await orders('G-abs', 'blue', 'MOVE north');
    const next = await lastDeadline('G-abs');
    expect(next.stepId).not.toBe(step);
    expect(next.at).toBe('2026-11-24T00:00:00.000Z');
  });

  it('DEADLINE <kind> <length> sets the length of steps opening from now on; lengths per kind at creation', async () => {
    await create('G-len', { deadlines: { orders: 90 } });
    expect((await lastDeadline('G-len')).at).toBe(minutes(90).toISOString());
    const welcome = (await mailTo('G-len', 'red@players.test')).find((m) => m.kind === 'welcome')!;
    expect(flat(welcome.payload.text)).toContain(flat('each step stays open 10 hours, except orders steps 90 minutes.'));
    const head = await s.events.head('G-len');
    const bad = await apply('G-len', 'l1', 'game.deadline-length', {
      gameId: 'G-len',
      kind: 'naval',
      length: '2h',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(bad.status).toBe('rejected');
    const bad2 = await apply('G-len', 'l2', 'game.deadline-length', {
      gameId: 'G-len',
      kind: 'orders',
      length: 'soon',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(bad2.status).toBe('rejected');
    expect(await s.events.head('G-len')).toEqual(head);
    const refusals = (await mailTo('G-len', REFEREE)).filter((m) => m.kind === 'rejection').map((m) => m.payload.text as string);
    expect(refusals[0]).toContain('The kinds are orders, battle, placement');
    expect(refusals[1]).toContain('"soon" is not a length');

    const ok = await apply('G-len', 'l3', 'game.deadline-length', {
      gameId: 'G-len',
      kind: 'orders',
      length: '2d',
      reason: 'slower pace',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(ok.result).toEqual({ kind: 'orders', minutes: 2880, was: 90 });
    const set = (await s.events.read('G-len')).find((e) => e.type === 'DeadlineLengthSet')!;
    expect(set.payload).toMatchObject({ kind: 'orders', minutes: 2880, referee: REFEREE, reason: 'slower pace' });
    // the deadline in force stands; the next orders step gets two days
    expect((await lastDeadline('G-len')).at).toBe(minutes(90).toISOString());
    now = minutes(30);
    await orders('G-len', 'red', 'MOVE center');
    await orders('G-len', 'blue', 'MOVE north');
    expect((await lastDeadline('G-len')).at).toBe(minutes(30 + 2880).toISOString());
  });

  it('EXTEND: the awaited side hears the referee extended; a side that has ordered hears nothing, or an FYI under DIGEST EVERY', async () => {
    await create('G-ext2');
    await orders('G-ext2', 'red', 'MOVE center');
    const before = (await s.outbox.byGame('G-ext2')).length;
    await apply('G-ext2', 'x1', 'game.extend', { gameId: 'G-ext2', byMinutes: 60, replyTo: REFEREE });
    let fresh = (await s.outbox.byGame('G-ext2')).slice(before);
    expect(fresh.filter((m) => m.recipient === 'red@players.test')).toEqual([]);
    const blue = fresh.filter((m) => m.recipient === 'blue@players.test');
    expect(blue).toHaveLength(1);
    expect(flat(blue[0].payload.text)).toContain(flat('The referee extended the deadline of this step'));
    await apply('G-ext2', 'x2', 'game.digest', { gameId: 'G-ext2', viewer: 'red', mode: 'every' });
    const mid = (await s.outbox.byGame('G-ext2')).length;
    await apply('G-ext2', 'x3', 'game.extend', { gameId: 'G-ext2', byMinutes: 60, replyTo: REFEREE });
    fresh = (await s.outbox.byGame('G-ext2')).slice(mid);
    const red = fresh.filter((m) => m.recipient === 'red@players.test');
    expect(red).toHaveLength(1);
    expect(red[0].payload.subject).toMatch(/^FYI G-ext2 red t1: deadline extended/);
  });
});
