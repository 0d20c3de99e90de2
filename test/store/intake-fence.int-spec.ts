import type { JobQueue } from '../../src/queue/job-queue';
import { InboundStore } from '../../src/store/inbound';
import { messageIdentity } from '../../src/mail/message-id';
import { freshDatabase, type TestDatabase } from '../support/db';

/**
 * Issue 33: a mail is stored in one statement, the intake lock taken inside it, after the umpire's
 * clock stamped its arrival. A deadline that reads the unread mail between that stamp and the
 * INSERT would miss a mail stamped before it; each deadline therefore records how far it has read
 * (the intake fence), and such a mail is stamped just after that point: it arrived after the
 * deadline, for the deadline and for every later reader alike.
 */
describe('intake fence: no deadline misses a mail stamped before it', () => {
  let t: TestDatabase;
  let intake: InboundStore;
  let now = new Date('2026-11-28T12:00:00.000Z');

  beforeAll(async () => {
    t = await freshDatabase('intake_fence');
    // the ingest jobs are not looked at here
    const jobs = { add: async () => undefined } as unknown as JobQueue;
    intake = new InboundStore(t.db, jobs, messageIdentity, null, { clock: () => now, gameOf: () => 'G-fence' });
  });
  afterAll(async () => t.drop());

  const mail = (id: string) =>
    Buffer.from(
      ['From: blue@players.test', 'To: umpire@umpire.test', `Message-ID: <${id}@players.test>`, '', 'MOVE north', ''].join('\r\n'),
    );
  const arrivedAt = async (id: string) =>
    new Date(
      (await t.db.query<{ arrived_at: Date }>('SELECT arrived_at FROM inbound_messages WHERE id = $1', [id]))[0].arrived_at,
    ).toISOString();
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

  it('a mail stored before the deadline reads keeps its stamp and is waited for', async () => {
    const deadline = at(now, 60_000);
    now = at(deadline, -5);
    const early = await intake.receive('test', mail('early'));
    expect(await arrivedAt(early.id)).toBe(now.toISOString());
    expect((await intake.unreadBefore('G-fence', deadline)).map((m) => m.id)).toEqual([early.id]);
  });

  it('a mail stamped before the deadline but stored after the deadline read is stamped just after it', async () => {
    const deadline = at(now, 60_000);
    // given the deadline has read the mail in transit up to its instant
    expect(await intake.unreadBefore('G-fence', deadline)).toHaveLength(1); // the earlier test's mail
    // when a mail the clock stamped 5 ms before the deadline is stored only now
    now = at(deadline, -5);
    const late = await intake.receive('test', mail('in-transit'));
    // then it arrived just after the deadline: a read for that deadline does not take it, as the deadline did not
    expect(await arrivedAt(late.id)).toBe(at(deadline, 1).toISOString());
    expect((await intake.unreadBefore('G-fence', deadline)).map((m) => m.id)).not.toContain(late.id);
    expect((await intake.unreadBefore('G-fence', at(deadline, 1))).map((m) => m.id)).toContain(late.id);
  });

  it('a mail stamped after the furthest deadline read keeps its own stamp', async () => {
    now = at(now, 3_600_000);
    const later = await intake.receive('test', mail('later'));
    expect(await arrivedAt(later.id)).toBe(now.toISOString());
  });
});
