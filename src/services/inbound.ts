import { createHash } from 'node:crypto';
import type { MailboxCursor, MailboxCursorStore } from '../mail/imap-reader';
import { JobName } from '../queue/jobs';
import type { JobQueue, Requeued } from '../queue/job-queue';
import type { Db } from '../store/db';

/**
 * Inbound mail is stored raw before anything else happens, idempotently on (source, UIDVALIDITY,
 * UID) and on Message-ID: the same message fetched twice, delivered ten times, or posted to the
 * webhook again is one row and one ingest job.
 */

/** A throttled message still waiting this long after it arrived has lost its delayed job (the throttle refills hourly). */
export const THROTTLED_STUCK_MS = 6 * 3600_000;
export interface StoredInbound {
  readonly id: string;
  readonly duplicate: boolean;
  readonly messageId: string;
}

/** The Message-ID header (unfolded, without brackets), or one derived from the bytes. */
export function messageIdOf(raw: Buffer): string {
  const headerEnd = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const header = raw
    .subarray(0, headerEnd >= 0 ? headerEnd : Math.min(raw.length, 64 * 1024))
    .toString('latin1')
    .replace(/\r?\n[ \t]+/g, ' ');
  const m = /^message-id:\s*<?([^\s>]+)>?/im.exec(header);
  return m ? m[1] : `sha256.${createHash('sha256').update(raw).digest('hex')}@synthesized`;
}

export class InboundStore {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
  ) {}

  /** Stores a raw message and queues its ingestion (once). */
  async receive(source: string, raw: Buffer, at: { uidValidity?: number; uid?: number } = {}): Promise<StoredInbound> {
    const messageId = messageIdOf(raw);
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO inbound_messages (source, uid_validity, uid, message_id, raw, size)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [source, at.uidValidity ?? null, at.uid ?? null, messageId, raw, raw.length],
    );
    const duplicate = inserted.length === 0;
    const id = duplicate
      ? (
          await this.db.query<{ id: string }>(
            'SELECT id FROM inbound_messages WHERE message_id = $1 OR (source = $2 AND uid_validity = $3 AND uid = $4) LIMIT 1',
            [messageId, source, at.uidValidity ?? null, at.uid ?? null],
          )
        )[0].id
      : inserted[0].id;
    if (!duplicate) await this.jobs.add(JobName.IngestMail, { inboundId: id }, { jobId: `ingest:${id}` });
    else await this.requeueIfStored(id);
    return { id, duplicate, messageId };
  }

  /**
   * A message arriving again while its row is still `stored` may be one whose ingest job was lost
   * or failed for good: queue it again (nothing is added while its first job is still in hand).
   */
  private async requeueIfStored(id: string): Promise<void> {
    const rows = await this.db.query<{ status: string }>('SELECT status FROM inbound_messages WHERE id = $1', [id]);
    if (rows[0]?.status === 'stored') await this.jobs.requeue(JobName.IngestMail, { inboundId: id }, `ingest:${id}`);
  }

  /**
   * Messages still `stored` `olderThanMs` after they arrived: their ingest job was lost or failed
   * for good. Also messages still `throttled` long after they arrived (THROTTLED_STUCK_MS): a
   * throttled message waits in a delayed job, and a Redis that lost it must not lose the mail.
   */
  async stuck(olderThanMs: number, limit = 500): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM inbound_messages
        WHERE (status = 'stored' AND received_at < now() - $1::float8 * interval '1 millisecond')
           OR (status = 'throttled' AND received_at < now() - greatest($1::float8, $3::float8) * interval '1 millisecond')
        ORDER BY id LIMIT $2`,
      [olderThanMs, limit, THROTTLED_STUCK_MS],
    );
    return rows.map((r) => String(r.id));
  }

  /** Queues ingestion again for every message stuck in `stored` (the worker's periodic sweep). */
  async requeueStuck(olderThanMs: number): Promise<{ inboundId: string; requeued: Requeued }[]> {
    const out: { inboundId: string; requeued: Requeued }[] = [];
    for (const id of await this.stuck(olderThanMs))
      out.push({
        inboundId: id,
        requeued: await this.jobs.requeue(JobName.IngestMail, { inboundId: id }, `ingest:${id}`),
      });
    return out;
  }

  async get(id: string): Promise<{ id: string; raw: Buffer; status: string; messageId: string; source: string } | null> {
    const rows = await this.db.query<{
      id: string;
      raw: Buffer;
      status: string;
      message_id: string;
      source: string;
    }>('SELECT id, raw, status, message_id, source FROM inbound_messages WHERE id = $1', [id]);
    return rows.length
      ? {
          id: rows[0].id,
          raw: rows[0].raw,
          status: rows[0].status,
          messageId: rows[0].message_id,
          source: rows[0].source,
        }
      : null;
  }

  async mark(
    id: string,
    status: 'processed' | 'ignored' | 'rejected' | 'throttled',
    gameId: string | null,
    result: unknown,
  ): Promise<void> {
    await this.db.query('UPDATE inbound_messages SET status = $2, game_id = $3, result = $4::jsonb WHERE id = $1', [
      id,
      status,
      gameId,
      JSON.stringify(result ?? null),
    ]);
  }

  async list(limit = 50): Promise<
    {
      id: string;
      messageId: string;
      status: string;
      gameId: string | null;
      receivedAt: string;
      result: unknown;
    }[]
  > {
    const rows = await this.db.query<{
      id: string;
      message_id: string;
      status: string;
      game_id: string | null;
      received_at: Date;
      result: unknown;
    }>('SELECT id, message_id, status, game_id, received_at, result FROM inbound_messages ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map((r) => ({
      id: r.id,
      messageId: r.message_id,
      status: r.status,
      gameId: r.game_id,
      receivedAt: new Date(r.received_at).toISOString(),
      result: r.result,
    }));
  }
}

/** Where the IMAP reader stopped, per mailbox, in PostgreSQL (survives restarts and moves between machines). */
export class PgCursorStore implements MailboxCursorStore {
  constructor(private readonly db: Db) {}

  async get(mailbox: string): Promise<MailboxCursor | null> {
    const rows = await this.db.query<{ uid_validity: string; last_uid: string }>(
      'SELECT uid_validity, last_uid FROM mailbox_cursors WHERE mailbox = $1',
      [mailbox],
    );
    return rows.length ? { uidValidity: Number(rows[0].uid_validity), lastUid: Number(rows[0].last_uid) } : null;
  }

  async set(mailbox: string, cursor: MailboxCursor): Promise<void> {
    await this.db.query(
      `INSERT INTO mailbox_cursors (mailbox, uid_validity, last_uid, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (mailbox) DO UPDATE SET uid_validity = EXCLUDED.uid_validity, last_uid = EXCLUDED.last_uid, updated_at = now()`,
      [mailbox, cursor.uidValidity, cursor.lastUid],
    );
  }
}
