import { MAIL_COMMANDS } from '../commands/catalogue';
import type { MailContext } from '../commands/define';
import { REFEREE_GLOSSES, SHARED_GLOSSES } from '../commands/derived';
import { ordersText } from '../commands/player-commands';
import type { Side } from '../engine/ruleset';
import type { MailCommand } from '../mail/commands';
import type { ParsedMessage } from '../mail/parse';
import type { Outbox, OutboxDraft } from '../store/outbox';
import type { CommandBus } from './command-bus';
import type { GameService } from './game.service';

/** What a mail command is carried out with: the command bus, the outbox, the game's replies, and refusals. */
export interface MailCommandDeps {
  readonly bus: Pick<CommandBus, 'submit'>;
  readonly outbox: Pick<Outbox, 'enqueue'>;
  readonly replies: Pick<GameService, 'replyDraft' | 'historyDrafts' | 'logDraft'>;
  readonly bounce: (key: string, to: string, problem: string, hint: string, gameId?: string, side?: string | null) => OutboxDraft;
}

/**
 * One command of an authenticated mail, carried out as its catalogue entry says (src/commands):
 * a bus command goes to the game's ordered inbox with the payload the entry makes of it (under a
 * key that is the same on every ingest of the message); HELP, STATUS, PLAYERS, RESEND, HISTORY
 * and LOG are answered at once. `stepId`: the step the
 * orders are for (stepOfOrders); undefined = the step in play when they are applied. `arrivedAt`:
 * when the mail arrived (its inbound row's arrival), which decides whether its orders came in time.
 */
export async function applyMailCommand(
  deps: MailCommandDeps,
  c: MailCommand,
  mail: ParsedMessage,
  gameId: string,
  side: string | null,
  stepId: string | undefined,
  arrivedAt?: string,
): Promise<unknown> {
  const key = commandKey(mail, c);
  const entry = MAIL_COMMANDS.get(c.name);
  if (!entry) throw new Error(`mail command ${c.name} is not in the catalogue`);
  if (c.name === 'ORDERS' && !side) {
    // the referee's mail held lines that are no referee command: say so, change nothing
    const first =
      ordersText(c.lines)
        .split(/\r?\n/)
        .map((l) => l.trim())
        .find((l) => l.length > 0) ?? '';
    await deps.outbox.enqueue([
      deps.bounce(
        `${key}:referee-lines`,
        mail.from.address,
        `The referee plays no side, so orders are not taken from you; "${first.slice(0, 80)}" is not a referee command. Nothing was changed.`,
        `Referee commands, one per line: ${[...REFEREE_GLOSSES, ...SHARED_GLOSSES].join(', ')}.`,
        gameId,
        null,
      ),
    ]);
    return { ORDERS: 'refused: the referee plays no side' };
  }
  // WAIT beside orders went with them; a side's WAIT alone is a command of its own
  if (c.name === 'WAIT' && side && mail.commands.some((o) => o.name === 'ORDERS')) return { WAIT: 'with the orders' };
  if (entry.kind === null) return { [c.name]: await answer(deps, c, gameId, side ?? 'referee', mail.from.address, key) };
  const context: MailContext = {
    gameId,
    side,
    address: mail.from.address,
    messageId: mail.messageId,
    ...(mail.textSource === 'attachment' ? { attachment: mail.textPart } : {}),
    withWait: mail.commands.some((o) => o.name === 'WAIT'),
    ...(stepId ? { stepId } : {}),
    ...(arrivedAt ? { arrivedAt } : {}),
  };
  // the catalogue's entry was found by this command's name: its toPayload takes this command
  const toPayload = entry.mail?.toPayload as ((c: MailCommand, m: MailContext) => unknown) | undefined;
  if (!toPayload) throw new Error(`mail command ${c.name} has no payload in the catalogue`);
  return { [c.name]: await deps.bus.submit(gameId, key, entry.kind, toPayload(c, context)) };
}

/** HELP, STATUS, PLAYERS, RESEND, HISTORY and LOG: answered at once from what is stored. */
async function answer(
  deps: MailCommandDeps,
  c: MailCommand,
  gameId: string,
  viewer: Side | 'referee',
  to: string,
  key: string,
): Promise<string> {
  if (c.name === 'HISTORY') await deps.outbox.enqueue(await deps.replies.historyDrafts(gameId, viewer, to, c.turn, key));
  else if (c.name === 'LOG') await deps.outbox.enqueue([await deps.replies.logDraft(gameId, viewer, to, key)]);
  else await deps.outbox.enqueue([await deps.replies.replyDraft(gameId, viewer, to, c, key)]);
  return 'replied';
}

/** The idempotency key of the command a mail command becomes: the same on every ingest of the message. */
export function commandKey(mail: ParsedMessage, c: MailCommand): string {
  return `mail:${mail.messageId}:${c.name}:${'line' in c ? c.line : 0}`;
}
