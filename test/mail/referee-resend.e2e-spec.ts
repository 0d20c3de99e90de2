/**
 * Issue 30, the referee's RESEND on the real servers: every mail goes through Postfix into
 * Dovecot and is read back over IMAP. The referee re-sends a side's reports to the player who
 * holds the seat now (after a REPLACE: the new address, never the old one); each arrives as it
 * was first sent, marked as a re-send, and the re-send is recorded in the game's log.
 */
import type { ParsedMail } from 'mailparser';
import { SmtpTransport } from '../../src/app/smtp-transport';
import { createMailUser, ensureMailServers, type MailUser } from '../support/mail';
import { type MailDesk, mailDesk, parsedInbox } from '../support/mail-desk';
import { type ServiceHarness, startServices, stopServices } from '../support/services';

/** a mail's text with every `from` string put as `to` */
const swapped = (m: ParsedMail, pairs: readonly (readonly [string, string])[]) =>
  pairs.reduce((t, [from, to]) => t.split(from).join(to), m.text ?? '');

describe('the referee RESENDs a side its reports (Postfix + Dovecot)', () => {
  let h: ServiceHarness;
  let transport: SmtpTransport;
  let umpire: MailUser;
  let red: MailUser;
  let blue: MailUser;
  let navy: MailUser;
  let ref: MailUser;
  let desk: MailDesk;
  const gameId = 'G-resend';

  beforeAll(async () => {
    const env = await ensureMailServers();
    [umpire, red, blue, navy, ref] = await Promise.all(['rs-ump', 'rs-red', 'rs-blue', 'rs-navy', 'rs-ref'].map((l) => createMailUser(l)));
    h = await startServices('referee-resend', { MAIL_DOMAIN: env.domain, UMPIRE_ADDRESS: umpire.address, THROTTLE_PER_HOUR: '0' });
    transport = new SmtpTransport(env.smtpHost, env.smtpPort, umpire.address);
    desk = mailDesk(h, umpire, transport, 'resend');
    // given a game whose first step is over (both sides were sent a report), then blue's seat handed to navy
    await desk.duel(gameId, red, blue, ref);
    // blue's order applied first, alone: blue is sent an acknowledgment, which is not a report (the
    // order both mails cross Postfix in is not fixed, so the test fixes it: stop 42's CI run had them
    // swapped and counted the acknowledgment as a report)
    await desk.send(blue, desk.replyTo(gameId, 'blue', blue), 'MOVE south');
    await desk.pump([gameId]);
    await desk.send(red, desk.replyTo(gameId, 'red', red), 'MOVE north');
    await desk.pump([gameId]);
    await desk.send(ref, desk.replyTo(gameId, 'referee', ref), `REPLACE blue ${navy.address} moved to another club`);
    await desk.pump([gameId]);
  }, 300_000);
  afterAll(async () => {
    transport?.close();
    await stopServices(h);
  });

  it("when the referee mails RESEND TO blue ALL, then navy (blue's player now) gets each of blue's mails as first sent, marked; blue's old address gets nothing; the log records it", async () => {
    // every mail blue was sent before the REPLACE: the welcome, the acknowledgment and the turn 2 report
    const allIn = (ms: readonly ParsedMail[]) =>
      [/: orders received/, / t2: fleet orders/].every((s) => ms.some((m) => s.test(m.subject ?? '')));
    const sentToBlue = (await parsedInbox(blue, allIn)).filter((m) => !/handed your seat/.test(m.text ?? ''));
    const blueMails = sentToBlue.filter((m) => new RegExp(`^(ACTION|FYI|GAME OVER) ${gameId} blue`).test(m.subject ?? ''));
    // RESEND sends reports and welcomes; an acknowledgment ("orders received") is neither
    const acknowledged = blueMails.filter((m) => /: orders received/.test(m.subject ?? ''));
    expect(acknowledged).toHaveLength(1);
    const blueReports = blueMails.filter((m) => !acknowledged.includes(m));
    expect(blueReports.length).toBeGreaterThan(0);
    const blueBefore = (await parsedInbox(blue)).length;

    await desk.send(ref, desk.replyTo(gameId, 'referee', ref), 'RESEND TO blue ALL his club filtered our mail');
    await desk.pump([gameId]);

    // ALL also re-sends the welcomes, so wait for every report by subject, not by count
    const everyReport = (ms: readonly ParsedMail[]) => blueReports.every((r) => ms.some((m) => m.subject === `RESEND: ${r.subject}`));
    const resent = (await parsedInbox(navy, everyReport)).filter((m) => m.subject?.startsWith('RESEND: '));
    // every report blue was sent, same text (the reply address and SECRET in it navy's own, so navy can
    // answer from it), marked in the subject and a header naming the event
    const secret = (user: MailUser) => h.s.gameService.playerSecret(gameId, 'blue', user.address);
    const nowNavy = [
      [desk.replyTo(gameId, 'blue', blue), desk.replyTo(gameId, 'blue', navy)],
      [secret(blue), secret(navy)],
    ] as const;
    for (const original of blueReports) {
      const again = resent.find((m) => m.subject === `RESEND: ${original.subject}`);
      expect(again).toBeDefined();
      expect(again!.text).toBe(swapped(original, nowNavy));
      expect(String(again!.headers.get('x-umpire-resent'))).toMatch(/^by the referee \(event \d+\); first sent \d{4}-\d\d-\d\dT/);
    }
    expect(resent.map((m) => m.subject)).not.toContain(`RESEND: ${acknowledged[0].subject}`);
    expect(resent[0].replyTo?.value[0]?.address).toBe(desk.replyTo(gameId, 'blue', navy));
    // the old address is sent nothing
    expect((await parsedInbox(blue)).length).toBe(blueBefore);
    // recorded: the side, the address now, which, every subject, the referee and the reason
    const event = (await h.s.events.read(gameId)).find((e) => e.type === 'ReportsResent');
    expect(event?.payload).toMatchObject({
      side: 'blue',
      to: navy.address,
      which: 'all',
      referee: ref.address,
      reason: 'his club filtered our mail',
    });
    expect((event!.payload as { subjects: string[] }).subjects).toEqual(expect.arrayContaining(blueReports.map((m) => m.subject)));
    expect(await h.s.events.verify(gameId)).toMatchObject({ ok: true });
    // the referee is told what went
    const done = await parsedInbox(ref, (ms) => ms.some((m) => /Done: RESEND blue ALL/.test(m.text ?? '')));
    expect(done.find((m) => /Done: RESEND blue ALL/.test(m.text ?? ''))?.text).toContain(`Re-sent to blue at ${navy.address}`);
  }, 300_000);

  it("when a player mails RESEND TO another side, then it is refused as the referee's and nothing is sent or recorded", async () => {
    const head = await h.s.events.head(gameId);
    const navyBefore = (await parsedInbox(navy)).length;
    await desk.send(red, desk.replyTo(gameId, 'red', red), 'RESEND TO blue');
    await desk.pump([gameId]);
    const refused = await parsedInbox(red, (ms) => ms.some((m) => /RESEND TO is a referee command/.test(m.text ?? '')));
    expect(refused.some((m) => /RESEND TO is a referee command/.test(m.text ?? ''))).toBe(true);
    expect(await h.s.events.head(gameId)).toEqual(head);
    expect((await parsedInbox(navy)).length).toBe(navyBefore);
  }, 300_000);
});
