import {
  authenticate,
  normalizeAddress,
  parseReplyAddress,
  type AuthRejectionCode,
  type GameRoster,
  type PlayerRegistry,
  type ReplyAddressConfig,
} from '../mail/auth';
import { splitMessage } from '../engine/sections';
import type { StepInfo } from '../engine/ruleset';
import type { MailCommand } from '../mail/commands';
import type { MailComposer } from '../mail/composer';
import { parseMail, type ParsedMessage } from '../mail/parse';
import { playerBucket, strangerBucket, type SenderThrottle } from '../mail/throttle';
import type { CommandBus } from './command-bus';
import { JobName } from '../queue/jobs';
import type { JobQueue } from '../queue/job-queue';
import type { Outbox, OutboxDraft } from '../store/outbox';
import type { GameRepository } from './game-repository';
import type { GameService } from './game.service';
import { readReplyInGame } from './reply-context';
import { type InboundRow, type InboundStore, MAX_INGEST_ATTEMPTS } from '../store/inbound';
import { isPlainMailbox } from '../mail/outbound';

export interface IngestResult {
  readonly status: 'processed' | 'ignored' | 'rejected' | 'throttled' | 'quarantined' | 'already-done';
  readonly detail: unknown;
}

/**
 * The inbound-mail use case (one stored message in, commands and replies out): parse, drop
 * automatic mail without answering it, authenticate, throttle floods (per game and side once
 * authenticated, per From and recipient otherwise), check the step the orders are meant for, then
 * turn each mail command into a command for the game's ordered inbox or a reply. Bad input gets a
 * reply naming what was wrong and changes nothing.
 */
export class MailIngest {
  constructor(
    private readonly inbound: InboundStore,
    private readonly games: GameRepository,
    private readonly gameService: GameService,
    private readonly bus: CommandBus,
    private readonly outbox: Outbox,
    private readonly composer: MailComposer,
    private readonly jobs: JobQueue,
    private readonly throttle: SenderThrottle | null,
    private readonly reply: ReplyAddressConfig,
    private readonly umpireAddress: string,
  ) {}

  /**
   * Ingests one stored message. Each attempt is counted first (in PostgreSQL, so a message that
   * kills its worker is counted too); a message that fails MAX_INGEST_ATTEMPTS times is
   * quarantined: never queued again, its authenticated sender told it could not be read, the
   * referee told. Failures before the last are thrown, for the job's retry.
   */
  async ingest(inboundId: string): Promise<IngestResult> {
    const row = await this.inbound.get(inboundId);
    if (!row) throw new Error(`inbound message ${inboundId} does not exist`);
    if (row.status !== 'stored' && row.status !== 'throttled') return { status: 'already-done', detail: row.status };
    const attempt = await this.inbound.beginAttempt(inboundId);
    if (attempt === null) return { status: 'already-done', detail: 'handled meanwhile' };
    if (attempt > MAX_INGEST_ATTEMPTS) return this.quarantine(row, `it failed ${attempt - 1} times`);
    try {
      return await this.read(row);
    } catch (err) {
      const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      await this.inbound.recordFailure(inboundId, why);
      if (attempt >= MAX_INGEST_ATTEMPTS) return this.quarantine(row, why);
      throw err;
    }
  }

  private async read(row: InboundRow): Promise<IngestResult> {
    const inboundId = row.id;
    const parsed = await parseMail(row.raw);
    if (!parsed.ok) {
      const { partial } = parsed.rejection;
      const detail = { reason: parsed.rejection.code, message: parsed.rejection.message };
      // a machine's mail is never answered, whatever its size (RFC 3834); nor is a sender we cannot address
      if (partial.automatic) return this.done(inboundId, 'ignored', null, { ...detail, automatic: partial.automatic });
      const to = partial.from;
      if (!to || !isPlainMailbox(to) || isUmpire(to, this.umpireAddress))
        return this.done(inboundId, 'rejected', null, { ...detail, unanswered: 'no plain sender address' });
      const t = this.throttle ? await this.throttle.take(strangerBucket(to, normalizeAddress(this.umpireAddress))) : null;
      if (t && !t.allowed) return this.done(inboundId, 'rejected', null, { ...detail, throttled: true, unanswered: true });
      await this.outbox.enqueue([
        this.bounce(`${row.messageId}:unreadable`, to, parsed.rejection.message, 'Send plain text orders, one per line, under 256 KiB.'),
      ]);
      return this.done(inboundId, 'rejected', null, detail);
    }
    // the stored row's id is the message's identity (a reused Message-ID was told apart there)
    let mail: ParsedMessage = { ...parsed.message, messageId: row.messageId };
    // RFC 3834: mail from machines (bounces, vacation replies, lists) is recorded, never answered
    if (mail.automatic) return this.done(inboundId, 'ignored', null, { automatic: mail.automaticReason });
    if (isUmpire(mail.from.address, this.umpireAddress))
      return this.done(inboundId, 'ignored', null, { automatic: 'sent by the umpire itself' });
    // a forged From such as "a@x,b@y"@z is never a recipient: only a plain mailbox is answered
    if (!isPlainMailbox(mail.from.address))
      return this.done(inboundId, 'rejected', null, { reason: 'sender address is not one plain mailbox', unanswered: true });

    const auth = await authenticate(mail, this.registry(), this.reply);
    if (!auth.ok) {
      // throttled apart from every player's allowance (forged mail must not spend it), and not
      // answered once over the limit: a flood of forgeries gets at most a burst of replies
      const t = this.throttle ? await this.throttle.take(strangerBucket(mail.from.address, this.recipientKey(mail, auth.code))) : null;
      if (t && !t.allowed) {
        await this.inbound.mark(inboundId, 'rejected', auth.gameId ?? null, {
          code: auth.code,
          reason: auth.reason,
          throttled: true,
          unanswered: true,
        });
        return { status: 'throttled', detail: { code: auth.code, unauthenticated: true, answered: false } };
      }
      await this.outbox.enqueue([
        this.bounce(
          `${mail.messageId}:auth`,
          mail.from.address,
          auth.reason,
          "Reply to the umpire's last message without changing its address, from the address you registered with.",
          auth.gameId,
        ),
      ]);
      return this.done(inboundId, 'rejected', auth.gameId ?? null, { code: auth.code, reason: auth.reason });
    }

    // charged once per message: a retry of the same message (after a crash) is not charged again
    if (this.throttle && !row.throttleTaken) {
      const t = await this.throttle.take(playerBucket(auth.gameId, auth.side ?? 'referee'));
      if (!t.allowed) {
        // later, not lost: the same message is ingested again when the side's bucket refills
        await this.jobs.add(
          JobName.IngestMail,
          { inboundId },
          {
            jobId: `ingest:${inboundId}:after:${Math.ceil(Date.now() / t.retryAfterMs)}`,
            delayMs: t.retryAfterMs,
          },
        );
        await this.inbound.mark(inboundId, 'throttled', auth.gameId, { retryAfterMs: t.retryAfterMs });
        return { status: 'throttled', detail: { retryAfterMs: t.retryAfterMs } };
      }
      await this.inbound.markThrottleTaken(inboundId);
    }

    // read again now that the game is known: its own mail quoted back is quoted text, and wrapped
    // order lines are joined by the game's grammar (reply-context.ts)
    mail = await readReplyInGame(mail, auth.gameId, { outbox: this.outbox, games: this.games });
    if (!mail.commands.length) {
      await this.outbox.enqueue([
        this.bounce(
          `${mail.messageId}:empty`,
          mail.from.address,
          'The message holds no orders or commands.',
          'Write your orders one per line, or HELP for the order reference.',
          auth.gameId,
          auth.side,
        ),
      ]);
      return this.done(inboundId, 'rejected', auth.gameId, { reason: 'empty' });
    }
    const orders = mail.commands.find((c): c is Extract<MailCommand, { name: 'ORDERS' }> => c.name === 'ORDERS');
    let stepId: string | undefined;
    // a message whose orders were stored before (its worker died before marking it) was judged
    // then: its orders are applied or in hand, and the step they were for may be over since, so
    // judged again they would be refused ("Nothing was changed") after being taken
    if (orders && auth.side && !(await this.bus.stored(commandKey(mail, orders)))) {
      const target = await this.stepOf(mail, auth.gameId, ordersText(orders));
      if (!target.ok) {
        await this.outbox.enqueue([
          this.bounce(`${mail.messageId}:step`, mail.from.address, target.problem, target.hint, auth.gameId, auth.side),
        ]);
        return this.done(inboundId, 'rejected', auth.gameId, {
          reason: 'wrong-step',
          problem: target.problem,
          stepNow: target.stepNow,
          claimed: target.claimed,
        });
      }
      stepId = target.stepId;
    }
    const outcomes: unknown[] = [];
    for (const command of mail.commands) outcomes.push(await this.apply(command, mail, auth.gameId, auth.side, stepId));
    return this.done(inboundId, 'processed', auth.gameId, {
      side: auth.side,
      role: auth.role,
      commands: outcomes,
    });
  }

  /** `stepId`: the step the orders are for (stepOf); undefined = the step in play when they are applied. */
  private async apply(
    c: MailCommand,
    mail: ParsedMessage,
    gameId: string,
    side: string | null,
    stepId: string | undefined,
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
          await this.outbox.enqueue([
            this.bounce(
              `${key}:referee-lines`,
              mail.from.address,
              `The referee plays no side, so orders are not taken from you; "${first.slice(0, 80)}" is not a referee command. Nothing was changed.`,
              'Referee commands, one per line: FORCE (apply defaults now), EXTEND 24h | EXTEND 90m | EXTEND TO 2026-11-23T18:00Z, NOTE <text for every side>, PRESS <message to every side>, STATUS, RESEND, HISTORY, HELP.',
              gameId,
              null,
            ),
          ]);
          return { ORDERS: 'refused: the referee plays no side' };
        }
        // the engine checks the step again when the command is applied: if it was resolved in
        // between, the orders are refused (wrong-step), never applied to the step after it
        return {
          ORDERS: await this.bus.submit(gameId, key, 'game.orders', {
            gameId,
            side,
            text: ordersText(c),
            via,
            ...(c.ignored?.length ? { ignored: c.ignored } : {}),
            ...(stepId ? { stepId } : {}),
          }),
        };
      }
      case 'HELP':
      case 'STATUS':
      case 'PLAYERS':
      case 'RESEND':
        await this.outbox.enqueue([await this.gameService.replyDraft(gameId, side ?? 'referee', mail.from.address, c, key)]);
        return { [c.name]: 'replied' };
      case 'HISTORY':
        await this.outbox.enqueue(await this.gameService.historyDrafts(gameId, side ?? 'referee', mail.from.address, c.turn, key));
        return { HISTORY: 'replied' };
      case 'PRESS':
        return {
          PRESS: await this.bus.submit(gameId, key, 'game.press', {
            gameId,
            from: side ?? 'referee',
            text: c.text,
            replyTo: mail.from.address,
          }),
        };
      case 'RESIGN':
        return {
          RESIGN: await this.bus.submit(gameId, key, 'game.resign', {
            gameId,
            side,
            confirm: c.confirm,
            replyTo: mail.from.address,
          }),
        };
      case 'FORCE':
        return {
          FORCE: await this.bus.submit(gameId, key, 'game.force', { gameId, replyTo: mail.from.address }),
        };
      case 'EXTEND':
        return {
          EXTEND: await this.bus.submit(gameId, key, 'game.extend', {
            gameId,
            byMinutes: c.byMinutes,
            until: c.until,
            replyTo: mail.from.address,
          }),
        };
      case 'NOTE':
        return {
          NOTE: await this.bus.submit(gameId, key, 'referee.note', {
            text: c.text,
            actor: 'referee',
            replyTo: mail.from.address,
          }),
        };
      default: {
        const never: never = c;
        throw new Error(`unhandled mail command ${JSON.stringify(never)}`);
      }
    }
  }

  /**
   * The step a mail's orders are meant for, from what the mail says, strongest first: a body line
   * `TURN n`; a subject the sender wrote (`[umpire G-…] orders japanese turn 3`); the umpire's
   * message it replies to (In-Reply-To, then References, newest first: the step that was open
   * when that message was written); the turn in a reply's subject (`Re: … turn 3`), which was
   * copied from the umpire's message. A named turn is narrowed to the replied-to step when the
   * two agree. Orders whose lines all sit under `FOR <step>` lines name their own steps (the
   * engine checks those), and a mail naming nothing is for the step in play when it is applied.
   * Orders for a step that is over are refused here, naming that step and the step now open.
   */
  private async stepOf(mail: ParsedMessage, gameId: string, text: string): Promise<StepTarget> {
    if (!splitMessage(text, DEFAULT_SECTION).sections.some((x) => x.stepId === DEFAULT_SECTION)) return { ok: true };
    const game = await this.games.load(gameId);
    const now = game.state.step;
    if (!now) return { ok: true }; // the game is over: the engine says so
    const replied = await this.repliedStep(mail, gameId, game.state.step);
    const { directives, subjectInfo } = mail;
    const named =
      directives.turn !== undefined
        ? { turn: directives.turn, source: `your line "TURN ${directives.turn}"` }
        : subjectInfo.turn !== undefined && !subjectInfo.reply
          ? { turn: subjectInfo.turn, source: `your subject ("turn ${subjectInfo.turn}")` }
          : null;
    let claim: { turn: number; stepId?: string; source: string } | null;
    if (named)
      claim =
        replied && replied.turn === named.turn
          ? {
              ...replied,
              source: `${named.source}, in reply to the umpire's message about step ${replied.stepId}`,
            }
          : named;
    else if (replied) claim = { ...replied, source: `you replied to the umpire's message about step ${replied.stepId}` };
    else if (subjectInfo.turn !== undefined) claim = { turn: subjectInfo.turn, source: `your subject ("turn ${subjectInfo.turn}")` };
    else return { ok: true };

    const stepNow = `${now.id} (${now.title})`;
    if (claim.stepId === now.id || (claim.stepId === undefined && claim.turn === now.turn)) return { ok: true, stepId: now.id };
    const claimed = claim.stepId ?? `turn ${claim.turn}`;
    if (claim.stepId !== undefined || claim.turn < now.turn) {
      return {
        ok: false,
        claimed,
        stepNow: now.id,
        problem: `These orders are for ${claim.stepId ? `step ${claim.stepId}` : `turn ${claim.turn}`} (${claim.source}), which is over: the step now open is ${stepNow}. Nothing was changed.`,
        hint: `Read the latest report, then reply to it with orders for ${now.id}, or start your orders with the line "FOR ${now.id}".`,
      };
    }
    return {
      ok: false,
      claimed,
      stepNow: now.id,
      problem: `These orders are for turn ${claim.turn} (${claim.source}), which has not begun: the step now open is ${stepNow}, in turn ${now.turn}. Nothing was changed.`,
      hint: `Orders for a step to come go under a line "FOR <step id>" naming that step (each report's heading gives step ids); orders for the step now open need no TURN line, or "TURN ${now.turn}".`,
    };
  }

  /**
   * The step the umpire's message this mail replies to was about: the step open when it was
   * written (its outbox row's event sequence), which is the first step resolved after it, or the
   * step still in play. Null when the mail replies to nothing the umpire sent for this game.
   */
  private async repliedStep(mail: ParsedMessage, gameId: string, inPlay: StepInfo): Promise<{ stepId: string; turn: number } | null> {
    const ids = [...new Set([mail.inReplyTo, ...[...mail.references].reverse()].filter((id): id is string => !!id))];
    if (!ids.length) return null;
    const rows = await this.outbox.byMessageIds(gameId, ids);
    const row = ids
      .map((id) => rows.find((r) => r.payload.messageId === `<${id}>` && typeof r.eventSeq === 'number'))
      .find((r) => r !== undefined);
    if (!row) return null;
    const resolved = (await this.games.events.read(gameId, row.eventSeq)).find((e) => e.type === 'StepResolved');
    if (!resolved) return { stepId: inPlay.id, turn: inPlay.turn };
    const p = resolved.payload as { stepId: string; turn: number };
    return { stepId: p.stepId, turn: p.turn };
  }

  /** The recipient of a mail that failed authentication, for its throttle bucket: the signature tag dropped. */
  private recipientKey(mail: ParsedMessage, code: AuthRejectionCode): string {
    const to = [...mail.deliveredTo, ...mail.to.map((a) => a.address)].find(
      (a) => parseReplyAddress(this.reply, a) || isUmpire(a, this.umpireAddress),
    );
    const tagged = to ? parseReplyAddress(this.reply, to) : null;
    // no such game: a forger could make up game ids as freely as tags
    if (!tagged || code === 'no-game' || code === 'unknown-game') return normalizeAddress(this.umpireAddress);
    return `${this.reply.localPart}+${tagged.gameId}.${tagged.side}@${this.reply.domain}`;
  }

  private registry(): PlayerRegistry {
    return { findRoster: (gameId) => this.roster(gameId) };
  }

  private async roster(gameId: string): Promise<GameRoster | null> {
    try {
      const game = await this.games.load(gameId);
      const info = game.state.game;
      if (!info) return null;
      const referee = await this.gameService.refereeOf(gameId);
      return {
        gameId,
        players: info.sides.map((s) => ({
          side: s.side,
          address: s.player.address,
          secret: this.gameService.playerSecret(gameId, s.side, s.player.address),
          legacySecret: this.gameService.legacyPlayerSecret(gameId, s.side, s.player.address),
        })),
        refereeAddresses: referee ? [referee] : [],
        refereeSecret: referee ? this.gameService.playerSecret(gameId, 'referee', referee) : undefined,
        refereeLegacySecret: referee ? this.gameService.legacyPlayerSecret(gameId, 'referee', referee) : undefined,
      };
    } catch {
      return null;
    }
  }

  private bounce(key: string, to: string, problem: string, hint: string, gameId?: string, side?: string | null): OutboxDraft {
    return this.composer.rejectionDraft(key, to, problem, hint, gameId, side);
  }

  /**
   * A message that cannot be ingested (it kept failing): marked quarantined, never queued again.
   * Who sent it is read from its header alone; a sender the reply address (or nothing forgeable)
   * authenticates is told the mail could not be read and nothing was changed, and the game's
   * referee is told where to look. Anyone else is not answered (backscatter).
   */
  private async quarantine(row: InboundRow, why: string): Promise<IngestResult> {
    const head = await parseMail(headerOnly(row.raw)).catch(() => null);
    const mail = head?.ok ? head.message : null;
    let told: string[] = [];
    let gameId: string | null = null;
    if (mail && !mail.automatic && isPlainMailbox(mail.from.address)) {
      const auth = await authenticate(mail, this.registry(), this.reply).catch(() => null);
      if (auth?.ok) {
        gameId = auth.gameId;
        const when = mail.date ? ` of ${mail.date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
        const subject = mail.subject ? ` ("${mail.subject.slice(0, 80)}")` : '';
        const drafts = [
          this.bounce(
            `${row.messageId}:quarantined`,
            mail.from.address,
            `Your mail${when}${subject} could not be read by the umpire, so nothing was changed; the referee has been told.`,
            'Send your orders again as plain text, one per line (no attachments, no quoted history).',
            auth.gameId,
            auth.side,
          ),
        ];
        told = [mail.from.address];
        const referee = await this.gameService.refereeOf(auth.gameId);
        if (referee && isPlainMailbox(referee) && normalizeAddress(referee) !== normalizeAddress(mail.from.address)) {
          drafts.push(
            this.bounce(
              `${row.messageId}:quarantined:referee`,
              referee,
              `A mail from ${auth.side ?? 'the referee'} (inbound message ${row.id}${subject}) could not be read and is quarantined: ${why.slice(0, 200)}. The sender was asked to send it again.`,
              `\`umpire mail parse\` on the stored message shows what the umpire reads from it.`,
              auth.gameId,
              null,
            ),
          );
          told.push('referee');
        }
        await this.outbox.enqueue(drafts);
      }
    }
    await this.inbound.mark(row.id, 'quarantined', gameId, { reason: 'quarantined', error: why.slice(0, 500), told });
    return { status: 'quarantined', detail: { error: why, told } };
  }

  private async done(
    id: string,
    status: 'processed' | 'ignored' | 'rejected',
    gameId: string | null,
    detail: unknown,
  ): Promise<IngestResult> {
    await this.inbound.mark(id, status, gameId, detail);
    return { status, detail };
  }
}

/** Marks the lines of a message before any FOR line (no step id contains a NUL). */
const DEFAULT_SECTION = '\u0000default';

type StepTarget =
  | { readonly ok: true; readonly stepId?: string }
  | {
      readonly ok: false;
      readonly problem: string;
      readonly hint: string;
      readonly stepNow: string;
      readonly claimed: string;
    };

/** The idempotency key of the command a mail command becomes: the same on every ingest of the message. */
function commandKey(mail: ParsedMessage, c: MailCommand): string {
  return `mail:${mail.messageId}:${c.name}:${'line' in c ? c.line : 0}`;
}

/** The orders as text, each on the line number it has in the player's message, so errors point there. */
function ordersText(c: Extract<MailCommand, { name: 'ORDERS' }>): string {
  return Array.from(
    { length: Math.max(0, ...c.lines.map((l) => l.line)) },
    (_, i) => c.lines.find((l) => l.line === i + 1)?.text ?? '',
  ).join('\n');
}

/** The header block of a raw message with an empty body: enough to say who sent it, however broken the body. */
function headerOnly(raw: Buffer): Buffer {
  const text = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return Buffer.from(`${end >= 0 ? text.slice(0, end) : text}\r\n\r\n`, 'latin1');
}

function isUmpire(address: string, umpireAddress: string): boolean {
  const [local, domain] = normalizeAddress(umpireAddress).split('@');
  const a = normalizeAddress(address);
  return a === `${local}@${domain}` || (a.startsWith(`${local}+`) && a.endsWith(`@${domain}`));
}
