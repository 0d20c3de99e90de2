/**
 * Our own additions to the reply-parsing libraries (reply-patterns.ts, known-text.ts,
 * order-lines.ts, html-text.ts), each with the client it is for. The corpus
 * (reply-corpus.spec.ts) checks whole mails; these check each rule alone.
 */
import { vitpOrderLines } from '../../src/games/vitp/orders/grammar';
import { htmlToPlayerText } from '../../src/mail/html-text';
import { KnownTexts } from '../../src/mail/known-text';
import { GENERIC_ORDER_LINES, shapeOrderLines } from '../../src/mail/order-lines';
import { extractReply } from '../../src/mail/reply';

const kept = (text: string, extra: Parameters<typeof extractReply>[0] extends infer I ? Partial<I> : never = {}) =>
  extractReply({ text, ...extra })
    .lines.filter((l) => l.text.trim())
    .map((l) => l.text);
const numbered = (...texts: string[]) => texts.map((text, i) => ({ line: i + 1, text }));
const looksLikeOrder = (l: string) => vitpOrderLines.startsOrder(l) || vitpOrderLines.mentionsGame(l);

describe('extractReply: client lines our own patterns know', () => {
  it.each([
    ['Spanish Gmail ("escribió": not ASCII, so no \\b)', 'El sáb, 21 nov 2026 a las 20:00, Umpire (<u@umpire.test>) escribió:'],
    ['Chinese Gmail (写道 with no space before it)', 'Umpire <u@umpire.test> 于2026年11月21日周六 20:00写道：'],
    ['mutt ("* Name <address> [date]:")', '* Umpire <u@umpire.test> [2026-11-21 20:00:00 +0000]:'],
    ['Russian Gmail (date and address, no verb)', 'сб, 21 нояб. 2026 г. в 20:00, Umpire <u@umpire.test>:'],
    ['Zoho Mail ("---- On … wrote ----")', '---- On Sat, 21 Nov 2026 20:00:00 +0000 Umpire <u@umpire.test> wrote ----'],
    ['Lotus Notes / Outlook Express ("-----Original Message-----")', '-----Original Message-----'],
    ['German Outlook ("-----Ursprüngliche Nachricht-----")', '-----Ursprüngliche Nachricht-----'],
  ])('%s ends the orders and starts the quote', (_client, header) => {
    expect(kept(`Patrol Akagi to Coral Sea\n\n${header}\nGame G-abc123\nStay`)).toEqual(['Patrol Akagi to Coral Sea']);
  });

  it('Outlook desktop: a From:/Sent:/To:/Subject: block with no address and no separator is a quote header', () => {
    const text =
      'Stay\n\nFrom: Umpire\nSent: Saturday, November 21, 2026 8:00 PM\nTo: Kenji\nSubject: report\n\nPatrol Yamato to Coral Sea';
    expect(kept(text)).toEqual(['Stay']);
  });

  it('German Outlook: Von:/Gesendet:/An:/Betreff:', () => {
    const text =
      'Stay\n\nVon: Umpire\nGesendet: Samstag, 21. November 2026 20:00\nAn: Kenji\nBetreff: report\n\nPatrol Yamato to Coral Sea';
    expect(kept(text)).toEqual(['Stay']);
  });

  it('a two-line attribution starts where it starts (Gmail: the address wrapped onto the next line)', () => {
    expect(kept('order 1\nAm 21.11.2026 um 21:00 schrieb Umpire <u@umpire.test>:\nalt')).toEqual(['order 1']);
    expect(kept('Stay\nOn Sat, Nov 21, 2026 at 8:00 PM Umpire <\nu@umpire.test> wrote:\n\n> x')).toEqual(['Stay']);
  });

  it('iOS Mail: "--" typed on an iPhone arrives as an em dash and still starts the signature', () => {
    expect(kept('Stay\n\n—\nKenji Tanaka\nCombined Fleet')).toEqual(['Stay']);
    expect(kept('Yamato to Marshall Islands — patrol')).toEqual(['Yamato to Marshall Islands — patrol']);
  });

  it('taglines of mail programs: "Envoyé de mon iPhone", "Get Outlook for iOS", "Von meinem iPhone gesendet"', () => {
    for (const tag of [
      'Envoyé de mon iPhone',
      'Get Outlook for iOS<https://aka.ms/o0ukef>',
      'Von meinem iPhone gesendet',
      'Enviado desde mi iPhone',
    ]) {
      expect(kept(`Stay\n\n${tag}`)).toEqual(['Stay']);
    }
  });

  it('a sign-off and the name under it are a signature; with nothing above it, it is a greeting and stays', () => {
    expect(kept('Stay\n\nThanks,\nKenji')).toEqual(['Stay']);
    expect(kept('Stay\n\nViele Grüße\nKenji')).toEqual(['Stay']);
    expect(kept('Thanks!\nStay')).toEqual(['Thanks!', 'Stay']);
    // lines the game reads as orders are never a name under a sign-off
    expect(kept('Stay\nThanks,\nPatrol Akagi to Coral Sea', { looksLikeOrder })).toEqual(['Stay', 'Thanks,', 'Patrol Akagi to Coral Sea']);
  });

  it('END: nothing after it is read, not even a quote header', () => {
    const out = extractReply({ text: 'Stay\nEND\nPatrol Akagi to Coral Sea\nOn Sat, 21 Nov 2026, Umpire <u@umpire.test> wrote:\n> x' });
    expect(out.lines.map((l) => l.text)).toEqual(['Stay']);
    expect(out.dropped.map((d) => d.reason)).toEqual(['after-end', 'after-end', 'after-end', 'after-end']);
  });

  it("bottom-posting and inline replies: the player's lines are kept wherever they stand", () => {
    const text = 'On Sat, 21 Nov 2026, Umpire <u@umpire.test> wrote:\n> a\n\nStay\n\n> b\n> c\nRebuild Zuikaku\n';
    expect(extractReply({ text }).lines.filter((l) => l.text.trim())).toEqual([
      { line: 4, text: 'Stay' },
      { line: 8, text: 'Rebuild Zuikaku' },
    ]);
  });

  it("a forward of the player's own mail, with nothing above it, is read as his (Gmail forward)", () => {
    const text =
      '---------- Forwarded message ---------\nFrom: Kenji <kenji@example.jp>\nDate: Sat, Nov 21, 2026\nSubject: orders\nTo: <x@example.org>\n\nStay\n';
    expect(kept(text, { sender: 'kenji@example.jp' })).toEqual(['Stay']);
    expect(kept(text, { sender: 'someone@else.example' })).toEqual([]);
  });
});

describe('htmlToPlayerText: HTML as the player saw it', () => {
  it('Outlook desktop (Word): one line per paragraph, the bordered header marks the quote', () => {
    const html =
      "<p class=MsoNormal>Stay<o:p></o:p></p><p class=MsoNormal>Rebuild Zuikaku<o:p></o:p></p><div style='border:none;border-top:solid #E1E1E1 1.0pt'><p><b>From:</b> Umpire</p></div><p>Patrol Yamato to Coral Sea</p>";
    const text = htmlToPlayerText(html);
    expect(text.split('\n').slice(0, 2)).toEqual(['Stay', 'Rebuild Zuikaku']);
    expect(kept(text)).toEqual(['Stay', 'Rebuild Zuikaku']);
  });

  it('Outlook on the web: divRplyFwdMsg marks the quote; Gmail: <div><br></div> is one blank line', () => {
    expect(
      kept(htmlToPlayerText('<div>Stay</div><hr><div id="divRplyFwdMsg"><b>From:</b> Umpire</div><div>Patrol Yamato to Coral Sea</div>')),
    ).toEqual(['Stay']);
    expect(htmlToPlayerText('<div>Stay</div><div><br></div><div>Kenji</div>').split('\n')).toEqual(['Stay', '', 'Kenji']);
  });
});

describe('KnownTexts: what the umpire sent is quoted text', () => {
  const ack = 'Orders as understood:\n  1. Patrol Akagi to Coral Sea\n     => patrol Akagi to Coral Sea';
  const report =
    'Game G-abc123, side japanese, turn 3\n- Akagi, Kaga, Soryu and Hiryu are at Truk, waiting for their patrol orders this turn.\nStay\nDeadline: Tue, 24 Nov 2026 18:00 UTC';

  it('never takes a player repeating his own order for the acknowledgment echoing it', () => {
    expect(kept('Patrol Akagi to Coral Sea', { knownTexts: [ack], looksLikeOrder })).toEqual(['Patrol Akagi to Coral Sea']);
  });

  it('a line reading like an order counts only next to another match; a short one only between two', () => {
    const known = new KnownTexts(['Patrol Akagi to Coral Sea\nDeadline: Tue, 24 Nov 2026 18:00 UTC\nStay\nWrite HELP for the commands.']);
    const lines = ['Patrol Akagi to Coral Sea', '', 'Stay', 'x'];
    expect([...known.match(lines, [0, 1, 2, 3], looksLikeOrder)]).toEqual([]);
    const block = ['Patrol Akagi to Coral Sea', 'Deadline: Tue, 24 Nov 2026 18:00 UTC', 'Stay', 'Write HELP for the commands.'];
    expect([...known.match(block, [0, 1, 2, 3], looksLikeOrder)].sort()).toEqual([0, 1, 2, 3]);
  });

  it('a long line of the report re-wrapped by the client is still the report', () => {
    const text = 'Stay\n- Akagi, Kaga, Soryu and Hiryu are at Truk, waiting\nfor their patrol orders this turn.';
    expect(kept(text, { knownTexts: [report] })).toEqual(['Stay']);
  });
});

describe('shapeOrderLines: order lines as the player meant them (VITP grammar)', () => {
  const shape = (...texts: string[]) =>
    shapeOrderLines(numbered(...texts), { grammar: vitpOrderLines, isCommand: (l) => /^STATUS$/i.test(l) });

  it('joins a list ending in a comma, a move whose TO lost its area, and a VIA on its own line', () => {
    const out = shape(
      'Raiders Kongo, Haruna,',
      'Kirishima',
      'Patrol Akagi to',
      'Coral Sea',
      'Patrol Soryu to Marshall Islands',
      'via Central Pacific Ocean',
    );
    expect(out.lines).toEqual([
      { line: 1, text: 'Raiders Kongo, Haruna, Kirishima' },
      { line: 3, text: 'Patrol Akagi to Coral Sea' },
      { line: 5, text: 'Patrol Soryu to Marshall Islands via Central Pacific Ocean' },
    ]);
    expect(out.joined).toEqual([
      { line: 1, parts: [1, 2] },
      { line: 3, parts: [3, 4] },
      { line: 5, parts: [5, 6] },
    ]);
  });

  it('joins a long line the client broke where the next word would not fit (Gmail, 78 columns)', () => {
    const out = shape('Patrol Akagi, Kaga, Soryu, Hiryu, Shokaku, Zuikaku, Ryujo, Zuiho to Coral', 'Sea');
    expect(out.lines.map((l) => l.text)).toEqual(['Patrol Akagi, Kaga, Soryu, Hiryu, Shokaku, Zuikaku, Ryujo, Zuiho to Coral Sea']);
  });

  it('keeps short lines apart, and never joins across a blank line or onto the next order', () => {
    expect(shape('Patrol Akagi to Coral Sea', 'Stay').lines).toHaveLength(2);
    expect(
      shapeOrderLines(
        [
          { line: 1, text: 'Raiders Kongo,' },
          { line: 3, text: 'Haruna' },
        ],
        { grammar: vitpOrderLines },
      ).lines,
    ).toHaveLength(2);
  });

  it('sets aside trailing lines that are no order, but never a failing order, a command, or a whole mail of them', () => {
    expect(shape('Stay', 'Kenji').ignored).toEqual([{ line: 2, text: 'Kenji' }]);
    expect(shape('Stay', 'Yamato to Coral Sea').ignored).toEqual([]);
    expect(shape('Stay', 'STATUS').ignored).toEqual([]);
    expect(shape('Kenji').ignored).toEqual([]);
    expect(shape('Stay', 'Kenji', 'Stay').ignored).toEqual([]);
  });

  it('a game without a grammar: only commas and the like join, nothing is set aside', () => {
    const out = shapeOrderLines(numbered('MOVE a,', 'b', 'MOVE north', 'Kenji'), { grammar: GENERIC_ORDER_LINES });
    expect(out.lines.map((l) => l.text)).toEqual(['MOVE a, b', 'MOVE north', 'Kenji']);
    expect(out.ignored).toEqual([]);
  });
});
