/**
 * Recipient injection on the real servers (issue 16): a forged From whose quoted local part holds
 * commas (`"a@x,b@y,c"@z`) once became the refusal's `to` string, which nodemailer split into
 * several recipients, and Postfix delivered one unauthenticated mail's answer to each of them.
 * Now only a single plain mailbox is ever a recipient: the forgery is recorded, not answered, and
 * the transport refuses such an address even if one reached it.
 */
import { SmtpTransport } from '../../src/app/smtp-transport';
import { buildMessage } from '../../src/mail/outbound';
import { MailRenderer } from '../../src/mail/render';
import { fetchInbox, createMailUser, ensureMailServers, mailEnv, type MailUser } from '../support/mail';
import { DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

describe('recipient injection through a forged From (Postfix + Dovecot)', () => {
  let h: ServiceHarness;
  let victims: MailUser[];
  let transport: SmtpTransport;

  beforeAll(async () => {
    const env = await ensureMailServers();
    victims = await Promise.all([createMailUser('victim-a'), createMailUser('victim-b'), createMailUser('victim-c')]);
    const players = await Promise.all([createMailUser('inject-red'), createMailUser('inject-blue')]);
    h = await startServices('recipient-injection', { MAIL_DOMAIN: env.domain, UMPIRE_ADDRESS: `umpire@${env.domain}` });
    const sides = DUEL_SIDES.map((seat, i) => ({ side: seat.side, player: { address: players[i].address } }));
    await h.s.bus.submit('G-inject', 'create:G-inject', 'game.create', { gameId: 'G-inject', ruleset: 'fleet-duel', sides });
    await h.s.inbox.drain('G-inject', h.s.bus.apply);
    transport = new SmtpTransport(env.smtpHost, env.smtpPort, `umpire@${env.domain}`);
  });
  afterAll(async () => {
    transport?.close();
    await stopServices(h);
  });

  it('answers nobody for a From that names several mailboxes, and no victim mailbox receives anything', async () => {
    const [a, b, c] = victims;
    const forged = `"${a.address},${b.address};${c.user}"@${mailEnv().domain}`;
    const raw = Buffer.from(
      [
        `From: ${forged}`,
        `To: umpire@${mailEnv().domain}`,
        'Subject: orders',
        'Message-ID: <inject-1@else.test>',
        '',
        'GAME G-inject',
        'MOVE north',
        '',
      ].join('\r\n'),
    );
    const stored = await h.s.inbound.receive('test', raw);
    const out = await h.s.ingest.ingest(stored.id);
    expect(out.status).toBe('rejected');
    expect(out.detail).toMatchObject({ unanswered: true });
    const dispatched = await h.s.outbox.dispatch(transport, 100);
    expect(dispatched).toMatchObject({ sent: 2, failed: 0 }); // the two players' welcomes, nothing else
    await new Promise((r) => setTimeout(r, 1500)); // what Postfix would deliver has time to land
    for (const v of victims) expect(await fetchInbox(v)).toHaveLength(0);
  });

  it('refuses, at the transport, to address a mail to anything but one plain mailbox', async () => {
    const [a, b] = victims;
    const rendered = new MailRenderer().render('rejection', { problem: 'x', hint: 'y' });
    const build = (to: string) =>
      buildMessage(
        {
          idempotencyKey: 'k',
          from: { address: `umpire@${mailEnv().domain}` },
          to,
          domain: mailEnv().domain,
          autoSubmitted: 'auto-replied',
        },
        rendered,
      );
    expect(() => build(`"${a.address},${b.address}"@${mailEnv().domain}`)).toThrow(/not one plain mailbox/);
    expect(() => build(`${a.address}, ${b.address}`)).toThrow(/not one plain mailbox/);
    expect(() => build(`${a.address};${b.address}`)).toThrow(/not one plain mailbox/);
    expect(() => build(`Eve <${a.address}>`)).toThrow(/not one plain mailbox/);
    const ok = build(a.address);
    await transport.send(ok as never, 'plain-one');
    const delivered = await waitForOne(a);
    expect(delivered.toString('latin1')).toMatch(new RegExp(`^To: ${a.address.replace(/[.+]/g, '\\$&')}\\r?$`, 'im'));
    expect(await fetchInbox(b)).toHaveLength(0);
  });
});

async function waitForOne(user: MailUser): Promise<Buffer> {
  for (let i = 0; i < 60; i++) {
    const box = await fetchInbox(user);
    if (box.length) return box[0].source;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail reached ${user.address}`);
}
