/**
 * The mail lines of the referee's desk (issues 12 and 30): ROLLBACK (and PREVIEW ROLLBACK),
 * ROLLFORWARD, PREVIEW, ADJUST, ADOPT, REPLACE, MACHINE, MAILS, VIEW, RESEND TO. Pure;
 * the game service checks what the words name (the step, the side, the address) and refuses with a
 * reply saying what would be right.
 */

export type DeskCommand =
  /**
   * `ROLLBACK TO <step id | EVENT n | n> [ORDERS KEPT | ORDERS RESEND] <reason>`: void the log after
   * the moment before that step resolved; orders kept by default. An empty reason is refused by the service.
   */
  | {
      readonly name: 'ROLLBACK';
      readonly target: { readonly stepId: string } | { readonly eventSeq: number };
      readonly orders: 'kept' | 'resend';
      readonly reason: string;
      /** `PREVIEW ROLLBACK TO …`: say what it would undo and keep, recording nothing */
      readonly preview?: true;
      readonly line: number;
      readonly refereeOnly: true;
    }
  /** `ROLLFORWARD [n]`: the steps the last rollback undid, resolved again with the orders they had (n: at most that many). */
  | { readonly name: 'ROLLFORWARD'; readonly steps?: number; readonly line: number; readonly refereeOnly: true }
  /** `ADJUST <path> = <value>[; …] [SEEN BY <side>] BECAUSE <reason>`: a board edit; the game service reads the text (adjust.ts). */
  | { readonly name: 'ADJUST'; readonly text: string; readonly line: number; readonly refereeOnly: true }
  /** `ADOPT <fork> [BECAUSE] <reason>`: that fork of this game made its official continuation (adopt.ts). */
  | { readonly name: 'ADOPT'; readonly forkId: string; readonly reason: string; readonly line: number; readonly refereeOnly: true }
  /** Adjudicate the step in play with the orders in hand, recording nothing (one-off dice). */
  | { readonly name: 'PREVIEW'; readonly line: number; readonly refereeOnly: true }
  /** `REPLACE <side> <address> [reason]`: the seat goes to a new player. */
  | {
      readonly name: 'REPLACE';
      readonly side: string;
      readonly address: string;
      readonly reason: string;
      readonly line: number;
      readonly refereeOnly: true;
    }
  /**
   * `MACHINE <side> [player [reason]]`: a machine player takes the seat (the game's `random` unless
   * named; a reason needs the player named first). REPLACE <side> <address> hands it back.
   */
  | {
      readonly name: 'MACHINE';
      readonly side: string;
      readonly player?: string;
      readonly reason: string;
      readonly line: number;
      readonly refereeOnly: true;
    }
  /** `MAILS [side]`: the game's inbound mails with arrival times, status and outcome. */
  | { readonly name: 'MAILS'; readonly side?: string; readonly line: number; readonly refereeOnly: true }
  /** `VIEW <side>`: that side's report as it would read now. */
  | { readonly name: 'VIEW'; readonly side: string; readonly line: number; readonly refereeOnly: true }
  /**
   * `RESEND [TO] <side> [ALL | turn | TURN n] [reason]`: that side's latest report (or all of them,
   * or one turn's) sent again to its player, as first sent. A bare `RESEND [turn]` is the sender's own.
   */
  | {
      readonly name: 'RESEND TO';
      readonly side: string;
      readonly which: 'latest' | 'all' | { readonly turn: number };
      readonly reason: string;
      readonly line: number;
      readonly refereeOnly: true;
    };

export type DeskCommandName = DeskCommand['name'];

const SIDE = /^[a-z][a-z0-9_-]*$/i;

/** A desk command's line (its first word known), or null when the words do not make one. */
export function readDeskCommand(word: DeskCommandName, args: string, line: number): DeskCommand | null {
  const words = args.split(/\s+/).filter(Boolean);
  switch (word) {
    case 'ROLLBACK': {
      const m = args.match(/^TO\s+(?:(?:EVENT\s+|#)?(\d{1,9})(?=\s|$)|(\S+))(?:\s+ORDERS\s+(KEPT|KEEP|RESEND))?(?:\s+([\s\S]*))?$/i);
      if (!m) return null;
      const target = m[1] !== undefined ? { eventSeq: Number(m[1]) } : { stepId: m[2] };
      const orders = m[3] && /^RESEND$/i.test(m[3]) ? 'resend' : 'kept';
      return { name: 'ROLLBACK', target, orders, reason: (m[4] ?? '').trim(), line, refereeOnly: true };
    }
    case 'PREVIEW': {
      if (words.length === 0) return { name: 'PREVIEW', line, refereeOnly: true };
      const rollback = /^ROLLBACK\s+([\s\S]+)$/i.exec(args.trim());
      const read = rollback ? readDeskCommand('ROLLBACK', rollback[1], line) : null;
      return read?.name === 'ROLLBACK' ? { ...read, preview: true } : null;
    }
    case 'ROLLFORWARD':
      if (words.length === 0) return { name: 'ROLLFORWARD', line, refereeOnly: true };
      return words.length === 1 && /^\d{1,4}$/.test(words[0]) && Number(words[0]) > 0
        ? { name: 'ROLLFORWARD', steps: Number(words[0]), line, refereeOnly: true }
        : null;
    case 'ADJUST':
      return args.trim() ? { name: 'ADJUST', text: args.trim(), line, refereeOnly: true } : null;
    case 'ADOPT': {
      // the reason may start with BECAUSE, as ADJUST's does; an empty one is refused by the service
      const m = args.trim().match(/^(\S+)(?:\s+(?:BECAUSE\s+)?([\s\S]*))?$/i);
      return m ? { name: 'ADOPT', forkId: m[1], reason: (m[2] ?? '').trim(), line, refereeOnly: true } : null;
    }
    case 'REPLACE':
      if (words.length < 2 || !SIDE.test(words[0]) || !words[1].includes('@')) return null;
      return {
        name: 'REPLACE',
        side: words[0].toLowerCase(),
        address: words[1].replace(/^<|>$/g, ''),
        reason: words.slice(2).join(' '),
        line,
        refereeOnly: true,
      };
    case 'MACHINE':
      if (words.length < 1 || !SIDE.test(words[0]) || (words[1] !== undefined && !SIDE.test(words[1]))) return null;
      return {
        name: 'MACHINE',
        side: words[0].toLowerCase(),
        ...(words[1] ? { player: words[1].toLowerCase() } : {}),
        reason: words.slice(2).join(' '),
        line,
        refereeOnly: true,
      };
    case 'MAILS':
      if (words.length === 0) return { name: 'MAILS', line, refereeOnly: true };
      return words.length === 1 && SIDE.test(words[0]) ? { name: 'MAILS', side: words[0].toLowerCase(), line, refereeOnly: true } : null;
    case 'VIEW':
      return words.length === 1 && SIDE.test(words[0]) ? { name: 'VIEW', side: words[0].toLowerCase(), line, refereeOnly: true } : null;
    case 'RESEND TO': {
      const m = args.match(/^(?:TO\s+)?([a-z][a-z0-9_-]*)(?:\s+(ALL|(?:TURN\s+)?\d{1,4})(?=\s|$))?(?:\s+([\s\S]*))?$/i);
      if (!m || /^(TO|TURN|ALL)$/i.test(m[1])) return null;
      const which = !m[2] ? 'latest' : /^ALL$/i.test(m[2]) ? 'all' : { turn: Number(m[2].replace(/\D/g, '')) };
      return { name: 'RESEND TO', side: m[1].toLowerCase(), which, reason: (m[3] ?? '').trim(), line, refereeOnly: true };
    }
    default: {
      const unreachable: never = word;
      return unreachable;
    }
  }
}

/** `NOTE ON <event> <text>` (or `NOTE #57 <text>`): a ruling that names the event it concerns. */
export function readNoteConcerns(text: string): { readonly concerns?: readonly number[]; readonly text: string } {
  const m = text.match(/^(?:ON\s+(?:EVENT\s+)?#?|#)(\d{1,9})\b[\s:,-]*([\s\S]*)$/i);
  return m ? { concerns: [Number(m[1])], text: m[2].trim() } : { text };
}
