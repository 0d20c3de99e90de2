/**
 * What a player's words mean: the reply cut free of quotes and signature, the game/side/turn
 * the message is about, and the commands it carries. Pure functions over text; the command set
 * and its words are the catalogue's (src/commands/catalogue.ts), documented for players in
 * docs/mail-commands.md.
 */

import { extractReply } from './reply';
import type { BodyDirectives, CommandName, MailCommand, NumberedLine, SubjectInfo } from './command-types';
/** The mail commands only the game's referee may send (from the catalogue, src/commands). */
export { REFEREE_COMMANDS } from '../commands/derived';
import { readDeskCommand, readNoteConcerns } from './desk-commands';
import { readTimeCommand } from './time-commands';
import { COMMAND_WORDS } from '../commands/derived';

export type {
  BodyDirectives,
  CommandName,
  GameReference,
  MailCommand,
  NumberedLine,
  PlayerCommandName,
  RefereeCommandName,
  SubjectInfo,
} from './command-types';

/** Game ids look like `G-abc123`; the id never contains a dot (reply addresses use dots as separators). */
export const GAME_ID_PATTERN = /\bG-[A-Za-z0-9][A-Za-z0-9_-]*/;
/** Sides and topics: lower-case words as the rulebook spells them (`japanese`, `allied`). */
const WORD = /^[a-z][a-z0-9_-]*$/i;

/** Words of our own outbound subjects that are not side names. */
const SUBJECT_NOISE = new Set(['re', 'fw', 'fwd', 'aw', 'sv', 'ack', 'acknowledgment', 'rejected', 'reminder', 'turn', 'report']);

/**
 * Cut a reply down to what the sender wrote (reply.ts: quotes marked or not, attributions,
 * forwards, signatures, taglines, and everything from a line `END`). Kept lines keep their
 * original line numbers.
 */
export function stripReply(text: string): NumberedLine[] {
  return extractReply({ text }).lines;
}

/**
 * The umpire's subjects as they are (`ACTION G-abc123 japanese t3: Patrol move`, FYI, GAME OVER)
 * and as they were (`[umpire G-abc123] report japanese turn 3: …`): game, side (or `referee`), turn.
 */
const UMPIRE_SUBJECT =
  /^(?:ACTION|FYI|GAME\s+OVER)\s+(G-[A-Za-z0-9][A-Za-z0-9_-]*)(?:\s+(?!t\d{1,4}\s*:)([a-z][a-z0-9_-]*))?(?:\s+t(\d{1,4}))?\s*:/i;

/** `[umpire G-abc123] orders japanese turn 3`, and replies to the umpire's `ACTION G-abc123 japanese t3: …`. */
export function parseSubject(subject: string): SubjectInfo {
  const gameId = subject.match(GAME_ID_PATTERN)?.[0];
  const afterTag = subject.replace(/^.*\[umpire[^\]]*\]/i, '').trim();
  const rest = afterTag.replace(/^((re|fwd?|aw|sv)\s*:\s*)+/i, '');
  const words = rest.split(/[\s:,;]+/).filter(Boolean);
  // A reply's subject names what it replies to ("Re: … report …"), not what the sender asks for.
  const isReply = /^\s*(re|fwd?|aw|sv)\s*:/i.test(subject);
  const ours = rest.match(UMPIRE_SUBJECT);
  if (ours)
    return {
      gameId: ours[1],
      ...(ours[2] ? { side: ours[2].toLowerCase() } : {}),
      ...(ours[3] ? { turn: Number(ours[3]) } : {}),
      ...(isReply ? { reply: true as const } : {}),
    };
  const command = words.length > 0 && !isReply ? COMMAND_WORDS[words[0].toUpperCase()] : undefined;
  const turnMatch = rest.match(/\bturn\s+(\d{1,4})\b/i);
  const sideBeforeTurn = rest.match(/\b([a-z][a-z0-9_-]*)\s+turn\s+\d/i)?.[1];
  let side = sideBeforeTurn && !isNoise(sideBeforeTurn) ? sideBeforeTurn : undefined;
  if (!side && command && words[1] && WORD.test(words[1]) && !isNoise(words[1])) side = words[1];
  return {
    ...(gameId ? { gameId } : {}),
    ...(side ? { side: side.toLowerCase() } : {}),
    ...(turnMatch ? { turn: Number(turnMatch[1]) } : {}),
    ...(command ? { command } : {}),
    ...(isReply ? { reply: true as const } : {}),
  };
}

function isNoise(word: string): boolean {
  return SUBJECT_NOISE.has(word.toLowerCase()) || COMMAND_WORDS[word.toUpperCase()] !== undefined;
}

/** A list bullet before a line: •, -, –, — or * (and the like), then a space. */
const BULLET = /^\s*[•·▪◦‣\-–—*]\s+/u;
/** A comment after what a line says: ` # …` or ` -- …` (never inside a word: names keep their hyphens). */
const TRAILING_COMMENT = /\s+(?:#.*|--(?:\s.*)?)$/u;

/**
 * A line as the player meant it: without a bullet before it or the non-breaking spaces a phone
 * pastes. A comment line (`# …`) stays as it is.
 */
export function unbulleted(text: string): string {
  const t = text.replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ').trim();
  return t.startsWith('#') ? t : t.replace(BULLET, '').trim();
}

/** An order line without a comment after it (commands keep theirs: NOTE's text, ROLLBACK TO #12). */
export function orderContent(text: string): string {
  const t = unbulleted(text);
  return t.startsWith('#') ? t : t.replace(TRAILING_COMMENT, '').trim();
}

/** Commands that may stand anywhere, also among the orders (they are no order of any game). */
const ANYWHERE = /^(WAIT|CONFIRM)(\s|$)/i;

/** A line of the player's set aside, not read as an order, and why. */
export interface SetAsideLine extends NumberedLine {
  readonly why: string;
}

export interface ExtractedCommands {
  readonly directives: BodyDirectives;
  readonly commands: MailCommand[];
}

/**
 * Read the body: directive lines first (GAME, SIDE, TURN, SECRET, in any order), then command
 * lines, each on its own line; the first line that is not a command starts the orders, which run
 * to the end (an explicit `ORDERS` line does the same). Inside orders no keyword is interpreted,
 * so an order like "Force Z to Java Sea" is never mistaken for FORCE.
 * With no command and no orders in the body, the subject's command word (if any) applies.
 */
export function extractCommands(
  lines: readonly NumberedLine[],
  subjectCommand?: CommandName,
  looksLikeOrder?: (line: string) => boolean,
): ExtractedCommands {
  const directives: { gameId?: string; side?: string; turn?: number; secret?: string } = {};
  const commands: MailCommand[] = [];
  const orderLines: NumberedLine[] = [];
  /** lines above the first order that are no order ("Hi,", "My orders for this turn:") */
  const leadIn: SetAsideLine[] = [];
  let inOrders = false;
  /** the PRESS being written: its lines run to a line ENDPRESS or the end of the message */
  let press: { line: number; body: string[] } | null = null;
  const endPress = () => {
    if (!press) return;
    commands.push({ name: 'PRESS', text: tidyPress(press.body), line: press.line, refereeOnly: false });
    press = null;
  };
  for (const l of lines) {
    const text = l.text.trim();
    if (press) {
      if (/^END\s*PRESS$/i.test(text)) endPress();
      else press.body.push(l.text);
      continue;
    }
    if (text === '') continue;
    const pressStart = !inOrders && text.match(/^(PRESS|BROADCAST):?(?:\s+(.*))?$/i);
    if (pressStart) {
      press = { line: l.line, body: pressStart[2] ? [pressStart[2]] : [] };
      continue;
    }
    const bare = unbulleted(text);
    const content = orderContent(text);
    // a comment line (`# ...`) is nobody's order: before any order it starts nothing
    if (content === '' || (!inOrders && content.startsWith('#'))) continue;
    // WAIT and CONFIRM may stand on any line, among the orders too
    const anywhere = ANYWHERE.test(content) ? readCommand(content, l.line) : null;
    if (anywhere && anywhere !== 'orders-start') {
      commands.push(anywhere);
      continue;
    }
    if (inOrders) {
      orderLines.push({ line: l.line, text: content });
      continue;
    }
    if (readDirective(bare, directives)) continue;
    const cmd = readCommand(bare, l.line);
    if (cmd === 'orders-start') {
      inOrders = true;
      continue;
    }
    if (cmd) {
      commands.push(cmd);
      continue;
    }
    if (looksLikeOrder && !looksLikeOrder(content)) {
      leadIn.push({ line: l.line, text: content, why: 'not an order (above the first order)' });
      continue;
    }
    inOrders = true;
    orderLines.push({ line: l.line, text: content });
  }
  endPress();
  const hasOrders = orderLines.some((l) => !l.text.startsWith('#'));
  // a mail of nothing but such lines (and no command) is the game's to refuse, with its order card
  if (!hasOrders && commands.length === 0 && leadIn.length) orderLines.unshift(...leadIn.map(({ line, text }) => ({ line, text })));
  if (orderLines.some((l) => !l.text.startsWith('#')) || (subjectCommand === 'ORDERS' && commands.length === 0)) {
    const ignored = hasOrders ? leadIn : [];
    commands.unshift({ name: 'ORDERS', lines: orderLines, ...(ignored.length ? { ignored } : {}), refereeOnly: false });
  } else if (commands.length === 0 && subjectCommand) {
    const fromSubject = readCommand(subjectCommand, 0);
    if (fromSubject && fromSubject !== 'orders-start') commands.push(fromSubject);
  }
  return { directives, commands };
}

/** A line the mail reader takes as a command or a directive where those stand (before the orders). */
export function isCommandLine(text: string): boolean {
  const t = text.trim();
  return readCommand(t, 0) !== null || readDirective(t, {}) || /^(PRESS|BROADCAST)(:|\s|$)/i.test(t);
}

function readDirective(text: string, into: { gameId?: string; side?: string; turn?: number; secret?: string }): boolean {
  const m = text.match(/^(GAME|SIDE|TURN|SECRET)\s*[:=]?\s+(\S+)\s*$/i);
  if (!m) return false;
  const value = m[2];
  switch (m[1].toUpperCase()) {
    case 'GAME': {
      const id = value.match(GAME_ID_PATTERN)?.[0];
      if (!id) return false;
      into.gameId = id;
      return true;
    }
    case 'SIDE':
      if (!WORD.test(value)) return false;
      into.side = value.toLowerCase();
      return true;
    case 'TURN':
      if (!/^\d{1,4}$/.test(value)) return false;
      into.turn = Number(value);
      return true;
    default:
      into.secret = value;
      return true;
  }
}

/** A command line, or 'orders-start' for a bare ORDERS, or null when the line is not a command. */
function readCommand(text: string, line: number): MailCommand | 'orders-start' | null {
  const [word, ...restWords] = text.split(/\s+/);
  const name = COMMAND_WORDS[word.toUpperCase().replace(/:$/, '')];
  if (!name) return null;
  const args = restWords.join(' ').trim();
  // a bare DEADLINE asks for the STATUS; DEADLINE <kind> <length> is the referee's
  if (name === 'STATUS' && args !== '' && /^DEADLINE:?$/i.test(word)) return readTimeCommand('DEADLINE', args, line);
  switch (name) {
    case 'ORDERS':
      return args === '' ? 'orders-start' : null;
    case 'HELP':
      if (args === '') return { name, line, refereeOnly: false };
      // a topic word (HELP STANDING) or a rule number (HELP 18.33)
      return WORD.test(args) || /^\d{1,2}(?:\.\d{1,3})?$/.test(args) ? { name, topic: args.toLowerCase(), line, refereeOnly: false } : null;
    case 'STATUS':
    case 'PLAYERS':
      return args === '' ? { name, line, refereeOnly: false } : null;
    case 'RESEND': {
      if (args === '') return { name, line, refereeOnly: false };
      const t = args.match(/^(?:turn\s+)?(\d{1,4})$/i);
      // RESEND [TO] <side> …: the referee's, a side's reports sent again to that side
      return t ? { name, turn: Number(t[1]), line, refereeOnly: false } : readDeskCommand('RESEND TO', args, line);
    }
    case 'HISTORY': {
      if (args === '') return { name, line, refereeOnly: false };
      const t = args.match(/^(?:turn\s+)?(\d{1,4})$/i);
      return t ? { name, turn: Number(t[1]), line, refereeOnly: false } : null;
    }
    case 'PRESS':
      // a PRESS line in the body is read by extractCommands (its text runs over several lines); a subject's has no text
      return { name, text: args, line, refereeOnly: false };
    case 'RESIGN':
      if (args === '') return { name, confirm: false, line, refereeOnly: false };
      return /^CONFIRM$/i.test(args) ? { name, confirm: true, line, refereeOnly: false } : null;
    case 'LOG':
      return args === '' ? { name, line, refereeOnly: false } : null;
    case 'UPGRADE':
      // an empty reason is refused by the game service, saying what to write
      return { name, reason: args, line, refereeOnly: true };
    case 'DIGEST': {
      const mode = args.toLowerCase();
      return mode === 'action' || mode === 'turn' || mode === 'every' ? { name, mode, line, refereeOnly: false } : null;
    }
    case 'FORCE':
      return args === '' ? { name, line, refereeOnly: true } : null;
    case 'NOTE':
      return args === '' ? null : { name, ...readNoteConcerns(args), line, refereeOnly: true };
    case 'EXTEND':
      return readExtend(args, line);
    case 'WAIT':
    case 'CONFIRM':
    case 'PAUSE':
    case 'RESUME':
    case 'ABSENCE':
    case 'DEADLINE':
      return readTimeCommand(name, args, line);
    case 'ROLLBACK':
    case 'PREVIEW':
    case 'REPLACE':
    case 'MACHINE':
    case 'MAILS':
    case 'VIEW':
    case 'RESEND TO':
    case 'ROLLFORWARD':
    case 'ADJUST':
    case 'ADOPT':
      return readDeskCommand(name, args, line);
    default: {
      const unreachable: never = name;
      return unreachable;
    }
  }
}

/** Press text: trailing and leading blank lines dropped, inner ones (paragraphs) kept. */
function tidyPress(body: readonly string[]): string {
  const lines = body.map((l) => l.replace(/\s+$/, ''));
  while (lines.length && lines[0].trim() === '') lines.shift();
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  return lines.join('\n');
}

/** `EXTEND 24h`, `EXTEND 2d`, `EXTEND 90m`, `EXTEND TO 2026-11-23T18:00Z`. */
function readExtend(args: string, line: number): MailCommand | null {
  const dur = args.match(/^(?:by\s+)?(\d{1,4})\s*(m|min|minutes?|h|hours?|d|days?)$/i);
  if (dur) {
    const unit = dur[2][0].toLowerCase();
    const minutes = Number(dur[1]) * (unit === 'm' ? 1 : unit === 'h' ? 60 : 1440);
    return minutes > 0 ? { name: 'EXTEND', byMinutes: minutes, line, refereeOnly: true } : null;
  }
  const to = args.match(/^(?:to|until)\s+(\S+(?:\s+\S+)?)$/i);
  if (to) {
    const when = new Date(to[1]);
    if (!Number.isNaN(when.getTime())) return { name: 'EXTEND', until: when.toISOString(), line, refereeOnly: true };
  }
  return null;
}
