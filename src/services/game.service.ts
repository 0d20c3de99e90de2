import { createHmac, randomBytes } from 'node:crypto';
import {
  CommandRejected,
  initialState,
  makeSeedChain,
  narrativeFor,
  openPlaintext,
  tryDecide,
  viewFor,
  whoIsAwaited,
  type EngineCommand,
  type EngineEvent,
} from '../engine/game';
import type { Side } from '../engine/ruleset';
import { PermanentCommandError, type CommandOutcome, type PendingCommand } from '../store/commands';
import { insertOutbox } from '../store/outbox';
import type { Db, Sql } from '../store/db';
import { GENESIS_HASH, type NewEvent } from '../store/event-store';
import { GameRepository, UnknownGameError, rulesetFor, toEngineEvent, SERVICE_EVENT_TYPES, type LoadedGame } from './game-repository';
import type { Notice } from './notices';
import { noticeBase, rejectionNotice, reportNotices, stepNeeds } from './notice-builders';
import type { MailCommand } from '../mail/commands';
import type { OutboxDraft } from '../store/outbox';
import { SecretBox } from './secret-box';
import type { CreateGameInput, DeadlineScheduler, GameServiceOptions, NoticeSink, OrdersInput } from './game-ports';

/** Turns covered by a game's seed chain: more than any of our games can last. */
export const SEED_CHAIN_TURNS = 256;

/** Game ids travel in reply addresses (umpire+G-abc.side.tag@...), so they keep to this shape. */
export const GAME_ID = /^G-[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/;

export type { CreateGameInput, DeadlineScheduler, GameServiceOptions, NoticeSink, OrdersInput } from './game-ports';

interface GameMeta {
  readonly deadlineMinutes: number;
  readonly graceMinutes?: number;
  readonly referee: string | null;
}

/**
 * Applies game commands for the worker: create, orders, deadline. Each runs inside the command
 * inbox's transaction (under the game's advisory lock): load, decide (pure engine), append with
 * the expected version, write the notices to the outbox. Nothing here adjudicates by itself: the
 * engine does, and a command the engine refuses changes nothing but a reply.
 */
export class GameService {
  private readonly seeds: SecretBox;
  private readonly orders: SecretBox;
  private readonly clock: () => Date;

  constructor(
    private readonly db: Db,
    readonly games: GameRepository,
    private readonly sink: NoticeSink,
    private readonly scheduler: DeadlineScheduler,
    private readonly options: GameServiceOptions,
  ) {
    this.seeds = new SecretBox(options.secret, 'dice-seeds');
    this.orders = new SecretBox(options.secret, 'sealed-orders');
    this.clock = options.clock ?? (() => new Date());
  }

  // ------------------------------------------------------------------ create

  async create(tx: Sql, input: CreateGameInput): Promise<CommandOutcome> {
    const ruleset = rulesetFor(input.ruleset);
    const now = this.clock();
    if (!GAME_ID.test(input.gameId)) return rejected(`game id "${input.gameId}" must look like G-abc123 (G-, then letters, digits, _ or -)`);
    const top = randomBytes(32);
    const chain = makeSeedChain(top, SEED_CHAIN_TURNS);
    const decision = engine(() =>
      tryDecide(
        {
          type: 'CreateGame',
          gameId: input.gameId,
          options: input.options,
          scenario: input.scenario,
          sides: input.sides,
          seedAnchor: chain.anchor,
          box: input.box,
          now: now.toISOString(),
        },
        initialState(),
        ruleset,
      ),
    );
    if (!decision.ok) return rejected(decision.rejection.message, decision.rejection);
    if (!(await this.games.register(input.gameId, ruleset.id, tx))) return rejected(`game ${input.gameId} already exists`);
    const loaded: LoadedGame = { gameId: input.gameId, ruleset, state: initialState(), head: { version: 0, hash: GENESIS_HASH }, tail: [] };
    await tx.query('INSERT INTO game_secrets (game_id, sealed) VALUES ($1, $2)', [input.gameId, this.seeds.seal(top)]);
    const meta: GameMeta = {
      deadlineMinutes: input.deadlineMinutes ?? this.options.defaultDeadlineMinutes,
      graceMinutes: input.graceMinutes ?? this.options.defaultGraceMinutes ?? 0,
      referee: input.referee ?? null,
    };
    let game = await this.games.append(loaded, [...decision.events.map(engineToNew('umpire')), { type: 'NoteAdded', payload: { text: 'game settings', settings: meta }, metadata: { actor: 'umpire' } }], tx, now);
    // a ruleset may open with steps nobody has to order
    game = await this.advanceIfReady(tx, game, now);
    let deadline: string | null;
    ({ game, deadline } = await this.deadlineFor(tx, game, meta, now));
    const info = game.state.game!;
    const welcome = (viewer: Side | 'referee', address: string, help: string): Notice => ({
      ...noticeBase(game, viewer, address, 'welcome'),
      kind: 'welcome',
      seedAnchor: chain.anchor,
      boxHash: info.boxHash,
      boxSource: info.boxSource,
      options: info.options,
      sides: info.sides.map((s) => ({ side: s.side, player: s.player.address })),
      needs: stepNeeds(game, deadline),
      help,
      view: viewFor(game.state, viewer, ruleset),
      secret: this.playerSecret(input.gameId, viewer, address),
    });
    const notices = info.sides.map((seat) => welcome(seat.side, seat.player.address, ruleset.help(game.state.rules, seat.side, game.state.step)));
    if (meta.referee) {
      notices.push(welcome('referee', meta.referee, 'As referee you may send FORCE (resolve the step now, defaults for the silent), EXTEND 24h, and NOTE <text>.'));
    }
    await this.sink.write(tx, notices);
    return { status: 'applied', result: { gameId: input.gameId, version: game.head.version, seedAnchor: chain.anchor, step: game.state.step?.id ?? null } };
  }

  // ------------------------------------------------------------------ orders

  async submitOrders(tx: Sql, input: OrdersInput): Promise<CommandOutcome> {
    const now = this.clock();
    let game = await this.games.load(input.gameId, tx);
    const seat = game.state.game?.sides.find((s) => s.side === input.side);
    if (!seat) return rejected(`game ${input.gameId} has no side ${input.side}`);
    const salt = randomBytes(16).toString('hex');
    // one message may seal several steps' orders (FOR sections): keep each plaintext for the ack
    const sealedPlaintexts: string[] = [];
    const seal = (plain: string) => {
      sealedPlaintexts.push(plain);
      return this.orders.seal(plain);
    };
    const decision = engine(() =>
      tryDecide({ type: 'SubmitOrders', side: input.side, text: input.text, stepId: input.stepId, salt, now: now.toISOString(), seal }, game.state, game.ruleset),
    );
    if (!decision.ok) {
      await this.sink.write(tx, [rejectionNotice(game, seat, decision.rejection, input.via)]);
      return rejected(decision.rejection.message, decision.rejection);
    }
    game = await this.games.append(game, decision.events.map(engineToNew(input.side, input.via)), tx, now);
    const submitted = decision.events.find((e) => e.type === 'OrdersSubmitted' || e.type === 'OrdersAccepted');
    const standing = decision.events.find((e) => e.type === 'StandingInstructionsSet');
    const before = game.head.version;
    const stepBefore = game.state.step?.id;
    const meta0 = await this.meta(tx, game.gameId);
    // the acknowledgment speaks of the step the orders were for, as it stood when they arrived
    const opened = await this.deadlineFor(tx, game, meta0, now);
    game = opened.game;
    const forStep = stepNeeds(game, opened.deadline);
    game = await this.advanceIfReady(tx, game, now);
    const sealedHere = sealedPlaintexts.map(openPlaintext).find((p) => p.stepId === stepBefore);
    const understood = submitted?.type === 'OrdersAccepted' ? submitted.data.orders : (sealedHere?.orders ?? []);
    const queued = decision.events.flatMap((e) => (e.type === 'OrdersQueued' ? [{ stepId: e.data.stepId, commitment: e.data.commitment }] : []));
    let deadline: string | null;
    ({ game, deadline } = await this.deadlineFor(tx, game, meta0, now));
    const notices: Notice[] = [
      {
        ...noticeBase(game, seat.side, seat.player.address, `ack:${stepBefore ?? 'none'}`),
        kind: 'ack',
        ordersText: submitted ? game.ruleset.formatOrders(understood) : '',
        commitment: submitted?.type === 'OrdersSubmitted' ? submitted.data.commitment : null,
        standing: standing?.type === 'StandingInstructionsSet' ? standing.data.text : null,
        needs: forStep,
        resolved: game.state.step?.id !== stepBefore,
        queued,
      },
    ];
    if (game.head.version > before) notices.push(...reportNotices(game, before, deadline));
    await this.sink.write(tx, notices);
    return { status: 'applied', result: { version: game.head.version, step: game.state.step?.id ?? null, awaiting: whoIsAwaited(game.state, game.ruleset) } };
  }

  // ------------------------------------------------------------------ deadline

  /** The deadline for `stepId` passed: defaults for the sides still owing, then adjudicate. */
  async deadline(tx: Sql, gameId: string, stepId: string, options: { force?: boolean } = {}): Promise<CommandOutcome> {
    const now = this.clock();
    let game = await this.games.load(gameId, tx);
    if (game.state.step?.id !== stepId) return { status: 'applied', result: { ignored: `step ${stepId} already resolved` } };
    const current = await this.currentDeadline(gameId, stepId, tx, 'graceUntil');
    if (!options.force && current && new Date(current).getTime() > now.getTime() + 1000) {
      return { status: 'applied', result: { ignored: `not due: the deadline of ${stepId}, with its grace period, ends ${current}` } };
    }
    const before = game.head.version;
    game = await this.resolve(tx, game, 'Deadline', now);
    const meta = await this.meta(tx, gameId);
    let deadline: string | null;
    ({ game, deadline } = await this.deadlineFor(tx, game, meta, now));
    await this.sink.write(tx, reportNotices(game, before, deadline));
    return { status: 'applied', result: { version: game.head.version, step: game.state.step?.id ?? null } };
  }

  // ------------------------------------------------------------------ reminder

  /** Reminds the sides still awaited at `stepId` (nothing if the step has moved on). */
  async remind(tx: Sql, gameId: string, stepId: string): Promise<CommandOutcome> {
    const game = await this.games.load(gameId, tx);
    if (game.state.step?.id !== stepId) return { status: 'applied', result: { ignored: `step ${stepId} already resolved` } };
    const meta = await this.meta(tx, gameId);
    const { game: g, deadline } = await this.deadlineFor(tx, game, meta, this.clock());
    const needs = stepNeeds(g, deadline)!;
    const awaited = new Set(needs.awaiting);
    const notices = g.state.game!.sides
      .filter((seat) => awaited.has(seat.side))
      .map((seat): Notice => ({ ...noticeBase(g, seat.side, seat.player.address, `reminder:${stepId}`), kind: 'reminder', needs }));
    await this.sink.write(tx, notices);
    return { status: 'applied', result: { reminded: notices.map((n) => n.side) } };
  }

  // ------------------------------------------------------------------ faults

  /**
   * A command failed for good (see PermanentCommandError): record it in the game's log, and tell
   * the player whose orders it carried and the referee. The game's later commands go on.
   */
  async commandFailed(command: PendingCommand, error: PermanentCommandError): Promise<void> {
    const p = command.payload as { side?: string };
    await this.db.transaction(async (tx) => {
      let game: LoadedGame;
      try {
        game = await this.games.load(command.gameId, tx);
      } catch (err) {
        if (err instanceof UnknownGameError) return;
        throw err;
      }
      const text = `The umpire could not carry out ${command.kind} (${command.idempotencyKey}): ${error.message}. Nothing it would have changed was recorded; the referee has been told.`;
      await this.games.append(game, [{ type: 'NoteAdded', payload: { text, fault: error.detail }, metadata: { actor: 'umpire', causationId: command.idempotencyKey } }], tx, this.clock());
      const meta = await this.meta(tx, command.gameId);
      const to = [game.state.game?.sides.find((seat) => seat.side === p?.side)?.player.address, meta.referee].filter((a): a is string => !!a);
      const drafts = to.map((address) => this.sink.rejectionDraft(`${command.idempotencyKey}:failed:${address}`, address, text, 'Nothing to do on your side: the referee will rule, or the umpire will be fixed and the game resumed.', command.gameId));
      if (drafts.length) await insertOutbox(tx, drafts);
    });
  }

  // ------------------------------------------------------------------ referee

  /** FORCE: resolve the step in play now; sides without orders get their defaults. */
  async force(tx: Sql, gameId: string): Promise<CommandOutcome> {
    const game = await this.games.load(gameId, tx);
    if (!game.state.step) return rejected(`game ${gameId} is over`);
    return this.deadline(tx, gameId, game.state.step.id, { force: true });
  }

  /** EXTEND: a new deadline for the step in play (recorded, rescheduled, announced to the awaited). */
  async extend(tx: Sql, gameId: string, byMinutes: number | undefined, until: string | undefined): Promise<CommandOutcome> {
    const now = this.clock();
    const game = await this.games.load(gameId, tx);
    const step = game.state.step;
    if (!step) return rejected(`game ${gameId} is over`);
    const meta = await this.meta(tx, gameId);
    const { game: g, deadline } = await this.deadlineFor(tx, game, meta, now);
    const base = deadline ? new Date(deadline) : now;
    const at = until ? new Date(until) : new Date(base.getTime() + (byMinutes ?? 24 * 60) * 60_000);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return rejected(`the new deadline must be in the future (got ${until ?? byMinutes})`);
    const graceUntil = new Date(at.getTime() + (meta.graceMinutes ?? 0) * 60_000);
    const next = await this.games.append(
      g,
      [{ type: 'DeadlineSet', payload: { stepId: step.id, at: at.toISOString(), graceUntil: graceUntil.toISOString(), remindAt: null, extended: true }, metadata: { actor: 'referee' } }],
      tx,
      now,
    );
    await this.scheduler.schedule(gameId, step.id, graceUntil, null);
    const needs = stepNeeds(next, at.toISOString())!;
    await this.sink.write(
      tx,
      next.state.game!.sides.map((seat): Notice => ({ ...noticeBase(next, seat.side, seat.player.address, `extended:${step.id}`), kind: 'reminder', needs })),
    );
    return { status: 'applied', result: { stepId: step.id, deadline: at.toISOString() } };
  }

  async refereeOf(gameId: string): Promise<string | null> {
    return (await this.meta(this.db, gameId)).referee;
  }

  /** The per-player SECRET word (the alternative to the signed reply address), derived, never stored. */
  playerSecret(gameId: string, side: string, address: string): string {
    return createHmac('sha256', this.options.secret).update(`secret|${gameId}|${side.toLowerCase()}|${address.trim().toLowerCase()}`).digest('base64url').slice(0, 12);
  }

  /** Replies to HELP, STATUS, PLAYERS and RESEND: outbox drafts, no events. */
  async replyDraft(gameId: string, viewer: Side | 'referee', to: string, command: MailCommand, key: string): Promise<OutboxDraft> {
    const game = await this.games.load(gameId);
    const meta = await this.meta(this.db, gameId);
    const deadline = game.state.step ? await this.currentDeadline(gameId, game.state.step.id) : null;
    void meta;
    const base = { ...noticeBase(game, viewer, to, 'reply'), key };
    const needs = stepNeeds(game, deadline);
    switch (command.name) {
      case 'HELP':
        return this.sink.draft({ ...base, kind: 'help', help: game.ruleset.help(game.state.rules, viewer, game.state.step), needs });
      case 'RESEND': {
        // RESEND: the latest report; RESEND 3: the latest report of turn 3
        const rows = await this.db.query<{ payload: Record<string, unknown> }>(
          `SELECT payload FROM outbox WHERE game_id = $1 AND recipient = $2 AND kind IN ('report', 'welcome')
              AND ($3::int IS NULL OR payload->>'subject' LIKE '%turn ' || $3::int || ':%')
            ORDER BY id DESC LIMIT 1`,
          [gameId, to, command.turn ?? null],
        );
        if (rows.length) {
          const original = rows[0].payload;
          return {
            idempotencyKey: key,
            gameId,
            recipient: to,
            kind: 'resend',
            payload: { ...(original as { to: string; subject: string; text: string }), subject: `RESEND: ${String(original.subject)}`, messageId: undefined, headers: { ...(original.headers as Record<string, string>), 'X-Umpire-Key': key } },
          };
        }
        return this.sink.draft({ ...base, kind: 'status', view: viewFor(game.state, viewer, game.ruleset), needs });
      }
      default:
        return this.sink.draft({ ...base, kind: 'status', view: viewFor(game.state, viewer, game.ruleset), needs });
    }
  }

  private async currentDeadline(gameId: string, stepId: string, tx: Sql = this.db, which: 'at' | 'graceUntil' = 'at'): Promise<string | null> {
    const rows = await tx.query<{ payload: { at: string; graceUntil?: string } }>(
      `SELECT payload FROM events WHERE game_id = $1 AND type = 'DeadlineSet' AND payload->>'stepId' = $2 ORDER BY seq DESC LIMIT 1`,
      [gameId, stepId],
    );
    const p = rows[0]?.payload;
    return p ? (which === 'graceUntil' ? (p.graceUntil ?? p.at) : p.at) : null;
  }

  // ------------------------------------------------------------------ reads

  async status(gameId: string, viewer: Side | 'referee') {
    const game = await this.games.load(gameId);
    if (viewer !== 'referee' && !game.state.game?.sides.some((s) => s.side === viewer)) throw new Error(`game ${gameId} has no side ${viewer}`);
    return { view: viewFor(game.state, viewer, game.ruleset), head: game.head, help: game.ruleset.help(game.state.rules, viewer, game.state.step) };
  }

  /** A side's view and the narrative of the whole game as that side may read it. */
  async report(gameId: string, viewer: Side | 'referee') {
    const game = await this.games.load(gameId);
    if (viewer !== 'referee' && !game.state.game?.sides.some((s) => s.side === viewer)) throw new Error(`game ${gameId} has no side ${viewer}`);
    const all = await this.games.events.read(gameId);
    const narrative = narrativeFor(all.filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent), viewer, game.ruleset);
    return { view: viewFor(game.state, viewer, game.ruleset), narrative, head: game.head };
  }

  // ------------------------------------------------------------------ internals

  /** Adjudicates the step in play if nobody is awaited any more (then the engine auto-advances). */
  private async advanceIfReady(tx: Sql, game: LoadedGame, now: Date): Promise<LoadedGame> {
    if (!game.state.step || whoIsAwaited(game.state, game.ruleset).length) return game;
    return this.resolve(tx, game, 'Resolve', now);
  }

  private async resolve(tx: Sql, game: LoadedGame, type: 'Resolve' | 'Deadline', now: Date): Promise<LoadedGame> {
    const seeds = await this.seedChain(tx, game.gameId);
    // the engine asks for each sealed blob it needs (this step's orders, orders queued for the steps it moves into)
    const command: EngineCommand = { type, now: now.toISOString(), seeds: (turn) => seeds[turn], open: (sealed) => this.orders.open(sealed).toString('utf8') };
    const decision = engine(() => tryDecide(command, game.state, game.ruleset));
    // a resolve the engine refuses (a ruleset that never waits) will refuse again: a permanent fault
    if (!decision.ok) throw new PermanentCommandError(decision.rejection.message, { code: decision.rejection.code });
    return this.games.append(game, decision.events.map(engineToNew('umpire')), tx, now);
  }

  private async seedChain(tx: Sql, gameId: string): Promise<readonly string[]> {
    const rows = await tx.query<{ sealed: string }>('SELECT sealed FROM game_secrets WHERE game_id = $1', [gameId]);
    if (!rows.length) throw new Error(`game ${gameId} has no seed secret`);
    return makeSeedChain(this.seeds.open(rows[0].sealed), SEED_CHAIN_TURNS).seeds;
  }

  private async meta(tx: Sql, gameId: string): Promise<GameMeta> {
    const rows = await tx.query<{ payload: { settings?: GameMeta } }>(
      `SELECT payload FROM events WHERE game_id = $1 AND type = 'NoteAdded' AND payload ? 'settings' ORDER BY seq DESC LIMIT 1`,
      [gameId],
    );
    return rows[0]?.payload.settings ?? { deadlineMinutes: this.options.defaultDeadlineMinutes, referee: null };
  }

  /** The deadline of the step in play; a new step gets one (recorded as an event, scheduled as a job). */
  private async deadlineFor(tx: Sql, game: LoadedGame, meta: GameMeta, now: Date): Promise<{ game: LoadedGame; deadline: string | null }> {
    const step = game.state.step;
    if (!step) return { game, deadline: null };
    const rows = await tx.query<{ payload: { stepId: string; at: string } }>(
      `SELECT payload FROM events WHERE game_id = $1 AND type = 'DeadlineSet' AND payload->>'stepId' = $2 ORDER BY seq DESC LIMIT 1`,
      [game.gameId, step.id],
    );
    if (rows.length) return { game, deadline: rows[0].payload.at };
    const at = new Date(now.getTime() + meta.deadlineMinutes * 60_000);
    // late orders are still taken until the grace period ends; only then do defaults apply
    const graceUntil = new Date(at.getTime() + (meta.graceMinutes ?? 0) * 60_000);
    const remindAt = meta.deadlineMinutes >= 60 ? new Date(at.getTime() - Math.min(24 * 60, meta.deadlineMinutes / 4) * 60_000) : null;
    const next = await this.games.append(
      game,
      [{ type: 'DeadlineSet', payload: { stepId: step.id, at: at.toISOString(), graceUntil: graceUntil.toISOString(), remindAt: remindAt?.toISOString() ?? null }, metadata: { actor: 'umpire' } }],
      tx,
      now,
    );
    // scheduled in Redis before the transaction commits: if it rolls back, the job finds its step
    // unchanged or gone and does nothing (deadline() checks the step id)
    await this.scheduler.schedule(game.gameId, step.id, graceUntil, remindAt);
    return { game: next, deadline: at.toISOString() };
  }
}

/**
 * Runs the pure engine. Whatever it throws it will throw again for the same input (a rule not
 * implemented, a bug in a ruleset), so retrying is pointless: it becomes a PermanentCommandError.
 */
function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const e = err as Error & { rule?: string };
    throw new PermanentCommandError(`${e.name ?? 'Error'}: ${e.message}`, e.rule ? { rule: e.rule } : {});
  }
}

function rejected(message: string, r?: CommandRejected): CommandOutcome {
  return { status: 'rejected', result: { error: message, code: r?.code, problems: r?.errors ?? [] } };
}

function engineToNew(actor: string, via?: string) {
  return (e: EngineEvent): NewEvent => ({ type: e.type, payload: e.data, metadata: { actor, ...(via ? { via } : {}) } });
}

export { UnknownGameError };
