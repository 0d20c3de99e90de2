/**
 * The front door end to end on the real servers: mail goes in through Postfix (SMTP), lands in
 * Dovecot over LMTP (plus-addressed to the umpire's mailbox), comes out through the IMAP reader,
 * and is parsed and authenticated; the umpire's answers go out the same way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { authenticate, replyAddress, type GameRoster, type PlayerRegistry, type ReplyAddressConfig } from '../../src/mail/auth';
import { ImapMailboxReader, InMemoryCursorStore } from '../../src/mail/imap-reader';
import { buildMessage, createSmtpTransport, outboundMessageId, sendMessage } from '../../src/mail/outbound';
import { parseMail, type ParsedMessage } from '../../src/mail/parse';
import { MailRenderer } from '../../src/mail/render';
import { createMailUser, ensureMailServers, mailEnv, sendSmtp, waitFor, waitForInbox, type MailUser } from '../support/mail';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

describe('mail pipeline on Postfix + Dovecot', () => {
  let umpire: MailUser;
  let japan: MailUser;
  let allies: MailUser;
  let config: ReplyAddressConfig;
  let registry: PlayerRegistry;
  let reader: ImapMailboxReader;
  const inbox = new Map<string, ParsedMessage>();

  beforeAll(async () => {
    const env = await ensureMailServers();
    [umpire, japan, allies] = await Promise.all([createMailUser('umpire'), createMailUser('japan'), createMailUser('allies')]);
    config = { secret: 'e2e-secret-9f8e7d6c5b4a39281706', localPart: umpire.user, domain: env.domain };
    const roster: GameRoster = {
      gameId: 'G-e2e1',
      players: [
        { side: 'japanese', address: japan.address },
        { side: 'allied', address: allies.address, secret: 'magic' },
      ],
      refereeAddresses: [],
    };
    registry = { findRoster: async (id) => (id === roster.gameId ? roster : null) };
    reader = new ImapMailboxReader({
      host: env.imapHost,
      port: env.imapPort,
      auth: { user: umpire.user, pass: umpire.password },
      cursorStore: new InMemoryCursorStore(),
      pollIntervalMs: 2000,
      onMessage: async (raw) => {
        const out = await parseMail(raw);
        if (!out.ok) throw new Error(out.rejection.message);
        inbox.set(out.message.messageId, out.message);
      },
    });
    reader.start();
    await reader.ready();
  });

  afterAll(async () => {
    await reader.stop();
  });

  const arrived = (messageId: string) => waitFor(`message ${messageId}`, () => inbox.get(messageId), 15_000);

  async function sendRaw(name: string, from = 'outsider@example.org'): Promise<ParsedMessage> {
    const raw = fixture(name);
    await sendSmtp({ envelope: { from, to: [umpire.address] }, raw });
    const id = /^Message-ID:\s*<([^>]+)>/im.exec(raw.toString('latin1'))![1];
    return arrived(id);
  }

  it('parses multipart/alternative, HTML-only and ISO-8859-1 mail as delivered', async () => {
    const [alt, html, latin] = await Promise.all([sendRaw('multipart-alternative.eml'), sendRaw('html-only.eml'), sendRaw('latin1.eml')]);
    expect(alt.textSource).toBe('plain');
    expect(alt.commands[0]).toMatchObject({
      name: 'ORDERS',
      lines: [{ text: 'Kido Butai to Coral Sea' }, { text: 'Yamato to Marshall Islands — patrol' }],
    });
    expect(html.textSource).toBe('html');
    expect(html.commands[0]).toMatchObject({
      name: 'ORDERS',
      lines: [{ text: 'Enterprise to Coral Sea' }, { text: 'Hornet to Midway' }],
    });
    expect(latin.from.name).toBe('José Müller');
    expect(latin.commands[0]).toMatchObject({
      name: 'ORDERS',
      lines: [{ text: 'Flotte française à Nouméa' }],
    });
    // Dovecot records the envelope sender; a player's mail is not automatic.
    expect(alt.automatic).toBe(false);
  });

  it('drops quoted text and signatures from a delivered reply', async () => {
    const m = await sendRaw('quoted-signature.eml');
    expect(m.commands).toEqual([
      {
        name: 'ORDERS',
        refereeOnly: false,
        lines: [
          { line: 1, text: 'Akagi to Coral Sea' },
          { line: 3, text: 'Kaga to Coral Sea' },
        ],
      },
    ]);
  });

  it('recognises auto-replies and a real Postfix bounce', async () => {
    const auto = await sendRaw('auto-submitted.eml');
    expect(auto.automaticReason).toBe('Auto-Submitted: auto-replied');
    // Mail to a user Dovecot does not know: Postfix accepts it, LMTP refuses it, and Postfix
    // bounces it to the envelope sender (here the umpire's own mailbox).
    await sendSmtp({
      from: umpire.address,
      to: `nobody-${Date.now()}@${mailEnv().domain}`,
      subject: 'into the void',
      text: 'x',
    });
    const bounce = await waitFor('the bounce', () => [...inbox.values()].find((m) => /undeliver|returned/i.test(m.subject)), 20_000);
    expect(bounce.automatic).toBe(true);
    expect(bounce.automaticReason).toMatch(/Auto-Submitted|Return-Path|MAILER-DAEMON|multipart\/report/i);
    expect(bounce.from.address).toMatch(/^mailer-daemon@/i);
  });

  it('authenticates a player replying to their tagged address, delivered by plus-addressing', async () => {
    const to = replyAddress(config, 'G-e2e1', 'japanese', japan.address);
    await sendSmtp({
      from: japan.address,
      to,
      subject: 'Re: [umpire G-e2e1] report japanese turn 1',
      text: 'Akagi to Coral Sea',
      messageId: '<auth-ok@e2e>',
    });
    const m = await arrived('auth-ok@e2e');
    expect(m.deliveredTo).toContain(to);
    expect(await authenticate(m, registry, config)).toEqual({
      ok: true,
      gameId: 'G-e2e1',
      side: 'japanese',
      role: 'player',
      via: 'reply-address',
    });
  });

  it('rejects a forged sender and an altered tag', async () => {
    const japanAddress = replyAddress(config, 'G-e2e1', 'japanese', japan.address);
    await sendSmtp({
      from: allies.address,
      to: japanAddress,
      subject: 'orders',
      text: 'Akagi to Pearl Harbor',
      messageId: '<forged@e2e>',
    });
    await sendSmtp({
      from: japan.address,
      to: japanAddress.replace(/\.[0-9a-f]{4}/, '.ffff'),
      subject: 'orders',
      text: 'x',
      messageId: '<badtag@e2e>',
    });
    await sendSmtp({
      from: allies.address,
      to: umpire.address,
      subject: '[umpire G-e2e1] orders allied',
      text: 'SECRET magic\nEnterprise to Midway',
      messageId: '<secret@e2e>',
    });
    expect(await authenticate(await arrived('forged@e2e'), registry, config)).toMatchObject({
      ok: false,
      code: 'wrong-sender',
    });
    expect(await authenticate(await arrived('badtag@e2e'), registry, config)).toMatchObject({
      ok: false,
      code: 'wrong-tag',
    });
    expect(await authenticate(await arrived('secret@e2e'), registry, config)).toMatchObject({
      ok: true,
      side: 'allied',
      via: 'body-secret',
    });
  });

  it('sends a rendered report over SMTP with threading and automatic marks', async () => {
    const env = mailEnv();
    const rendered = new MailRenderer().render('report', {
      gameId: 'G-e2e1',
      side: 'japanese',
      turn: 1,
      step: { id: 't1/movement', title: 'Turn 1: Movement (5.1)' },
      replyAddress: replyAddress(config, 'G-e2e1', 'japanese', japan.address),
      knowledge: ['You hold Truk.'],
      map: { cells: [{ kind: 'area', name: 'Truk', units: [{ side: 'japanese', count: 4 }], control: 'japanese' }] },
      narrative: [
        {
          text: 'Search at Truk',
          rule: '8.2',
          dice: [{ index: 0, purpose: 'search', rule: '8.2', faces: [5] }],
        },
      ],
      dice: { anchor: '0'.repeat(64), revealedSeeds: [] },
      latestEventHash: '1'.repeat(64),
      latestEventSeq: 42,
      next: { what: 'Orders for turn 2.', deadline: '2026-11-23T18:00:00Z', awaiting: ['japanese'] },
    });
    const key = 'G-e2e1/japan/report/7';
    const message = buildMessage(
      {
        idempotencyKey: key,
        from: { address: umpire.address, name: 'Umpire' },
        to: japan.address,
        replyTo: replyAddress(config, 'G-e2e1', 'japanese', japan.address),
        domain: env.domain,
        gameId: 'G-e2e1',
        side: 'japanese',
        autoSubmitted: 'auto-generated',
        inReplyTo: 'auth-ok@e2e',
      },
      rendered,
    );
    const transport = createSmtpTransport({ host: env.smtpHost, port: env.smtpPort });
    const result = await sendMessage(transport, message);
    transport.close();
    expect(result).toMatchObject({
      ok: true,
      messageId: outboundMessageId(key, env.domain),
      accepted: [japan.address],
    });

    const [delivered] = await waitForInbox(japan, 1);
    const parsed = await parseMail(delivered.source, { maxBytes: 1024 * 1024 });
    if (!parsed.ok) throw new Error(parsed.rejection.message);
    expect(parsed.message.messageId).toBe(outboundMessageId(key, env.domain));
    expect(parsed.message.inReplyTo).toBe('auth-ok@e2e');
    expect(parsed.message.references).toEqual(['thread.G-e2e1.japanese@umpire.test', 'auth-ok@e2e']);
    expect(parsed.message.replyTo?.address).toBe(replyAddress(config, 'G-e2e1', 'japanese', japan.address));
    expect(parsed.message.automatic).toBe(true);
    expect(parsed.message.text).toContain('die #0: [5] for search (rule 8.2)');
    const full = await simpleParser(delivered.source);
    expect(full.headers.get('auto-submitted')).toBe('auto-generated');
    expect(full.attachments.map((a) => [a.filename, a.contentType, a.cid])).toEqual([['map.png', 'image/png', 'map@umpire']]);
    expect(full.html).toContain('<img src="data:image/png;base64,');
  });

  it('reports an unreachable SMTP server as a transient failure', async () => {
    const transport = createSmtpTransport({ host: '127.0.0.1', port: 1 });
    const result = await sendMessage(transport, {
      from: 'a@umpire.test',
      to: 'b@umpire.test',
      subject: 'x',
      text: 'x',
    });
    expect(result).toMatchObject({ ok: false, permanent: false });
  });
});
