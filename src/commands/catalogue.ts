/**
 * Every command a player, the referee, the command line or a job can give, declared once
 * (define.ts says what an entry holds). Everything else is derived from this list: the mail words
 * (mail/commands.ts), which commands are the referee's (mail/auth.ts), the HELP and welcome command
 * list (mail/render.ts), the referee's lists (referee-lists.ts), the mail dispatch
 * (services/mail-commands.ts), the bus's payload checks (services/command-bus.ts), the use cases
 * each kind runs (services/command-handlers.ts, exhaustive by kind) and the command tables of
 * docs/mail-commands.md (scripts/mail-commands-doc.ts; a test fails when the page is stale).
 * The order is the order of the help.
 */
import type { z } from 'zod';
import type { CommandName } from '../mail/command-types';
import type { AnyBusCommand, CatalogueEntry, ReplyCommand } from './define';
import * as player from './player-commands';
import * as referee from './referee-commands';
import * as system from './system-commands';

export const CATALOGUE = [
  player.ORDERS,
  player.HELP,
  player.STATUS,
  player.RESEND,
  player.PLAYERS,
  player.HISTORY,
  player.PRESS,
  player.DIGEST,
  player.WAIT,
  player.CONFIRM,
  player.RESIGN,
  player.LOG,
  player.IDENTIFY,
  referee.EXTEND,
  referee.FORCE,
  referee.UPGRADE,
  referee.PAUSE,
  referee.RESUME,
  referee.ABSENCE,
  referee.DEADLINE_LENGTH,
  referee.NOTE,
  referee.ROLLBACK,
  referee.ROLLFORWARD,
  referee.PREVIEW,
  referee.ADJUST,
  referee.ADOPT,
  referee.REPLACE,
  referee.MACHINE,
  referee.MAILS,
  referee.VIEW,
  referee.RESEND_TO,
  system.CREATE,
  system.DEADLINE,
  system.REMIND,
  system.FORK,
  system.REVOKE_LINKS,
] as const;

type Entries = (typeof CATALOGUE)[number];
type Bus = Extract<Entries, { readonly payload: z.ZodType }>;

/** the kinds of the command bus */
export type CommandKind = Bus['kind'];
/** a kind's payload as its use case gets it (checked) */
export type PayloadOf<K extends CommandKind> = z.output<Extract<Bus, { readonly kind: K }>['payload']>;
/** a kind's payload as a sender gives it */
export type PayloadInput<K extends CommandKind> = z.input<Extract<Bus, { readonly kind: K }>['payload']>;

const entries: readonly CatalogueEntry[] = CATALOGUE;

export const BUS_COMMANDS: ReadonlyMap<string, AnyBusCommand> = new Map(
  entries.flatMap((e) => (e.kind !== null ? [[e.kind, e] as const] : [])),
);

export function isCommandKind(kind: string): kind is CommandKind {
  return BUS_COMMANDS.has(kind);
}

/** the mail commands by name: a bus command, or a reply answered at once */
export const MAIL_COMMANDS: ReadonlyMap<CommandName, AnyBusCommand | ReplyCommand> = new Map(
  entries.flatMap((e) => ('mail' in e && e.mail ? [[e.mail.name, e] as const] : [])),
);

/**
 * The schema of a kind's payload, typed by its kind. (The map is built from the same entries, keyed
 * by the same kind, so the one assertion here holds by construction.)
 */
export function payloadSchema<K extends CommandKind>(kind: K): z.ZodType<PayloadOf<K>, PayloadInput<K>> {
  const spec = BUS_COMMANDS.get(kind);
  if (!spec) throw new Error(`command kind ${kind} is not in the catalogue`);
  return spec.payload as z.ZodType<PayloadOf<K>, PayloadInput<K>>;
}
