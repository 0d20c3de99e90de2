/**
 * A player's mail read again once the ingest knows its game (after authentication): the umpire's
 * own recent mail to that address is known quoted text (src/mail/reply.ts, "know what the umpire
 * sent"), and the game's order grammar joins lines the client wrapped and sets aside trailing
 * lines that are no order (src/mail/order-lines.ts).
 */
import { createHash } from 'node:crypto';
import type { AnyRuleset } from '../engine/game';
import { htmlToPlayerText } from '../mail/html-text';
import { shapeOrdersCommand } from '../mail/order-lines';
import { forWordsOf } from '../engine/arrival';
import { isForLine } from '../mail/order-lines';
import { rereadReply, type ParsedMessage } from '../mail/parse';
import { QUOTE_REASONS } from '../mail/reply';
import type { OutboxRow } from '../store/outbox';

/** How many of the umpire's latest mails to the sender a reply is compared with. */
export const KNOWN_MAILS = 12;

/**
 * Mail whose text is the player's own or another player's (relayed press) is never evidence of
 * quoting; acknowledgments and refusals repeat the player's lines only behind a prefix, so their
 * text part is safe, but their HTML tables are not.
 */
const NOT_EVIDENCE = new Set(['press']);
const TEXT_ONLY = new Set(['ack', 'rejection', 'confirmation']);

export interface ReplyContextDeps {
  readonly outbox: { recentTo(gameId: string, recipient: string, limit?: number): Promise<OutboxRow[]> };
  readonly games: { rulesetOf(gameId: string): Promise<AnyRuleset> };
}

/** The game's order grammar, its FOR words, and the test of a line it would read as an order (none without a grammar). */
export function orderTestOf(ruleset: AnyRuleset) {
  const grammar = ruleset.orderLines;
  const words = forWordsOf(ruleset);
  const looksLikeOrder = grammar
    ? (line: string) => grammar.startsOrder(line) || grammar.mentionsGame(line) || isForLine(line, words)
    : undefined;
  return { grammar, words, looksLikeOrder };
}

/**
 * The reply read again in its game. The umpire's recent mail to the sender is read from the outbox
 * only when it could change the reading (knownTextsCanMatter): most orders come as bare order lines,
 * and then the look-up is a round trip for nothing.
 */
export async function readReplyInGame(mail: ParsedMessage, gameId: string, deps: ReplyContextDeps): Promise<ParsedMessage> {
  const { grammar, words, looksLikeOrder } = orderTestOf(await deps.games.rulesetOf(gameId));
  const reread = (knownTexts: readonly string[]) => rereadReply(mail, { knownTexts, ...(looksLikeOrder ? { looksLikeOrder } : {}) });
  const inContext = async () => reread((await deps.outbox.recentTo(gameId, mail.from.address, KNOWN_MAILS)).flatMap(knownTextsOf));
  let read: ParsedMessage;
  // as first read (no grammar yet), a mail that quotes or says more than orders goes to its context at once
  if (knownTextsCanMatter(mail, looksLikeOrder)) read = await inContext();
  else {
    const bare = reread([]);
    read = knownTextsCanMatter(bare, looksLikeOrder) ? await inContext() : bare;
  }
  return { ...read, commands: shapeOrdersCommand(read.commands, grammar, words) };
}

/**
 * Whether the umpire's own texts could change how `mail`, read without them, reads (reply.ts): they
 * mark lines only from the first quote, or from the first line of the umpire's that is no order. So
 * a mail of the body alone (no attached file, which is read only when the body holds no orders)
 * with nothing quoted and every line it keeps an order (or blank) reads the same with them.
 */
export function knownTextsCanMatter(
  mail: Pick<ParsedMessage, 'attachments' | 'replyLines' | 'dropped'>,
  looksLikeOrder: ((line: string) => boolean) | undefined,
): boolean {
  if (!looksLikeOrder || mail.attachments.length) return true;
  if (mail.dropped.some((d) => QUOTE_REASONS.has(d.reason))) return true;
  return mail.replyLines.some((l) => l.text.trim() !== '' && !looksLikeOrder(l.text.trim()));
}

/**
 * The known texts of the last mails read, by the SHA-256 of what they were read from: every reply
 * is compared with the sender's latest mails, mostly the same ones as for the reply before, and
 * rendering a report's HTML as text is the costly part of reading a reply.
 */
const known = new Map<string, string[]>();
const KNOWN_CACHE = 256;

/** The texts of one sent mail a reply may quote: its text part, and its HTML as a client renders it. */
export function knownTextsOf(row: Pick<OutboxRow, 'kind' | 'payload'>): string[] {
  if (NOT_EVIDENCE.has(row.kind)) return [];
  const h = createHash('sha256').update(row.kind).update('\0');
  for (const part of [row.payload.text, row.payload.html]) h.update(typeof part === 'string' ? `${part.length}:${part}` : '-');
  const key = h.digest('hex');
  const hit = known.get(key);
  if (hit) {
    known.delete(key);
    known.set(key, hit);
    return hit;
  }
  const texts = readKnownTexts(row);
  known.set(key, texts);
  if (known.size > KNOWN_CACHE) known.delete(known.keys().next().value!);
  return texts;
}

function readKnownTexts(row: Pick<OutboxRow, 'kind' | 'payload'>): string[] {
  const texts = typeof row.payload.text === 'string' ? [row.payload.text] : [];
  if (!TEXT_ONLY.has(row.kind) && typeof row.payload.html === 'string') {
    try {
      texts.push(htmlToPlayerText(row.payload.html));
    } catch {
      // HTML too deep to render: its text part stands for it
    }
  }
  return texts.map(withoutAnswerCard);
}

/**
 * The answer card (templates/mail/partials/*-card.hbs) offers orders to copy: its example and
 * the default are written exactly as the player may send them, so a player who copies them must
 * not have them taken for quoted text; nor may the player's own orders that a report repeats
 * ("Your orders for … were taken"), which he may well send again. Only those blocks go: each runs
 * from its lead-in line to the first blank line after it holds a line (a client's rendering of the
 * HTML may put a blank line between the lead-in and its block). The card's prose (step, deadline,
 * how to answer, the syntax) stays known text, so a pasted welcome or report is still quoted text.
 */
export function withoutAnswerCard(text: string): string {
  const out: string[] = [];
  let inBlock = false;
  let held = 0;
  for (const line of text.split('\n')) {
    // as sent, or as a client renders the HTML part (headings in capitals)
    const bare = line
      .trim()
      .replace(/^==\s*/, '')
      .toLowerCase();
    if (/^(for example\b|if nothing comes by the deadline\b|your orders for .* were taken)/.test(bare)) {
      inBlock = true;
      held = 0;
      out.push(line);
      continue;
    }
    if (inBlock && bare === '' && held > 0) inBlock = false;
    if (inBlock && /^(what happened\b|your move:)/.test(bare)) inBlock = false;
    if (inBlock) {
      if (bare !== '') held++;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}
