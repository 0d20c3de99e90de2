import type { Sql } from './db';
import type { EventMetadata } from './event-store';
import type { OutboundMail, OutboxDraft } from './outbox';

/**
 * One report or welcome the umpire queued (its outbox row, by idempotency key): to which viewer
 * (a side, or `referee`) at which address, the turn its subject names, and the board picture it
 * carries. A round of them is recorded as one ReportsSent event (src/services/reports-sent.ts),
 * appended with their outbox rows: what was reported is a fact in the game's log.
 */
export interface ReportSent {
  readonly key: string;
  readonly kind: 'report' | 'welcome';
  readonly side: string;
  readonly to: string;
  readonly turn?: number;
  readonly picture?: NonNullable<OutboxDraft['picture']>;
  /** the last event it told (a report sent before reports were recorded); absent: the ReportsSent event's own seq */
  readonly seq?: number;
}

/** A report or welcome as the outbox stores it, for HISTORY and RESEND. */
export interface StoredReport {
  readonly id: string;
  readonly kind: string;
  readonly payload: OutboundMail;
  readonly sentAt: string;
}

/**
 * The reports of a game as its log records them (ReportsSent), and their outbox rows (what was
 * sent, for HISTORY and RESEND to send again), and the referee's notes since the last report.
 */
export class SentReports {
  /** Every report and welcome the game's ReportsSent events record, in the order they were queued. */
  async recorded(tx: Sql, gameId: string): Promise<ReportSent[]> {
    const rows = await tx.query<{ r: ReportSent }>(
      `SELECT r FROM events, jsonb_array_elements(payload->'reports') WITH ORDINALITY AS x(r, n)
        WHERE game_id = $1 AND type = 'ReportsSent' ORDER BY seq, n`,
      [gameId],
    );
    return rows.map((row) => row.r);
  }

  /**
   * The reports and welcomes a game's outbox holds, read back for a log begun before reports were
   * recorded (its first ReportsSent takes them): the viewer is the second part of the row's
   * idempotency key, the turn the one its subject names (`… t3: …`, or the older `… turn 3: …`).
   */
  async unrecorded(tx: Sql, gameId: string): Promise<ReportSent[]> {
    const rows = await tx.query<{
      key: string;
      kind: ReportSent['kind'];
      side: string;
      to: string;
      seq: number | null;
      turn: string | null;
      picture: ReportSent['picture'] | null;
    }>(
      `SELECT idempotency_key AS key, kind, split_part(substr(idempotency_key, length($1) + 2), ':', 1) AS side, recipient AS to,
              event_seq AS seq, substring(payload->>'subject' from ' (?:t|turn )([0-9]+):') AS turn, picture
         FROM outbox WHERE game_id = $1 AND kind IN ('report', 'welcome') AND left(idempotency_key, length($1) + 1) = $1 || ':'
        ORDER BY id`,
      [gameId],
    );
    return rows.map((r) => ({
      key: r.key,
      kind: r.kind,
      side: r.side,
      to: r.to,
      ...(r.turn !== null ? { turn: Number(r.turn) } : {}),
      ...(r.picture ? { picture: r.picture } : {}),
      seq: r.seq ?? 0,
    }));
  }

  /** The outbox rows of the game's reports named by `keys`, in the order they were queued (as stored: reply addresses and SECRET words left as markers). */
  async rows(tx: Sql, gameId: string, keys: readonly string[]): Promise<StoredReport[]> {
    if (!keys.length) return [];
    const rows = await tx.query<{ id: string; kind: string; payload: OutboundMail; created_at: Date }>(
      'SELECT id, kind, payload, created_at FROM outbox WHERE game_id = $1 AND idempotency_key = ANY($2::text[]) ORDER BY id',
      [gameId, keys],
    );
    return rows.map((r) => ({ id: String(r.id), kind: r.kind, payload: r.payload, sentAt: new Date(r.created_at).toISOString() }));
  }

  /** The referee's NoteAdded events after `afterSeq` (the event the last report or welcome reached): each reaches every side once. */
  async refereeNotesSince(
    tx: Sql,
    gameId: string,
    afterSeq: number,
  ): Promise<{ seq: number; type: string; payload: unknown; metadata: EventMetadata }[]> {
    return tx.query(
      `SELECT seq, type, payload, metadata FROM events
        WHERE game_id = $1 AND type = 'NoteAdded' AND metadata->>'actor' = 'referee' AND seq > $2
        ORDER BY seq`,
      [gameId, afterSeq],
    );
  }
}
