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
 * One command of an authenticated mail, carried out: orders, press, resignation and the referee's
 * commands go to the game's ordered inbox (under a key that is the same on every ingest of the
 * message); HELP, STATUS, PLAYERS, RESEND and HISTORY are answered at once. `stepId`: the step the
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
  const via = `mail ${mail.messageId}`;
  switch (c.name) {
    case 'ORDERS': {
      if (!side) {
        // the referee's mail held lines that are no referee command: say so, change nothing
        const first =
          ordersText(c)
            .split(/\r?\n/)
            .map((l) => l.trim())
            .find((l) => l.length > 0) ?? '';
        await deps.outbox.enqueue([
          deps.bounce(
            `${key}:referee-lines`,
            mail.from.address,
            `The referee plays no side, so orders are not taken from you; "${first.slice(0, 80)}" is not a referee command. Nothing was changed.`,
            'Referee commands, one per line: FORCE (apply defaults now), EXTEND 24h | EXTEND 90m | EXTEND TO 2026-11-23T18:00Z, NOTE [ON <event>] <text for every side>, PRESS <message to every side>, PAUSE [reason], RESUME, ABSENCE <side> <from> <to>, DEADLINE <orders|battle|placement> <length>, ROLLBACK TO <step | EVENT n> [ORDERS KEPT | ORDERS RESEND] <reason>, PREVIEW, REPLACE <side> <address>, MACHINE <side> [player [reason]], MAILS [side], VIEW <side>, UPGRADE <reason>, STATUS, RESEND, HISTORY, LOG, HELP.',
            gameId,
            null,
          ),
        ]);
        return { ORDERS: 'refused: the referee plays no side' };
      }
      // the engine checks the step again when the command is applied: if it was resolved in
      // between, the orders are refused (wrong-step), never applied to the step after it
      return {
        ORDERS: await deps.bus.submit(gameId, key, 'game.orders', {
          gameId,
          side,
          text: ordersText(c),
          via,
          ...(c.ignored?.length ? { ignored: c.ignored } : {}),
          ...(mail.textSource === 'attachment' ? { source: `the attached file "${mail.textPart}"` } : {}),
          ...(stepId ? { stepId } : {}),
          ...(arrivedAt ? { arrivedAt } : {}),
          // WAIT in the same mail holds these orders (one command, so they never complete the step first)
          ...(mail.commands.some((o) => o.name === 'WAIT') ? { wait: true } : {}),
        }),
      };
    }
    case 'WAIT':
    case 'CONFIRM':
      // WAIT beside orders went with them; a side's WAIT or CONFIRM alone is a command of its own
      if (c.name === 'WAIT' && side && mail.commands.some((o) => o.name === 'ORDERS')) return { WAIT: 'with the orders' };
      return {
        [c.name]: await deps.bus.submit(gameId, key, c.name === 'WAIT' ? 'game.wait' : 'game.confirm', {
          gameId,
          side,
          replyTo: mail.from.address,
        }),
      };
    case 'PAUSE':
    case 'RESUME':
    case 'ABSENCE':
    case 'DEADLINE': {
      const { name, line: _line, refereeOnly: _r, ...args } = c;
      // game.deadline is the deadline job's command: the referee's DEADLINE <kind> <length> is game.deadline-length
      const kind = name === 'DEADLINE' ? 'game.deadline-length' : `game.${name.toLowerCase()}`;
      return {
        [name]: await deps.bus.submit(gameId, key, kind, {
          gameId,
          ...args,
          referee: mail.from.address,
          replyTo: mail.from.address,
        }),
      };
    }
    case 'HELP':
    case 'STATUS':
    case 'PLAYERS':
    case 'RESEND':
      await deps.outbox.enqueue([await deps.replies.replyDraft(gameId, side ?? 'referee', mail.from.address, c, key)]);
      return { [c.name]: 'replied' };
    case 'HISTORY':
      await deps.outbox.enqueue(await deps.replies.historyDrafts(gameId, side ?? 'referee', mail.from.address, c.turn, key));
      return { HISTORY: 'replied' };
    case 'LOG':
      await deps.outbox.enqueue([await deps.replies.logDraft(gameId, side ?? 'referee', mail.from.address, key)]);
      return { LOG: 'replied' };
    case 'UPGRADE':
      return {
        UPGRADE: await deps.bus.submit(gameId, key, 'game.upgrade', {
          gameId,
          reason: c.reason,
          referee: mail.from.address,
          replyTo: mail.from.address,
        }),
      };
    case 'PRESS':
      return {
        PRESS: await deps.bus.submit(gameId, key, 'game.press', {
          gameId,
          from: side ?? 'referee',
          text: c.text,
          replyTo: mail.from.address,
        }),
      };
    case 'RESIGN':
      return {
        RESIGN: await deps.bus.submit(gameId, key, 'game.resign', {
          gameId,
          side,
          confirm: c.confirm,
          replyTo: mail.from.address,
        }),
      };
    case 'DIGEST':
      return {
        DIGEST: await deps.bus.submit(gameId, key, 'game.digest', {
          gameId,
          viewer: side ?? 'referee',
          mode: c.mode,
          replyTo: mail.from.address,
        }),
      };
    case 'FORCE':
      return {
        FORCE: await deps.bus.submit(gameId, key, 'game.force', { gameId, replyTo: mail.from.address }),
      };
    case 'EXTEND':
      return {
        EXTEND: await deps.bus.submit(gameId, key, 'game.extend', {
          gameId,
          byMinutes: c.byMinutes,
          until: c.until,
          replyTo: mail.from.address,
        }),
      };
    case 'NOTE':
      return {
        NOTE: await deps.bus.submit(gameId, key, 'referee.note', {
          text: c.text,
          actor: 'referee',
          replyTo: mail.from.address,
          ...(c.concerns ? { concerns: c.concerns } : {}),
        }),
      };
    case 'ROLLBACK':
    case 'PREVIEW':
    case 'REPLACE':
    case 'MACHINE':
    case 'MAILS':
    case 'VIEW': {
      // the referee's desk (desk-commands.ts): one command kind each, game.<name>
      const { name, line: _line, refereeOnly: _r, ...args } = c;
      return {
        [name]: await deps.bus.submit(gameId, key, `game.${name.toLowerCase()}`, {
          gameId,
          ...args,
          referee: mail.from.address,
          replyTo: mail.from.address,
        }),
      };
    }
    default: {
      const never: never = c;
      throw new Error(`unhandled mail command ${JSON.stringify(never)}`);
    }
  }
}

/** The idempotency key of the command a mail command becomes: the same on every ingest of the message. */
export function commandKey(mail: ParsedMessage, c: MailCommand): string {
  return `mail:${mail.messageId}:${c.name}:${'line' in c ? c.line : 0}`;
}

/** The orders as text, each on the line number it has in the player's message, so errors point there. */
export function ordersText(c: Extract<MailCommand, { name: 'ORDERS' }>): string {
  return Array.from(
    { length: Math.max(0, ...c.lines.map((l) => l.line)) },
    (_, i) => c.lines.find((l) => l.line === i + 1)?.text ?? '',
  ).join('\n');
}
