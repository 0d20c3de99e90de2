import { JobName } from '../queue/jobs';
import type { JobQueue, Requeued } from '../queue/job-queue';
import { crashPoint } from '../shared/crash-point';
import type { SecretBox } from '../shared/secret-box';
import { type Db, prepared } from './db';
import type {
  StoredInbound,
  InboundRow,
  TokenDecision,
  ThrottleGate,
  InboundStatus,
  InboundIdentity,
  IntakeOptions,
  UnreadArrival,
  NextInBucket,
} from './inbound-types';

/**
 * Inbound mail is stored raw before anything else happens, idempotently on (source, UIDVALIDITY,
 * UID) and on the message's identity (src/mail/message-id.ts): the same message fetched twice,
 * delivered ten times, relayed along another path or posted to the webhook again is one row and
 * one ingest job. A different message that reuses an earlier Message-ID is stored as a message of
 * its own (its id suffixed with its content hash) and the reuse is recorded in its result.
 *
 * The raw bytes are sealed at rest (AES-GCM, key from UMPIRE_SECRET) when a box is given: mail
 * holds sealed orders and SECRET words, which a database reader must not read.
 */

/** A throttled message still waiting this long after it arrived has lost its delayed job (the throttle refills hourly). */
export const THROTTLED_STUCK_MS = 6 * 3600_000;

/** Ingest attempts before a message that keeps failing is quarantined (and its sender and the referee told). */
export const MAX_INGEST_ATTEMPTS = 5;

/** The delayed job of a message's n-th wait for its turn (passThrottle, wakeNextInBucket). */
function waitJobId(id: string, wait: number): string {
  return `ingest:${id}:wait:${wait}`;
}

/**
 * Intake stores a message holding this lock shared (taken inside its INSERT: umpire_intake_arrival);
 * a deadline takes it exclusive to wait for every message being stored to be committed, and moves
 * the intake fence to the instant it reads up to (prisma/migrations/*_intake_fence).
 */
const INTAKE_LOCK = 7_243_024;

export class InboundStore {
  private readonly clock: () => Date;
  private readonly gameOf: (raw: Buffer) => string | null;

  /**
   * @param identify a raw message's identity: the mail layer reads it (src/mail/message-id.ts); the
   *   store only keeps it
   */
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly identify: (raw: Buffer) => InboundIdentity,
    private readonly box: SecretBox | null = null,
    options: IntakeOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.gameOf = options.gameOf ?? (() => null);
  }

  /** Stores a raw message and queues its ingestion (once). */
  async receive(source: string, raw: Buffer, at: { uidValidity?: number; uid?: number } = {}): Promise<StoredInbound> {
    const { messageId, contentHash } = this.identify(raw);
    // stored first, looked for after: a new message (the rule) costs no look-up
    const first = await this.insert(source, raw, at, messageId, contentHash, null);
    if (first) return { id: first, duplicate: false, messageId };
    if (at.uid !== undefined) {
      const same = await this.db.query<{ id: string; message_id: string }>(
        'SELECT id, message_id FROM inbound_messages WHERE source = $1 AND uid_validity = $2 AND uid = $3',
        [source, at.uidValidity ?? null, at.uid],
      );
      if (same.length) return this.duplicate(same[0].id, same[0].message_id);
    }
    const earlier = await this.db.query<{ id: string; content_hash: string | null }>(
      'SELECT id, content_hash FROM inbound_messages WHERE message_id = $1',
      [messageId],
    );
    // rows stored before content hashes were kept count as the same message
    if (earlier.length && (earlier[0].content_hash === null || earlier[0].content_hash === contentHash))
      return this.duplicate(earlier[0].id, messageId);
    const own = `${messageId}#${contentHash.slice(0, 16)}`;
    const reuse = { reusedMessageId: messageId, earlierInbound: earlier[0]?.id ?? null };
    const second = await this.insert(source, raw, at, own, contentHash, reuse);
    if (second) return { id: second, duplicate: false, messageId: own, reusedIdOf: earlier[0]?.id };
    const again = await this.db.query<{ id: string }>('SELECT id FROM inbound_messages WHERE message_id = $1', [own]);
    return this.duplicate(again[0].id, own);
  }

  private async insert(
    source: string,
    raw: Buffer,
    at: { uidValidity?: number; uid?: number },
    messageId: string,
    contentHash: string,
    note: unknown,
  ): Promise<string | null> {
    const stored = this.box ? Buffer.from(this.box.seal(raw), 'latin1') : raw;
    const gameId = this.gameOf(raw);
    // one statement: the intake lock is taken inside it, and the arrival, stamped by the umpire's
    // clock, moves to just after the intake fence when a deadline has read past it meanwhile
    const inserted = await this.db.query<{ id: string }>(INSERT_INBOUND, [
      source,
      at.uidValidity ?? null,
      at.uid ?? null,
      messageId,
      stored,
      raw.length,
      this.box !== null,
      contentHash,
      jsonb(note),
      this.clock(),
      gameId,
    ]);
    if (!inserted.length) return null;
    const id = String(inserted[0].id);
    crashPoint('inbound-stored', `inbound ${id} ${messageId}`);
    await this.jobs.add(JobName.IngestMail, { inboundId: id }, { jobId: `ingest:${id}` });
    return id;
  }

  private async duplicate(id: string, messageId: string): Promise<StoredInbound> {
    await this.requeueIfStored(String(id));
    return { id: String(id), duplicate: true, messageId };
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
   * The messages still to be read that arrived at or before `deadline` and may hold `gameId`'s
   * orders: stored ones addressed to the game or to no game known yet, and throttled ones of the
   * game (throttled only once authenticated, so their game is known). Takes the intake lock
   * exclusive first (briefly, in a transaction of its own): every message being stored is committed
   * and seen; and moves the intake fence to `deadline`, so a message stamped by then but stored
   * after this read is stamped after `deadline` (umpire_intake_arrival): none is missed.
   */
  async unreadBefore(gameId: string, deadline: Date): Promise<UnreadArrival[]> {
    const rows = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [INTAKE_LOCK]);
      return tx.query<{ id: string; status: 'stored' | 'throttled'; arrived_at: Date }>(
        `WITH fence AS (UPDATE intake_fence SET read_to = greatest(read_to, $2))
         SELECT id, status, arrived_at FROM inbound_messages
          WHERE status IN ('stored', 'throttled') AND arrived_at <= $2
            AND (game_id = $1 OR (game_id IS NULL AND status = 'stored'))
          ORDER BY id`,
        [gameId, deadline],
      );
    });
    return rows.map((r) => ({ id: String(r.id), status: r.status, arrivedAt: new Date(r.arrived_at).toISOString() }));
  }

  /**
   * Messages still `stored` `olderThanMs` after they arrived: their ingest job was lost or failed
   * for good. Also messages still `throttled` long after they arrived (THROTTLED_STUCK_MS): a
   * throttled message waits in a delayed job, and a Redis that lost it must not lose the mail.
   * Quarantined messages are done with: they are never queued again.
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

  async get(id: string): Promise<InboundRow | null> {
    const rows = await this.db.query<RawInbound>(`SELECT ${INBOUND_COLUMNS} FROM inbound_messages WHERE id = $1`, [id]);
    return rows.length ? this.toRow(rows[0]) : null;
  }

  /**
   * Counts one more ingest attempt of a message still to be handled and reads it, in one
   * statement: the row with its attempts so far, this one included, or null when it is not to be
   * handled (handled meanwhile, or no such message: get() tells which). Counted before the work,
   * so a message that kills its worker every time is still counted.
   */
  async beginAttempt(id: string): Promise<InboundRow | null> {
    // an attempt lost with PostgreSQL is one not counted, as when the process dies before counting it: lazy commit (db.ts)
    const rows = await this.db.lazyCommits().query<RawInbound>(BEGIN_ATTEMPT, [id]);
    return rows.length ? this.toRow(rows[0]) : null;
  }

  private toRow(r: RawInbound): InboundRow {
    return {
      id: String(r.id),
      raw: r.raw_sealed ? this.open(r.raw) : r.raw,
      status: r.status,
      messageId: r.message_id,
      source: r.source,
      attempts: r.attempts,
      throttleTaken: r.throttle_taken,
      result: r.result,
      arrivedAt: new Date(r.arrived_at).toISOString(),
    };
  }

  /**
   * The throttle gate of one authenticated message, in arrival order per bucket (a game and side):
   * under a lock on the bucket, the message waits if an earlier message of the bucket is still
   * waiting or being read, else it takes a token with `take`; without one it waits too. A wait
   * marks the message `throttled` and gives back the attempt `beginAttempt` counted for this pass:
   * waiting is not failing. A message charged before (a retry after a crash) passes at once.
   */
  async passThrottle(id: string, gameId: string, bucket: string, take: () => Promise<TokenDecision>): Promise<ThrottleGate> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 24))', [`throttle:${bucket}`]);
      const me = await tx.query<{ throttle_taken: boolean }>('SELECT throttle_taken FROM inbound_messages WHERE id = $1', [id]);
      if (me[0]?.throttle_taken) return { passed: true };
      const ahead = await tx.query<{ id: string; n: number }>(
        `SELECT min(id)::text AS id, count(*)::int AS n FROM inbound_messages
          WHERE throttle_bucket = $1 AND status IN ('stored', 'throttled') AND id < $2`,
        [bucket, id],
      );
      const behind = ahead[0].n > 0 ? ahead[0].id : null;
      const decision = behind ? null : await take();
      if (decision?.allowed) {
        await tx.query('UPDATE inbound_messages SET throttle_taken = true, throttle_bucket = $2 WHERE id = $1', [id, bucket]);
        return { passed: true };
      }
      const wait = behind ? { behind, ahead: ahead[0].n } : { retryAfterMs: decision?.retryAfterMs ?? 0 };
      const waited = await tx.query<{ throttle_waits: number }>(
        `UPDATE inbound_messages SET status = 'throttled', game_id = $3, throttle_bucket = $2, attempts = greatest(attempts - 1, 0),
           throttle_waits = throttle_waits + 1,
           result = CASE WHEN jsonb_typeof(result) = 'object' THEN result || $4::jsonb ELSE $4::jsonb END
         WHERE id = $1 RETURNING throttle_waits`,
        [id, bucket, gameId, jsonb({ throttled: wait })],
      );
      return { passed: false, waitJobId: waitJobId(id, waited[0].throttle_waits), ...wait };
    });
  }

  /**
   * A message of a throttle bucket is done with: the next one waiting in that bucket, if it is
   * first in line, is read now rather than at its delayed job (which is promoted; it still needs a
   * token). Only that job is run, so a waiting message is never read by two jobs at once.
   * `seen`: the first waiting message as markDone read it, looked at first instead of reading it again.
   */
  async wakeNextInBucket(doneId: string, seen?: NextInBucket[]): Promise<string | null> {
    for (let tries = 0; tries < 3; tries++) {
      const rows =
        tries === 0 && seen
          ? seen
          : await this.db.query<NextInBucket>(
              `SELECT n.id::text AS id, n.status, n.throttle_taken, n.throttle_waits FROM inbound_messages m
                 CROSS JOIN LATERAL (
                   SELECT id, status, throttle_taken, throttle_waits FROM inbound_messages n
                    WHERE n.throttle_bucket = m.throttle_bucket AND n.status IN ('stored', 'throttled') ORDER BY id LIMIT 1
                 ) n
                WHERE m.id = $1 AND m.throttle_bucket IS NOT NULL`,
              [doneId],
            );
      const next = rows[0];
      if (next?.status !== 'throttled' || next.throttle_taken) return null;
      const woken = await this.jobs.promote(JobName.IngestMail, { inboundId: next.id }, waitJobId(next.id, next.throttle_waits));
      // 'moved-on': that job ran meanwhile and the message waits under a newer one: look again
      if (woken !== 'moved-on') return next.id;
    }
    return null;
  }

  async recordFailure(id: string, error: string): Promise<void> {
    await this.db.query('UPDATE inbound_messages SET last_error = $2 WHERE id = $1', [id, error.slice(0, 2000)]);
  }

  async mark(id: string, status: InboundStatus, gameId: string | null, result: unknown): Promise<void> {
    await this.markDone(id, status, gameId, result);
  }

  /**
   * Marks a message done with (`status`) and, in the same statement, reads the first message still
   * waiting in its throttle bucket after it, if any: what wakeNextInBucket looks at first.
   */
  async markDone(id: string, status: InboundStatus, gameId: string | null, result: unknown): Promise<NextInBucket[]> {
    // a note stored with the message (a reused Message-ID) is kept beside the outcome
    return this.db.query<NextInBucket>(MARK_DONE, [id, status, gameId, jsonb(result ?? null)]);
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

  private open(stored: Buffer): Buffer {
    if (!this.box) throw new Error('this inbound message is sealed at rest: the store needs UMPIRE_SECRET to read it');
    return this.box.open(stored.toString('latin1'));
  }
}

const INBOUND_COLUMNS = 'id, raw, raw_sealed, status, message_id, source, attempts, throttle_taken, result, arrived_at';

// the statements every mail sends, prepared (parsed and planned once per connection: db.ts `prepared`)

/** A message stored (InboundStore.insert): the intake lock is taken inside it, by umpire_intake_arrival. */
const INSERT_INBOUND = prepared(
  `INSERT INTO inbound_messages (source, uid_validity, uid, message_id, raw, size, raw_sealed, content_hash, result, arrived_at, game_id)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, umpire_intake_arrival($10), $11) ON CONFLICT DO NOTHING RETURNING id`,
);

/** One more ingest attempt counted, the message read (InboundStore.beginAttempt). */
const BEGIN_ATTEMPT = prepared(
  `UPDATE inbound_messages SET attempts = attempts + 1
    WHERE id = $1 AND status IN ('stored', 'throttled') RETURNING ${INBOUND_COLUMNS}`,
);

/** A message marked done, and the first one waiting behind it in its throttle bucket read (InboundStore.markDone). */
const MARK_DONE = prepared(
  `WITH m AS (
     UPDATE inbound_messages SET status = $2, game_id = $3,
       result = CASE WHEN jsonb_typeof(result) = 'object' AND jsonb_typeof($4::jsonb) = 'object' THEN result || $4::jsonb ELSE $4::jsonb END
     WHERE id = $1 RETURNING throttle_bucket)
   SELECT n.id::text AS id, n.status, n.throttle_taken, n.throttle_waits FROM m
     CROSS JOIN LATERAL (
       SELECT id, status, throttle_taken, throttle_waits FROM inbound_messages n
        WHERE n.throttle_bucket = m.throttle_bucket AND n.status IN ('stored', 'throttled') AND n.id <> $1 ORDER BY id LIMIT 1
     ) n
    WHERE m.throttle_bucket IS NOT NULL`,
);

interface RawInbound {
  id: string;
  raw: Buffer;
  raw_sealed: boolean;
  status: string;
  message_id: string;
  source: string;
  attempts: number;
  throttle_taken: boolean;
  result: unknown;
  arrived_at: Date;
}

/** JSON for a JSONB column: PostgreSQL refuses U+0000 in JSONB, so it is dropped from every string. */
function jsonb(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) =>
    typeof v === 'string' && v.includes('\u0000') ? v.replaceAll('\u0000', '') : v,
  );
}
