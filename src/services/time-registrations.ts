import type { CommandBus } from './command-bus';
import type { GameHandler, RefereeReply } from './game/handler';
import { absence, deadlineLength, pause, resume, type Ruling } from './game/time-rulings';
import { confirmOrders, wait } from './game/wait';
import type { Sql } from '../store/db';

/** A player's WAIT and CONFIRM and the referee's time rulings, on one game's handler (GameService.time). */
export class TimeCommands {
  constructor(private readonly handler: GameHandler) {}

  wait(tx: Sql, gameId: string, side: string | null, by: RefereeReply = {}) {
    return wait(this.handler, tx, gameId, side, by);
  }

  confirm(tx: Sql, gameId: string, side: string | null, by: RefereeReply = {}) {
    return confirmOrders(this.handler, tx, gameId, side, by);
  }

  pause(tx: Sql, gameId: string, r: Ruling, by: RefereeReply = {}) {
    return pause(this.handler, tx, gameId, r, by);
  }

  resume(tx: Sql, gameId: string, r: Ruling, by: RefereeReply = {}) {
    return resume(this.handler, tx, gameId, r, by);
  }

  absence(tx: Sql, gameId: string, a: { side: string; from: string; to: string }, r: Ruling, by: RefereeReply = {}) {
    return absence(this.handler, tx, gameId, a, r, by);
  }

  deadlineLength(tx: Sql, gameId: string, kind: string, length: string, r: Ruling, by: RefereeReply = {}) {
    return deadlineLength(this.handler, tx, gameId, kind, length, r, by);
  }
}

/**
 * The time commands on the command bus, mail and CLI alike: game.wait, game.confirm (a side's),
 * game.pause, game.resume, game.absence, game.deadline-length (the referee's; `referee` is who
 * ruled: the referee's address by mail, `cli` from the command line). The sender (replyTo) is told
 * what was done or why not.
 */
export function registerTimeCommands(bus: CommandBus, time: TimeCommands): void {
  type P = { gameId: string; replyTo?: string; referee?: string; reason?: string };
  const by = (p: P, key: string) => ({ replyTo: p.replyTo, key });
  const ruling = (p: P): Ruling => ({ referee: p.referee ?? 'cli', reason: String(p.reason ?? '') });
  bus.register('game.wait', (tx, cmd) => {
    const p = cmd.payload as P & { side: string | null };
    return time.wait(tx, p.gameId, p.side, by(p, cmd.idempotencyKey));
  });
  bus.register('game.confirm', (tx, cmd) => {
    const p = cmd.payload as P & { side: string | null };
    return time.confirm(tx, p.gameId, p.side, by(p, cmd.idempotencyKey));
  });
  bus.register('game.pause', (tx, cmd) =>
    time.pause(tx, (cmd.payload as P).gameId, ruling(cmd.payload as P), by(cmd.payload as P, cmd.idempotencyKey)),
  );
  bus.register('game.resume', (tx, cmd) =>
    time.resume(tx, (cmd.payload as P).gameId, ruling(cmd.payload as P), by(cmd.payload as P, cmd.idempotencyKey)),
  );
  bus.register('game.absence', (tx, cmd) => {
    const p = cmd.payload as P & { side: string; from: string; to: string };
    return time.absence(
      tx,
      p.gameId,
      { side: String(p.side), from: String(p.from), to: String(p.to) },
      ruling(p),
      by(p, cmd.idempotencyKey),
    );
  });
  // the mail's DEADLINE <kind> <length> (game.deadline is the deadline job's)
  bus.register('game.deadline-length', (tx, cmd) => {
    const p = cmd.payload as P & { kind: string; length: string };
    return time.deadlineLength(tx, p.gameId, String(p.kind), String(p.length), ruling(p), by(p, cmd.idempotencyKey));
  });
}
