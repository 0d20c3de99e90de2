/**
 * The vocabulary of a player's mail: command names, the commands a message carries and the game
 * it claims to be about. Read from text by commands.ts; documented for players in
 * docs/mail-commands.md.
 */

import type { DeskCommand } from './desk-commands';
import type { TimeCommand } from './time-commands';

export type PlayerCommandName =
  | 'ORDERS'
  | 'HELP'
  | 'STATUS'
  | 'RESEND'
  | 'PLAYERS'
  | 'HISTORY'
  | 'PRESS'
  | 'RESIGN'
  | 'DIGEST'
  | 'WAIT'
  | 'CONFIRM'
  | 'LOG';
export type RefereeCommandName =
  | 'EXTEND'
  | 'FORCE'
  | 'NOTE'
  | 'PAUSE'
  | 'RESUME'
  | 'ABSENCE'
  | 'DEADLINE'
  | 'ROLLBACK'
  | 'PREVIEW'
  | 'REPLACE'
  | 'MACHINE'
  | 'MAILS'
  | 'VIEW'
  | 'RESEND TO'
  | 'UPGRADE'
  | 'ROLLFORWARD'
  | 'ADJUST'
  | 'ADOPT';
export type CommandName = PlayerCommandName | RefereeCommandName;

/** One line of the message as the player wrote it; `line` is 1-based in the decoded body text. */
export interface NumberedLine {
  readonly line: number;
  readonly text: string;
}

export type MailCommand =
  | {
      readonly name: 'ORDERS';
      readonly lines: readonly NumberedLine[];
      /** lines above the first order or below the last that are no order and no command, set aside, and why (commands.ts, order-lines.ts): the acknowledgment or the refusal lists them */
      readonly ignored?: readonly (NumberedLine & { readonly why?: string })[];
      /** lines a client wrapped, joined again: each joined order is numbered by its first line */
      readonly joined?: readonly { readonly line: number; readonly parts: readonly number[] }[];
      readonly refereeOnly: false;
    }
  | { readonly name: 'HELP'; readonly topic?: string; readonly line: number; readonly refereeOnly: false }
  | { readonly name: 'STATUS'; readonly line: number; readonly refereeOnly: false }
  | { readonly name: 'RESEND'; readonly turn?: number; readonly line: number; readonly refereeOnly: false }
  | { readonly name: 'PLAYERS'; readonly line: number; readonly refereeOnly: false }
  /** Every report this side (or the referee) has been sent, or those of one turn, mailed again. */
  | { readonly name: 'HISTORY'; readonly turn?: number; readonly line: number; readonly refereeOnly: false }
  /**
   * A message to the other sides (from the referee: to every side), relayed by the umpire. The
   * text is what follows PRESS on its line and the lines after it, up to a line ENDPRESS or the
   * end of the message; empty text is refused by the game service.
   */
  | { readonly name: 'PRESS'; readonly text: string; readonly line: number; readonly refereeOnly: false }
  /** Concede the game: bare RESIGN only asks for confirmation; RESIGN CONFIRM concedes. */
  | { readonly name: 'RESIGN'; readonly confirm: boolean; readonly line: number; readonly refereeOnly: false }
  /** How much mail the sender wants: ACTION (default), TURN or EVERY (services/service-state.ts DigestMode). */
  | { readonly name: 'DIGEST'; readonly mode: 'action' | 'turn' | 'every'; readonly line: number; readonly refereeOnly: false }
  /** LOG: the game's audit bundle for the sender's view, once the game is over (docs/audit.md) */
  | { readonly name: 'LOG'; readonly line: number; readonly refereeOnly: false }
  /** UPGRADE <reason>: the game goes on under the rules build running now (engine pinning, docs/audit.md) */
  | { readonly name: 'UPGRADE'; readonly reason: string; readonly line: number; readonly refereeOnly: true }
  /** Move the current deadline: by a duration (`by`) or to an instant (`until`). */
  | {
      readonly name: 'EXTEND';
      readonly byMinutes?: number;
      readonly until?: string;
      readonly line: number;
      readonly refereeOnly: true;
    }
  /** Resolve the current step now, using default orders for sides that have not ordered. */
  | { readonly name: 'FORCE'; readonly line: number; readonly refereeOnly: true }
  /** A referee's note for the game log, seen by every side. */
  | {
      readonly name: 'NOTE';
      readonly text: string;
      /** `NOTE ON 57 …`: the events the ruling concerns */
      readonly concerns?: readonly number[];
      readonly line: number;
      readonly refereeOnly: true;
    }
  /** WAIT, CONFIRM (a player's); PAUSE, RESUME, ABSENCE, DEADLINE <kind> <length> (the referee's): time-commands.ts */
  | TimeCommand
  /** ROLLBACK, PREVIEW, REPLACE, MACHINE, MAILS, VIEW, ROLLFORWARD, ADJUST (the referee's desk): desk-commands.ts */
  | DeskCommand;

/** Which game, side and turn a message claims to be about (claims only: auth decides). */
export interface GameReference {
  readonly gameId?: string;
  readonly side?: string;
  readonly turn?: number;
}

export interface BodyDirectives extends GameReference {
  /** `SECRET xxxx`: the per-player secret, the alternative to a tagged reply address. */
  readonly secret?: string;
}

export interface SubjectInfo extends GameReference {
  /** A command word at the start of the subject (after the `[umpire G-…]` tag). */
  readonly command?: CommandName;
  /**
   * The subject is a reply's or a forward's (`Re: …`): its game, side and turn were copied from
   * the umpire's message, so they say what that message was about, not what the sender chose.
   */
  readonly reply?: true;
}
