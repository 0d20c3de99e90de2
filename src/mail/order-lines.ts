/**
 * Order lines as the player meant them, before the game reads them: lines his mail client broke
 * are joined again, and lines at the end that are no order (a name, a tagline) are set aside and
 * reported as ignored rather than refused. Pure; what a line looks like is the game's to say
 * (Ruleset.orderLines), with a cautious default for games that say nothing.
 */
import type { OrderLineGrammar } from '../engine/ruleset';
import { isCommandLine, type MailCommand, type NumberedLine } from './commands';

/**
 * For a game that says nothing: join only what no order can end with (a comma, `TO`) or begin with
 * (`VIA`), and set nothing aside (every line may be an order).
 */
export const GENERIC_ORDER_LINES: OrderLineGrammar = {
  startsOrder: () => false,
  mentionsGame: () => true,
  incomplete: (line) => /[,&+/]\s*$/.test(line) || /\s(to|via|at|with|and|of|over|from)\s*$/i.test(line),
  continuation: (line) => /^\s*([,&+]|(via|and)\s)/i.test(line),
};

/** Clients hard-wrap plain text between 70 and 80 columns (Outlook 76, Gmail 78, Thunderbird 72). */
const WRAP_MIN = 68;
/** A line this short was not wrapped by a client. */
const WRAPPED_LINE_MIN = 40;

export interface JoinedLine {
  /** the line the joined order is numbered by (its first) */
  readonly line: number;
  /** the lines joined, in order */
  readonly parts: readonly number[];
}

export interface ShapedOrders {
  /** the order lines, wrapped ones joined (numbered by their first line) */
  readonly lines: NumberedLine[];
  /** trailing lines that are no order and no command, set aside */
  readonly ignored: NumberedLine[];
  readonly joined: JoinedLine[];
}

export interface ShapeOptions {
  readonly grammar?: OrderLineGrammar;
  /** the words of the game's FOR lines (`PATROL`, `FIGHTERS`): `FOR PATROL` starts a section, never goes on with the line above */
  readonly forWords?: readonly string[];
  /** a line the mail reader would take as a command (never set aside as junk) */
  readonly isCommand?: (line: string) => boolean;
}

export function shapeOrderLines(input: readonly NumberedLine[], options: ShapeOptions = {}): ShapedOrders {
  const g = options.grammar ?? GENERIC_ORDER_LINES;
  const words = options.forWords ?? [];
  const out: { line: number; text: string; parts: number[] }[] = [];
  for (const l of input) {
    const text = l.text.trim();
    if (text === '') continue;
    const prev = out[out.length - 1];
    const adjacent = prev !== undefined && prev.parts[prev.parts.length - 1] === l.line - 1;
    if (adjacent && !/^#/.test(prev.text) && !isSectionHeader(text, words) && joins(g, prev.text, lastPart(input, prev), text)) {
      prev.text = `${prev.text} ${text}`;
      prev.parts.push(l.line);
      continue;
    }
    out.push({ line: l.line, text: l.text.replace(/\s+$/, ''), parts: [l.line] });
  }
  // trailing lines that are no order and no command stand where names and taglines stand
  let keep = out.length;
  while (keep > 0 && isJunk(g, out[keep - 1].text, options.isCommand, words)) keep--;
  // a mail of nothing but such lines is the game's to refuse, with its order card
  if (keep === 0) keep = out.length;
  return {
    lines: out.slice(0, keep).map(({ line, text }) => ({ line, text })),
    ignored: out.slice(keep).map(({ line, text }) => ({ line, text })),
    joined: out.filter((o) => o.parts.length > 1).map(({ line, parts }) => ({ line, parts })),
  };
}

/** Does `next` go on with the order above it (whose last physical line is `last`)? */
function joins(g: OrderLineGrammar, above: string, last: string, next: string): boolean {
  if (g.continuation(next)) return true;
  if (g.startsOrder(next)) return false;
  if (g.incomplete(above)) return true;
  // a long line the client broke where the next word would not fit (only a game's own grammar
  // can tell that the next line begins no order)
  if (g === GENERIC_ORDER_LINES || !(g.startsOrder(above) || g.mentionsGame(above))) return false;
  const word = next.split(/\s+/)[0] ?? '';
  return last.length >= WRAPPED_LINE_MIN && last.length + 1 + word.length > WRAP_MIN;
}

function lastPart(input: readonly NumberedLine[], joined: { parts: number[] }): string {
  const n = joined.parts[joined.parts.length - 1];
  return (input.find((l) => l.line === n)?.text ?? '').trim();
}

/** `FOR t3/orders`, `STEP t3/orders`, `FOR PATROL` (a word of the game's): a section of orders for another step (engine/sections.ts). */
export function isForLine(text: string, words: readonly string[]): boolean {
  const header = /^\s*(FOR|STEP)\s+(\S+)\s*$/i.exec(text);
  return header !== null && (header[2].includes('/') || words.includes(header[2].toUpperCase()));
}

function isSectionHeader(text: string, words: readonly string[]): boolean {
  return isForLine(text, words) || /^STANDING(\s|$)/i.test(text);
}

function isJunk(g: OrderLineGrammar, text: string, isCommand: ((line: string) => boolean) | undefined, words: readonly string[]): boolean {
  const t = text.trim();
  if (t.startsWith('#') || isSectionHeader(t, words)) return false;
  if (isCommand?.(t)) return false;
  return !g.startsOrder(t) && !g.mentionsGame(t);
}

/** The mail's ORDERS command with its lines shaped for the game (the other commands as they were). */
export function shapeOrdersCommand(
  commands: readonly MailCommand[],
  grammar?: OrderLineGrammar,
  forWords: readonly string[] = [],
): MailCommand[] {
  return commands.map((c) => {
    if (c.name !== 'ORDERS') return c;
    const shaped = shapeOrderLines(c.lines, { grammar, isCommand: isCommandLine, forWords });
    // set aside above the first order (commands.ts) and below the last, each with why
    const ignored = [
      ...(c.ignored ?? []),
      ...shaped.ignored.map((l) => ({ ...l, why: 'not an order (below the last order, read as a signature)' })),
    ];
    return {
      ...c,
      lines: shaped.lines,
      ...(ignored.length ? { ignored } : {}),
      ...(shaped.joined.length ? { joined: shaped.joined } : {}),
    };
  });
}
