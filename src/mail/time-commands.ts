/**
 * The mail lines of the time commands (issue 10 item 4, issue 12 item 1): a player's WAIT and
 * CONFIRM, the referee's PAUSE, RESUME, ABSENCE and DEADLINE. The arguments are taken as written:
 * the game service checks them (services/game/time-args.ts) and refuses bad ones with a reply
 * naming what was wrong and what would be right, for mail and CLI alike.
 */

export type TimeCommand =
  /** Hold my orders for the step in play: they do not complete it until CONFIRM or the deadline. */
  | { readonly name: 'WAIT'; readonly line: number; readonly refereeOnly: false }
  /** Release orders held by WAIT: the step resolves as soon as nobody else is awaited. */
  | { readonly name: 'CONFIRM'; readonly line: number; readonly refereeOnly: false }
  /** Stop the deadlines (the remaining time is kept); `reason` is what follows PAUSE. */
  | { readonly name: 'PAUSE'; readonly reason: string; readonly line: number; readonly refereeOnly: true }
  /** Restart the deadlines with the time they had left. */
  | { readonly name: 'RESUME'; readonly reason: string; readonly line: number; readonly refereeOnly: true }
  /** `ABSENCE <side> <from> <to> [reason]`: deadlines falling in the window move past it. */
  | {
      readonly name: 'ABSENCE';
      readonly side: string;
      readonly from: string;
      readonly to: string;
      readonly reason: string;
      readonly line: number;
      readonly refereeOnly: true;
    }
  /** `DEADLINE <kind> <length> [reason]`: the length of the deadlines of one kind of step from now on. */
  | {
      readonly name: 'DEADLINE';
      readonly kind: string;
      readonly length: string;
      readonly reason: string;
      readonly line: number;
      readonly refereeOnly: true;
    };

export type TimeCommandName = TimeCommand['name'];

/**
 * A time command's line (its first word already known), or null when the line is not one: WAIT and
 * CONFIRM stand alone; ABSENCE needs a side and two dates, DEADLINE a kind and a length (a bare
 * DEADLINE is STATUS). What the words mean is checked by the game service.
 */
export function readTimeCommand(word: string, args: string, line: number): TimeCommand | null {
  const words = args.split(/\s+/).filter(Boolean);
  switch (word) {
    case 'WAIT':
    case 'CONFIRM':
      return words.length === 0 ? { name: word, line, refereeOnly: false } : null;
    case 'PAUSE':
    case 'RESUME':
      return { name: word, reason: args, line, refereeOnly: true };
    case 'ABSENCE':
      if (words.length < 3) return null;
      return {
        name: 'ABSENCE',
        side: words[0].toLowerCase(),
        from: words[1],
        to: words[2],
        reason: words.slice(3).join(' '),
        line,
        refereeOnly: true,
      };
    case 'DEADLINE':
      if (words.length < 2) return null;
      return {
        name: 'DEADLINE',
        kind: words[0].toLowerCase(),
        length: words[1],
        reason: words.slice(2).join(' '),
        line,
        refereeOnly: true,
      };
    default:
      return null;
  }
}
