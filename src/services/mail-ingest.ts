import { authenticate, normalizeAddress, type GameRoster, type PlayerRegistry, type ReplyAddressConfig } from '../mail/auth';
import type { MailCommand } from '../mail/commands';
import type { MailComposer } from '../mail/composer';
import { parseMail, type ParsedMessage } from '../mail/parse';
import type { SenderThrottle } from '../mail/throttle';
import type { CommandBus } from '../app/command-bus.service';
import { JobName } from '../queue/jobs';
import type { JobQueue } from '../queue/job-queue';
import type { Outbox, OutboxDraft } from '../store/outbox';
import type { GameRepository } from './game-repository';
import type { GameService } from './game.service';
import type { InboundStore } from './inbound';

export interface IngestResult {
  readonly status: 'processed' | 'ignored' | 'rejected' | 'throttled' | 'already-done';
  readonly detail: unknown;
}

/**
 * The inbound-mail use case (one stored message in, commands and replies out): parse, drop
 * automatic mail without answering it, throttle floods per sender, authenticate, then turn each
 * mail command into a command for the game's ordered inbox or a reply. Bad input gets a reply
 * naming what was wrong and changes nothing.
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

  async ingest(inboundId: string): Promise<IngestResult> {
    const row = await this.inbound.get(inboundId);
    if (!row) throw new Error(`inbound message ${inboundId} does not exist`);
    if (row.status !== 'stored' && row.status !== 'throttled') return { status: 'already-done', detail: row.status };

    const parsed = await parseMail(row.raw);
    if (!parsed.ok) {
      const to = parsed.rejection.partial.from;
      if (to && !isUmpire(to, this.umpireAddress)) await this.outbox.enqueue([this.bounce(`${row.messageId}:unreadable`, to, parsed.rejection.message, 'Send plain text orders, one per line, under 256 KiB.')]);
      return this.done(inboundId, 'rejected', null, { reason: parsed.rejection.code, message: parsed.rejection.message });
    }
    const mail = parsed.message;
    // RFC 3834: mail from machines (bounces, vacation replies, lists) is recorded, never answered
    if (mail.automatic) return this.done(inboundId, 'ignored', null, { automatic: mail.automaticReason });
    if (isUmpire(mail.from.address, this.umpireAddress)) return this.done(inboundId, 'ignored', null, { automatic: 'sent by the umpire itself' });

    if (this.throttle) {
      const t = await this.throttle.take(normalizeAddress(mail.from.address));
      if (!t.allowed) {
        // later, not lost: the same message is ingested again when the sender's bucket refills
        await this.jobs.add(JobName.IngestMail, { inboundId }, { jobId: `ingest:${inboundId}:after:${Math.ceil(Date.now() / t.retryAfterMs)}`, delayMs: t.retryAfterMs });
        await this.inbound.mark(inboundId, 'throttled', null, { retryAfterMs: t.retryAfterMs });
        return { status: 'throttled', detail: { retryAfterMs: t.retryAfterMs } };
      }
    }

    const auth = await authenticate(mail, this.registry(), this.reply);
    if (!auth.ok) {
      await this.outbox.enqueue([this.bounce(`${mail.messageId}:auth`, mail.from.address, auth.reason, 'Reply to the umpire\'s last message without changing its address, from the address you registered with.', auth.gameId)]);
      return this.done(inboundId, 'rejected', auth.gameId ?? null, { code: auth.code, reason: auth.reason });
    }
    const outcomes: unknown[] = [];
    for (const command of mail.commands) outcomes.push(await this.apply(command, mail, auth.gameId, auth.side));
    if (!mail.commands.length) {
      await this.outbox.enqueue([this.bounce(`${mail.messageId}:empty`, mail.from.address, 'The message holds no orders or commands.', 'Write your orders one per line, or HELP for the order reference.', auth.gameId)]);
      return this.done(inboundId, 'rejected', auth.gameId, { reason: 'empty' });
    }
    return this.done(inboundId, 'processed', auth.gameId, { side: auth.side, role: auth.role, commands: outcomes });
  }

  private async apply(c: MailCommand, mail: ParsedMessage, gameId: string, side: string | null): Promise<unknown> {
    const key = `mail:${mail.messageId}:${c.name}:${'line' in c ? c.line : 0}`;
    const via = `mail ${mail.messageId}`;
    switch (c.name) {
      case 'ORDERS': {
        if (!side) return { ORDERS: 'the referee plays no side' };
        // keep each order on the line number it has in the player's message, so errors point there
        const text = Array.from({ length: Math.max(0, ...c.lines.map((l) => l.line)) }, (_, i) => c.lines.find((l) => l.line === i + 1)?.text ?? '').join('\n');
        return { ORDERS: await this.bus.submit(gameId, key, 'game.orders', { gameId, side, text, via }) };
      }
      case 'HELP':
      case 'STATUS':
      case 'PLAYERS':
      case 'RESEND':
        await this.outbox.enqueue([await this.gameService.replyDraft(gameId, side ?? 'referee', mail.from.address, c, key)]);
        return { [c.name]: 'replied' };
      case 'FORCE':
        return { FORCE: await this.bus.submit(gameId, key, 'game.force', { gameId }) };
      case 'EXTEND':
        return { EXTEND: await this.bus.submit(gameId, key, 'game.extend', { gameId, byMinutes: c.byMinutes, until: c.until }) };
      case 'NOTE':
        return { NOTE: await this.bus.submit(gameId, key, 'referee.note', { text: c.text, actor: 'referee' }) };
      default: {
        const never: never = c;
        throw new Error(`unhandled mail command ${JSON.stringify(never)}`);
      }
    }
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
        players: info.sides.map((s) => ({ side: s.side, address: s.player.address, secret: this.gameService.playerSecret(gameId, s.side, s.player.address) })),
        refereeAddresses: referee ? [referee] : [],
        refereeSecret: referee ? this.gameService.playerSecret(gameId, 'referee', referee) : undefined,
      };
    } catch {
      return null;
    }
  }

  private bounce(key: string, to: string, problem: string, hint: string, gameId?: string): OutboxDraft {
    return this.composer.rejectionDraft(key, to, problem, hint, gameId);
  }

  private async done(id: string, status: 'processed' | 'ignored' | 'rejected', gameId: string | null, detail: unknown): Promise<IngestResult> {
    await this.inbound.mark(id, status, gameId, detail);
    return { status, detail };
  }
}

function isUmpire(address: string, umpireAddress: string): boolean {
  const [local, domain] = normalizeAddress(umpireAddress).split('@');
  const a = normalizeAddress(address);
  return a === `${local}@${domain}` || (a.startsWith(`${local}+`) && a.endsWith(`@${domain}`));
}
