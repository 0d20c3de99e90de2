import { createHmac } from 'node:crypto';
import { type CommandRejected, type Decision, type EngineCommand, type EngineEvent, tryDecide } from '../../engine/game';
import { type CommandOutcome, PermanentCommandError } from '../../store/commands';
import type { Db, Sql } from '../../store/db';
import type { HeldEvent, NewEvent } from '../../store/event-store';
import { ROLLED_BACK } from '../../engine/voids';
import type { GameTable } from '../../store/games';
import { canHold, sendWrites } from '../../store/held-writes';
import { type OutboxDraft, outboxWrite } from '../../store/outbox';
import { type ReportsSentPayload, reportsSentOf } from '../reports-sent';
import type { SentReports } from '../../store/reports';
import type { Notice } from '../../mail/notices';
import type { GameRepository, LoadedGame } from '../game-repository';
import type { DeadlineScheduler, GameServiceOptions, MailInTransit, NoticeSink } from '../game-ports';
import { SecretBox } from '../../shared/secret-box';
import { secretWord } from '../../mail/auth';
import { deadlineOf, type DeadlineRecord, type GameSettings } from '../service-state';
import { requireSameBuild } from './pinning';
import { isMachineAddress } from '../machine-address';

/** The stores and edges a game's use cases work with. */
export interface GameDeps {
  readonly db: Db;
  readonly games: GameRepository;
  readonly table: GameTable;
  readonly reports: SentReports;
  readonly sink: NoticeSink;
  readonly scheduler: DeadlineScheduler;
  readonly intake: MailInTransit;
}

/** What every use case shares: the stores, the secrets (dice seeds, sealed orders, SECRET words) and the clock. */
export class GameEnv {
  readonly seeds: SecretBox;
  readonly orders: SecretBox;
  readonly clock: () => Date;

  constructor(
    readonly deps: GameDeps,
    readonly options: GameServiceOptions,
  ) {
    this.seeds = new SecretBox(options.secret, 'dice-seeds');
    this.orders = new SecretBox(options.secret, 'sealed-orders');
    this.clock = options.clock ?? (() => new Date());
  }

  /** The per-player SECRET word (the alternative to the signed reply address), derived, never stored (auth.ts secretWord). */
  playerSecret(gameId: string, side: string, address: string): string {
    return secretWord(this.options.secret, gameId, side, address);
  }

  /** The word games created before secretWord were given; still accepted, compared exactly. */
  legacyPlayerSecret(gameId: string, side: string, address: string): string {
    return createHmac('sha256', this.options.secret)
      .update(`secret|${gameId}|${side.toLowerCase()}|${address.trim().toLowerCase()}`)
      .digest('base64url')
      .slice(0, 12);
  }
}

/**
 * One command on one game, inside the command inbox's transaction (under the game's advisory
 * lock): the game as loaded and as each append leaves it, the instant the command is applied at,
 * and the notices it causes, written to the outbox when the use case is done.
 */
export class Handling {
  readonly notices: Notice[] = [];
  readonly now: Date;
  /** the game's log was empty when the command began (it creates the game, or a fork): no report went out before */
  readonly newLog: boolean;
  /** the command's transaction; when appends are held, each statement sent through it writes them first */
  readonly tx: Sql;
  private held: HeldEvent[] = [];
  private heldOutbox: OutboxDraft[] = [];
  private snapshotDue = false;

  /**
   * @param hold hold the appends until `flush` (GameHandler.run, which flushes when the use case is
   *   done): a command's events go in one INSERT, not one per append. Any statement sent through
   *   `tx` meanwhile writes them first, so every read in the transaction sees the log as appended.
   */
  constructor(
    readonly env: GameEnv,
    private readonly raw: Sql,
    public game: LoadedGame,
    private readonly hold = false,
  ) {
    this.now = env.clock();
    this.newLog = game.head.version === 0;
    this.tx = hold
      ? {
          query: async (text, params) => {
            await this.flush();
            return raw.query(text, params);
          },
        }
      : raw;
  }

  /** The game's settings as it recorded them at creation (the deployment's defaults before then). */
  get settings(): GameSettings {
    return this.game.service.settings ?? { deadlineMinutes: this.env.options.defaultDeadlineMinutes, referee: null };
  }

  /** The deadline recorded for `stepId` (the step in play unless named), or null. */
  deadline(stepId: string | undefined = this.game.state.step?.id): DeadlineRecord | null {
    return deadlineOf(this.game.service, stepId);
  }

  /** The pure engine on the game as it stands; a refusal comes back as a value. */
  decide(command: EngineCommand): Decision {
    // a game is decided only under the rules build it is pinned to (pinning.ts)
    if (command.type !== 'CreateGame') requireSameBuild(this.game);
    return engine(() => tryDecide(command, this.game.state, this.game.ruleset));
  }

  /**
   * Appends after the game's head (expected version), folds, and carries on from the result;
   * `outbox`: mail the events record, written with them (held appends: by the same flush).
   */
  async append(events: readonly NewEvent[], outbox?: readonly OutboxDraft[]): Promise<LoadedGame> {
    if (!events.length) return this.game;
    if (!this.hold || events.some((e) => e.type === ROLLED_BACK)) {
      await this.flush();
      this.game = await this.env.deps.games.append(this.game, events, this.raw, this.now, outbox);
      return this.game;
    }
    const next = this.env.deps.games.hold(this.game, events, this.now);
    this.game = next.game;
    this.held.push(...next.held);
    this.heldOutbox.push(...(outbox ?? []));
    this.snapshotDue ||= next.snapshotDue;
    return this.game;
  }

  /** The transaction without the write of held appends first: for reads of tables other than the log (seed secrets). */
  get beside(): Sql {
    return this.raw;
  }

  /** Mail to write with the held appends (after them, with the same flush). */
  holdMail(drafts: readonly OutboxDraft[]): void {
    this.heldOutbox.push(...drafts);
  }

  /**
   * Writes the held appends (one INSERT), the snapshot one of them made due, and the mail held, in
   * one statement; or, when the transaction can hold writes (the command inbox's), hands them to it,
   * to go with its next statement: the one marking the command applied, when nothing else follows.
   */
  async flush(): Promise<void> {
    if (!this.held.length && !this.heldOutbox.length) return;
    const writes = [
      ...this.env.deps.games.heldWrites(this.game, this.held, this.snapshotDue),
      ...(this.heldOutbox.length ? [outboxWrite(this.heldOutbox)] : []),
    ];
    this.held = [];
    this.heldOutbox = [];
    this.snapshotDue = false;
    if (canHold(this.raw)) this.raw.hold(writes);
    else await sendWrites(this.raw, writes);
  }

  notify(...notices: Notice[]): void {
    this.notices.push(...notices);
  }
}

/**
 * The one shape of every game command: load → decide → append (each use case decides and appends
 * through its Handling, as many times as the rules make it), then the notices it caused go to the
 * outbox in the same transaction as the events that caused them.
 */
export class GameHandler {
  /** `settle`: what runs after every command that changed the game (machine seats give their orders) */
  constructor(
    readonly env: GameEnv,
    private readonly settle?: (h: Handling) => Promise<void>,
  ) {}

  /** `hold`: the command's appends are written in one statement when it closes (run). */
  async open(tx: Sql, gameId: string, hold = false): Promise<Handling> {
    return new Handling(this.env, tx, await this.env.deps.games.load(gameId, tx), hold);
  }

  async close(h: Handling, outcome: CommandOutcome): Promise<CommandOutcome> {
    if (outcome.status === 'applied' && this.settle) await this.settle(h);
    // a what-if fork (umpire fork) is the referee's: its players never hear of it; a machine seat gets no mail
    const notices = (h.game.service.forkOf ? h.notices.filter((n) => n.side === 'referee') : h.notices).filter(
      (n) => !isMachineAddress(n.to),
    );
    const drafts = notices.map((n) => this.env.deps.sink.draft(n));
    const reports = reportsSentOf(h.game.gameId, notices, drafts);
    if (!reports.length) {
      // the mail written with the held appends
      h.holdMail(drafts);
      await h.flush();
      return outcome;
    }
    // the round of reports, a fact in the log (who was sent which), appended with its outbox rows; a
    // log begun before reports were recorded takes the ones its outbox holds first (SentReports.unrecorded)
    const earlier = h.game.service.sent || h.newLog ? [] : await this.env.deps.reports.unrecorded(h.tx, h.game.gameId);
    const payload: ReportsSentPayload = { reports: [...earlier, ...reports] };
    // held with the command's events: one INSERT of them all, then one of the mail
    await h.append([{ type: 'ReportsSent', payload, metadata: { actor: 'umpire' } }], drafts);
    await h.flush();
    return outcome;
  }

  async run(tx: Sql, gameId: string, body: (h: Handling) => Promise<CommandOutcome>): Promise<CommandOutcome> {
    const h = await this.open(tx, gameId, true);
    return this.close(h, await body(h));
  }
}

/**
 * Runs the pure engine. Whatever it throws it will throw again for the same input (a rule not
 * implemented, a bug in a ruleset), so retrying is pointless: it becomes a PermanentCommandError.
 */
export function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const e = err as Error & { rule?: string };
    throw new PermanentCommandError(`${e.name ?? 'Error'}: ${e.message}`, e.rule ? { rule: e.rule } : {});
  }
}

export function rejected(message: string, r?: CommandRejected): CommandOutcome {
  return { status: 'rejected', result: { error: message, code: r?.code, problems: r?.errors ?? [] } };
}

export function engineToNew(actor: string, via?: string) {
  return (e: EngineEvent): NewEvent => ({
    type: e.type,
    payload: e.data,
    metadata: { actor, ...(via ? { via } : {}) },
  });
}

/** Who asked for a referee command and by which command (the confirmation's address and idempotency). */
export interface RefereeReply {
  readonly replyTo?: string;
  readonly key?: string;
  /** who ruled, when the command names them (the referee's address by mail, `--referee` or the game's referee on the command line) */
  readonly referee?: string;
}

export function oneLine(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' / ');
}
