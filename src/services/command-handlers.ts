import { type CommandKind, isCommandKind, type PayloadOf, BUS_COMMANDS } from '../commands/catalogue';
import { readNoteConcerns } from '../mail/desk-commands';
import type { CommandOutcome, PendingCommand } from '../store/commands';
import type { Sql } from '../store/db';
import type { CommandBus } from './command-bus';
import { adjust } from './game/adjust';
import { adoptFork } from './game/adopt';
import { createGame } from './game/create';
import { deadlinePassed, remind } from './game/deadlines';
import { mails, view } from './game/desk';
import { setDigest } from './game/digest';
import { fork } from './game/fork';
import type { GameHandler } from './game/handler';
import { revokeLinks } from './game/links';
import { machineSeat } from './game/machine-seats';
import { submitOrders } from './game/orders';
import { press } from './game/press';
import { extend, force, note } from './game/referee';
import { resign } from './game/resign';
import { rollForward } from './game/roll-forward';
import { preview, rollback } from './game/rollback';
import { resendReports } from './game/resend';
import { replace } from './game/rulings';
import { absence, deadlineLength, pause, resume } from './game/time-rulings';
import { upgrade } from './game/upgrade';
import { confirmOrders, wait } from './game/wait';

/** the command a use case runs for: its game and its idempotency key */
export type CommandRef = Pick<PendingCommand, 'gameId' | 'idempotencyKey'>;

/** A kind's use case, given the payload its schema checked. */
export type UseCase<K extends CommandKind> = (h: GameHandler, tx: Sql, p: PayloadOf<K>, cmd: CommandRef) => Promise<CommandOutcome>;

/** the referee (or the sender) is told what was done or why not, at `replyTo`; `referee`: who ruled, when the payload names them */
const by = (p: { readonly replyTo?: string; readonly referee?: string }, cmd: CommandRef) => ({
  replyTo: p.replyTo,
  key: cmd.idempotencyKey,
  ...(p.referee ? { referee: p.referee } : {}),
});
/** who ruled (the referee's address by mail; from the command line `--referee`, else the game's referee) and why */
const ruling = (p: { readonly referee?: string; readonly reason?: string }) => ({
  referee: p.referee ?? 'referee',
  reason: p.reason ?? '',
});

/**
 * The use case each command kind of the catalogue runs (src/commands/catalogue.ts): one line each,
 * exhaustive by kind (a kind added to the catalogue without its use case here does not compile).
 */
export const USE_CASES: { readonly [K in CommandKind]: UseCase<K> } = {
  'game.create': (h, tx, p) => createGame(h, tx, p),
  'game.orders': (h, tx, p) => submitOrders(h, tx, p),
  'game.deadline': (h, tx, p) => deadlinePassed(h, tx, p.gameId, p.stepId),
  'game.remind': (h, tx, p) => remind(h, tx, p.gameId, p.stepId, p.remindAt),
  'game.force': (h, tx, p, cmd) => force(h, tx, p.gameId, by(p, cmd)),
  'game.extend': (h, tx, p, cmd) => extend(h, tx, p.gameId, p.byMinutes, p.until, by(p, cmd)),
  'referee.note': (h, tx, p, cmd) => {
    // `umpire note G-x ON 57 <ruling>` names the event as the mail's NOTE ON 57 does
    const r = p.concerns || typeof p.text !== 'string' ? { text: p.text, concerns: p.concerns } : readNoteConcerns(p.text);
    return note(h, tx, cmd.gameId, r.text, String(p.actor ?? 'referee'), cmd.idempotencyKey, { ...by(p, cmd), concerns: r.concerns });
  },
  'game.press': (h, tx, p, cmd) => press(h, tx, p.gameId, p.from, p.text, by(p, cmd)),
  'game.resign': (h, tx, p, cmd) => resign(h, tx, p.gameId, p.side, p.confirm === true, by(p, cmd)),
  'game.digest': (h, tx, p, cmd) => setDigest(h, tx, p.gameId, p.viewer, p.mode, by(p, cmd)),
  'game.upgrade': (h, tx, p, cmd) => upgrade(h, tx, p.gameId, p.reason ?? '', by(p, cmd)),
  'game.wait': (h, tx, p, cmd) => wait(h, tx, p.gameId, p.side, by(p, cmd)),
  'game.confirm': (h, tx, p, cmd) => confirmOrders(h, tx, p.gameId, p.side, by(p, cmd)),
  'game.pause': (h, tx, p, cmd) => pause(h, tx, p.gameId, ruling(p), by(p, cmd)),
  'game.resume': (h, tx, p, cmd) => resume(h, tx, p.gameId, ruling(p), by(p, cmd)),
  'game.absence': (h, tx, p, cmd) => absence(h, tx, p.gameId, { side: p.side, from: p.from, to: p.to }, ruling(p), by(p, cmd)),
  // the mail's DEADLINE <kind> <length> (game.deadline is the deadline job's)
  'game.deadline-length': (h, tx, p, cmd) => deadlineLength(h, tx, p.gameId, p.kind, p.length, ruling(p), by(p, cmd)),
  'game.rollback': (h, tx, p, cmd) =>
    rollback(
      h,
      tx,
      p.gameId,
      { target: p.target, orders: p.orders === 'resend' ? 'resend' : 'kept', preview: p.preview === true, ...ruling(p) },
      by(p, cmd),
    ),
  'game.rollforward': (h, tx, p, cmd) => rollForward(h, tx, p.gameId, { steps: p.steps, ...ruling(p) }, by(p, cmd)),
  'game.preview': (h, tx, p, cmd) => preview(h, tx, p.gameId, by(p, cmd)),
  'game.adjust': (h, tx, p, cmd) => adjust(h, tx, p.gameId, { text: p.text, referee: ruling(p).referee }, by(p, cmd)),
  'game.replace': (h, tx, p, cmd) => replace(h, tx, p.gameId, p.side, p.address, p.reason ?? '', by(p, cmd)),
  'game.machine': (h, tx, p, cmd) => machineSeat(h, tx, p.gameId, p.side, p.player, p.reason ?? '', by(p, cmd)),
  'game.revokeLinks': (h, tx, p, cmd) => revokeLinks(h, tx, p.gameId, p.viewer ?? null, p.reason ?? '', by(p, cmd)),
  'game.mails': (h, tx, p, cmd) => mails(h, tx, p.gameId, p.side, by(p, cmd)),
  'game.resend': (h, tx, p, cmd) =>
    resendReports(h, tx, p.gameId, p.side, p.which, { ...by(p, cmd), referee: p.referee, reason: p.reason }),
  'game.view': (h, tx, p, cmd) => view(h, tx, p.gameId, p.side, { ...by(p, cmd), print: p.print }),
  'game.fork': (h, tx, p) => fork(h, tx, p),
  'game.adopt': (h, tx, p, cmd) => adoptFork(h, tx, { gameId: p.gameId, forkId: p.forkId, ...ruling(p) }, by(p, cmd)),
};

/** Runs one kind's use case (the game service's facade for every command). */
export function runCommand<K extends CommandKind>(
  h: GameHandler,
  tx: Sql,
  kind: K,
  p: PayloadOf<K>,
  cmd: CommandRef,
): Promise<CommandOutcome> {
  const useCase: UseCase<K> = USE_CASES[kind];
  return useCase(h, tx, p, cmd);
}

/** Every kind of the catalogue on the bus, each running its use case (the game service's takes over the bus's own `referee.note`). */
export function registerCommands(bus: CommandBus, h: GameHandler): void {
  const bind = <K extends CommandKind>(kind: K) =>
    bus.register(kind, (tx, p, cmd) => runCommand(h, tx, kind, p, cmd), { replace: kind === 'referee.note' });
  for (const kind of BUS_COMMANDS.keys()) if (isCommandKind(kind)) bind(kind);
}
