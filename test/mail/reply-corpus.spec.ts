/**
 * The reply corpus (issue 15): replies modelled on public fixtures of named mail clients, each
 * naming its source in an X-Modelled-On header, read as the ingest reads them (parseMail, then
 * readReplyInGame with the umpire's report as the known text and VITP's order grammar). Every one
 * must give exactly the player's order lines, numbered as he sees them, and set aside exactly the
 * trailing lines that are no order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vitpRuleset } from '../../src/games/vitp';
import type { MailCommand } from '../../src/mail/commands';
import { parseMail, type ParsedMessage } from '../../src/mail/parse';
import { readReplyInGame } from '../../src/services/reply-context';
import type { OutboxRow } from '../../src/store/outbox';

const DIR = join(__dirname, 'fixtures', 'clients');
const REPORT = readFileSync(join(DIR, 'umpire-report.txt'), 'utf8');

/** file, the order lines, their line numbers, the lines set aside as no order */
const CORPUS: readonly [string, string[], number[], string[]][] = [
  ['aol', ['Patrol Akagi to Coral Sea', 'Raiders Kongo, Haruna'], [1, 2], []],
  ['apple-forward', ['Patrol Akagi to Coral Sea'], [1], []],
  ['apple-mail', ['Patrol Akagi, Kaga to Coral Sea', 'Patrol Soryu, Hiryu to Marshall Islands'], [1, 2], ['Kenji']],
  [
    'avast-tagline',
    ['Patrol Akagi to Coral Sea', 'Stay'],
    [1, 2],
    ['This email has been checked for viruses by Avast antivirus software.', 'www.avast.com'],
  ],
  ['end-marker', ['Patrol Akagi to Coral Sea', 'Patrol Soryu to Marshall Islands'], [1, 2], []],
  ['gmail-android-ru', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-de', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-es', ['Patrol Akagi, Kaga to Coral Sea', 'Stay'], [1, 2], []],
  ['gmail-fi', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-forward-own', ['Patrol Akagi, Kaga to Coral Sea', 'Stay'], [7, 8], []],
  ['gmail-fr', ['Patrol Akagi, Kaga to Coral Sea', 'Raiders Kongo, Haruna'], [1, 2], []],
  [
    'gmail-hard-wrapped',
    [
      'Raiders Kongo, Haruna, Kirishima, Hiei, Nagato, Mutsu, Ise, Hyuga, Fuso, Yamashiro',
      'Patrol Akagi, Kaga, Soryu, Hiryu, Shokaku, Zuikaku, Ryujo, Zuiho to Coral Sea via Marshall Islands',
    ],
    [1, 3],
    [],
  ],
  ['gmail-html-only', ['Patrol Akagi, Kaga to Coral Sea', 'Repair Hiei 2'], [1, 2], ['Kenji']],
  ['gmail-it', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-ja', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-nl', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-no', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-pl', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-pt-br', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-ru', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-split-attribution', ['Patrol Akagi to Coral Sea'], [1], []],
  ['gmail-web-bottom', ['Patrol Akagi, Kaga to Coral Sea', 'Stay'], [18, 19], []],
  ['gmail-web-inline', ['Patrol Akagi, Kaga to Coral Sea', 'Patrol Soryu, Hiryu to Marshall Islands'], [8, 15], []],
  ['gmail-web-top', ['Patrol Akagi, Kaga to Coral Sea', 'Patrol Soryu, Hiryu to Marshall Islands'], [1, 2], []],
  ['gmail-zh', ['Patrol Akagi to Coral Sea'], [1], []],
  ['hotmail-classic', ['Patrol Akagi to Coral Sea'], [2], []],
  ['iphone-emdash', ['Patrol Akagi to Coral Sea', 'Repair Hiei 2'], [1, 2], []],
  ['iphone-fr', ['Patrol Akagi to Coral Sea'], [1], []],
  ['iphone', ['Patrol Akagi to Coral Sea', 'Stay'], [1, 2], []],
  ['mutt-inline', ['Patrol Akagi to Coral Sea', 'Patrol Soryu to Marshall Islands via Central Pacific Ocean'], [5, 10], []],
  ['outlook-android', ['Patrol Akagi to Coral Sea', 'Sub I-Boat to Hawaiian Islands'], [1, 2], []],
  ['outlook-de-original', ['Patrol Akagi to Coral Sea'], [1], []],
  ['outlook-desktop-de', ['Patrol Akagi to Coral Sea', 'Stay'], [1, 2], []],
  ['outlook-desktop-en', ['Patrol Akagi, Kaga to Coral Sea', 'Patrol Soryu to Marshall Islands'], [1, 2], []],
  ['outlook-desktop-html', ['Patrol Akagi, Kaga to Coral Sea', 'Patrol Soryu to Marshall Islands'], [1, 2], ['Kenji']],
  ['outlook-desktop-noaddress', ['Patrol Akagi to Coral Sea'], [1], []],
  [
    'outlook-hard-wrapped',
    [
      'Patrol Akagi, Kaga, Soryu, Hiryu, Shokaku, Zuikaku, Ryujo, Zuiho, Hosho to Coral Sea',
      'Patrol Kongo, Haruna, Kirishima, Hiei, Nagato, Mutsu, Ise, Hyuga to Marshall Islands',
    ],
    [1, 3],
    [],
  ],
  ['outlook-ios-fr', ['Patrol Akagi to Coral Sea'], [1], []],
  ['outlook-ios', ['Patrol Akagi to Coral Sea', 'Stay'], [1, 2], []],
  ['outlook-mac-2019', ['Patrol Akagi to Coral Sea'], [1], []],
  [
    'outlook-web-allied',
    ['Patrol Enterprise, Hornet to Coral Sea', 'Amphib 1st Marines to Coral Sea', 'Raiders Houston, Exeter'],
    [1, 2, 3],
    [],
  ],
  ['outlook-web-html', ['Patrol Akagi to Coral Sea', 'Raiders Kongo, Haruna'], [1, 2], []],
  ['outlook-web-plain', ['Patrol Akagi to Coral Sea', 'Rebuild Zuikaku'], [1, 2], []],
  ['pasted-quote-unmarked', ['Patrol Akagi to Coral Sea'], [1], []],
  ['signoff-regards', ['Patrol Akagi to Coral Sea', 'Repair Hiei 2'], [1, 2], []],
  [
    'thunderbird-flowed',
    ['Raiders Kongo, Haruna, Kirishima, Hiei, Nagato, Mutsu, Ise, Hyuga, Fuso, Yamashiro', 'Patrol Akagi to Coral Sea'],
    [1, 2],
    [],
  ],
  ['thunderbird-html', ['Patrol Akagi to Coral Sea', 'Stay'], [1, 2], []],
  ['thunderbird-plain-below', ['Patrol Akagi to Coral Sea', 'Rebuild Zuikaku'], [16, 17], []],
  ['typeapp', ['Patrol Akagi to Coral Sea'], [1], []],
  ['yahoo-classic', ['Patrol Akagi to Coral Sea'], [1], []],
  ['yahoo-html', ['Patrol Akagi to Coral Sea', 'Stay'], [1, 2], []],
  ['zoho', ['Patrol Akagi to Coral Sea', 'Stay'], [1, 2], []],
];

async function read(file: string, known: readonly string[] = [REPORT]): Promise<ParsedMessage> {
  const out = await parseMail(readFileSync(join(DIR, `${file}.eml`)));
  if (!out.ok) throw new Error(`${file}: ${out.rejection.message}`);
  const rows = known.map(
    (text) => ({ kind: 'report', payload: { to: 'kenji@example.jp', subject: 'report', text } }) as unknown as OutboxRow,
  );
  return readReplyInGame(out.message, 'G-abc123', {
    outbox: { recentTo: async () => rows },
    games: { rulesetOf: async () => vitpRuleset as never },
  });
}

const ordersOf = (m: ParsedMessage) => m.commands.find((c): c is Extract<MailCommand, { name: 'ORDERS' }> => c.name === 'ORDERS');

describe('reply corpus: orders from every mail client', () => {
  it('holds at least 40 replies, every fixture listed once and naming the client fixture it was modelled on', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => f.replace(/\.eml$/, ''))
      .sort();
    expect(CORPUS.map(([f]) => f).sort()).toEqual(files);
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const f of files) expect(readFileSync(join(DIR, `${f}.eml`), 'utf8')).toMatch(/^X-Modelled-On: \S.{10,}$/m);
  });

  it.each(CORPUS)('%s', async (file, orders, lines, ignored) => {
    const m = await read(file);
    const got = ordersOf(m);
    expect(got?.lines.map((l) => l.text)).toEqual(orders);
    expect(got?.lines.map((l) => l.line)).toEqual(lines);
    expect((got?.ignored ?? []).map((l) => l.text)).toEqual(ignored);
    // nothing but the orders: no command was read out of a quote or a signature
    expect(m.commands.map((c) => c.name)).toEqual(['ORDERS']);
  });

  it('reads a pasted report as quoted only by knowing what the umpire sent', async () => {
    expect(ordersOf(await read('pasted-quote-unmarked'))?.lines.map((l) => l.text)).toEqual(['Patrol Akagi to Coral Sea']);
    const blind = ordersOf(await read('pasted-quote-unmarked', []));
    expect(blind?.lines.map((l) => l.text)).toContain('Game G-abc123 (Coral Sea 1942), side japanese, turn 3');
  });

  it('numbers the lines of HTML-only mail as the player saw them (Outlook paragraphs, Gmail divs)', async () => {
    for (const file of ['outlook-desktop-html', 'gmail-html-only']) {
      const m = await read(file);
      expect(m.textSource).toBe('html');
      expect(m.text.split('\n').slice(0, 2)).toEqual(ordersOf(m)?.lines.map((l) => l.text));
      expect(ordersOf(m)?.ignored).toEqual([{ line: 4, text: 'Kenji', why: 'not an order (below the last order, read as a signature)' }]);
    }
  });

  it('says why each dropped line was dropped', async () => {
    const m = await read('outlook-ios');
    const why = Object.fromEntries(m.dropped.filter((d) => d.text.trim()).map((d) => [d.text.slice(0, 12), d.reason]));
    expect(why).toMatchObject({
      'Get Outlook ': 'signature',
      ____________: 'quote-header',
      'From: Umpire': 'quote-header',
      'Game G-abc12': 'quoted-unmarked',
    });
  });
});
