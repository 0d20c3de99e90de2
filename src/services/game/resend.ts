import { outboundMessageId } from '../../mail/outbound';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { insertOutbox, type OutboxDraft } from '../../store/outbox';
import { isMachineAddress } from '../machine-address';
import { reportsSentIn, sentMatching } from '../reports-sent';
import { confirm, refereeRejected, seatOrRefusal } from './flow';
import type { GameHandler, RefereeReply } from './handler';

/** Which of a side's reports the referee re-sends: the latest, one turn's, or all (welcome first). */
export type ResendWhich = { readonly turn: number } | 'latest' | 'all';

/** What a ReportsResent event records: whose reports went again, to which address, which ones, who ruled and why. */
export interface ReportsResentPayload {
  readonly side: string;
  readonly to: string;
  readonly which: 'latest' | 'all' | 'turn';
  readonly turn?: number;
  /** the subjects of the reports re-sent, as first sent, oldest first */
  readonly subjects: readonly string[];
  readonly referee: string;
  readonly reason: string;
}

export const REPORTS_RESENT = 'ReportsResent';

/**
 * RESEND <side> [turn | ALL]: the referee sends a side's reports again to that side's player now
 * (the address holding the seat today, never an earlier one), each as it was first sent (the
 * stored outbox row: same text, map and links, read under the fog of war of its time), marked as
 * a re-send in its subject and headers. Recorded as ReportsResent; the referee is told what went.
 * A machine seat has nobody to mail; a what-if fork mails its referee only, so both are refused.
 */
export async function resendReports(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string,
  which: ResendWhich,
  by: RefereeReply & { readonly referee?: string; readonly reason?: string } = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const asked = `RESEND ${side}${which === 'all' ? ' ALL' : which === 'latest' ? '' : ` ${which.turn}`}`;
    const found = seatOrRefusal(h, by, asked, side, 'Send RESEND <side> [turn | ALL]');
    if ('refused' in found) return found.refused;
    const to = found.seat.player.address;
    if (h.game.service.forkOf)
      return refereeRejected(
        h,
        by,
        asked,
        `${gameId} is a fork of ${h.game.service.forkOf}: a fork mails its referee only`,
        `RESEND ${side} in ${h.game.service.forkOf} sends the player's own reports.`,
      );
    if (isMachineAddress(to))
      return refereeRejected(
        h,
        by,
        asked,
        `a machine plays ${side}: nobody to mail`,
        `REPLACE ${side} <address> hands the seat to a person first.`,
      );
    // the side's reports as the log records them (ReportsSent), at whatever address held its seat then
    const { reports } = h.env.deps;
    const sent = sentMatching(await reportsSentIn(reports, tx, gameId, h.game.service.sent), {
      side,
      ...(typeof which === 'object' ? { turn: which.turn } : {}),
    });
    const chosen = which === 'latest' ? sent.filter((r) => r.kind === 'report').slice(-1) : sent;
    const rows = await reports.rows(
      tx,
      gameId,
      chosen.map((r) => r.key),
    );
    if (!rows.length)
      return refereeRejected(
        h,
        by,
        asked,
        `no report of ${side}${typeof which === 'object' ? ` for turn ${which.turn}` : ''} has been sent yet`,
        typeof which === 'object'
          ? `RESEND ${side} ALL sends every report ${side} was sent.`
          : `${side} is sent a report when a step is over.`,
      );
    const referee = by.referee ?? by.replyTo ?? 'cli';
    const payload: ReportsResentPayload = {
      side,
      to,
      which: typeof which === 'object' ? 'turn' : which,
      ...(typeof which === 'object' ? { turn: which.turn } : {}),
      subjects: rows.map((r) => String(r.payload.subject)),
      referee,
      reason: by.reason ?? '',
    };
    const next = await h.append([{ type: REPORTS_RESENT, payload, metadata: { actor: 'referee', causationId: by.key } }]);
    const seq = next.head.version;
    await insertOutbox(
      tx,
      rows.map((r) => again(r, gameId, to, seq, `${by.key ?? `cli:${seq}`}:resend:${r.id}`)),
    );
    confirm(
      h,
      by,
      asked,
      [
        `Re-sent to ${side} at ${to} (event ${seq}), each as first sent and marked RESEND:`,
        ...rows.map((r) => `  ${r.sentAt} ${String(r.payload.subject)}`),
      ],
      null,
    );
    return { status: 'applied', result: { side, to, seq, subjects: payload.subjects } };
  });
}

/** A stored report sent again: its text, map and links as they were; the subject and headers say it is a re-send. */
function again(
  r: { readonly payload: OutboxDraft['payload']; readonly sentAt: string },
  gameId: string,
  to: string,
  seq: number,
  key: string,
): OutboxDraft {
  const headers = (r.payload.headers ?? {}) as Record<string, string>;
  return {
    idempotencyKey: key,
    gameId,
    eventSeq: seq,
    recipient: to,
    kind: 'resend',
    payload: {
      ...r.payload,
      // the seat's address now, in the header and the envelope alike (never the address it first went to)
      to: [to],
      envelope: { ...((r.payload.envelope as object | undefined) ?? {}), to: [to] },
      subject: `RESEND: ${String(r.payload.subject)}`,
      // a Message-ID of its own (from its key: the same on a retry), the original's domain
      messageId: `<${outboundMessageId(key, String(r.payload.messageId ?? '@umpire').replace(/^.*@|>$/g, ''))}>`,
      headers: {
        ...headers,
        'X-Umpire-Key': key,
        'X-Umpire-Resent': `by the referee (event ${seq}); first sent ${r.sentAt}`,
      },
    },
  };
}
