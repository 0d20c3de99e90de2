/**
 * Issue 33: the ingest reads the umpire's recent mail to the sender (a round trip) only when it
 * could change how the reply reads (reply-context.ts, knownTextsCanMatter). Every mail fixture,
 * in every game with an order grammar, must read exactly as it did when that mail was always
 * read, even with known texts that repeat each of its own lines; and bare orders skip the look-up.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyRuleset } from '../../src/engine/game';
import { rulesets } from '../../src/games';
import { shapeOrdersCommand } from '../../src/mail/order-lines';
import { parseMail, type ParsedMessage, rereadReply } from '../../src/mail/parse';
import { knownTextsOf, orderTestOf, readReplyInGame } from '../../src/services/reply-context';
import type { OutboxRow } from '../../src/store/outbox';

const FIXTURES = join(__dirname, '..', 'mail', 'fixtures');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return files(path, ext);
    return f.endsWith(ext) ? [path] : [];
  });
}

const EMLS = files(FIXTURES, '.eml');
const REPORTS = files(FIXTURES, '.txt').map((f) => readFileSync(f, 'utf8'));
const GAMES = Object.values(rulesets).filter((r) => (r as AnyRuleset).orderLines) as AnyRuleset[];

const rowsOf = (texts: readonly string[]) =>
  texts.map((text) => ({ kind: 'report', payload: { to: 'p@players.test', subject: 'report', text } }) as unknown as OutboxRow);

/** How the ingest read a reply before issue 33: the umpire's mail always looked up. */
function alwaysInContext(mail: ParsedMessage, ruleset: AnyRuleset, rows: readonly OutboxRow[]): ParsedMessage {
  const { grammar, words, looksLikeOrder } = orderTestOf(ruleset);
  const read = rereadReply(mail, { knownTexts: rows.flatMap(knownTextsOf), ...(looksLikeOrder ? { looksLikeOrder } : {}) });
  return { ...read, commands: shapeOrdersCommand(read.commands, grammar, words) };
}

async function readNow(mail: ParsedMessage, ruleset: AnyRuleset, rows: readonly OutboxRow[]) {
  let lookedUp = 0;
  const read = await readReplyInGame(mail, 'G-corpus', {
    outbox: {
      recentTo: async () => {
        lookedUp++;
        return [...rows];
      },
    },
    games: { rulesetOf: async () => ruleset },
  });
  return { read, lookedUp };
}

async function parsed(raw: Buffer): Promise<ParsedMessage> {
  const out = await parseMail(raw);
  if (!out.ok) throw new Error(out.rejection.message);
  return out.message;
}

describe('reply context: read only when it could change the reply', () => {
  it('has fixtures and games with an order grammar to check', () => {
    expect(EMLS.length).toBeGreaterThanOrEqual(60);
    expect(GAMES.length).toBeGreaterThanOrEqual(3);
  });

  it.each(EMLS.map((f) => [f.slice(FIXTURES.length + 1), f]))('%s reads as when the context was always read', async (_name, file) => {
    const raw = readFileSync(file);
    const out = await parseMail(raw);
    if (!out.ok) return; // refused before any game is known: never read in context
    const mail = out.message;
    for (const ruleset of GAMES) {
      // the reports the fixtures quote, and known texts repeating every line the mail holds
      for (const known of [REPORTS, [...REPORTS, mail.text, ...mail.attachments.map((a) => a.text)]]) {
        const rows = rowsOf(known);
        const { read } = await readNow(mail, ruleset, rows);
        expect(read).toEqual(alwaysInContext(mail, ruleset, rows));
      }
    }
  });

  const mailOf = (body: string) =>
    Buffer.from(
      ['From: kenji@example.jp', 'To: umpire@umpire.test', 'Subject: orders', 'Message-ID: <c1@example.jp>', '', body, ''].join('\r\n'),
    );

  it('bare orders are read without the look-up; a greeting or a quote looks it up', async () => {
    const vitp = rulesets.vitp as AnyRuleset;
    // every line repeats the umpire's text, yet bare orders read the same without it
    const orders = 'Patrol Akagi to Coral Sea\n\nRaiders Kongo, Haruna';
    const rows = rowsOf([orders]);
    const bare = await readNow(await parsed(mailOf(orders)), vitp, rows);
    expect(bare.lookedUp).toBe(0);
    expect(bare.read).toEqual(alwaysInContext(await parsed(mailOf(orders)), vitp, rows));
    for (const body of [`Hello umpire,\n${orders}`, `${orders}\n\n> Game G-corpus, your move`]) {
      const mail = await parsed(mailOf(body));
      const got = await readNow(mail, vitp, rows);
      expect(got.lookedUp).toBe(1);
      expect(got.read).toEqual(alwaysInContext(mail, vitp, rows));
    }
  });
});
