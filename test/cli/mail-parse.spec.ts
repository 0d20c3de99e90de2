/** `umpire mail parse`: what the umpire reads from a raw mail, without a database. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/main';

const CLIENTS = join(__dirname, '..', 'mail', 'fixtures', 'clients');

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const err = jest.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  process.exitCode = 0;
  try {
    await run(['node', 'umpire', ...args]);
    return { code: Number(process.exitCode ?? 0), out: out.join('\n') };
  } finally {
    log.mockRestore();
    err.mockRestore();
    process.exitCode = 0;
  }
}

describe('umpire mail parse', () => {
  it('prints the text used, each line taken or dropped and why, and the orders as the game gets them', async () => {
    const { code, out } = await cli('mail', 'parse', join(CLIENTS, 'outlook-hard-wrapped.eml'));
    expect(code).toBe(0);
    expect(out).toContain('Text used: the text/plain part');
    expect(out).toMatch(/^ 1 \+ Patrol Akagi, Kaga, Soryu/m);
    expect(out).toMatch(/^ 6 - From: Umpire .*\[quote-header: header block of the quoted mail/m);
    expect(out).toMatch(/^11 - Game G-abc123 .*\[quoted-unmarked, as above\]/m);
    expect(out).toContain(
      'line 1: Patrol Akagi, Kaga, Soryu, Hiryu, Shokaku, Zuikaku, Ryujo, Zuiho, Hosho to Coral Sea   (lines 1 + 2 joined',
    );
  });

  it('--json: the same as data; ignored lines, --known texts of the umpire, SECRET words masked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-parse-'));
    const report = join(dir, 'report.txt');
    writeFileSync(report, 'Game G-abc123, side japanese, turn 3\nThe Allies control the Coral Sea and the Indian Ocean.\n');
    const eml = join(dir, 'reply.eml');
    writeFileSync(
      eml,
      'From: kenji@example.jp\r\nTo: umpire@umpire.test\r\nSubject: orders\r\n\r\nGAME G-abc123\r\nSECRET hunter2\r\nStay\r\nKenji\r\n\r\nGame G-abc123, side japanese, turn 3\r\nThe Allies control the Coral Sea and the Indian Ocean.\r\n',
    );
    const { code, out } = await cli('mail', 'parse', eml, '--json', '--known', report);
    expect(code).toBe(0);
    expect(out).not.toContain('hunter2');
    const r = JSON.parse(out);
    expect(r.directives).toEqual({ gameId: 'G-abc123', secret: '••••' });
    expect(r.lines.filter((l: { taken: boolean }) => !l.taken).map((l: { line: number; reason: string }) => [l.line, l.reason])).toEqual([
      [6, 'umpire-text'],
      [7, 'umpire-text'],
    ]);
    expect(r.commands).toEqual([
      {
        name: 'ORDERS',
        lines: [{ line: 3, text: 'Stay' }],
        ignored: [{ line: 4, text: 'Kenji', why: 'not an order (below the last order, read as a signature)' }],
        refereeOnly: false,
      },
    ]);
  });

  it('a mail it cannot read is named, with exit code 1; a missing file is a usage mistake', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-parse-'));
    writeFileSync(join(dir, 'junk.eml'), 'no headers here\n');
    expect(await cli('mail', 'parse', join(dir, 'junk.eml'))).toMatchObject({
      code: 1,
      out: expect.stringContaining('not read (malformed)'),
    });
    expect((await cli('mail', 'parse', join(dir, 'missing.eml'))).code).toBe(2);
  });
});

/**
 * Issue 24, "orders that are silently dropped from the mail": a full mail of each kind, read as the
 * ingest reads it (VITP's order grammar), gives the player's orders; what is set aside says why.
 */
describe('umpire mail parse --json: issue 24, a mail of each kind gives the player orders', () => {
  const SET_ASIDE = join(__dirname, '..', 'mail', 'fixtures', 'set-aside');
  type Orders = { name: 'ORDERS'; lines: { line: number; text: string }[]; ignored?: { line: number; text: string; why: string }[] };
  const parse = async (file: string, ...extra: string[]) => {
    const { code, out } = await cli('mail', 'parse', join(SET_ASIDE, file), '--json', '--ruleset', 'vitp', ...extra);
    expect(code).toBe(0);
    const r = JSON.parse(out) as { textSource: string; textPart?: string; commands: ({ name: string } | Orders)[] };
    const orders = r.commands.find((c): c is Orders => c.name === 'ORDERS');
    return { r, orders: orders?.lines.map((l) => l.text), ignored: orders?.ignored?.map((l) => [l.line, l.text, l.why]) ?? [] };
  };

  it('pasted card lines: example lines copied above the quote, one edited, are all the player orders', async () => {
    const { orders } = await parse('card-lines-pasted.eml', '--known', join(SET_ASIDE, 'card-report.txt'));
    expect(orders).toEqual(['PATROL hosho TO Japanese Islands', 'PATROL haruna TO Aleutian Islands', 'RAIDERS ise, nachi']);
  });

  it('a greeting or lead-in: lines above the first order are set aside and listed, the orders taken', async () => {
    const { orders, ignored } = await parse('greeting.eml');
    expect(orders).toEqual(['PATROL hosho TO Japanese Islands', 'RAIDERS ise, nachi, ashigara']);
    expect(ignored).toEqual([
      [1, 'Hi,', 'not an order (above the first order)'],
      [3, 'My orders for this turn:', 'not an order (above the first order)'],
      [7, 'Kenji', 'not an order (below the last order, read as a signature)'],
    ]);
  });

  it("Apple Mail's attribution without a blank line: the last order above it is kept", async () => {
    const { orders } = await parse('apple-mail-no-blank.eml');
    expect(orders).toEqual(['PATROL hosho TO Japanese Islands', 'RAIDERS ise, nachi, ashigara']);
  });

  it('orders in an HTML table (Word paste): a row is a line, cells separated by spaces', async () => {
    const { r, orders } = await parse('html-table.eml');
    expect(r.textSource).toBe('html');
    expect(orders).toEqual(['PATROL hosho TO Japanese Islands', 'PATROL haruna TO Aleutian Islands', 'RAIDERS ise, nachi, ashigara']);
  });

  it('orders in an attached text file: read when the body holds none, naming the file; the body lines listed', async () => {
    const { r, orders, ignored } = await parse('attachment.eml');
    expect(r).toMatchObject({ textSource: 'attachment', textPart: 'orders.txt' });
    expect(orders).toEqual(['PATROL hosho TO Japanese Islands', 'RAIDERS ise, nachi, ashigara']);
    expect(ignored.map(([line, text]) => [line, text])).toEqual([
      [1, 'Orders attached.'],
      [3, 'Kenji'],
    ]);
  });

  it('WAIT on any line, bullets and trailing comments: not part of the orders; hyphenated names kept', async () => {
    const { r, orders } = await parse('bullets-comments-wait.eml');
    expect(orders).toEqual([
      'PATROL hosho TO Japanese Islands',
      'PATROL haruna TO Aleutian Islands',
      'PATROL 22nd-air-flotilla TO Marianas Islands',
      'RAIDERS ise, nachi, ashigara',
    ]);
    expect(r.commands.map((c) => c.name)).toEqual(['ORDERS', 'WAIT']);
  });
});

describe('umpire mail parse --json --ruleset aa-guadalcanal: issue 24 for an A&A mail (its order-line grammar)', () => {
  const SET_ASIDE = join(__dirname, '..', 'mail', 'fixtures', 'set-aside');
  type Orders = { name: 'ORDERS'; lines: { line: number; text: string }[]; ignored?: { line: number; text: string; why: string }[] };
  const parse = async (file: string) => {
    const { code, out } = await cli('mail', 'parse', join(SET_ASIDE, file), '--json', '--ruleset', 'aa-guadalcanal');
    expect(code).toBe(0);
    const r = JSON.parse(out) as { textSource: string; ruleset: string; commands: ({ name: string } | Orders)[] };
    expect(r.ruleset).toBe('aa-guadalcanal');
    const orders = r.commands.find((c): c is Orders => c.name === 'ORDERS');
    return { r, orders: orders?.lines.map((l) => l.text), ignored: orders?.ignored?.map((l) => [l.line, l.text, l.why]) ?? [] };
  };

  it('A&A greeting or lead-in: "Hi," and "My orders for this turn:" are set aside and listed, the sign-off below too, the orders taken', async () => {
    const { orders, ignored } = await parse('aa-greeting.eml');
    expect(orders).toEqual(['LOAD TR1 WITH INF3 SUP2', 'MOVE TR1 TO J']);
    expect(ignored).toEqual([
      [1, 'Hi,', 'not an order (above the first order)'],
      [3, 'My orders for this turn:', 'not an order (above the first order)'],
      [7, 'Looking forward to the next turn.', 'not an order (below the last order, read as a signature)'],
      [8, 'Saburo', 'not an order (below the last order, read as a signature)'],
    ]);
  });

  it("A&A, Apple Mail's attribution (unquoted) directly under the last order: the last order is kept, the greeting above set aside", async () => {
    const { orders, ignored } = await parse('aa-apple-mail-no-blank.eml');
    expect(orders).toEqual(['LOAD TR1 WITH INF3 SUP2', 'MOVE TR1 TO J']);
    expect(ignored).toEqual([[1, 'Hi Umpire,', 'not an order (above the first order)']]);
  });

  it('A&A orders in an HTML table: a row is a line; the lead-in above and the name below are set aside', async () => {
    const { r, orders, ignored } = await parse('aa-html-table.eml');
    expect(r.textSource).toBe('html');
    expect(orders).toEqual(['LOAD TR1 WITH INF3 SUP2', 'MOVE TR1 TO J', 'FLY FTR2 TO New-Georgia']);
    expect(ignored.map(([, text]) => text)).toEqual(['My moves for turn 1:', 'Saburo']);
  });

  it('A&A bullets, # and -- comments, WAIT and CONFIRM among the orders, END: none of them part of the orders; the lead-in set aside, FOR sections kept', async () => {
    const { r, orders, ignored } = await parse('aa-bullets-comments-wait.eml');
    expect(orders).toEqual(['LOAD TR1 WITH INF3 SUP2', 'MOVE TR1 TO J', 'FOR FIGHTERS', 'FLY FTR2 TO New-Georgia']);
    expect(ignored).toEqual([[1, 'Here is my turn 1:', 'not an order (above the first order)']]);
    expect(r.commands.map((c) => c.name)).toEqual(['ORDERS', 'WAIT', 'CONFIRM']);
  });
});
