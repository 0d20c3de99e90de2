import type { Side } from '../engine/ruleset';
import type { MailCommand } from '../mail/commands';
import type { CommandOutcome, PendingCommand, PermanentCommandError } from '../store/commands';
import type { Sql } from '../store/db';
import type { OutboxDraft } from '../store/outbox';
import type { LoadedGame } from './game-repository';
import type { GameServiceOptions } from './game-ports';
import type { CommandKind, PayloadOf } from '../commands/catalogue';
import type { CommandBus } from './command-bus';
import { type CommandRef, registerCommands, runCommand } from './command-handlers';
import { GameEnv, GameHandler, type GameDeps } from './game/handler';
import { refereeOf, report, status } from './game/reads';
import { commandFailed } from './game/referee';
import { historyDrafts, replyDraft } from './game/replies';
import { logDraft } from './game/log';
import { playMachineSeats } from './game/machine-seats';

export { GAME_ID } from './game/create';
export { reminderTime } from './game/flow';
export type { GameDeps, RefereeReply } from './game/handler';
export { PRESS_MAX_CHARS } from './game/press';
export { HISTORY_PART_CHARS } from './game/replies';
export type { CreateGameInput, DeadlineScheduler, GameServiceOptions, NoticeSink, OrdersInput } from './game-ports';
export { UnknownGameError } from './game-repository';

/**
 * A game's use cases, one file each under src/services/game/ (create, orders, deadlines,
 * referee, press, resign, replies, reads), all run through one handler: load the game (engine
 * state and the umpire's own settings and deadline, folded from the log), decide with the pure
 * engine, append with the expected version, and write the notices to the outbox, in the command
 * inbox's transaction under the game's advisory lock. Nothing here adjudicates by itself: the
 * engine does, and a command the engine refuses changes nothing but a reply.
 */
export class GameService {
  private readonly env: GameEnv;
  private readonly handler: GameHandler;

  constructor(deps: GameDeps, options: GameServiceOptions) {
    this.env = new GameEnv(deps, options);
    // a step awaiting a machine seat gets its orders before the command's transaction ends
    this.handler = new GameHandler(this.env, playMachineSeats);
  }

  get games() {
    return this.env.deps.games;
  }

  // commands (inside the command inbox's transaction): one use case per kind, src/services/command-handlers.ts

  /** Every command kind of the catalogue on the bus, each running its use case through this game service's handler. */
  registerOn(bus: CommandBus): void {
    registerCommands(bus, this.handler);
  }

  /** One command's use case, run in `tx` as the bus would run it (tests, tools). */
  run<K extends CommandKind>(tx: Sql, kind: K, payload: PayloadOf<K>, cmd: CommandRef): Promise<CommandOutcome> {
    return runCommand(this.handler, tx, kind, payload, cmd);
  }

  /** A command failed for good: recorded in the game's log; the player and the referee are told. */
  commandFailed(command: PendingCommand, error: PermanentCommandError): Promise<void> {
    return commandFailed(this.handler, command, error);
  }

  // replies and reads (no events)

  replyDraft(gameId: string, viewer: Side | 'referee', to: string, command: MailCommand, key: string): Promise<OutboxDraft> {
    return replyDraft(this.env, gameId, viewer, to, command, key);
  }

  historyDrafts(gameId: string, viewer: Side | 'referee', to: string, turn: number | undefined, key: string): Promise<OutboxDraft[]> {
    return historyDrafts(this.env, gameId, viewer, to, turn, key);
  }

  /** LOG: the game's audit bundle for `viewer`'s view, once the game is over (game/log.ts). */
  logDraft(gameId: string, viewer: Side | 'referee', to: string, key: string): Promise<OutboxDraft> {
    return logDraft(this.env, gameId, viewer, to, key);
  }

  status(gameId: string, viewer: Side | 'referee') {
    return status(this.env, gameId, viewer);
  }

  report(gameId: string, viewer: Side | 'referee') {
    return report(this.env, gameId, viewer);
  }

  refereeOf(game: string | LoadedGame): Promise<string | null> {
    return refereeOf(this.env, game);
  }

  /** The per-player SECRET word (the alternative to the signed reply address), derived, never stored. */
  playerSecret(gameId: string, side: string, address: string): string {
    return this.env.playerSecret(gameId, side, address);
  }

  legacyPlayerSecret(gameId: string, side: string, address: string): string {
    return this.env.legacyPlayerSecret(gameId, side, address);
  }
}
