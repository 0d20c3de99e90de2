import type { Sql } from '../store/db';
import type { MapData, MapPicture } from './map-svg';
import { insertOutbox, type OutboundMail, type OutboxDraft } from '../store/outbox';
import type { Notice, StepNeeds } from './notices';
import { replyAddress, type ReplyAddressConfig } from './auth';
import { buildMessage } from './outbound';
import { MailRenderer, type MapArea, type RenderedMail, type TemplateDataMap, type TemplateName } from './render';

export interface ComposerOptions {
  readonly domain: string;
  readonly umpireAddress: string;
  readonly secret: string;
  readonly templatesDir?: string;
}

/**
 * Renders notices into outbox rows (the NoticeSink of the game service): template data from the
 * notice, text + HTML from templates/mail, threading and automatic-mail headers from outbound.ts,
 * the recipient's signed reply address. Rendering happens once, here, inside the transaction of
 * the events that caused it; the dispatcher only sends.
 */
export class MailComposer {
  private readonly renderer: MailRenderer;
  private readonly reply: ReplyAddressConfig;

  constructor(private readonly options: ComposerOptions) {
    this.renderer = new MailRenderer(options.templatesDir);
    this.reply = {
      secret: options.secret,
      localPart: options.umpireAddress.split('@')[0],
      domain: options.domain,
    };
  }

  async write(tx: Sql, notices: readonly Notice[]): Promise<void> {
    if (notices.length)
      await insertOutbox(
        tx,
        notices.map((n) => this.draft(n)),
      );
  }

  replyAddressFor(gameId: string, side: string, playerAddress: string): string {
    return replyAddress(this.reply, gameId, side, playerAddress);
  }

  draft(n: Notice, inReplyTo?: string): OutboxDraft {
    const [template, data] = this.templateFor(n);
    const rendered = this.renderer.render(template, data as never);
    return {
      idempotencyKey: n.key,
      gameId: n.gameId,
      eventSeq: n.latestSeq,
      recipient: n.to,
      kind: n.kind,
      payload: this.message(n, rendered, inReplyTo),
    };
  }

  /** A reply to mail the umpire could not take (unreadable, unauthenticated, empty): no game context needed. */
  rejectionDraft(key: string, to: string, problem: string, hint: string, gameId?: string): OutboxDraft {
    const rendered = this.renderer.render('rejection', { gameId, problem, hint });
    const built = buildMessage(
      {
        idempotencyKey: key,
        from: { address: this.options.umpireAddress, name: 'Umpire' },
        to,
        domain: this.options.domain,
        gameId,
        autoSubmitted: 'auto-replied',
      },
      rendered,
    );
    return {
      idempotencyKey: key,
      gameId,
      recipient: to,
      kind: 'rejection',
      payload: JSON.parse(JSON.stringify(built)) as OutboundMail,
    };
  }

  private message(n: Notice, rendered: RenderedMail, inReplyTo?: string): OutboundMail {
    const built = buildMessage(
      {
        idempotencyKey: n.key,
        from: { address: this.options.umpireAddress, name: `Umpire (${n.gameId})` },
        to: n.to,
        // the referee's address is signed like a player's, with the pseudo-side `referee` (auth.ts checks it)
        replyTo: this.replyAddressFor(n.gameId, n.side, n.to),
        domain: this.options.domain,
        gameId: n.gameId,
        side: n.side === 'referee' ? null : n.side,
        inReplyTo,
        autoSubmitted:
          n.kind === 'ack' ||
          n.kind === 'rejection' ||
          n.kind === 'help' ||
          n.kind === 'status' ||
          n.kind === 'confirmation' ||
          n.kind === 'history'
            ? 'auto-replied'
            : 'auto-generated',
      },
      rendered,
    );
    return JSON.parse(JSON.stringify(built)) as OutboundMail;
  }

  private context(n: Notice, needs: StepNeeds | null) {
    return {
      gameId: n.gameId,
      gameName: n.rulesetName,
      side: n.side === 'referee' ? null : n.side,
      turn: needs?.turn,
      step: needs ? { id: needs.stepId, title: needs.title } : undefined,
      replyAddress: this.replyAddressFor(n.gameId, n.side, n.to),
    };
  }

  private templateFor(n: Notice): [TemplateName, TemplateDataMap[TemplateName]] {
    switch (n.kind) {
      case 'welcome':
        return [
          'report',
          {
            ...this.context(n, n.needs),
            knowledge: [
              `You play ${n.side} in ${n.rulesetName}. Sides: ${n.sides.map((s) => `${s.side} (${s.player})`).join(', ')}.`,
              `Options: ${
                Object.entries(n.options)
                  .map(([k, v]) => `${k} ${v ? 'on' : 'off'}`)
                  .join(', ') || 'none'
              }.`,
              `Game box: ${n.boxSource} data, SHA-256 ${n.boxHash}.`,
              `Your SECRET word is ${n.secret}: put "GAME ${n.gameId}" and "SECRET ${n.secret}" on the first lines to order from any address you registered, without the reply address.`,
              `Dice commitment: every die of this game derives from a chain of secret seeds whose anchor is ${n.seedAnchor}. Each turn's seed is revealed when the turn ends; SHA-256 applied t times to the seed of turn t gives this anchor, so the umpire cannot change a seed after today.`,
              ...n.help.split('\n').filter((l) => l.trim()),
            ],
            map: mapOf(n.view.board),
            narrative: [{ text: `Game ${n.gameId} created.` }],
            dice: { anchor: n.seedAnchor, revealedSeeds: [] },
            latestEventHash: n.latestHash,
            next: next(n.needs),
          },
        ];
      case 'report':
        return [
          'report',
          {
            ...this.context(n, n.needs),
            knowledge: knowledgeOf(n.view.board, n.result),
            map: mapOf(n.view.board),
            narrative: n.narrative.map((text) => ({ text })),
            dice: {
              anchor: n.seedAnchor,
              revealedSeeds: Object.entries(n.revealedSeeds).map(([turn, seed]) => ({
                turn: Number(turn),
                seed,
              })),
            },
            latestEventHash: n.latestHash,
            next: next(n.needs),
          },
        ];
      case 'ack':
        return [
          'acknowledgment',
          {
            ...this.context(n, n.needs),
            receivedAt: new Date().toISOString(),
            orders: [
              ...n.ordersText
                .split('\n')
                .filter((l) => l.trim())
                .map((text, i) => ({ line: i + 1, text, understood: text })),
              ...(n.standing
                ? n.standing.split('\n').map((text, i) => ({ line: i + 1, text, understood: `standing instruction: ${text}` }))
                : []),
              ...n.queued.map((q, i) => ({
                line: i + 1,
                text: `FOR ${q.stepId}`,
                understood: `queued, sealed until that step: commitment ${q.commitment}`,
              })),
              // lines after the orders that are no order (a name, a tagline): set aside, not refused
              ...(n.ignored ?? []).map((l) => ({ line: l.line, text: l.text, understood: 'ignored: not an order (read as a signature)' })),
            ],
            errors: [],
            commitment: n.commitment ?? undefined,
            deadline: n.resolved ? undefined : (n.needs?.deadline ?? undefined),
            awaiting: n.resolved ? [] : (n.needs?.awaiting ?? []),
          },
        ];
      case 'rejection':
        return [
          'rejection',
          {
            gameId: n.gameId,
            side: n.side === 'referee' ? null : n.side,
            problem: n.summary,
            hint:
              n.hint ?? (n.help ? `Send HELP for the order reference. ${firstLines(n.help, 12)}` : 'Send HELP for the order reference.'),
            errors: n.problems.map((p) => ({
              line: p.line,
              text: p.text,
              problem: p.problem,
              hint: p.hint,
              rule: p.rule,
            })),
          },
        ];
      case 'reminder':
        return [
          'reminder',
          {
            ...this.context(n, n.needs),
            deadline: n.needs.deadline ?? '',
            defaultAction: 'if no orders arrive by then, the documented default orders for this step apply (send HELP to read them)',
          },
        ];
      case 'help':
        return [
          'help',
          {
            ...this.context(n, n.needs),
            umpireAddress: this.options.umpireAddress,
            orderSyntax: n.help ? n.help.split('\n') : [],
            topic: n.topic,
            title: n.title,
            showCommands: n.commands ?? true,
            topics: n.topics,
            unknownTopic: n.unknownTopic,
          },
        ];
      case 'confirmation':
        return [
          'confirmation',
          {
            ...this.context(n, n.needs),
            command: n.command,
            done: n.done,
            deadline: n.needs?.deadline ?? undefined,
            awaiting: n.needs?.awaiting ?? [],
          },
        ];
      case 'history':
        return [
          'history',
          {
            ...this.context(n, n.needs),
            ...(n.turn !== null ? { askedTurn: n.turn } : {}),
            summary:
              n.total === 0
                ? `no report${n.turn !== null ? ` of turn ${n.turn}` : ''} has been sent to you yet.`
                : `${n.total} report${n.total === 1 ? '' : 's'} sent to you${n.parts > 1 ? ` (this is part ${n.part} of ${n.parts}, reports ${n.firstIndex + 1}-${n.firstIndex + n.entries.length})` : ''}, each exactly as it was sent.`,
            entries: n.entries.map((e, i) => ({
              n: n.firstIndex + i + 1,
              subject: e.subject,
              sentAt: e.sentAt,
              lines: e.text.split('\n'),
            })),
          },
        ];
      case 'press':
        return [
          'press',
          {
            ...this.context(n, n.needs),
            from: n.from === 'referee' ? 'the referee' : n.from,
            to: n.toSides,
            copy: n.copy,
            lines: n.text.split('\n'),
            seq: n.seq,
          },
        ];
      case 'status':
        return [
          'status',
          {
            ...this.context(n, n.needs),
            deadline: n.needs?.deadline ?? undefined,
            awaiting: n.view.awaiting,
            received: Object.entries(n.view.orders).flatMap(([side, st]) =>
              st.status === 'sealed'
                ? [{ side, at: st.receivedAt, commitment: st.commitment }]
                : st.status === 'accepted'
                  ? [{ side, at: st.receivedAt }]
                  : [],
            ),
            players: n.view.game?.sides.map((s) => ({ side: s.side, name: s.player })) ?? [],
          },
        ];
      default: {
        const never: never = n;
        throw new Error(`no template for notice ${JSON.stringify(never)}`);
      }
    }
  }
}

function next(needs: StepNeeds | null) {
  if (!needs) return null;
  return { what: needs.title, deadline: needs.deadline ?? undefined, awaiting: needs.awaiting };
}

function firstLines(text: string, n: number): string {
  return text.split('\n').slice(0, n).join('\n');
}

/**
 * A ruleset's view may carry `map` (its areas), `mapBoard` (links, places, sides, caption) and
 * `summary` (sentences): the side's picture, never the full state.
 */
function mapOf(board: unknown): MapData | undefined {
  const b = board as { map?: unknown; mapBoard?: unknown } | null;
  if (!Array.isArray(b?.map)) return undefined;
  const areas = b.map as MapArea[];
  return b.mapBoard && typeof b.mapBoard === 'object' ? { ...(b.mapBoard as Omit<MapPicture, 'areas'>), areas } : areas;
}

function knowledgeOf(board: unknown, result: { winner: string | null; summary: string } | null): string[] {
  const summary = (board as { summary?: unknown } | null)?.summary;
  const lines = Array.isArray(summary) ? summary.map(String) : [];
  if (result) lines.unshift(`Game over. Winner: ${result.winner ?? 'none'}. ${result.summary}`);
  return lines;
}
