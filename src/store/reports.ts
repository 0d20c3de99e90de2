import type { Db, Sql } from './db';
import type { EventMetadata } from './event-store';
import type { OutboundMail, OutboxDraft } from './outbox';

type ShownPicture = NonNullable<OutboxDraft['picture']>;

/** What a viewer at an address was last sent (SentReports.lastSent). */
export interface LastSent {
  readonly seq: number | null;
  readonly picture: ShownPicture | null;
}

/** The key of a viewer at an address in SentReports.lastSent's map (addresses compare case-blind). */
export function lastSentKey(viewer: string, recipient: string): string {
  return `${viewer}\n${recipient.toLowerCase()}`;
}

/** A report or welcome as it was sent (its outbox row), for HISTORY. */
export interface SentReport {
  readonly subject: string;
  readonly text: string;
  readonly createdAt: string;
}

/** A report or welcome as the outbox stores it, for the referee's RESEND. */
export interface StoredReport {
  readonly id: string;
  readonly kind: string;
  readonly payload: OutboundMail;
  readonly sentAt: string;
}

/**
 * What the outbox holds of a game's reports, read back for the game's use cases: the latest one
 * a player was sent (RESEND), all of them (HISTORY), and the referee notes written since the last
 * report went out (they lead the next one). Addresses compare case-blind, as authentication does.
 */
export class SentReports {
  constructor(private readonly db: Db) {}

  /** The latest report or welcome sent to `recipient`, or the latest of `turn` (its subject names the turn). */
  async latest(gameId: string, recipient: string, turn?: number): Promise<Record<string, unknown> | null> {
    const rows = await this.db.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM outbox WHERE game_id = $1 AND lower(recipient) = lower($2) AND kind IN ('report', 'welcome')
          AND ($3::int IS NULL OR payload->>'subject' LIKE '%turn ' || $3::int || ':%' OR payload->>'subject' LIKE '% t' || $3::int || ':%')
        ORDER BY id DESC LIMIT 1`,
      [gameId, recipient, turn ?? null],
    );
    return rows[0]?.payload ?? null;
  }

  /** The reports and welcome sent to `recipient` under a subject matching `subjectPattern` (one side's: render.ts reportSubjectPattern), all or one turn's, oldest first. */
  async sentTo(gameId: string, recipient: string, subjectPattern: string, turn?: number): Promise<SentReport[]> {
    const rows = await this.db.query<{ subject: string; text: string; created_at: Date }>(
      `SELECT payload->>'subject' AS subject, payload->>'text' AS text, created_at FROM outbox
        WHERE game_id = $1 AND lower(recipient) = lower($2) AND kind IN ('report', 'welcome')
          AND payload->>'subject' ~ $3
          AND ($4::int IS NULL OR payload->>'subject' LIKE '% turn ' || $4::int || ':%' OR payload->>'subject' LIKE '% t' || $4::int || ':%')
        ORDER BY id`,
      [gameId, recipient, subjectPattern, turn ?? null],
    );
    return rows.map((r) => ({ subject: r.subject, text: r.text, createdAt: new Date(r.created_at).toISOString() }));
  }

  /**
   * The reports (and welcome) one side was sent, at whatever address held its seat then (their
   * subjects are the side's, render.ts reportSubjectPattern, and so are their keys: a VIEW of the
   * side mailed to the referee is not one of them), all or one turn's, oldest first, as
   * stored (reply addresses and SECRET words left as markers, filled for the recipient when sent).
   */
  async ofSide(tx: Sql, gameId: string, side: string, subjectPattern: string, turn?: number): Promise<StoredReport[]> {
    const rows = await tx.query<{ id: string; kind: string; payload: StoredReport['payload']; created_at: Date }>(
      `SELECT id, kind, payload, created_at FROM outbox
        WHERE game_id = $1 AND kind IN ('report', 'welcome') AND payload->>'subject' ~ $2
          AND left(idempotency_key, length($4)) = $4
          AND ($3::int IS NULL OR payload->>'subject' LIKE '% turn ' || $3::int || ':%' OR payload->>'subject' LIKE '% t' || $3::int || ':%')
        ORDER BY id`,
      [gameId, subjectPattern, turn ?? null, `${gameId}:${side}:`],
    );
    return rows.map((r) => ({ id: String(r.id), kind: r.kind, payload: r.payload, sentAt: new Date(r.created_at).toISOString() }));
  }

  /**
   * What each viewer at each address of a game was last sent, in one read (keyed by lastSentKey):
   * the event sequence the last report or welcome covered (where the next report's story starts
   * when reports were held for the digest), and the last board picture (none again while the
   * board is the same). The viewer is the second part of the row's idempotency key.
   */
  async lastSent(tx: Sql, gameId: string): Promise<Map<string, LastSent>> {
    const rows = await tx.query<{ viewer: string; recipient: string; seq: number | null; picture: ShownPicture | null }>(
      `SELECT split_part(substr(idempotency_key, length($1) + 2), ':', 1) AS viewer, lower(recipient) AS recipient,
              max(event_seq)::int AS seq, (array_agg(picture ORDER BY id DESC) FILTER (WHERE picture IS NOT NULL))[1] AS picture
         FROM outbox WHERE game_id = $1 AND kind IN ('report', 'welcome') AND left(idempotency_key, length($1) + 1) = $1 || ':'
        GROUP BY 1, 2`,
      [gameId],
    );
    return new Map(rows.map((r) => [lastSentKey(r.viewer, r.recipient), { seq: r.seq, picture: r.picture }]));
  }

  /**
   * The referee's NoteAdded events recorded after the last report or welcome went out (the
   * outbox row's event sequence says which event that was): each reaches every side once.
   */
  async refereeNotesSinceLastReport(
    tx: Sql,
    gameId: string,
  ): Promise<{ seq: number; type: string; payload: unknown; metadata: EventMetadata }[]> {
    return tx.query(
      `SELECT seq, type, payload, metadata FROM events
        WHERE game_id = $1 AND type = 'NoteAdded' AND metadata->>'actor' = 'referee'
          AND seq > COALESCE((SELECT max(event_seq) FROM outbox WHERE game_id = $1 AND kind IN ('report', 'welcome')), 0)
        ORDER BY seq`,
      [gameId],
    );
  }
}
