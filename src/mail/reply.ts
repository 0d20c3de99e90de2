/**
 * What the player wrote, cut free of what his mail program added: quotes of earlier mail (marked
 * with `>` or not), attribution lines, forwarded mail, signatures and taglines. Pure: text in,
 * numbered lines out, with every dropped line and why (`umpire mail parse` prints them).
 *
 * Built on libraries made for this, each for what it knows best:
 * - email-reply-parser (Crisp): quote headers and signatures in many languages;
 * - planer (a port of Mailgun's talon): talon's line markers, whose splitters catch Outlook's
 *   "From:"/"Date:" blocks even without an address;
 * - email-forward-parser (Crisp): forwarded mail from every common client and language.
 * Our own patterns (reply-patterns.ts) fill the gaps, each tested with the client it comes from,
 * and we decide the extent ourselves: a player's unquoted lines are kept wherever they stand
 * (bottom-posting, inline replies), and lines repeating what the umpire sent (known-text.ts) are
 * quotes whatever the client did.
 */
import EmailForwardParser from 'email-forward-parser';
import EmailReplyParser from 'email-reply-parser';
import * as planer from 'planer';
import type { NumberedLine } from './commands';
import { KnownTexts } from './known-text';
import { CLIENT_TAGLINE, isForwardMark, ownHeaderAt, SIGN_OFF, SIGNATURE_SEPARATOR, type HeaderMatch } from './reply-patterns';

export type DropReason =
  /** a line marked with `>` */
  | 'quoted'
  /** the line introducing a quote ("On … wrote:", From:/Sent:/To:/Subject:, "-----Original Message-----") */
  | 'quote-header'
  /** a quote the client did not mark, after its header: everything to the end */
  | 'quoted-unmarked'
  /** a forwarded mail, after its separator */
  | 'forwarded'
  /** a signature, a sign-off and the name under it, a client's tagline */
  | 'signature'
  /** repeats a mail the umpire sent in this game */
  | 'umpire-text'
  /** at or after the line END */
  | 'after-end';

export interface DroppedLine {
  readonly line: number;
  readonly text: string;
  readonly reason: DropReason;
  /** what recognised it, for a person */
  readonly why: string;
}

export interface ReplyInput {
  /** the decoded body: the text part, or the HTML as rendered (parse.ts) */
  readonly text: string;
  /** texts of mail the umpire sent to this sender in this game */
  readonly knownTexts?: readonly string[];
  /** the sender's address: a mail he forwards from himself is read as his */
  readonly sender?: string;
  /** lines the game would read as orders are never taken for a name under a sign-off */
  readonly looksLikeOrder?: (line: string) => boolean;
}

export interface ReplyExtraction {
  /** the player's lines (blank ones included), numbered as in the text */
  readonly lines: NumberedLine[];
  readonly dropped: DroppedLine[];
}

type Mark = { readonly reason: DropReason; readonly why: string };

/** `END`, also behind a bullet or before a comment ("- END", "END # that's all") */
const END_LINE = /^\s*(?:[•\-–*]\s+)?END\s*(?:(?:#|--).*)?$/iu;
/** what marks the start of quoted mail */
export const QUOTE_REASONS: ReadonlySet<DropReason> = new Set(['quoted', 'quote-header', 'quoted-unmarked', 'forwarded']);
const QUOTE_LINE = /^\s*>/;
/** a quoted line, not the `>:` that ends an address a client wrapped (Norwegian Gmail) */
const QUOTED_TEXT = /^\s*>(?![:：]\s*$)/u;
/** longest line the libraries' patterns are tried on (their patterns backtrack on long lines) */
const MAX_CLASSIFIED = 400;

export function extractReply(input: ReplyInput): ReplyExtraction {
  const lines = input.text.replace(/\r\n?/g, '\n').split('\n');
  const marks: (Mark | null)[] = lines.map(() => null);
  const set = (from: number, to: number, mark: Mark) => {
    for (let j = from; j < to; j++) marks[j] ??= mark;
  };

  const end = lines.findIndex((l) => END_LINE.test(l));
  const stop = end === -1 ? lines.length : end;
  if (end !== -1) set(end, lines.length, { reason: 'after-end', why: 'the line END ends the orders' });
  for (let i = 0; i < stop; i++) if (QUOTE_LINE.test(lines[i])) marks[i] = { reason: 'quoted', why: 'quoted with ">"' };

  // a header wrapped over several lines never takes in a quoted line or an order
  const notHeader = (line: string) => QUOTED_TEXT.test(line) || (input.looksLikeOrder?.(line.trim()) ?? false);
  const forward = forwardOf(lines, stop, input.sender);
  const talon = planerMarkers(lines.slice(0, stop));
  for (let i = 0; i < stop; i++) {
    if (marks[i]) continue;
    if (forward && i === forward.start) {
      set(i, forward.bodyStart, { reason: 'quote-header', why: forward.why });
      if (forward.own) {
        i = forward.bodyStart - 1;
        continue;
      }
      set(
        forward.bodyStart,
        stop,
        forward.marked
          ? { reason: 'forwarded', why: 'the forwarded mail (email-forward-parser)' }
          : { reason: 'quoted-unmarked', why: `the quoted mail below its header on line ${forward.start + 1} (email-forward-parser)` },
      );
      break;
    }
    const header = headerAt(lines, i, talon, notHeader);
    if (!header) continue;
    const after = i + header.span;
    set(i, after, { reason: 'quote-header', why: header.why });
    const next = nextNonBlank(lines, after, stop);
    if (next !== -1 && QUOTE_LINE.test(lines[next])) {
      i = after - 1;
      continue;
    }
    // nothing marks the quote: it runs to the end (Outlook, HTML quotes, forwards)
    set(after, stop, {
      reason: header.kind === 'forward' ? 'forwarded' : 'quoted-unmarked',
      why: `below ${header.kind === 'forward' ? 'a forward separator' : 'a quote header'} on line ${i + 1}`,
    });
    break;
  }

  markSignatures(lines, stop, marks, input.looksLikeOrder);

  if (input.knownTexts?.length) {
    const known = new KnownTexts(input.knownTexts);
    const open = lines.flatMap((_, i) => (i < stop && !marks[i] ? [i] : []));
    // an order line repeating the umpire's text on its own proves nothing (the umpire echoes orders)
    const hits = known.match(lines, open, input.looksLikeOrder);
    // a line the client changed inside a quoted block (both neighbours are the umpire's)
    for (const i of open) {
      if (!hits.has(i) && lines[i].trim() !== '' && hits.has(i - 1) && hits.has(i + 1)) hits.add(i);
    }
    // the umpire's text is quoted only where the quote is: from the first line marked as quoted
    // (or below an attribution), or from the first of the umpire's own lines that is no order (a
    // pasted mail, unmarked). What stands above it the player typed or pasted: the answer card's
    // examples, his earlier orders, copied to send (again) are his.
    const marked = marks.findIndex((m, i) => i < stop && m !== null && QUOTE_REASONS.has(m.reason));
    let prose = [...hits].filter((i) => !input.looksLikeOrder?.(lines[i].trim())).sort((a, b) => a - b)[0] ?? -1;
    // the pasted mail starts where the run of the umpire's lines holding that line starts
    while (prose > 0 && hits.has(prose - 1)) prose--;
    const quoteStart = Math.min(...[marked, prose].filter((i) => i >= 0), stop);
    for (const i of hits) if (i >= quoteStart) marks[i] = { reason: 'umpire-text', why: 'repeats a mail the umpire sent you in this game' };
  }

  const kept: NumberedLine[] = [];
  const dropped: DroppedLine[] = [];
  lines.forEach((raw, i) => {
    const text = raw.replace(/\s+$/, '');
    const m = marks[i];
    if (m) dropped.push({ line: i + 1, text, ...m });
    else kept.push({ line: i + 1, text });
  });
  return { lines: kept, dropped };
}

/**
 * A quote header at line i: our patterns, then email-reply-parser's, then talon's splitters. One
 * that runs over several lines never takes in a line `notHeader` names (a quoted line, an order).
 */
function headerAt(lines: readonly string[], i: number, talon: string, notHeader: (line: string) => boolean): HeaderMatch | null {
  const own = ownHeaderAt(lines, i, notHeader);
  if (own) return own;
  const t = lines[i].trim();
  if (t === '' || t.length > MAX_CLASSIFIED) return null;
  for (const span of [1, 2]) {
    if (span === 2 && (i + 1 >= lines.length || lines[i + 1].trim() === '' || notHeader(lines[i]) || notHeader(lines[i + 1]))) break;
    if (erpClass(lines.slice(i, i + span)) === 'quote-header')
      return { span, kind: 'attribution', why: 'quote header (email-reply-parser)' };
  }
  if (talon[i] === 's') {
    let span = 1;
    while (talon[i + span] === 's' && !notHeader(lines[i]) && !notHeader(lines[i + span])) span++;
    return { span, kind: 'attribution', why: 'quote splitter (planer, after talon)' };
  }
  return null;
}

/**
 * Signatures: from a separator (`-- `, iOS's `—`) or a client's tagline ("Sent from my iPhone")
 * to the next quote; and a sign-off ("Thanks,") with at most four short lines under it (a name,
 * a rank) before the next quote or the end. A sign-off with nothing of the player's above it is a
 * greeting, and is left alone.
 */
function markSignatures(
  lines: readonly string[],
  stop: number,
  marks: (Mark | null)[],
  looksLikeOrder: ((line: string) => boolean) | undefined,
): void {
  let ownAbove = false;
  for (let i = 0; i < stop; i++) {
    if (marks[i]) {
      if (marks[i]!.reason !== 'signature') ownAbove = false;
      continue;
    }
    const t = lines[i].trim();
    if (t === '') continue;
    const erp = t.length <= MAX_CLASSIFIED ? erpClass([lines[i]]) : null;
    let why: string | null = null;
    if (SIGNATURE_SEPARATOR.test(lines[i]) || lines[i] === '-- ') why = `signature separator "${t}"`;
    else if (CLIENT_TAGLINE.test(t)) why = `mail program's tagline "${t}"`;
    else if (erp === 'signature' && !SIGN_OFF.test(t) && !/^[\p{L}\s]{1,30}[,!]?$/u.test(t)) why = `signature "${t}" (email-reply-parser)`;
    if (why) {
      for (let j = i; j < stop && !marks[j]; j++) marks[j] = { reason: 'signature', why };
      continue;
    }
    if (ownAbove && (SIGN_OFF.test(t) || erp === 'signature')) {
      const tail = signOffTail(lines, i + 1, stop, marks, looksLikeOrder);
      if (tail !== -1) {
        for (let j = i; j < tail; j++) marks[j] = { reason: 'signature', why: `sign-off "${t}" and the name under it` };
        i = tail - 1;
        continue;
      }
    }
    ownAbove = true;
  }
}

/** Where the few short lines under a sign-off end (a quote, a header, the end), or -1. */
function signOffTail(
  lines: readonly string[],
  from: number,
  stop: number,
  marks: readonly (Mark | null)[],
  looksLikeOrder: ((line: string) => boolean) | undefined,
): number {
  let count = 0;
  for (let j = from; j < stop; j++) {
    if (marks[j]) return j;
    const t = lines[j].trim();
    if (t === '') continue;
    if (++count > 4 || t.length > 60 || looksLikeOrder?.(t)) return -1;
  }
  return stop;
}

/**
 * email-reply-parser's verdict on one line (or a header wrapped over two): it reads a mail
 * bottom-up in fragments, so the lines are given a blank line above and below, which makes the
 * fragment they form close on them.
 */
function erpClass(window: readonly string[]): 'quote-header' | 'signature' | null {
  const fragments = new EmailReplyParser().read(`\n${window.join('\n')}\n`).getFragments();
  const mine = fragments.find((f) => f.getContent().trim() !== '');
  if (!mine) return null;
  if (mine.isSignature()) return 'signature';
  if (mine.isQuoted()) return 'quote-header';
  return null;
}

/** talon's line markers (e empty, m quoted, s splitter, f forward, t text), one per line. */
function planerMarkers(lines: readonly string[]): string {
  try {
    return planer.markMessageLines(lines.map((l) => (l.length > MAX_CLASSIFIED ? l.slice(0, MAX_CLASSIFIED) : l)));
  } catch {
    return '';
  }
}

interface Forward {
  /** first line of the forward separator */
  readonly start: number;
  /** first line of the forwarded mail's body */
  readonly bodyStart: number;
  /** a forward separator stands above it ("Begin forwarded message:"): not a reply's header block */
  readonly marked: boolean;
  /** forwarded from the sender himself: its body is his */
  readonly own: boolean;
  readonly why: string;
}

/**
 * One parser for every mail: building one compiles some hundred patterns (a millisecond and more
 * a mail), and reading keeps no state (its patterns run only through String methods).
 */
const forwardParser = new EmailForwardParser();

/** A forwarded mail in the text (email-forward-parser), located by line. */
function forwardOf(lines: readonly string[], stop: number, sender: string | undefined): Forward | null {
  const body = lines.slice(0, stop).join('\n');
  let result: ReturnType<EmailForwardParser['read']>;
  try {
    result = forwardParser.read(body);
  } catch {
    return null;
  }
  if (!result.forwarded) return null;
  const note = (result.message ?? '').trim();
  const start = note === '' ? nextNonBlank(lines, 0, stop) : afterPrefix(lines, note, stop);
  if (start === -1) return null;
  const first = (result.email.body ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  let bodyStart = stop;
  if (first) {
    for (let j = start + 1; j < stop; j++) {
      if (lines[j].trim().replace(/^>\s?/, '') === first) {
        bodyStart = j;
        break;
      }
    }
  }
  const from = result.email.from.address?.toLowerCase();
  // a forward (not a reply's header block) of a mail the sender wrote himself, with nothing above it
  const marked = lines.slice(start, bodyStart).some(isForwardMark);
  const own = note === '' && marked && !!sender && !!from && from === sender.toLowerCase() && bodyStart < stop;
  const why = marked
    ? `forwarded mail${own ? ' (your own, read as yours)' : ''} (email-forward-parser)`
    : 'header block of the quoted mail (email-forward-parser)';
  return { start, bodyStart, marked, own, why };
}

/** The first non-blank line after the lines that spell `prefix`, or -1. */
function afterPrefix(lines: readonly string[], prefix: string, stop: number): number {
  const want = prefix.replace(/\s+/g, ' ');
  let acc = '';
  for (let j = 0; j < stop; j++) {
    const t = lines[j].trim();
    if (t === '') continue;
    acc = acc ? `${acc} ${t}` : t;
    if (acc.replace(/\s+/g, ' ') === want) return nextNonBlank(lines, j + 1, stop);
    if (!want.startsWith(acc.replace(/\s+/g, ' '))) return -1;
  }
  return -1;
}

function nextNonBlank(lines: readonly string[], from: number, stop: number): number {
  for (let j = from; j < stop; j++) if (lines[j].trim() !== '') return j;
  return -1;
}
