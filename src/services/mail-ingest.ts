import {
  authenticate,
  normalizeAddress,
  parseReplyAddress,
  type AuthRejectionCode,
  type PlayerRegistry,
  type ReplyAddressConfig,
} from '../mail/auth';
import { formatUtc } from '../mail/render';
import type { MailCommand } from '../mail/commands';
import type { MailComposer } from '../mail/composer';
import { headerOnly, parseMail, type ParsedMessage } from '../mail/parse';
import { playerBucket, strangerBucket, type SenderThrottle } from '../mail/throttle';
import type { CommandBus } from './command-bus';
import { JobName } from '../queue/jobs';
import type { JobQueue } from '../queue/job-queue';
import type { Outbox, RefusalOf } from '../store/outbox';
import { type GameRepository, loadedOnce } from './game-repository';
import { forkMailNotice, forkOf } from './fork-intake';
import type { GameService } from './game.service';
import { ordersText } from '../commands/player-commands';
import { applyMailCommand, commandKey } from './mail-commands';
import { gameRoster } from './mail-roster';
import { stepOfOrders } from './mail-step';
import { readReplyInGame } from './reply-context';
import { type InboundStore, MAX_INGEST_ATTEMPTS } from '../store/inbound';
import type { InboundRow } from '../store/inbound-types';
import { isPlainMailbox } from '../mail/outbound';
import { crashPoint } from '../shared/crash-point';

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
   * kills its worker is counted too); a pass that ends waiting for its side's allowance gives its
   * attempt back (throttled is not failed). A message that fails MAX_INGEST_ATTEMPTS times is
   * quarantined: never queued again, its authenticated sender told it could not be read, the
   * referee told. Failures before the last are thrown, for the job's retry.
   */
  async ingest(inboundId: string): Promise<IngestResult> {
    const row = await this.inbound.beginAttempt(inboundId);
    const done = row ? null : await this.inbound.get(inboundId);
    if (!row && !done) throw new Error(`inbound message ${inboundId} does not exist`);
    if (!row) return { status: 'already-done', detail: done!.status };
    const attempt = row.attempts;
    if (attempt > MAX_INGEST_ATTEMPTS) return this.quarantine(row, `it failed ${attempt - 1} times`);
    try {
      return await this.read(row, attempt);
    } catch (err) {
      const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      await this.inbound.recordFailure(inboundId, why);
      if (attempt >= MAX_INGEST_ATTEMPTS) return this.quarantine(row, why);
      throw err;
    }
  }

  private async read(row: InboundRow, attempt: number): Promise<IngestResult> {
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
        this.bounce(
          'unauthenticated',
          `${row.messageId}:unreadable`,
          to,
          parsed.rejection.message,
          'Send plain text orders, one per line, under 256 KiB.',
        ),
      ]);
      return this.done(inboundId, 'rejected', null, detail);
    }
    const games = loadedOnce(this.games);
    // the stored row's id is the message's identity (a reused Message-ID was told apart there)
    let mail: ParsedMessage = { ...parsed.message, messageId: row.messageId };
    // RFC 3834: mail from machines (bounces, vacation replies, lists) is recorded, never answered
    if (mail.automatic) return this.done(inboundId, 'ignored', null, { automatic: mail.automaticReason });
    if (isUmpire(mail.from.address, this.umpireAddress))
      return this.done(inboundId, 'ignored', null, { automatic: 'sent by the umpire itself' });
    // a forged From such as "a@x,b@y"@z is never a recipient: only a plain mailbox is answered
    if (!isPlainMailbox(mail.from.address))
      return this.done(inboundId, 'rejected', null, { reason: 'sender address is not one plain mailbox', unanswered: true });

    const auth = await authenticate(mail, this.registry(games), this.reply);
    const fork = auth.ok || !auth.gameId ? null : await forkOf(games, auth.gameId);
    if (fork && !auth.ok) {
      const draft = await forkMailNotice(fork, mail, auth.reason, this.gameService, this.bounce.bind(this, 'authenticated'));
      if (draft) await this.outbox.enqueue([draft]);
      return this.done(inboundId, 'rejected', fork.gameId, { reason: 'fork', unanswered: true, refereeTold: !!draft });
    }
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
          'unauthenticated',
          `${mail.messageId}:auth`,
          mail.from.address,
          auth.reason,
          "Reply to the umpire's last message without changing its address, from the address you registered with.",
          auth.gameId,
        ),
      ]);
      return this.done(inboundId, 'rejected', auth.gameId ?? null, { code: auth.code, reason: auth.reason });
    }

    // charged once per message (a retry after a crash is not charged again), in arrival order per
    // game and side: a later mail waits behind an earlier one still waiting, and waiting is no failure
    if (this.throttle && !row.throttleTaken) {
      const throttle = this.throttle;
      const gate = await this.inbound.passThrottle(inboundId, auth.gameId, playerBucket(auth.gameId, auth.side ?? 'referee'), () =>
        throttle.take(playerBucket(auth.gameId, auth.side ?? 'referee')),
      );
      if (!gate.passed) {
        // later, not lost: read again when a token is due (sooner when the mail ahead is done)
        const delayMs = 'behind' in gate ? throttle.refillMs(gate.ahead + 1) : gate.retryAfterMs;
        await this.jobs.add(JobName.IngestMail, { inboundId }, { jobId: gate.waitJobId, delayMs });
        // the mail ahead may have been done between the gate and this job (its wake-up then found no job
        // to promote): wake the line now, or this mail would sit out its whole delay
        if ('behind' in gate) await this.wakeIfDone(gate.behind);
        return { status: 'throttled', detail: { ...gate, delayMs } };
      }
    }

    // read again now that the game is known: its own mail quoted back is quoted text, and wrapped
    // order lines are joined by the game's grammar (reply-context.ts)
    mail = await readReplyInGame(mail, auth.gameId, { outbox: this.outbox, games });
    if (!mail.commands.length) {
      // every line was set aside (a quote, a signature, lines after END, comments): each is listed with why
      await this.outbox.enqueue([this.composer.emptyMailDraft(`${mail.messageId}:empty`, mail, auth.gameId, auth.side)]);
      return this.done(inboundId, 'rejected', auth.gameId, { reason: 'empty' });
    }
    const orders = mail.commands.find((c): c is Extract<MailCommand, { name: 'ORDERS' }> => c.name === 'ORDERS');
    let stepId: string | undefined;
    // orders stored by an earlier attempt (its worker died before marking it) were judged then: judged
    // again they would be refused after being taken. A first attempt cannot have stored them (a pass
    // waiting for its throttle gives its attempt back before storing anything)
    if (orders && auth.side && (attempt === 1 || !(await this.bus.stored(commandKey(mail, orders))))) {
      const target = await stepOfOrders({ games, outbox: this.outbox }, mail, auth.gameId, ordersText(orders.lines));
      if (!target.ok) {
        await this.outbox.enqueue([
          this.bounce('orders', `${mail.messageId}:step`, mail.from.address, target.problem, target.hint, auth.gameId, auth.side),
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
    const deps = { bus: this.bus, outbox: this.outbox, replies: this.gameService, bounce: this.bounce.bind(this, 'authenticated') };
    for (const command of mail.commands)
      outcomes.push(await applyMailCommand(deps, command, mail, auth.gameId, auth.side, stepId, row.arrivedAt));
    return this.done(inboundId, 'processed', auth.gameId, {
      side: auth.side,
      role: auth.role,
      commands: outcomes,
    });
  }

  /** Wakes the line of `aheadId`'s bucket if that mail is done with (handled, refused or quarantined). */
  private async wakeIfDone(aheadId: string): Promise<void> {
    const ahead = await this.inbound.get(aheadId);
    if (ahead && ahead.status !== 'stored' && ahead.status !== 'throttled') await this.inbound.wakeNextInBucket(aheadId);
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

  private registry(games: Pick<GameRepository, 'load'> = this.games): PlayerRegistry {
    return { findRoster: (gameId) => gameRoster(games, this.gameService, gameId) };
  }

  /** A refusal; `refusal` says whom it answers (the daily refusal budgets count forgers apart from players). */
  private bounce(refusal: RefusalOf, key: string, to: string, problem: string, hint: string, gameId?: string, side?: string | null) {
    return this.composer.rejectionDraft(key, to, problem, hint, gameId, side, refusal);
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
        const when = mail.date ? ` of ${formatUtc(mail.date.toISOString())}` : '';
        const subject = mail.subject ? ` ("${mail.subject.slice(0, 80)}")` : '';
        const drafts = [
          this.bounce(
            'authenticated',
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
              'authenticated',
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
    const next = await this.inbound.markDone(row.id, 'quarantined', gameId, { reason: 'quarantined', error: why.slice(0, 500), told });
    await this.inbound.wakeNextInBucket(row.id, next);
    return { status: 'quarantined', detail: { error: why, told } };
  }

  private async done(
    id: string,
    status: 'processed' | 'ignored' | 'rejected',
    gameId: string | null,
    detail: unknown,
  ): Promise<IngestResult> {
    crashPoint('ingest-stored', `inbound ${id} ${status}`);
    await this.inbound.wakeNextInBucket(id, await this.inbound.markDone(id, status, gameId, detail));
    return { status, detail };
  }
}

function isUmpire(address: string, umpireAddress: string): boolean {
  const [local, domain] = normalizeAddress(umpireAddress).split('@');
  const a = normalizeAddress(address);
  return a === `${local}@${domain}` || (a.startsWith(`${local}+`) && a.endsWith(`@${domain}`));
}
