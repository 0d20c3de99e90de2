import type { Side } from '../engine/ruleset';
import type { MailCommand } from '../mail/commands';
import type { CommandOutcome, PendingCommand, PermanentCommandError } from '../store/commands';
import type { Sql } from '../store/db';
import type { OutboxDraft } from '../store/outbox';
import type { LoadedGame } from './game-repository';
import type { CreateGameInput, GameServiceOptions, OrdersInput } from './game-ports';
import { createGame } from './game/create';
import { deadlinePassed, remind } from './game/deadlines';
import { GameEnv, GameHandler, type GameDeps, type RefereeReply } from './game/handler';
import { submitOrders } from './game/orders';
import { press } from './game/press';
import { refereeOf, report, status } from './game/reads';
import { commandFailed, extend, force, note } from './game/referee';
import { historyDrafts, replyDraft } from './game/replies';
import { logDraft } from './game/log';
import { resign } from './game/resign';
import { setDigest } from './game/digest';
import { TimeCommands } from './time-registrations';
import { upgrade } from './game/upgrade';
import { mails, view } from './game/desk';
import { fork, type ForkInput } from './game/fork';
import { preview, rollback, type RollbackInput } from './game/rollback';
import { replace } from './game/rulings';
import { machineSeat, playMachineSeats } from './game/machine-seats';
import { revokeLinks } from './game/links';

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

  // commands (inside the command inbox's transaction)

  create(tx: Sql, input: CreateGameInput): Promise<CommandOutcome> {
    return createGame(this.handler, tx, input);
  }

  submitOrders(tx: Sql, input: OrdersInput): Promise<CommandOutcome> {
    return submitOrders(this.handler, tx, input);
  }

  /** The deadline for `stepId` passed: defaults for the sides still owing, then adjudicate. */
  deadline(tx: Sql, gameId: string, stepId: string): Promise<CommandOutcome> {
    return deadlinePassed(this.handler, tx, gameId, stepId);
  }

  remind(tx: Sql, gameId: string, stepId: string, remindAt?: string): Promise<CommandOutcome> {
    return remind(this.handler, tx, gameId, stepId, remindAt);
  }

  force(tx: Sql, gameId: string, by: RefereeReply = {}): Promise<CommandOutcome> {
    return force(this.handler, tx, gameId, by);
  }

  extend(
    tx: Sql,
    gameId: string,
    byMinutes: number | undefined,
    until: string | undefined,
    by: RefereeReply = {},
  ): Promise<CommandOutcome> {
    return extend(this.handler, tx, gameId, byMinutes, until, by);
  }

  note(
    tx: Sql,
    gameId: string,
    text: unknown,
    actor: string,
    key: string,
    by: RefereeReply & { readonly concerns?: readonly number[] } = {},
  ): Promise<CommandOutcome> {
    return note(this.handler, tx, gameId, text, actor, key, by);
  }

  press(tx: Sql, gameId: string, from: string, text: unknown, by: RefereeReply = {}): Promise<CommandOutcome> {
    return press(this.handler, tx, gameId, from, text, by);
  }

  digest(tx: Sql, gameId: string, viewer: string, mode: string, by: RefereeReply = {}): Promise<CommandOutcome> {
    return setDigest(this.handler, tx, gameId, viewer, mode, by);
  }

  resign(tx: Sql, gameId: string, side: string | null, confirm: boolean, by: RefereeReply = {}): Promise<CommandOutcome> {
    return resign(this.handler, tx, gameId, side, confirm, by);
  }

  // the referee's desk (issue 12): rulings recorded as events, and reads that record nothing

  rollback(tx: Sql, gameId: string, input: RollbackInput, by: RefereeReply = {}): Promise<CommandOutcome> {
    return rollback(this.handler, tx, gameId, input, by);
  }

  preview(tx: Sql, gameId: string, by: RefereeReply = {}): Promise<CommandOutcome> {
    return preview(this.handler, tx, gameId, by);
  }

  replace(
    tx: Sql,
    gameId: string,
    side: string,
    address: string,
    reason: string,
    by: RefereeReply & { readonly referee?: string } = {},
  ): Promise<CommandOutcome> {
    return replace(this.handler, tx, gameId, side, address, reason, by);
  }

  /** MACHINE: a machine player (the game's `random` unless named) takes the seat (game/machine-seats.ts). */
  machine(
    tx: Sql,
    gameId: string,
    side: string,
    player: string | undefined,
    reason: string,
    by: RefereeReply & { readonly referee?: string } = {},
  ): Promise<CommandOutcome> {
    return machineSeat(this.handler, tx, gameId, side, player, reason, by);
  }

  revokeLinks(
    tx: Sql,
    gameId: string,
    viewer: string | null,
    reason: string,
    by: RefereeReply & { readonly referee?: string } = {},
  ): Promise<CommandOutcome> {
    return revokeLinks(this.handler, tx, gameId, viewer, reason, by);
  }

  mails(tx: Sql, gameId: string, side: string | undefined, by: RefereeReply = {}): Promise<CommandOutcome> {
    return mails(this.handler, tx, gameId, side, by);
  }

  view(tx: Sql, gameId: string, side: string, by: RefereeReply = {}): Promise<CommandOutcome> {
    return view(this.handler, tx, gameId, side, by);
  }

  fork(tx: Sql, input: ForkInput): Promise<CommandOutcome> {
    return fork(this.handler, tx, input);
  }

  /** UPGRADE: the game goes on under the rules build running now (engine pinning, docs/audit.md). */
  upgrade(tx: Sql, gameId: string, reason: string, by: RefereeReply & { readonly referee?: string } = {}): Promise<CommandOutcome> {
    return upgrade(this.handler, tx, gameId, reason, by);
  }

  /** WAIT and CONFIRM (a side's), PAUSE, RESUME, ABSENCE and DEADLINE <kind> <length> (the referee's): time-registrations.ts */
  time(): TimeCommands {
    return new TimeCommands(this.handler);
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
