/**
 * WAIT/CONFIRM, the late notice and the referee's time rulings by mail on the real servers
 * (issue 10 items 4 and 6, issue 12): every message goes through Postfix (SMTP) into Dovecot, is
 * fetched over IMAP, ingested and applied on PostgreSQL (deadline jobs on Redis), and every answer
 * goes out through Postfix to the players' Dovecot mailboxes, where the test reads it over IMAP.
 * Also on real mail, the issue 10 must-shows not covered elsewhere: the welcome holds no other
 * player's address, a mail asking for orders holds the card with its default, and a refusal
 * changes nothing and says so.
 */
import { simpleParser } from 'mailparser';
import { SmtpTransport } from '../../src/app/smtp-transport';
import { formatUtc } from '../../src/mail/render';
import { commandKeyOfJob, deadlineJobId } from '../../src/services/scheduler';
import { createMailUser, ensureMailServers, fetchInbox, type MailUser } from '../support/mail';
import { flat } from '../support/text';
import { type MailDesk, mailDesk } from '../support/mail-desk';
import { type ServiceHarness, startServices, stopServices } from '../support/services';

const T0 = new Date('2026-11-21T12:00:00Z');

describe('deadlines, WAIT and time rulings by mail (Postfix + Dovecot)', () => {
  let h: ServiceHarness;
  let transport: SmtpTransport;
  let umpire: MailUser;
  let red: MailUser;
  let blue: MailUser;
  let ref: MailUser;
  let desk: MailDesk;
  let now = T0;

  beforeAll(async () => {
    const env = await ensureMailServers();
    [umpire, red, blue, ref] = await Promise.all(['dl-ump', 'dl-red', 'dl-blue', 'dl-ref'].map((l) => createMailUser(l)));
    h = await startServices(
      'deadlines-mail',
      {
        MAIL_DOMAIN: env.domain,
        UMPIRE_ADDRESS: umpire.address,
        THROTTLE_PER_HOUR: '0',
        DEADLINE_MINUTES: '600',
        DEADLINE_GRACE_MINUTES: '30',
      },
      { clock: () => now },
    );
    transport = new SmtpTransport(env.smtpHost, env.smtpPort, umpire.address);
    desk = mailDesk(h, umpire, transport, 'dl');
  }, 300_000);
  afterAll(async () => {
    transport?.close();
    await stopServices(h);
  });

  const replyTo = (gameId: string, side: string, user: MailUser) => desk.replyTo(gameId, side, user);
  const send = (from: MailUser, to: string, body: string) => desk.send(from, to, body);
  const pump = (gameIds: string | readonly string[], expected = 1) => desk.pump(gameIds, expected);
  const deliver = (gameIds: string | readonly string[]) => desk.deliver(gameIds);

  /** The mails (subject and text, its lines joined: mails wrap at phone width, issue 28) in a real mailbox about `gameId` whose text matches `pattern` (waits for `least`). */
  async function mailsOf(user: MailUser, gameId: string, pattern: RegExp, least = 1): Promise<{ subject: string; text: string }[]> {
    let hits: { subject: string; text: string }[] = [];
    for (let i = 0; i < 60; i++) {
      const all = await Promise.all(
        (await fetchInbox(user)).map(async (m) => {
          const p = await simpleParser(m.source);
          return { subject: p.subject ?? '', text: flat(p.text ?? '') };
        }),
      );
      hits = all.filter((m) => m.subject.includes(gameId) && pattern.test(m.text));
      if (hits.length >= least) return hits;
      await new Promise((r) => setTimeout(r, 100));
    }
    return hits;
  }

  /** A new game, created at `at` (T0 unless given). */
  async function create(gameId: string, at = T0): Promise<void> {
    now = at;
    await h.s.bus.submit(gameId, `create:${gameId}`, 'game.create', {
      gameId,
      ruleset: 'fleet-duel',
      sides: [
        { side: 'red', player: { address: red.address } },
        { side: 'blue', player: { address: blue.address } },
      ],
      referee: ref.address,
    });
    await deliver(gameId);
  }
  const stepOf = async (gameId: string) => (await h.s.games.load(gameId)).state.step?.id ?? null;

  /** The deadline job of the step in play fires after its grace (as BullMQ would submit it). */
  async function deadlinePasses(gameId: string): Promise<void> {
    const g = await h.s.games.load(gameId);
    const d = g.service.deadline!;
    now = new Date(Date.parse(d.graceUntil ?? d.at) + 1000);
    const job = deadlineJobId(gameId, d.stepId, new Date(d.graceUntil ?? d.at));
    await h.s.bus.submit(gameId, commandKeyOfJob(job), 'game.deadline', { gameId, stepId: d.stepId });
    await deliver(gameId);
  }

  it('the welcome holds no other address; a refusal changes nothing and says so; WAIT holds orders until CONFIRM', async () => {
    const gameId = 'G-dlwait';
    await create(gameId);
    const welcome = (await mailsOf(red, gameId, /welcome|Welcome/))[0];
    expect(welcome.text).not.toContain(blue.address);
    expect(welcome.text).not.toContain(ref.address);
    // the mail asking for orders holds the card: how to answer and the default
    expect(welcome.text).toMatch(/If nothing comes by the deadline/);

    const head = await h.s.events.head(gameId);
    await send(red, replyTo(gameId, 'red', red), 'MOVE nowhere-at-all');
    await pump(gameId);
    expect(await h.s.events.head(gameId)).toEqual(head);
    expect((await mailsOf(red, gameId, /Nothing was changed; you have no orders in for/)).length).toBe(1);

    const step = await stepOf(gameId);
    await send(red, replyTo(gameId, 'red', red), 'WAIT\nMOVE center');
    await pump(gameId);
    await send(blue, replyTo(gameId, 'blue', blue), 'MOVE north');
    await pump(gameId);
    expect(await stepOf(gameId)).toBe(step);
    const ack = await mailsOf(red, gameId, /WAIT: these orders are held/);
    expect(ack).toHaveLength(1);
    expect(ack[0].text).toContain('send CONFIRM');

    await send(red, replyTo(gameId, 'red', red), 'CONFIRM');
    await pump(gameId);
    expect(await stepOf(gameId)).not.toBe(step);
    const log = await h.s.events.read(gameId);
    expect(log.filter((e) => e.type === 'OrdersHeld' || e.type === 'OrdersReleased').map((e) => e.type)).toEqual([
      'OrdersHeld',
      'OrdersReleased',
    ]);
    expect(log.some((e) => e.type === 'DefaultOrdersApplied')).toBe(false);
  }, 300_000);

  it('WAIT by mail holds orders until the deadline; the late notice reaches every side and the referee naming who is late', async () => {
    const held = 'G-dlheld';
    await create(held);
    const step = await stepOf(held);
    await send(red, replyTo(held, 'red', red), 'WAIT\nMOVE center');
    await send(blue, replyTo(held, 'blue', blue), 'MOVE north');
    await pump(held, 2);
    expect(await stepOf(held)).toBe(step);
    await deadlinePasses(held);
    expect(await stepOf(held)).not.toBe(step);
    expect((await h.s.events.read(held)).some((e) => e.type === 'DefaultOrdersApplied')).toBe(false);

    // created after the first game's deadline, not back at T0: the umpire's clock never runs back,
    // and a mail stamped before a deadline that has been read counts after it (the intake fence)
    const late = 'G-dllate';
    await create(late, now);
    const d = (await h.s.games.load(late)).service.deadline!;
    await send(red, replyTo(late, 'red', red), 'MOVE center');
    await pump(late);
    // the deadline itself passes (its job fires): every side and the referee hear who is late
    now = new Date(Date.parse(d.at) + 1000);
    await h.s.bus.submit(late, commandKeyOfJob(deadlineJobId(late, d.stepId, new Date(d.at))), 'game.deadline', {
      gameId: late,
      stepId: d.stepId,
    });
    await deliver(late);
    for (const user of [red, ref]) {
      const told = await mailsOf(user, late, /Late: blue\. Late orders are still taken until/);
      expect(told).toHaveLength(1);
      expect(told[0].subject).toMatch(/^FYI G-dllate \w+ t1: late: blue/);
      expect(told[0].text).toContain(`passed at ${formatUtc(d.at)}.`);
    }
    // the late side itself is told in the second person, as an ACTION with its card (issue 28)
    const toldLate = await mailsOf(blue, late, /are late: the deadline passed at/);
    expect(toldLate).toHaveLength(1);
    expect(toldLate[0].subject).toMatch(/^ACTION G-dllate blue t1: /);
    expect(toldLate[0].text).toContain(`the deadline passed at ${formatUtc(d.at)}. Until ${formatUtc(d.graceUntil!)} they are still taken`);
    // the grace ends: defaults apply, and the reports say who was late
    await deadlinePasses(late);
    for (const user of [red, blue, ref]) {
      const told = await mailsOf(user, late, /Late: blue\. No orders came in time/);
      expect(told).toHaveLength(1);
      expect(told[0].text).toContain(`passed at ${formatUtc(d.at)} and its grace ended at ${formatUtc(d.graceUntil!)}`);
    }
  }, 300_000);

  it("the referee's PAUSE stops a deadline and RESUME restarts it; ABSENCE moves one; bad input is refused by mail", async () => {
    const gameId = 'G-dlpause';
    await create(gameId);
    const step = await stepOf(gameId);
    now = new Date(T0.getTime() + 100 * 60_000);
    await send(ref, replyTo(gameId, 'referee', ref), 'PAUSE club holiday');
    await pump(gameId);
    for (const user of [red, blue]) expect(await mailsOf(user, gameId, /The referee paused the game: club holiday\./)).toHaveLength(1);
    expect(await mailsOf(ref, gameId, /Done: PAUSE club holiday/)).toHaveLength(1);
    // the old deadline's job fires long after: nothing happens while paused
    now = new Date(T0.getTime() + 3000 * 60_000);
    await h.s.bus.submit(gameId, `late-job:${gameId}`, 'game.deadline', { gameId, stepId: step });
    await deliver(gameId);
    expect(await stepOf(gameId)).toBe(step);

    await send(ref, replyTo(gameId, 'referee', ref), 'RESUME');
    await pump(gameId);
    const due = new Date(now.getTime() + 500 * 60_000).toISOString();
    expect((await h.s.games.load(gameId)).service.deadline).toMatchObject({ stepId: step, at: due });
    for (const user of [red, blue])
      expect(await mailsOf(user, gameId, new RegExp(`is now ${formatUtc(due)}: the time it had left`))).toHaveLength(1);

    // ABSENCE by mail: blue away over the new deadline
    const from = due.slice(0, 10);
    const head = await h.s.events.head(gameId);
    await send(ref, replyTo(gameId, 'referee', ref), `ABSENCE green ${from} ${from}`);
    await pump(gameId);
    expect(await h.s.events.head(gameId)).toEqual(head);
    expect(await mailsOf(ref, gameId, /there is no side "green"[\s\S]*The sides are red, blue/)).toHaveLength(1);
    await send(ref, replyTo(gameId, 'referee', ref), `ABSENCE blue ${from} ${from} at sea`);
    await pump(gameId);
    const end = new Date(Date.parse(`${from}T00:00:00Z`) + 86_400_000).toISOString();
    expect((await h.s.games.load(gameId)).service.deadline).toMatchObject({ stepId: step, at: end });
    for (const user of [red, blue])
      expect(await mailsOf(user, gameId, new RegExp(`moves from ${formatUtc(due)} to ${formatUtc(end)}`))).toHaveLength(1);

    // a player may not rule on time
    const before = await h.s.events.head(gameId);
    await send(red, replyTo(gameId, 'red', red), 'PAUSE I am tired');
    await pump(gameId);
    expect(await h.s.events.head(gameId)).toEqual(before);
  }, 300_000);
});
