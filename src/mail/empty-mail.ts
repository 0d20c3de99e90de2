/**
 * A mail that holds no orders and no command, once read: every line it held was set aside (a
 * quote, a signature, lines after END, comments, a greeting the reader took for a sign-off). Its
 * refusal lists each of those lines with why, as a refusal of orders lists the lines set aside
 * around them, and says what to write instead. Pure.
 */
import type { SetAsideLine } from './commands';
import type { DropReason } from './reply';
import type { ParsedMessage } from './parse';

/** A refusal lists this many lines at most; a longer run of lines set aside for one reason is one entry. */
const MAX_LISTED = 30;
/** A run of more lines than this set aside for the same reason (a quoted report) is listed as its first line. */
const RUN_LISTED = 3;

export interface EmptyMailRefusal {
  readonly problem: string;
  readonly hint: string;
  readonly setAside: readonly SetAsideLine[];
}

type Reason = DropReason | 'comment' | 'directive' | 'unread';

/** Why each non-blank line of the mail's text was not read, SECRET words masked (docs/security.md). */
export function emptyMailRefusal(mail: Pick<ParsedMessage, 'text' | 'dropped' | 'directives'>): EmptyMailRefusal {
  const dropped = new Map(mail.dropped.map((d) => [d.line, d]));
  const secret = mail.directives.secret;
  const mask = (text: string) => (secret ? text.split(secret).join('••••') : text);
  const lines: { line: number; text: string; reason: Reason; why: string }[] = [];
  mail.text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((raw, i) => {
      const text = raw.trim();
      if (text === '') return;
      const d = dropped.get(i + 1);
      lines.push({ line: i + 1, text: mask(text), ...(d ? { reason: d.reason, why: d.why } : unread(text)) });
    });
  const setAside = listed(lines);
  const reasons = new Set(lines.map((l) => l.reason));
  return {
    problem: lines.length
      ? `The message holds no orders or commands: ${lines.length === 1 ? 'its one line was' : `all ${lines.length} of its lines were`} set aside, not read (listed below, with why).`
      : 'The message holds no orders or commands: its text is empty.',
    hint: hintFor(reasons),
    setAside,
  };
}

/** A line the reader kept that still gave no order or command: a comment, a directive alone, or the like. */
function unread(text: string): { reason: Reason; why: string } {
  if (text.startsWith('#')) return { reason: 'comment', why: 'a comment (a line starting with #)' };
  if (/^(GAME|SIDE|TURN|SECRET)\b/i.test(text))
    return { reason: 'directive', why: 'a GAME, SIDE, TURN or SECRET line: no order or command came with it' };
  return { reason: 'unread', why: 'not an order or a command' };
}

/** Each line, but a long run set aside for one reason (a quoted mail) as its first line, saying how far it runs. */
function listed(lines: readonly { line: number; text: string; reason: Reason; why: string }[]): SetAsideLine[] {
  const out: SetAsideLine[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1].why === lines[i].why) j++;
    const run = j - i + 1;
    if (run > RUN_LISTED) {
      out.push({
        line: lines[i].line,
        text: lines[i].text,
        why: `${lines[i].why} (this line and ${run - 1} more to line ${lines[j].line})`,
      });
    } else {
      for (let k = i; k <= j; k++) out.push({ line: lines[k].line, text: lines[k].text, why: lines[k].why });
    }
    i = j + 1;
  }
  if (out.length <= MAX_LISTED) return out;
  const rest = out.slice(MAX_LISTED - 1);
  return [
    ...out.slice(0, MAX_LISTED - 1),
    {
      line: rest[0].line,
      text: rest[0].text,
      why: `${rest[0].why}; and ${rest.length - 1} more lines set aside to line ${rest[rest.length - 1].line}`,
    },
  ];
}

/** What to write instead, for what set the lines aside. */
function hintFor(reasons: ReadonlySet<Reason>): string {
  const where: string[] = [];
  if (['quoted', 'quote-header', 'quoted-unmarked', 'forwarded', 'umpire-text'].some((r) => reasons.has(r as Reason)))
    where.push('above the quoted mail (not inside it)');
  if (reasons.has('signature')) where.push('above your signature and sign-off');
  if (reasons.has('after-end')) where.push('before a line END (nothing after it is read)');
  if (reasons.has('comment')) where.push('without a # in front (a line starting with # is a comment)');
  return `Write your orders one per line${where.length ? `, ${where.join(', ')}` : ''}; or a command such as STATUS, or HELP for the order reference.`;
}
