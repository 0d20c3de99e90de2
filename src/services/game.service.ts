import { createHash, createHmac, randomBytes } from 'node:crypto';
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
import { PermanentCommandError, failCommand, type CommandOutcome, type PendingCommand } from '../store/commands';
import { insertOutbox } from '../store/outbox';
import type { Db, Sql } from '../store/db';
import { GENESIS_HASH, type NewEvent, type StoredEvent } from '../store/event-store';
import { GameRepository, UnknownGameError, rulesetFor, toEngineEvent, SERVICE_EVENT_TYPES, type LoadedGame } from './game-repository';
import type { Notice } from '../mail/notices';
import { noticeBase, rejectionNotice, reportNotices, stepNeeds } from './notice-builders';
import type { MailCommand } from '../mail/commands';
import { answerHelp } from './help-topics';
import type { OutboxDraft } from '../store/outbox';
import { SecretBox } from './secret-box';
import type { CreateGameInput, DeadlineScheduler, GameServiceOptions, NoticeSink, OrdersInput } from './game-ports';

/** The longest press the umpire relays (characters). */
export const PRESS_MAX_CHARS = 20_000;
/** A HISTORY reply longer than this (characters of report text) goes in several parts. */
export const HISTORY_PART_CHARS = 200_000;

/** Turns covered by a game's seed chain: more than any of our games can last. */
export const SEED_CHAIN_TURNS = 256;

/** Game ids travel in reply addresses (umpire+G-abc.side.tag@...), so they keep to this shape. */
export const GAME_ID = /^G-[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/;

export type {
  CreateGameInput,
  DeadlineScheduler,
  GameServiceOptions,
  NoticeSink,
  OrdersInput,
} from './game-ports';

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
    if (!GAME_ID.test(input.gameId))
      return rejected(`game id "${input.gameId}" must look like G-abc123 (G-, then letters, digits, _ or -)`);
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
    const loaded: LoadedGame = {
      gameId: input.gameId,
      ruleset,
      state: initialState(),
      head: { version: 0, hash: GENESIS_HASH },
      tail: [],
    };
    await tx.query('INSERT INTO game_secrets (game_id, sealed) VALUES ($1, $2)', [input.gameId, this.seeds.seal(top)]);
    const meta: GameMeta = {
      deadlineMinutes: input.deadlineMinutes ?? this.options.defaultDeadlineMinutes,
      graceMinutes: input.graceMinutes ?? this.options.defaultGraceMinutes ?? 0,
      referee: input.referee ?? null,
    };
    let game = await this.games.append(
      loaded,
      [
        ...decision.events.map(engineToNew('umpire')),
        {
          type: 'NoteAdded',
          payload: { text: 'game settings', settings: meta },
          metadata: { actor: 'umpire' },
        },
      ],
      tx,
      now,
    );
    // a ruleset may open with steps nobody has to order
    game = await this.advanceIfReady(tx, game, now);
    const timed = await this.deadlineFor(tx, game, meta, now);
    game = timed.game;
    const deadline = timed.deadline;
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
    const notices = info.sides.map((seat) =>
      welcome(seat.side, seat.player.address, ruleset.help(game.state.rules, seat.side, game.state.step)),
    );
    if (meta.referee) {
      notices.push(
        welcome(
          'referee',
          meta.referee,
          "As referee you may send FORCE (resolve the step now, defaults for the silent), EXTEND 24h, NOTE <text>, and PRESS <text> (to every side). You get a copy of every side's report (your view: all but sealed orders not yet revealed) and of all press; HISTORY resends yours.",
        ),
      );
    }
    await this.sink.write(tx, notices);
    return {
      status: 'applied',
      result: {
        gameId: input.gameId,
        version: game.head.version,
        seedAnchor: chain.anchor,
        step: game.state.step?.id ?? null,
      },
    };
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
      tryDecide(
        {
          type: 'SubmitOrders',
          side: input.side,
          text: input.text,
          stepId: input.stepId,
          salt,
          now: now.toISOString(),
          seal,
        },
        game.state,
        game.ruleset,
      ),
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
    const queued = decision.events.flatMap((e) =>
      e.type === 'OrdersQueued' ? [{ stepId: e.data.stepId, commitment: e.data.commitment }] : [],
    );
    const timed = await this.deadlineFor(tx, game, meta0, now);
    game = timed.game;
    const deadline = timed.deadline;
    const notices: Notice[] = [
      {
        ...noticeBase(game, seat.side, seat.player.address, `ack:${stepBefore ?? 'none'}`),
        kind: 'ack',
        ...(input.ignored?.length ? { ignored: input.ignored } : {}),
        ordersText: submitted ? game.ruleset.formatOrders(understood) : '',
        commitment: submitted?.type === 'OrdersSubmitted' ? submitted.data.commitment : null,
        standing: standing?.type === 'StandingInstructionsSet' ? standing.data.text : null,
        needs: forStep,
        resolved: game.state.step?.id !== stepBefore,
        queued,
      },
    ];
    if (game.head.version > before) notices.push(...(await this.reportsFor(tx, game, before, deadline)));
    await this.sink.write(tx, notices);
    return {
      status: 'applied',
      result: {
        version: game.head.version,
        step: game.state.step?.id ?? null,
        awaiting: whoIsAwaited(game.state, game.ruleset),
      },
    };
  }

  // ------------------------------------------------------------------ deadline

  /** The deadline for `stepId` passed: defaults for the sides still owing, then adjudicate. */
  async deadline(tx: Sql, gameId: string, stepId: string, options: { force?: boolean } = {}): Promise<CommandOutcome> {
    const now = this.clock();
    let game = await this.games.load(gameId, tx);
    if (game.state.step?.id !== stepId) return { status: 'applied', result: { ignored: `step ${stepId} already resolved` } };
    const current = await this.currentDeadline(gameId, stepId, tx, 'graceUntil');
    if (!options.force && current && new Date(current).getTime() > now.getTime() + 1000) {
      return {
        status: 'applied',
        result: { ignored: `not due: the deadline of ${stepId}, with its grace period, ends ${current}` },
      };
    }
    const before = game.head.version;
    game = await this.resolve(tx, game, 'Deadline', now);
    const meta = await this.meta(tx, gameId);
    const timed = await this.deadlineFor(tx, game, meta, now);
    game = timed.game;
    const deadline = timed.deadline;
    await this.sink.write(tx, await this.reportsFor(tx, game, before, deadline));
    return { status: 'applied', result: { version: game.head.version, step: game.state.step?.id ?? null } };
  }

  // ------------------------------------------------------------------ reminder

  /**
   * Reminds the sides still awaited at `stepId`: nothing if the step has moved on, or if the
   * reminder was scheduled for a deadline since moved (`remindAt`, the instant the job was
   * scheduled for, is no longer the step's: EXTEND scheduled another).
   */
  async remind(tx: Sql, gameId: string, stepId: string, remindAt?: string): Promise<CommandOutcome> {
    const game = await this.games.load(gameId, tx);
    if (game.state.step?.id !== stepId) return { status: 'applied', result: { ignored: `step ${stepId} already resolved` } };
    if (remindAt) {
      const current = await this.currentDeadlineSet(gameId, stepId, tx);
      if (current?.remindAt !== remindAt) {
        return {
          status: 'applied',
          result: {
            ignored: `superseded: the deadline of ${stepId} moved to ${current?.at ?? 'none'}; its reminder is ${current?.remindAt ?? 'none'}`,
          },
        };
      }
    }
    const meta = await this.meta(tx, gameId);
    const { game: g, deadline } = await this.deadlineFor(tx, game, meta, this.clock());
    const needs = stepNeeds(g, deadline)!;
    const awaited = new Set(needs.awaiting);
    const notices = g.state
      .game!.sides.filter((seat) => awaited.has(seat.side))
      .map(
        (seat): Notice => ({
          ...noticeBase(g, seat.side, seat.player.address, `reminder:${stepId}:${deadline ?? ''}`),
          kind: 'reminder',
          needs,
        }),
      );
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
    // marks the command failed and writes the note and notices in one transaction, under the game's lock
    await failCommand(this.db, command, error, async (tx) => {
      let game: LoadedGame;
      try {
        game = await this.games.load(command.gameId, tx);
      } catch (err) {
        if (err instanceof UnknownGameError) return;
        throw err;
      }
      const text = `The umpire could not carry out ${command.kind} (${command.idempotencyKey}): ${error.message}. Nothing it would have changed was recorded; the referee has been told.`;
      await this.games.append(
        game,
        [
          {
            type: 'NoteAdded',
            payload: { text, fault: error.detail },
            metadata: { actor: 'umpire', causationId: command.idempotencyKey },
          },
        ],
        tx,
        this.clock(),
      );
      const meta = await this.meta(tx, command.gameId);
      const to = [game.state.game?.sides.find((seat) => seat.side === p?.side)?.player.address, meta.referee].filter(
        (a): a is string => !!a,
      );
      const drafts = to.map((address) =>
        this.sink.rejectionDraft(
          `${command.idempotencyKey}:failed:${address}`,
          address,
          text,
          'Nothing to do on your side: the referee will rule, or the umpire will be fixed and the game resumed.',
          command.gameId,
        ),
      );
      if (drafts.length) await insertOutbox(tx, drafts);
    });
  }

  // ------------------------------------------------------------------ referee

  /**
   * FORCE: resolve the step in play now; sides without orders get their defaults. The referee
   * (`by.replyTo`, else the game's referee) is told what was done, or why nothing was.
   */
  async force(tx: Sql, gameId: string, by: RefereeReply = {}): Promise<CommandOutcome> {
    const game = await this.games.load(gameId, tx);
    if (!game.state.step) {
      return this.refereeRejected(
        tx,
        game,
        by,
        'FORCE',
        `game ${gameId} is over: there is no step to resolve`,
        'Nothing to force. STATUS shows the result; NOTE <text> still records a ruling.',
      );
    }
    const step = game.state.step;
    const before = game.head.version;
    const outcome = await this.deadline(tx, gameId, step.id, { force: true });
    const after = await this.games.load(gameId, tx);
    const fresh = await this.games.events.read(gameId, before, tx);
    const defaulted = fresh.flatMap((e) => (e.type === 'DefaultOrdersApplied' ? [String((e.payload as { side: string }).side)] : []));
    const next = after.state.step;
    const deadline = next ? await this.currentDeadline(gameId, next.id, tx) : null;
    await this.confirm(
      tx,
      after,
      by,
      'FORCE',
      [
        `${step.title} [${step.id}] resolved now, by the referee.`,
        defaulted.length
          ? `Default orders applied for: ${[...new Set(defaulted)].join(', ')}.`
          : 'Every side had ordered: no defaults were needed.',
        'Every side has been sent its report.',
        next ? `Next: ${next.title} [${next.id}].` : `The game is over. ${after.state.result?.summary ?? ''}`.trim(),
      ],
      deadline,
    );
    return outcome;
  }

  /** EXTEND: a new deadline for the step in play (recorded, rescheduled with its reminder, announced to every side and the referee). */
  async extend(
    tx: Sql,
    gameId: string,
    byMinutes: number | undefined,
    until: string | undefined,
    by: RefereeReply = {},
  ): Promise<CommandOutcome> {
    const now = this.clock();
    const game = await this.games.load(gameId, tx);
    const step = game.state.step;
    const asked = until ? `EXTEND TO ${until}` : `EXTEND ${byMinutes ?? 24 * 60}m`;
    if (!step)
      return this.refereeRejected(tx, game, by, asked, `game ${gameId} is over: there is no deadline to move`, 'Nothing to extend.');
    const meta = await this.meta(tx, gameId);
    const { game: g, deadline } = await this.deadlineFor(tx, game, meta, now);
    const base = deadline ? new Date(deadline) : now;
    const at = until ? new Date(until) : new Date(base.getTime() + (byMinutes ?? 24 * 60) * 60_000);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
      return this.refereeRejected(
        tx,
        g,
        by,
        asked,
        `the new deadline must be in the future: ${Number.isNaN(at.getTime()) ? `"${until}" is not a date` : `${at.toISOString()} is not after now (${now.toISOString()})`}`,
        `Send EXTEND 24h (or 90m, 2d) to move the deadline${deadline ? ` of ${deadline}` : ''} later, or EXTEND TO an instant after ${now.toISOString()} with its zone, e.g. EXTEND TO ${new Date(now.getTime() + 86_400_000).toISOString().slice(0, 16)}Z.`,
      );
    }
    const graceUntil = new Date(at.getTime() + (meta.graceMinutes ?? 0) * 60_000);
    const remindAt = reminderTime(now, at);
    const next = await this.games.append(
      g,
      [
        {
          type: 'DeadlineSet',
          payload: {
            stepId: step.id,
            at: at.toISOString(),
            graceUntil: graceUntil.toISOString(),
            remindAt: remindAt?.toISOString() ?? null,
            extended: true,
          },
          metadata: { actor: 'referee' },
        },
      ],
      tx,
      now,
    );
    // the old deadline and reminder jobs still fire: deadline() finds the step not due, remind() finds its reminder superseded
    await this.scheduler.schedule(gameId, step.id, graceUntil, remindAt);
    const needs = stepNeeds(next, at.toISOString())!;
    await this.sink.write(
      tx,
      next.state.game!.sides.map(
        (seat): Notice => ({
          ...noticeBase(next, seat.side, seat.player.address, `extended:${step.id}`),
          kind: 'reminder',
          needs,
        }),
      ),
    );
    await this.confirm(
      tx,
      next,
      by,
      asked,
      [
        `The deadline of ${step.title} [${step.id}] is now ${at.toISOString()}${deadline ? ` (was ${deadline})` : ''}.`,
        meta.graceMinutes
          ? `Late orders are taken until ${graceUntil.toISOString()} (${meta.graceMinutes} minutes' grace); then defaults apply.`
          : 'Defaults apply to sides still silent then.',
        remindAt ? `The sides still awaited will be reminded at ${remindAt.toISOString()}.` : 'No reminder: the deadline is too close.',
        'Every side has been told the new deadline.',
      ],
      at.toISOString(),
    );
    return {
      status: 'applied',
      result: { stepId: step.id, deadline: at.toISOString(), remindAt: remindAt?.toISOString() ?? null },
    };
  }

  /**
   * NOTE: a referee's ruling or remark in the game's log. It leads every side's next report (and
   * is in every `report` the CLI prints); once the game is over it is mailed to every side at once.
   * A log without a game (`umpire note` on any stream) just records it.
   */
  async note(tx: Sql, gameId: string, text: unknown, actor: string, key: string, by: RefereeReply = {}): Promise<CommandOutcome> {
    let game: LoadedGame;
    try {
      game = await this.games.load(gameId, tx);
    } catch (err) {
      if (!(err instanceof UnknownGameError)) throw err;
      if (typeof text !== 'string' || !text.trim()) return { status: 'rejected', result: { error: 'a note needs non-empty text' } };
      const head = await this.games.events.head(gameId, tx);
      const appended = await this.games.events.append(
        gameId,
        head.version,
        [{ type: 'NoteAdded', payload: { text }, metadata: { actor, causationId: key } }],
        { head, tx, now: this.clock() },
      );
      return { status: 'applied', result: { seq: appended.head.version } };
    }
    if (typeof text !== 'string' || !text.trim()) {
      return this.refereeRejected(
        tx,
        game,
        by,
        'NOTE',
        'a note needs text after the word NOTE',
        'Write NOTE and the ruling on one line, e.g. NOTE Rule 7.3: the Allied fleet may retreat.',
      );
    }
    const next = await this.games.append(
      game,
      [{ type: 'NoteAdded', payload: { text: text.trim() }, metadata: { actor, causationId: key } }],
      tx,
      this.clock(),
    );
    let delivery = "It will lead every side's next report.";
    if (!next.state.step && next.state.game) {
      await this.sink.write(tx, await this.reportsFor(tx, next, next.head.version, null));
      delivery = 'The game is over, so it has been mailed to every side now.';
    }
    await this.confirm(tx, next, by, 'NOTE', [`Recorded in the game log (event ${next.head.version}): "${text.trim()}".`, delivery], null);
    return { status: 'applied', result: { seq: next.head.version } };
  }

  // ------------------------------------------------------------------ press, resign, history

  /**
   * PRESS: a message from a side to every other side (from the referee: to every side), relayed
   * under the sender's side, never its address. Recorded in the log (PressSent, an event of the
   * service's own: it changes no rule state), mailed to each recipient, a copy to the referee, and
   * confirmed to the sender. Empty or overlong press is refused, saying why, and changes nothing.
   * Press is taken after the game is over too.
   */
  async press(tx: Sql, gameId: string, from: string, text: unknown, by: RefereeReply = {}): Promise<CommandOutcome> {
    const game = await this.games.load(gameId, tx);
    const meta = await this.meta(tx, gameId);
    const seats = game.state.game?.sides ?? [];
    const sender = seats.find((seat) => seat.side === from);
    if (from !== 'referee' && !sender) return rejected(`PRESS: game ${gameId} has no side ${from}`);
    const replyTo = by.replyTo ?? (sender ? sender.player.address : meta.referee);
    const viewer: Side | 'referee' = sender ? sender.side : 'referee';
    const refuse = async (problem: string, hint: string): Promise<CommandOutcome> => {
      if (replyTo)
        await this.sink.write(tx, [
          {
            ...noticeBase(game, viewer, replyTo, `rejected:${by.key ?? 'PRESS'}`),
            kind: 'rejection',
            summary: `PRESS: ${problem}`,
            problems: [],
            hint,
          },
        ]);
      return rejected(`PRESS: ${problem}`);
    };
    const body = typeof text === 'string' ? text.replace(/^\s*\n|\s+$/g, '') : '';
    if (!body.trim()) {
      return refuse(
        'the press holds no text, so nothing was sent',
        'Write PRESS and your message on one line (PRESS Shall we talk about the Coral Sea?), or PRESS on a line of its own with the message on the lines after it, up to a line ENDPRESS or the end of your mail.',
      );
    }
    if (body.length > PRESS_MAX_CHARS) {
      return refuse(
        `the press is ${body.length} characters long; the umpire relays at most ${PRESS_MAX_CHARS}, so nothing was sent`,
        'Shorten it, or send it in several PRESS mails.',
      );
    }
    // a SECRET written after PRESS would be relayed with the press: whoever reads it could order that side
    const ownSecret = sender
      ? this.playerSecret(gameId, sender.side, sender.player.address)
      : meta.referee
        ? this.playerSecret(gameId, 'referee', meta.referee)
        : null;
    if (ownSecret && body.toLowerCase().includes(ownSecret.toLowerCase())) {
      return refuse(
        'the press holds your SECRET word, and anyone who read it could send orders as you, so nothing was sent',
        'Take the SECRET line out of the message (GAME, SIDE and SECRET lines go before PRESS) and send the press again.',
      );
    }
    const toSides = seats.filter((seat) => seat.side !== from).map((seat) => seat.side);
    const now = this.clock();
    const next = await this.games.append(
      game,
      [
        {
          type: 'PressSent',
          payload: { from, to: toSides, text: body },
          metadata: { actor: from, ...(by.key ? { causationId: by.key } : {}) },
        },
      ],
      tx,
      now,
    );
    const seq = next.head.version;
    const deadline = next.state.step ? await this.currentDeadline(gameId, next.state.step.id, tx) : null;
    const needs = stepNeeds(next, deadline);
    // the command key names the sender's Message-ID (often their mail host): recipients see the
    // outbox key in headers, so it goes in hashed, still the same on every retry
    const reason = `press:${by.key ? createHash('sha256').update(by.key).digest('hex').slice(0, 20) : seq}`;
    const notices: Notice[] = seats
      .filter((seat) => toSides.includes(seat.side))
      .map(
        (seat): Notice => ({
          ...noticeBase(next, seat.side, seat.player.address, reason),
          kind: 'press',
          from: viewer,
          toSides,
          text: body,
          copy: false,
          seq,
          needs,
        }),
      );
    const refereeCopy = meta.referee && viewer !== 'referee';
    if (refereeCopy)
      notices.push({
        ...noticeBase(next, 'referee', meta.referee!, `${reason}:copy`),
        kind: 'press',
        from: viewer,
        toSides,
        text: body,
        copy: true,
        seq,
        needs,
      });
    if (replyTo) {
      notices.push({
        ...noticeBase(next, viewer, replyTo, `done:${by.key ?? reason}`),
        kind: 'confirmation',
        command: 'PRESS',
        done: [
          `Relayed to ${toSides.join(', ') || 'nobody'}${refereeCopy ? ', with a copy to the referee' : ''}, as from ${viewer === 'referee' ? 'the referee' : viewer} (your address is not shown).`,
          `Recorded in the game log (event ${seq}): "${oneLine(body).slice(0, 200)}".`,
        ],
        needs,
      });
    }
    await this.sink.write(tx, notices);
    return { status: 'applied', result: { seq, to: toSides } };
  }

  /**
   * RESIGN: a side concedes. Bare RESIGN only asks for confirmation (nothing changes); RESIGN
   * CONFIRM ends the game through the engine (GameConceded, the turn's seed, GameEnded with the
   * winner by concession), and every side and the referee get the final report. Orders after it
   * are refused by the engine: the game is over.
   */
  async resign(tx: Sql, gameId: string, side: string | null, confirm: boolean, by: RefereeReply = {}): Promise<CommandOutcome> {
    const now = this.clock();
    const game = await this.games.load(gameId, tx);
    const meta = await this.meta(tx, gameId);
    const seat = side ? game.state.game?.sides.find((x) => x.side === side) : undefined;
    const replyTo = by.replyTo ?? seat?.player.address ?? meta.referee;
    const refuse = async (problem: string, hint: string): Promise<CommandOutcome> => {
      if (replyTo)
        await this.sink.write(tx, [
          {
            ...noticeBase(game, seat?.side ?? 'referee', replyTo, `rejected:${by.key ?? 'RESIGN'}`),
            kind: 'rejection',
            summary: problem,
            problems: [],
            hint,
          },
        ]);
      return rejected(problem);
    };
    if (!seat) {
      return side
        ? refuse(`RESIGN: game ${gameId} has no side ${side}`, `The sides are ${game.state.game?.sides.map((x) => x.side).join(', ')}.`)
        : refuse(
            'RESIGN: the referee plays no side, so there is nothing to concede. Nothing was changed.',
            'A side concedes by sending RESIGN CONFIRM itself. To rule on the game, send NOTE <ruling>.',
          );
    }
    if (!game.state.step) {
      return refuse(
        `RESIGN: game ${gameId} is over${game.state.result ? ` (${game.state.result.summary.trim()})` : ''}: there is nothing to concede. Nothing was changed.`,
        'STATUS shows the result; HISTORY resends your reports.',
      );
    }
    const others = game.state.game!.sides.filter((x) => x.side !== seat.side).map((x) => x.side);
    if (!confirm) {
      return refuse(
        `RESIGN needs confirming: to concede is final, so nothing has changed and the game goes on.`,
        `To concede ${game.ruleset.name} game ${gameId}${others.length === 1 ? ` to ${others[0]}` : ''}, send a line RESIGN CONFIRM. The game then ends at once, every side and the referee are told, and no more orders are taken.`,
      );
    }
    const seeds = await this.seedChain(tx, gameId);
    const decision = engine(() =>
      tryDecide({ type: 'Concede', side: seat.side, now: now.toISOString(), seeds: (turn) => seeds[turn] }, game.state, game.ruleset),
    );
    if (!decision.ok) return refuse(`RESIGN: ${decision.rejection.message}`, 'Nothing was changed.');
    const before = game.head.version;
    const next = await this.games.append(game, decision.events.map(engineToNew(seat.side, by.key)), tx, now);
    await this.sink.write(tx, await this.reportsFor(tx, next, before, null));
    return { status: 'applied', result: { version: next.head.version, result: next.state.result } };
  }

  /**
   * HISTORY: the reports this side (or the referee) has been sent, all or one turn's, mailed again
   * exactly as they were sent (their outbox rows: the fog of war they were written under), in one
   * reply, or several parts when long. No events: nothing changes.
   */
  async historyDrafts(gameId: string, viewer: Side | 'referee', to: string, turn: number | undefined, key: string): Promise<OutboxDraft[]> {
    const game = await this.games.load(gameId);
    const rows = await this.db.query<{ subject: string; text: string; created_at: Date }>(
      `SELECT payload->>'subject' AS subject, payload->>'text' AS text, created_at FROM outbox
        WHERE game_id = $1 AND lower(recipient) = lower($2) AND kind IN ('report', 'welcome')
          AND (payload->>'subject' = $3 OR starts_with(payload->>'subject', $3 || ' '))
          AND ($4::int IS NULL OR payload->>'subject' LIKE '% turn ' || $4::int || ':%')
        ORDER BY id`,
      [gameId, to, `[umpire ${gameId}] report ${viewer}`, turn ?? null],
    );
    const entries = rows.map((r) => ({
      subject: r.subject,
      sentAt: new Date(r.created_at).toISOString(),
      text: withoutFooter(r.text),
    }));
    const parts: (typeof entries)[] = [[]];
    let size = 0;
    for (const e of entries) {
      if (size > 0 && size + e.text.length > HISTORY_PART_CHARS) {
        parts.push([]);
        size = 0;
      }
      parts[parts.length - 1].push(e);
      size += e.text.length;
    }
    const deadline = game.state.step ? await this.currentDeadline(gameId, game.state.step.id) : null;
    const needs = stepNeeds(game, deadline);
    let firstIndex = 0;
    return parts.map((part, i) => {
      const draft = this.sink.draft({
        ...noticeBase(game, viewer, to, 'history'),
        key: parts.length > 1 ? `${key}:part${i + 1}` : key,
        kind: 'history',
        turn: turn ?? null,
        entries: part,
        total: entries.length,
        part: i + 1,
        parts: parts.length,
        firstIndex,
        needs,
      });
      firstIndex += part.length;
      return draft;
    });
  }

  /**
   * The reports after `afterSeq`: one per side as it may see them, and the referee's copy (the
   * referee's view: everything but sealed orders not yet revealed) unless the game has no referee;
   * referee notes not yet reported lead each.
   */
  private async reportsFor(tx: Sql, game: LoadedGame, afterSeq: number, deadline: string | null): Promise<Notice[]> {
    const meta = await this.meta(tx, game.gameId);
    return this.withRefereeNotes(tx, game.gameId, reportNotices(game, afterSeq, deadline, meta.referee));
  }

  /** The referee's acknowledgement of a command carried out (to `by.replyTo`, else the game's referee, else nobody). */
  private async confirm(
    tx: Sql,
    game: LoadedGame,
    by: RefereeReply,
    command: string,
    done: string[],
    deadline: string | null,
  ): Promise<void> {
    const to = by.replyTo ?? (await this.meta(tx, game.gameId)).referee;
    if (!to) return;
    const needs = stepNeeds(game, deadline);
    await this.sink.write(tx, [
      {
        ...noticeBase(game, 'referee', to, `done:${by.key ?? command}`),
        kind: 'confirmation',
        command,
        done,
        needs,
      },
    ]);
  }

  /** A referee command refused: nothing changed; the referee is told what was wrong and what would be right. */
  private async refereeRejected(
    tx: Sql,
    game: LoadedGame,
    by: RefereeReply,
    command: string,
    problem: string,
    hint: string,
  ): Promise<CommandOutcome> {
    const to = by.replyTo ?? (await this.meta(tx, game.gameId)).referee;
    if (to) {
      await this.sink.write(tx, [
        {
          ...noticeBase(game, 'referee', to, `rejected:${by.key ?? command}`),
          kind: 'rejection',
          summary: `${command}: ${problem}`,
          problems: [],
          hint,
        },
      ]);
    }
    return rejected(`${command}: ${problem}`);
  }

  async refereeOf(gameId: string): Promise<string | null> {
    return (await this.meta(this.db, gameId)).referee;
  }

  /** The per-player SECRET word (the alternative to the signed reply address), derived, never stored. */
  playerSecret(gameId: string, side: string, address: string): string {
    return createHmac('sha256', this.options.secret)
      .update(`secret|${gameId}|${side.toLowerCase()}|${address.trim().toLowerCase()}`)
      .digest('base64url')
      .slice(0, 12);
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
      case 'HELP': {
        const card = game.ruleset.help(game.state.rules, viewer, game.state.step);
        const a = answerHelp(command.topic, game.ruleset.reference ?? [], card, game.state.step?.title ?? null, game.ruleset.name);
        return this.sink.draft({
          ...base,
          kind: 'help',
          help: a.lines.join('\n'),
          needs,
          topic: a.topic,
          title: a.title,
          commands: a.commands,
          topics: a.topics,
          unknownTopic: a.unknown,
        });
      }
      case 'RESEND': {
        // RESEND: the latest report; RESEND 3: the latest report of turn 3
        const rows = await this.db.query<{ payload: Record<string, unknown> }>(
          `SELECT payload FROM outbox WHERE game_id = $1 AND lower(recipient) = lower($2) AND kind IN ('report', 'welcome')
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
            payload: {
              ...(original as { to: string; subject: string; text: string }),
              subject: `RESEND: ${String(original.subject)}`,
              messageId: undefined,
              headers: { ...(original.headers as Record<string, string>), 'X-Umpire-Key': key },
            },
          };
        }
        return this.sink.draft({
          ...base,
          kind: 'status',
          view: viewFor(game.state, viewer, game.ruleset),
          needs,
        });
      }
      default:
        return this.sink.draft({
          ...base,
          kind: 'status',
          view: viewFor(game.state, viewer, game.ruleset),
          needs,
        });
    }
  }

  private async currentDeadline(
    gameId: string,
    stepId: string,
    tx: Sql = this.db,
    which: 'at' | 'graceUntil' = 'at',
  ): Promise<string | null> {
    const rows = await tx.query<{ payload: { at: string; graceUntil?: string } }>(
      `SELECT payload FROM events WHERE game_id = $1 AND type = 'DeadlineSet' AND payload->>'stepId' = $2 ORDER BY seq DESC LIMIT 1`,
      [gameId, stepId],
    );
    const p = rows[0]?.payload;
    return p ? (which === 'graceUntil' ? (p.graceUntil ?? p.at) : p.at) : null;
  }

  private async currentDeadlineSet(gameId: string, stepId: string, tx: Sql): Promise<{ at: string; remindAt: string | null } | null> {
    const rows = await tx.query<{ payload: { at: string; remindAt?: string | null } }>(
      `SELECT payload FROM events WHERE game_id = $1 AND type = 'DeadlineSet' AND payload->>'stepId' = $2 ORDER BY seq DESC LIMIT 1`,
      [gameId, stepId],
    );
    const p = rows[0]?.payload;
    return p ? { at: p.at, remindAt: p.remindAt ?? null } : null;
  }

  /**
   * Referee notes recorded since the last report or welcome went out (the outbox says which event
   * that was) lead each report's narrative: a note reaches every side once, in its next report.
   */
  private async withRefereeNotes(tx: Sql, gameId: string, notices: readonly Notice[]): Promise<Notice[]> {
    const rows = await tx.query<StoredEvent>(
      `SELECT seq, type, payload, metadata FROM events
        WHERE game_id = $1 AND type = 'NoteAdded' AND metadata->>'actor' = 'referee'
          AND seq > COALESCE((SELECT max(event_seq) FROM outbox WHERE game_id = $1 AND kind IN ('report', 'welcome')), 0)
        ORDER BY seq`,
      [gameId],
    );
    const notes = rows.filter(isRefereeNote).map(noteLine);
    if (!notes.length) return [...notices];
    return notices.map((n) => (n.kind === 'report' ? { ...n, narrative: [...notes, ...n.narrative] } : n));
  }

  // ------------------------------------------------------------------ reads

  async status(gameId: string, viewer: Side | 'referee') {
    const game = await this.games.load(gameId);
    if (viewer !== 'referee' && !game.state.game?.sides.some((s) => s.side === viewer))
      throw new Error(`game ${gameId} has no side ${viewer}`);
    return {
      view: viewFor(game.state, viewer, game.ruleset),
      head: game.head,
      help: game.ruleset.help(game.state.rules, viewer, game.state.step),
    };
  }

  /** A side's view and the narrative of the whole game as that side may read it. */
  async report(gameId: string, viewer: Side | 'referee') {
    const game = await this.games.load(gameId);
    if (viewer !== 'referee' && !game.state.game?.sides.some((s) => s.side === viewer))
      throw new Error(`game ${gameId} has no side ${viewer}`);
    const all = await this.games.events.read(gameId);
    const narrative: string[] = [];
    let run: EngineEvent[] = [];
    const flush = () => {
      narrative.push(...narrativeFor(run, viewer, game.ruleset));
      run = [];
    };
    for (const e of all) {
      if (isRefereeNote(e)) {
        flush();
        narrative.push(noteLine(e));
      } else if (e.type === 'PressSent') {
        const p = e.payload as { from: string; to: string[]; text: string };
        if (viewer === 'referee' || p.from === viewer || p.to.includes(viewer)) {
          flush();
          narrative.push(`Press from ${p.from === 'referee' ? 'the referee' : p.from} to ${p.to.join(', ')}: ${oneLine(p.text)}`);
        }
      } else if (!SERVICE_EVENT_TYPES.has(e.type)) run.push(toEngineEvent(e));
    }
    flush();
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
    const command: EngineCommand = {
      type,
      now: now.toISOString(),
      seeds: (turn) => seeds[turn],
      open: (sealed) => this.orders.open(sealed).toString('utf8'),
    };
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
    const remindAt = reminderTime(now, at);
    const next = await this.games.append(
      game,
      [
        {
          type: 'DeadlineSet',
          payload: {
            stepId: step.id,
            at: at.toISOString(),
            graceUntil: graceUntil.toISOString(),
            remindAt: remindAt?.toISOString() ?? null,
          },
          metadata: { actor: 'umpire' },
        },
      ],
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

/** Who asked for a referee command and by which command (the confirmation's address and idempotency). */
export interface RefereeReply {
  readonly replyTo?: string;
  readonly key?: string;
}

/**
 * When to remind the sides still awaited of a deadline at `at`: a quarter of the time left before
 * it (at most a day before); with less than an hour left, half way there.
 */
export function reminderTime(now: Date, at: Date): Date | null {
  const left = at.getTime() - now.getTime();
  if (left <= 0) return null;
  const before = left >= 60 * 60_000 ? Math.min(24 * 60 * 60_000, left / 4) : left / 2;
  return new Date(Math.round(at.getTime() - before));
}

function isRefereeNote(e: Pick<StoredEvent, 'type' | 'payload' | 'metadata'>): e is StoredEvent & { payload: { text: string } } {
  const p = e.payload as { text?: unknown; settings?: unknown; fault?: unknown } | null;
  return (
    e.type === 'NoteAdded' &&
    e.metadata?.actor === 'referee' &&
    typeof p?.text === 'string' &&
    p.settings === undefined &&
    p.fault === undefined
  );
}

/** A report's text without the umpire's footer (from the signature line `-- ` on). */
function withoutFooter(text: string): string {
  const i = text.search(/^-- $/m);
  return (i >= 0 ? text.slice(0, i) : text).replace(/\s+$/, '');
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' / ');
}

function noteLine(e: StoredEvent): string {
  return `Referee's note: ${(e.payload as { text: string }).text}`;
}

function rejected(message: string, r?: CommandRejected): CommandOutcome {
  return { status: 'rejected', result: { error: message, code: r?.code, problems: r?.errors ?? [] } };
}

function engineToNew(actor: string, via?: string) {
  return (e: EngineEvent): NewEvent => ({
    type: e.type,
    payload: e.data,
    metadata: { actor, ...(via ? { via } : {}) },
  });
}

export { UnknownGameError };
