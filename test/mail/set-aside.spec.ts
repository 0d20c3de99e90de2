/**
 * Issue 24, "orders that are silently dropped from the mail": each rule alone, on the pure reading
 * code (reply.ts, commands.ts, html-text.ts). Whole mails go through `umpire mail parse` in
 * test/cli/mail-parse.spec.ts, and the acknowledgment and refusal in test/services/set-aside.int-spec.ts.
 */
import { guadalcanalOrderLines } from '../../src/games/aa-guadalcanal/orders-grammar';
import { vitpOrderLines } from '../../src/games/vitp/orders/grammar';
import { extractCommands, type MailCommand } from '../../src/mail/commands';
import { emptyMailRefusal } from '../../src/mail/empty-mail';
import { htmlToPlayerText } from '../../src/mail/html-text';
import { shapeOrdersCommand } from '../../src/mail/order-lines';
import { extractReply } from '../../src/mail/reply';

const looksLikeOrder = (l: string) => vitpOrderLines.startsOrder(l) || vitpOrderLines.mentionsGame(l);
const kept = (text: string, extra: Partial<Parameters<typeof extractReply>[0]> = {}) =>
  extractReply({ text, ...extra })
    .lines.filter((l) => l.text.trim())
    .map((l) => l.text);
const numbered = (...texts: string[]) => texts.map((text, i) => ({ line: i + 1, text }));
type Orders = Extract<MailCommand, { name: 'ORDERS' }>;
const ordersOf = (commands: readonly MailCommand[]) => commands.find((c): c is Orders => c.name === 'ORDERS');

describe('issue 24: pasted card lines are the player orders, not quoted text', () => {
  // the umpire's text as a client's rendering may leave it: the card's example among the known lines
  const known = [
    [
      'Game G-abc123 (Victory in the Pacific), side japanese, turn 1',
      'How to answer: reply to this mail with your orders, one per line.',
      'PATROL hosho TO Japanese Islands',
      'PATROL haruna TO Aleutian Islands',
      'RAIDERS ise, nachi, ashigara',
      'If nothing comes by the deadline: these orders apply:',
    ].join('\n'),
  ];
  const cardLines = ['PATROL hosho TO Japanese Islands', 'PATROL haruna TO Aleutian Islands', 'RAIDERS ise, nachi, ashigara'];

  it('pasted card lines: all three pasted above the quote are kept (not "no orders")', () => {
    const text = [
      ...cardLines,
      '',
      'On Sat, 21 Nov 2026 at 20:00, Umpire <u@umpire.test> wrote:',
      ...known[0].split('\n').map((l) => `> ${l}`),
    ].join('\n');
    expect(kept(text, { knownTexts: known, looksLikeOrder })).toEqual([...cardLines]);
  });

  it('pasted card lines: one edited, the unedited ones are kept too', () => {
    const mine = [cardLines[0], cardLines[1], 'RAIDERS ise, nachi'];
    expect(kept([...mine, '', ...known[0].split('\n').map((l) => `> ${l}`)].join('\n'), { knownTexts: known, looksLikeOrder })).toEqual(
      mine,
    );
  });

  it("pasted card lines: the umpire's mail pasted unmarked below the orders is still quoted text", () => {
    const text = [...cardLines, '', ...known[0].split('\n')].join('\n');
    expect(kept(text, { knownTexts: known, looksLikeOrder })).toEqual(cardLines);
  });
});

describe("issue 24: Apple Mail's attribution without a blank line", () => {
  const attribution = 'On 21 Nov 2026, at 20:00, Umpire <umpire+G-abc123.japanese.0123@umpire.test> wrote:';

  it('Apple Mail attribution: the last order directly above "> On … wrote:" is kept', () => {
    expect(kept(`PATROL hosho TO Japanese Islands\nRAIDERS ise, nachi\n> ${attribution}\n>\n> Game G-abc123`)).toEqual([
      'PATROL hosho TO Japanese Islands',
      'RAIDERS ise, nachi',
    ]);
  });

  it('Apple Mail attribution, unquoted and with no blank line: the order above it is kept', () => {
    expect(
      kept(`PATROL hosho TO Japanese Islands\nLBA 22nd-air-flotilla TO Marianas Islands\n${attribution}\n\n> Game G-abc123`, {
        looksLikeOrder,
      }),
    ).toEqual(['PATROL hosho TO Japanese Islands', 'LBA 22nd-air-flotilla TO Marianas Islands']);
  });
});

describe('issue 24: a greeting or lead-in above the orders', () => {
  it('greeting or lead-in: set aside and listed with why, the orders kept', () => {
    const orders = ordersOf(
      extractCommands(numbered('Hi,', 'My orders for this turn:', 'PATROL hosho TO Japanese Islands'), undefined, looksLikeOrder).commands,
    );
    expect(orders?.lines).toEqual([{ line: 3, text: 'PATROL hosho TO Japanese Islands' }]);
    expect(orders?.ignored).toEqual([
      { line: 1, text: 'Hi,', why: 'not an order (above the first order)' },
      { line: 2, text: 'My orders for this turn:', why: 'not an order (above the first order)' },
    ]);
  });

  it('greeting or lead-in: a mail of nothing but such lines is still the game to refuse (no order is invented)', () => {
    const orders = ordersOf(extractCommands(numbered('Hi,', 'see you soon'), undefined, looksLikeOrder).commands);
    expect(orders?.lines.map((l) => l.text)).toEqual(['Hi,', 'see you soon']);
    expect(orders?.ignored).toBeUndefined();
  });

  it('greeting or lead-in: a command after a greeting is still a command', () => {
    expect(extractCommands(numbered('Hello umpire,', 'STATUS'), undefined, looksLikeOrder).commands.map((c) => c.name)).toEqual(['STATUS']);
  });
});

describe('issue 24: WAIT, CONFIRM and END on any line; bullets and trailing comments', () => {
  it('WAIT and CONFIRM among or after the orders are commands, not orders', () => {
    const { commands } = extractCommands(numbered('PATROL hosho TO Japanese Islands', 'WAIT', 'RAIDERS ise', 'CONFIRM'));
    expect(commands.map((c) => c.name)).toEqual(['ORDERS', 'WAIT', 'CONFIRM']);
    expect(ordersOf(commands)?.lines.map((l) => l.text)).toEqual(['PATROL hosho TO Japanese Islands', 'RAIDERS ise']);
  });

  it('SUB WAIT stays an order (only a bare WAIT is the command)', () => {
    const { commands } = extractCommands(numbered('SUB WAIT'));
    expect(commands.map((c) => c.name)).toEqual(['ORDERS']);
  });

  it('bullets (•, -, –, *) and trailing comments after # or -- are not part of the order; hyphenated names are', () => {
    const { commands } = extractCommands(
      numbered(
        '• PATROL hosho TO Japanese Islands',
        '- PATROL haruna TO Aleutian Islands # north',
        '– LBA 22nd-air-flotilla TO Marianas Islands -- as agreed',
        '* RAIDERS ise,\u00a0nachi',
        '# a comment line stays a comment',
      ),
    );
    expect(ordersOf(commands)?.lines.map((l) => l.text)).toEqual([
      'PATROL hosho TO Japanese Islands',
      'PATROL haruna TO Aleutian Islands',
      'LBA 22nd-air-flotilla TO Marianas Islands',
      'RAIDERS ise, nachi',
      '# a comment line stays a comment',
    ]);
  });

  it("bullets: a command's own text keeps its # and -- (ROLLBACK TO #12, NOTE)", () => {
    const { commands } = extractCommands(numbered('- NOTE #9: see rule 2.3 -- the die was misread'));
    expect(commands[0]).toMatchObject({ name: 'NOTE', concerns: [9], text: 'see rule 2.3 -- the die was misread' });
  });

  it('END behind a bullet or before a comment ends the orders', () => {
    expect(kept('PATROL hosho TO Japanese Islands\n- END # that is all\nKenji')).toEqual(['PATROL hosho TO Japanese Islands']);
  });
});

describe('issue 24: orders in HTML tables', () => {
  it('HTML tables: a row is a line, its cells separated by spaces (spreadsheet, Word with a paragraph per cell)', () => {
    const html =
      '<table><tr><td>PATROL hosho</td><td>TO Japanese Islands</td></tr>' +
      '<tr><td><p class="MsoNormal">PATROL haruna</p></td><td><p class="MsoNormal">TO&nbsp;Aleutian Islands</p></td></tr></table>';
    expect(htmlToPlayerText(html).split('\n').filter(Boolean)).toEqual([
      'PATROL hosho TO Japanese Islands',
      'PATROL haruna TO Aleutian Islands',
    ]);
  });

  it('HTML tables: a layout table around a whole mail keeps its lines', () => {
    const html = '<table><tr><td><div>PATROL hosho TO Japanese Islands</div><div>RAIDERS ise</div></td></tr></table>';
    expect(htmlToPlayerText(html).split('\n').filter(Boolean)).toEqual(['PATROL hosho TO Japanese Islands', 'RAIDERS ise']);
  });
});

/**
 * The same rules for an A&A Guadalcanal mail: its order-line grammar (orders-grammar.ts) says which
 * lines are orders, so a greeting, a lead-in and a sign-off are set aside and listed there too.
 */
describe('issue 24 for A&A Guadalcanal: its order-line grammar', () => {
  const g = guadalcanalOrderLines;
  const aaLooksLikeOrder = (l: string) => g.startsOrder(l) || g.mentionsGame(l);
  /** the mail's ORDERS as the ingest gives them to the game: lead-in and trailing lines set aside, wrapped lines joined */
  const read = (text: string) => {
    const { lines } = extractReply({ text, looksLikeOrder: aaLooksLikeOrder });
    const commands = shapeOrdersCommand(extractCommands(lines, undefined, aaLooksLikeOrder).commands, g);
    const orders = ordersOf(commands);
    return { commands, orders: orders?.lines.map((l) => l.text), ignored: orders?.ignored?.map((l) => [l.line, l.text, l.why]) ?? [] };
  };

  it('A&A greeting or lead-in: "Hi," and "My orders for this turn:" are set aside with why, the orders kept', () => {
    const { orders, ignored } = read('Hi,\nMy orders for this turn:\nMOVE TR1 TO J\nFLY FTR2 TO Guadalcanal');
    expect(orders).toEqual(['MOVE TR1 TO J', 'FLY FTR2 TO Guadalcanal']);
    expect(ignored).toEqual([
      [1, 'Hi,', 'not an order (above the first order)'],
      [2, 'My orders for this turn:', 'not an order (above the first order)'],
    ]);
  });

  it('A&A sign-off: trailing lines that are no order are set aside as a signature, not refused as orders', () => {
    const { orders, ignored } = read('MOVE TR1 TO J\nNONE\n\nSee you on Guadalcanal\nSaburo');
    expect(orders).toEqual(['MOVE TR1 TO J', 'NONE']);
    expect(ignored).toEqual([
      [4, 'See you on Guadalcanal', 'not an order (below the last order, read as a signature)'],
      [5, 'Saburo', 'not an order (below the last order, read as a signature)'],
    ]);
  });

  it('A&A: a mistyped order stays an order, for the game to refuse with its syntax (never set aside)', () => {
    const { orders, ignored } = read('Hi,\nMOVE Yamato TO J\nFLY FTR2 TO Guadalcnal\nSUB SS1 ATTAK TR5\nHold');
    expect(orders).toEqual(['MOVE Yamato TO J', 'FLY FTR2 TO Guadalcnal', 'SUB SS1 ATTAK TR5', 'Hold']);
    expect(ignored).toEqual([[1, 'Hi,', 'not an order (above the first order)']]);
  });

  it("A&A, Apple Mail's attribution directly under the last order (quoted or not): the last order is kept", () => {
    const attribution = 'On 21 Nov 2026, at 20:00, Umpire <umpire+G-aa1.axis.0123@umpire.test> wrote:';
    for (const quote of [`> ${attribution}\n>\n> Game G-aa1`, `${attribution}\n\n> Game G-aa1`])
      expect(read(`LOAD TR1 WITH INF3 SUP2\nMOVE TR1 TO J\n${quote}`).orders).toEqual(['LOAD TR1 WITH INF3 SUP2', 'MOVE TR1 TO J']);
  });

  it('A&A bullets and # or -- comments are not part of the order; zone names keep their hyphens', () => {
    const { orders } = read('• LOAD TR1 WITH INF3 SUP2 # landing party\n- MOVE TR1 TO J -- as agreed\n* UNLOAD TR1 TO New-Georgia');
    expect(orders).toEqual(['LOAD TR1 WITH INF3 SUP2', 'MOVE TR1 TO J', 'UNLOAD TR1 TO New-Georgia']);
  });

  it('A&A WAIT, CONFIRM and END on any line: commands or the end, not orders', () => {
    const { commands, orders, ignored } = read('Hi,\nWAIT\nMOVE TR1 TO J\nCONFIRM\nFLY FTR2 TO Malaita\nEND\nthanks, Saburo');
    expect(commands.map((c) => c.name)).toEqual(['ORDERS', 'WAIT', 'CONFIRM']);
    expect(orders).toEqual(['MOVE TR1 TO J', 'FLY FTR2 TO Malaita']);
    expect(ignored).toEqual([[1, 'Hi,', 'not an order (above the first order)']]);
  });

  it('A&A orders in an HTML table: a row is a line, and the lines around the table are set aside', () => {
    const html =
      '<div>Here are my moves:</div><table><tr><td>LOAD TR1</td><td>WITH INF3 SUP2</td></tr>' +
      '<tr><td><p class="MsoNormal">MOVE TR1</p></td><td><p class="MsoNormal">TO&nbsp;J</p></td></tr></table><div>Saburo</div>';
    const { orders, ignored } = read(htmlToPlayerText(html));
    expect(orders).toEqual(['LOAD TR1 WITH INF3 SUP2', 'MOVE TR1 TO J']);
    expect(ignored.map(([, text]) => text)).toEqual(['Here are my moves:', 'Saburo']);
  });

  it('A&A FOR sections: FOR <word> of the step table and FOR <step id> start orders; "For example:" does not', () => {
    expect(['FOR FIGHTERS', 'for landing', 'FOR t3/mov/8-fighters', 'STANDING HITS TR5'].map(g.startsOrder)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['For example:', 'For the record, I move first', 'Hold on, orders below:', 'None of these are orders'].map(g.startsOrder),
    ).toEqual([false, false, false, false]);
  });

  it('A&A wrapped lines: an order the client broke is joined again (MOVE … TO, LOAD … WITH, a list of cargo ids)', () => {
    const { orders } = read('MOVE TR1\nTO J\nLOAD TR2 WITH INF3\nSUP2 ART4\nFLY FTR2 TO\nNew-Georgia');
    expect(orders).toEqual(['MOVE TR1 TO J', 'LOAD TR2 WITH INF3 SUP2 ART4', 'FLY FTR2 TO New-Georgia']);
  });
});

describe('issue 24: a mail that holds no orders or commands lists every line set aside', () => {
  const refusal = (text: string) => {
    const { lines, dropped } = extractReply({ text, looksLikeOrder });
    const { commands, directives } = extractCommands(lines, undefined, looksLikeOrder);
    expect(commands).toEqual([]);
    return emptyMailRefusal({ text, dropped, directives });
  };

  it('no orders or commands: each line with why (one line, a signature), and where orders go', () => {
    expect(refusal('Sent from my iPhone')).toEqual({
      problem: 'The message holds no orders or commands: its one line was set aside, not read (listed below, with why).',
      hint: 'Write your orders one per line, above your signature and sign-off; or a command such as STATUS, or HELP for the order reference.',
      setAside: [{ line: 1, text: 'Sent from my iPhone', why: expect.stringContaining('Sent from my iPhone') }],
    });
  });

  it('no orders or commands: a long page is listed to 30 entries, the last saying how many more and to which line', () => {
    const text = Array.from({ length: 40 }, (_, i) => (i % 2 ? `# note ${i}` : 'TURN 1')).join('\n');
    const { setAside, problem } = refusal(text);
    expect(problem).toContain('all 40 of its lines were set aside');
    expect(setAside).toHaveLength(30);
    expect(setAside[29].why).toMatch(/; and 10 more lines set aside to line 40$/);
  });
});
