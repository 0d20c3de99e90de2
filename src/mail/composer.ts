import type { Sql } from '../store/db';
import { deadlineData, reminderData } from './deadline-mail';
import type { MapData, MapPicture } from './map-svg';
import { insertOutbox, type OutboundMail, type OutboxDraft } from '../store/outbox';
import type { Notice, StepNeeds } from './notices';
import { replyAddress, type ReplyAddressConfig } from './auth';
import { buildMessage } from './outbound';
import { MailAtRest, secretMarker } from './at-rest';
import { capProblems, capText, MAX_PROBLEM_CHARS } from './refusal-size';
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
  private readonly atRest: MailAtRest;

  constructor(private readonly options: ComposerOptions) {
    this.renderer = new MailRenderer(options.templatesDir);
    this.atRest = new MailAtRest(options.secret);
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
    const drawn = this.renderer.render(template, data as never);
    const rendered = n.attachments?.length ? { ...drawn, attachments: [...drawn.attachments, ...n.attachments] } : drawn;
    return this.atRest.seal({
      idempotencyKey: n.key,
      gameId: n.gameId,
      eventSeq: n.latestSeq,
      recipient: n.to,
      kind: n.kind,
      payload: this.message(n, rendered, inReplyTo),
    });
  }

  /**
   * A reply to mail the umpire could not take (unreadable, unauthenticated, empty): no game context
   * needed. `side`: the authenticated sender's side (null: the referee); absent for a sender the
   * umpire could not place, whose heading then names no side.
   */
  rejectionDraft(key: string, to: string, problem: string, hint: string, gameId?: string, side?: string | null): OutboxDraft {
    const rendered = this.renderer.render('rejection', {
      gameId,
      ...(side !== undefined ? { side } : {}),
      problem: capText(problem, MAX_PROBLEM_CHARS),
      hint: capText(hint, MAX_PROBLEM_CHARS),
    });
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
    return this.atRest.seal({
      idempotencyKey: key,
      gameId,
      recipient: to,
      kind: 'rejection',
      payload: JSON.parse(JSON.stringify(built)) as OutboundMail,
    });
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
      ...(n.optionsOn?.length ? { optionsOn: n.optionsOn } : {}),
      replyAddress: this.replyAddressFor(n.gameId, n.side, n.to),
    };
  }

  private templateFor(n: Notice): [TemplateName, TemplateDataMap[TemplateName]] {
    switch (n.kind) {
      case 'welcome': {
        const yours = n.side !== 'referee' && !!n.needs?.awaiting.includes(n.side);
        return [
          'welcome',
          {
            ...this.context(n, n.needs),
            attention: yours ? 'action' : 'fyi',
            // sides only: a player's address is never printed (PRESS and PLAYERS hide them too)
            sides: n.sides.map((s) => ({ side: s.side, you: s.side === n.side })),
            referee: n.settings ? n.settings.referee : n.side === 'referee',
            options: Object.entries(n.options).map(([name, on]) => ({ name, on: Boolean(on) })),
            box: { source: n.boxSource, hash: n.boxHash },
            deadline: n.needs?.deadline ?? undefined,
            deadlineMinutes: n.settings?.deadlineMinutes,
            graceMinutes: n.settings?.graceMinutes,
            deadlineKinds: Object.entries(n.settings?.deadlines ?? {}).map(([kind, minutes]) => ({ kind, minutes })),
            // the word itself is never stored: the marker is filled in when the mail is sent (at-rest.ts)
            secret: secretMarker(n.side),
            ...(n.answer ? { answer: n.answer } : {}),
            ...(n.standing ? { standing: n.standing.split('\n').filter((l) => l.trim()) } : {}),
            ...(n.digest ? { digest: digestLine(n.digest) } : {}),
            // the step's order card goes to the sides it asks for orders (and the referee's own notes to him)
            card: n.needs
              ? {
                  what: n.needs.title,
                  yours,
                  awaiting: n.needs.awaiting,
                  lines: yours || n.side === 'referee' ? n.help.split('\n').filter((l) => l.trim()) : [],
                }
              : null,
            seedAnchor: n.seedAnchor,
            knowledge: knowledgeOf(n.view.board, null),
            map: mapOf(n.view.board),
          },
        ];
      }
      case 'report':
        return [
          'report',
          {
            ...this.context(n, n.needs),
            ...(n.result ? { attention: 'over' as const } : {}),
            ...(n.card ? { card: n.card, attention: 'action' as const } : {}),
            ...(n.taken
              ? {
                  taken: {
                    stepTitle: n.taken.stepTitle,
                    lines: [
                      ...n.taken.orders.split('\n').filter((l) => l.trim()),
                      ...(n.taken.standing ?? '')
                        .split('\n')
                        .filter((l) => l.trim())
                        .map((l) => `standing instruction: ${l}`),
                    ],
                  },
                }
              : {}),
            knowledge: knowledgeOf(n.view.board, n.result),
            map: mapOf(n.view.board),
            narrative: n.narrative.map((text) => ({ text })),
            dice: {
              anchor: n.seedAnchor,
              revealedSeeds: Object.entries(n.revealedSeeds).map(([turn, seed]) => ({
                turn: Number(turn),
                seed,
              })),
              gameId: n.gameId,
              steps: n.diceChecks ?? [],
              over: !!n.result,
            },
            latestEventHash: n.latestHash,
            ...(n.fairness?.length ? { fairness: n.fairness } : {}),
            next: next(n.needs),
          },
        ];
      case 'ack':
        return [
          'acknowledgment',
          {
            ...this.context(n, n.needs),
            receivedAt: new Date().toISOString(),
            // per step: the orders in canonical form, and what becomes of them
            orders: [
              ...n.ordersText
                .split('\n')
                .filter((l) => l.trim())
                .map((text, i) => ({
                  line: i + 1,
                  text,
                  understood: `for ${n.needs?.title ?? 'the step in play'}${n.resolved ? ': resolved at once' : ''}`,
                })),
              ...(n.standing
                ? n.standing.split('\n').map((text, i) => ({ line: i + 1, text, understood: `standing instruction: ${text}` }))
                : []),
              ...(n.inForce ?? '')
                .split('\n')
                .filter((l) => l.trim())
                .map((text, i) => ({ line: i + 1, text, understood: 'standing instruction in force (sent earlier)' })),
              ...n.queued.flatMap((q, i) => [
                {
                  line: i + 1,
                  text: `FOR ${q.stepId}`,
                  understood: `${q.title ?? 'a step to come'}: queued, sealed until that step: commitment ${q.commitment}`,
                },
                ...(q.orders ?? '')
                  .split('\n')
                  .filter((l) => l.trim())
                  .map((text, j) => ({ line: j + 1, text, understood: `for ${q.title ?? q.stepId}, when it comes` })),
              ]),
              // lines after the orders that are no order (a name, a tagline): set aside, not refused
              ...(n.ignored ?? []).map((l) => ({ line: l.line, text: l.text, understood: 'ignored: not an order (read as a signature)' })),
            ],
            errors: [],
            commitment: n.commitment ?? undefined,
            deadline: n.resolved ? undefined : (n.needs?.deadline ?? undefined),
            awaiting: n.resolved ? [] : (n.needs?.awaiting ?? []),
            ...(n.held ? { held: true } : {}),
          },
        ];
      case 'rejection': {
        const needs = n.needs ?? null;
        const side = n.side === 'referee' ? null : n.side;
        // refused orders change nothing: say what stands for the step they were for, and its deadline
        const unchanged =
          needs && n.ordersIn !== undefined
            ? n.ordersIn
              ? `Nothing was changed; your earlier orders for ${needs.title} stand.`
              : `Nothing was changed; you have no orders in for ${needs.title}.`
            : undefined;
        return [
          'rejection',
          {
            gameId: n.gameId,
            side,
            ...(needs
              ? {
                  turn: needs.turn,
                  step: { id: needs.stepId, title: needs.title },
                  attention: side !== null && needs.awaiting.includes(side) ? ('action' as const) : ('fyi' as const),
                  deadline: needs.deadline ?? undefined,
                }
              : {}),
            unchanged,
            problem: capText(n.summary, MAX_PROBLEM_CHARS),
            hint: capText(
              n.hint ?? (n.help ? `Send HELP for the order reference. ${firstLines(n.help, 12)}` : 'Send HELP for the order reference.'),
              MAX_PROBLEM_CHARS * 4,
            ),
            errors: capProblems(n.problems).map((p) => ({
              line: p.line,
              text: p.text,
              problem: p.problem,
              hint: p.hint,
              rule: p.rule,
            })),
          },
        ];
      }
      case 'reminder':
        return ['reminder', reminderData(n, this.context(n, n.needs))];
      case 'deadline':
        return ['deadline', deadlineData(n, this.context(n, n.needs))];
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

/** The digest setting as the welcome states it (services/service-state.ts DigestMode), with how to change it. */
function digestLine(mode: string): string {
  const what: Record<string, string> = {
    action: 'a mail when something is asked of you, and a report at the end of each turn',
    turn: 'one report at the end of each turn (and mail that asks something of you)',
    every: 'a report after every step',
  };
  const known = what[mode.toLowerCase()];
  return known ? `DIGEST ${mode.toUpperCase()}: ${known}. Send DIGEST ACTION, DIGEST TURN or DIGEST EVERY to change it.` : mode;
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
