/**
 * How a command is declared in the catalogue (catalogue.ts): its kind on the command bus, the
 * schema of its payload (checked when the command is submitted and again when it is applied), who
 * may send it, its mail word and aliases, its CLI verb, its help row and its rows in
 * docs/mail-commands.md. The use case it runs is bound by kind in src/services/command-handlers.ts
 * (this layer sits below the mail reader, which reads the words, and the services, which run them).
 */
import type { z } from 'zod';
import type { CommandName, MailCommand } from '../mail/command-types';

/** who may send a command: a side's player, the referee, a scheduled job, the command line */
export type Sender = 'side' | 'referee' | 'job' | 'cli';

/** a row of the command list in HELP and the welcome (templates/mail/help, welcome) */
export interface HelpRow {
  readonly usage: string;
  readonly does: string;
}

/** a row of a table of docs/mail-commands.md; `table` defaults to the sender's (referee when no side may send it) */
export interface DocRow {
  readonly usage: string;
  readonly also?: string;
  readonly does: string;
  readonly table?: 'player' | 'referee';
}

/** what the mail dispatch knows of one authenticated mail when it turns a mail command into a payload */
export interface MailContext {
  readonly gameId: string;
  /** the sender's side, null for the referee */
  readonly side: string | null;
  /** the sender's address */
  readonly address: string;
  readonly messageId: string;
  /** where the text was read: the attached file's name when it was an attachment */
  readonly attachment?: string;
  /** the same mail holds a WAIT */
  readonly withWait: boolean;
  readonly stepId?: string;
  readonly arrivedAt?: string;
}

type MailOf<N extends CommandName> = Extract<MailCommand, { readonly name: N }>;

interface Common {
  readonly from: readonly Sender[];
  /** the mail words: the name unless `words` says otherwise, then the aliases */
  readonly mail?: { readonly name: CommandName; readonly words?: readonly string[]; readonly aliases?: readonly string[] };
  /** the command-line verb (`orders`, `game create`; `page-link --revoke`: an option of a verb), registered from here (src/cli/rulings.ts) */
  readonly cli?: string;
  /** what the verb does, for `umpire help`, where the mail help's words (`help.does`) do not fit the command line */
  readonly cliDoes?: string;
  readonly help?: HelpRow;
  /** the referee's short form, for the lists in the referee's welcome and refusals */
  readonly gloss?: string;
  readonly doc?: readonly DocRow[];
}

/** A command that goes through the bus: it changes the game or mails an answer from the game's inbox. */
export interface BusCommand<K extends string = string, S extends z.ZodType = z.ZodType, N extends CommandName = CommandName>
  extends Common {
  readonly kind: K;
  readonly payload: S;
  readonly mail?: Common['mail'] & {
    readonly name: N;
    /** the bus payload of the mail command */
    readonly toPayload: (c: MailOf<N>, m: MailContext) => z.input<S>;
  };
}

/** A mail command answered at once from what is stored (no command on the bus). */
export interface ReplyCommand extends Common {
  readonly kind: null;
  readonly mail: NonNullable<Common['mail']>;
}

/** A line of the help that is no command (GAME / SIDE / SECRET). */
export interface Directive {
  readonly kind: null;
  readonly directive: true;
  readonly from: readonly Sender[];
  readonly help: HelpRow;
}

/** A bus command with its types erased: what the derived code walks (the mail dispatch finds it by the command's name). */
export interface AnyBusCommand extends Common {
  readonly kind: string;
  readonly payload: z.ZodType;
  readonly mail?: Common['mail'] & { readonly toPayload: (c: never, m: MailContext) => unknown };
}

export type CatalogueEntry = AnyBusCommand | ReplyCommand | Directive;

export function command<const K extends string, S extends z.ZodType, const N extends CommandName = never>(
  spec: BusCommand<K, S, N>,
): BusCommand<K, S, N> {
  return spec;
}

export function reply(spec: Omit<ReplyCommand, 'kind'>): ReplyCommand {
  return { kind: null, ...spec };
}

export function directive(spec: Omit<Directive, 'kind' | 'directive'>): Directive {
  return { kind: null, directive: true, ...spec };
}
