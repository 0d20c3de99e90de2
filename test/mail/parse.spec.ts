import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMail, type ParsedMessage } from '../../src/mail/parse';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

async function parsed(raw: Buffer | string): Promise<ParsedMessage> {
  const out = await parseMail(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
  if (!out.ok) throw new Error(`expected ok, got ${out.rejection.code}: ${out.rejection.message}`);
  return out.message;
}

function orderTexts(m: ParsedMessage): string[] {
  const orders = m.commands.find((c) => c.name === 'ORDERS');
  return orders && orders.name === 'ORDERS' ? orders.lines.map((l) => l.text) : [];
}

describe('parseMail', () => {
  it('prefers text/plain in multipart/alternative and decodes quoted-printable UTF-8', async () => {
    const m = await parsed(fixture('multipart-alternative.eml'));
    expect(m.textSource).toBe('plain');
    expect(orderTexts(m)).toEqual(['Kido Butai to Coral Sea', 'Yamato to Marshall Islands — patrol']);
    expect(m.messageId).toBe('alt-1@example.org');
    expect(m.from).toEqual({ address: 'japan@example.org', name: 'Japan Player' });
    expect(m.claimed).toEqual({ gameId: 'G-abc123', side: 'japanese', turn: 3 });
    expect(m.subjectInfo.command).toBe('ORDERS');
    expect(m.date?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(m.automatic).toBe(false);
  });

  it('converts HTML-only mail to text and drops the quoted Gmail block', async () => {
    const m = await parsed(fixture('html-only.eml'));
    expect(m.textSource).toBe('html');
    expect(m.directives.side).toBe('allied');
    expect(orderTexts(m)).toEqual(['Enterprise to Coral Sea', 'Hornet to Midway']);
    expect(m.inReplyTo).toBe('umpire.aaaa@umpire.test');
    expect(m.references).toEqual(['thread.G-abc123.allied@umpire.test', 'umpire.aaaa@umpire.test']);
    // A reply's subject ("Re: … report …") is not a command.
    expect(m.subjectInfo.command).toBeUndefined();
    expect(m.subjectInfo.reply).toBe(true);
    expect(m.claimed).toEqual({ gameId: 'G-abc123', side: 'allied', turn: 2 });
  });

  it('respects ISO-8859-1 in headers and body', async () => {
    const m = await parsed(fixture('latin1.eml'));
    expect(m.from.name).toBe('José Müller');
    expect(m.subject).toBe('[umpire G-abc123] ordres français');
    expect(orderTexts(m)).toEqual(['Flotte française à Nouméa']);
    expect(m.directives).toEqual({ gameId: 'G-abc123', side: 'allied' });
  });

  it('strips quoted lines and the signature, keeping original line numbers', async () => {
    const m = await parsed(fixture('quoted-signature.eml'));
    const orders = m.commands[0];
    expect(orders.name).toBe('ORDERS');
    if (orders.name !== 'ORDERS') return;
    expect(orders.lines).toEqual([
      { line: 1, text: 'Akagi to Coral Sea' },
      { line: 3, text: 'Kaga to Coral Sea' },
    ]);
    expect(m.text).toContain('Admiral Yamamoto');
    expect(m.to[0].address).toBe('umpire+G-abc123.japanese.0123456789abcdef0123@umpire.test');
  });

  it('cuts at an "On … wrote:" attribution wrapped over two lines', async () => {
    const m = await parsed(fixture('gmail-attribution.eml'));
    expect(orderTexts(m)).toEqual(['Soryu to Java Sea']);
    expect(m.claimed.gameId).toBe('G-abc123');
  });

  it('flags Auto-Submitted mail as automatic', async () => {
    const m = await parsed(fixture('auto-submitted.eml'));
    expect(m.automatic).toBe(true);
    expect(m.automaticReason).toBe('Auto-Submitted: auto-replied');
  });

  it('flags a bounce (empty Return-Path, MAILER-DAEMON, multipart/report)', async () => {
    const m = await parsed(fixture('bounce.eml'));
    expect(m.automatic).toBe(true);
    expect(m.automaticReason).toMatch(/Return-Path/);
    const noReturnPath = fixture('bounce.eml').toString().replace('Return-Path: <>\r\n', '');
    expect((await parsed(noReturnPath)).automaticReason).toMatch(/^sender mailer-daemon@mx.example.org$/i);
    const plainReport = noReturnPath.replace('MAILER-DAEMON@', 'reports@');
    expect((await parsed(plainReport)).automaticReason).toMatch(/multipart\/report/);
  });

  it.each([
    ['Precedence: bulk', /Precedence: bulk/],
    ['Precedence: list', /Precedence: list/],
    ['X-Autoreply: yes', /x-autoreply/],
    ['List-Id: <games.example.org>', /List-Id/],
    ['Auto-Submitted: no', null],
  ])('automatic detection: %s', async (header, reason) => {
    const m = await parsed(`From: a@example.org\r\nTo: u@umpire.test\r\nSubject: x\r\n${header}\r\n\r\nSTATUS\r\n`);
    if (reason) expect(m.automaticReason).toMatch(reason);
    else expect(m.automatic).toBe(false);
  });

  it('rejects oversized mail with a readable reason and the sender', async () => {
    const big = `From: Big <big@example.org>\r\nSubject: huge\r\nMessage-ID: <big@x>\r\n\r\n${'x'.repeat(300 * 1024)}`;
    const out = await parseMail(Buffer.from(big));
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.rejection.code).toBe('oversized');
    expect(out.rejection.message).toMatch(/more than the 256 KiB/);
    expect(out.rejection.partial).toEqual({ from: 'big@example.org', messageId: 'big@x', subject: 'huge', automatic: null });
    // the header of an oversized mail is still read for RFC 3834 marks: a machine's mail is never answered
    const auto = await parseMail(Buffer.from(big.replace('Subject: huge', 'Subject: huge\r\nAuto-Submitted: auto-replied')));
    expect(auto.ok).toBe(false);
    if (auto.ok) return;
    expect(auto.rejection.partial.automatic).toBe('Auto-Submitted: auto-replied');
    const bounce = await parseMail(Buffer.from(`Return-Path: <>\r\n${big}`));
    expect(!bounce.ok && bounce.rejection.partial.automatic).toBe('empty Return-Path (a bounce)');
    const small = await parseMail(Buffer.from(big), { maxBytes: 1024 * 1024 });
    expect(small.ok).toBe(true);
    const declared = await parseMail(Buffer.from('From: a@b.c\r\n\r\nhi'), { declaredSize: 5_000_000 });
    expect(declared.ok ? 'ok' : declared.rejection.code).toBe('oversized');
  });

  it('rejects malformed input without throwing', async () => {
    for (const raw of ['', 'just some words\nno headers', '\u0000\u0001binary']) {
      const out = await parseMail(Buffer.from(raw));
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.rejection.code).toBe('malformed');
    }
    const noFrom = await parseMail(Buffer.from('Subject: hi\r\n\r\nSTATUS\r\n'));
    expect(noFrom.ok ? 'ok' : noFrom.rejection.code).toBe('no-sender');
  });

  it('synthesizes a stable Message-ID when there is none', async () => {
    const raw = 'From: a@example.org\r\nSubject: x\r\n\r\nSTATUS\r\n';
    const a = await parsed(raw);
    const b = await parsed(raw);
    expect(a.messageIdSynthesized).toBe(true);
    expect(a.messageId).toBe(b.messageId);
  });

  it('reads the envelope recipient from Delivered-To and the Received "for" clause', async () => {
    const m = await parsed(
      [
        'Delivered-To: umpire+G-x.japanese.abcd@Umpire.Test',
        'Received: from mx.umpire.test ([127.0.0.1])\r\n\tby vm with LMTP\r\n\tfor <umpire+G-x.japanese.abcd@umpire.test>; Sat, 21 Nov 2026 21:01:11 +0000',
        'From: a@example.org',
        'Subject: x',
        '',
        'STATUS',
        '',
      ].join('\r\n'),
    );
    expect(m.deliveredTo).toEqual(['umpire+G-x.japanese.abcd@umpire.test']);
  });
});
