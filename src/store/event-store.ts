import { hash as oneShotHash } from 'node:crypto';
import { canonicalJson, sha256Hex } from '../shared/canonical';
import { crashPoint } from '../shared/crash-point';
import { type Db, prepared, type Sql } from './db';
import { type HeldWrite, sendWrites } from './held-writes';
import { type OutboxDraft, outboxWrite } from './outbox';

/** Who and what caused an event: kept beside it, covered by its hash. */
export interface EventMetadata {
  readonly actor?: string;
  readonly causationId?: string;
  readonly correlationId?: string;
  readonly engineVersion?: string;
  readonly [key: string]: unknown;
}

export interface NewEvent {
  readonly type: string;
  readonly payload: unknown;
  readonly metadata?: EventMetadata;
  /** when it was first recorded, kept by a copy (a fork's prefix keeps its parent's times); now by default */
  readonly recordedAt?: string;
}

export interface StoredEvent {
  readonly gameId: string;
  readonly seq: number;
  readonly type: string;
  readonly payload: unknown;
  readonly metadata: EventMetadata;
  /** ISO-8601 with milliseconds, exactly as hashed. */
  readonly recordedAt: string;
  readonly prevHash: string;
  readonly hash: string;
}

export interface StreamHead {
  readonly version: number;
  readonly hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

/** An append lost a race, or was made against a stale version: reload and decide again. */
export class ConcurrencyError extends Error {
  constructor(
    readonly gameId: string,
    readonly expectedVersion: number,
    detail: string,
  ) {
    super(`concurrent append to game ${gameId}: expected version ${expectedVersion}, ${detail}`);
    this.name = 'ConcurrencyError';
  }
}

/** The hash of one event: SHA-256 over the previous hash and the event's canonical form. */
export function hashEvent(e: Omit<StoredEvent, 'hash'>): string {
  const body = canonicalJson({
    gameId: e.gameId,
    seq: e.seq,
    type: e.type,
    payload: e.payload,
    metadata: e.metadata,
    recordedAt: e.recordedAt,
  });
  return sha256Hex(`${e.prevHash}\n${body}`);
}

export interface AppendOptions {
  /** The head the caller loaded. Saves a round trip; the database still checks the link. */
  readonly head?: StreamHead;
  /** Mail caused by these events, committed in the same transaction. */
  readonly outbox?: readonly OutboxDraft[] | ((events: readonly StoredEvent[]) => readonly OutboxDraft[]);
  /** Recording time (the edge's clock). */
  readonly now?: Date;
  /** Run inside this transaction instead of opening one. */
  readonly tx?: Sql;
}

export interface AppendResult {
  readonly head: StreamHead;
  readonly events: readonly StoredEvent[];
}

export interface VerifyResult {
  readonly ok: boolean;
  readonly checked: number;
  readonly broken?: { readonly seq: number; readonly reason: string };
}

export interface EventRow {
  seq: number;
  type: string;
  payload: unknown;
  metadata: EventMetadata;
  recorded_at: string;
  prev_hash: string;
  hash: string;
}

const PG_UNIQUE_VIOLATION = '23505';
const UM_BROKEN_LINK = 'UM001';
/** Raised by the database when anything tries to rewrite history. */
export const UM_APPEND_ONLY = 'UM002';

/**
 * The append-only game log on PostgreSQL. One stream per game, gap-free sequence numbers,
 * optimistic concurrency on the expected version, and a SHA-256 hash chain the database keeps
 * linked (a statement trigger checks every new event's link) and `verify` recomputes.
 */
export class EventStore {
  constructor(private readonly db: Db) {}

  async head(gameId: string, tx: Sql = this.db): Promise<StreamHead> {
    const rows = await tx.query<{ seq: number; hash: string }>(HEAD, [gameId]);
    return rows.length ? { version: rows[0].seq, hash: rows[0].hash } : { version: 0, hash: GENESIS_HASH };
  }

  /**
   * Appends events after `expectedVersion`. Fails with ConcurrencyError if the game's head is
   * not that version (another writer got there first, or the caller's view is stale). The
   * umpire's own writers never meet it: each appends to a game only under that game's advisory
   * lock (CommandInbox.drain, failCommand), so a ConcurrencyError there is a bug, not a race to
   * retry; the check stays as the guard that makes such a bug fail loudly instead of forking
   * the log.
   */
  async append(gameId: string, expectedVersion: number, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const run = async (tx: Sql): Promise<AppendResult> => {
      const head = options.head ?? (await this.head(gameId, tx));
      if (head.version !== expectedVersion) {
        throw new ConcurrencyError(gameId, expectedVersion, `but the game is at version ${head.version}`);
      }
      const stored = chain(gameId, head, events, (options.now ?? new Date()).toISOString());
      const appended = stored.map(withoutJson);
      const drafts = typeof options.outbox === 'function' ? options.outbox(appended) : options.outbox;
      // the events and their mail in one statement (the events' write says what a lost race means)
      await sendWrites(tx, [eventsWrite(stored), ...(drafts?.length ? [outboxWrite(drafts)] : [])]);
      const last = stored[stored.length - 1];
      return { head: { version: last.seq, hash: last.hash }, events: appended };
    };
    // one statement is atomic on its own: no transaction to open
    return run(options.tx ?? this.db);
  }

  /**
   * Events chained after `head` as `append` would store them, nothing written yet: a command holds
   * its appends so (Handling) and writes them all with one `eventsWrite`, at its end.
   */
  hold(gameId: string, head: StreamHead, events: readonly NewEvent[], now: Date): HeldEvent[] {
    if (events.length === 0) throw new Error('append needs at least one event');
    return chain(gameId, head, events, now.toISOString());
  }

  async read(gameId: string, afterSeq = 0, tx: Sql = this.db): Promise<StoredEvent[]> {
    // the time comes back already in the ISO form that was hashed: parsing it into a Date and
    // printing it again cost a third of a game load (bench)
    const rows = await tx.query<EventRow>(READ, [gameId, afterSeq]);
    return rows.map((r) => fromRow(gameId, r));
  }

  async listGames(): Promise<{ gameId: string; version: number }[]> {
    const rows = await this.db.query<{ game_id: string; version: number }>(
      'SELECT game_id, max(seq)::int AS version FROM events GROUP BY game_id ORDER BY game_id',
    );
    return rows.map((r) => ({ gameId: r.game_id, version: r.version }));
  }

  /** Recomputes the hash chain and names the first broken link. */
  async verify(gameId: string): Promise<VerifyResult> {
    const events = await this.read(gameId);
    let prev = GENESIS_HASH;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (e.seq !== i + 1) return { ok: false, checked: i, broken: { seq: i + 1, reason: `sequence gap: found ${e.seq}` } };
      if (e.prevHash !== prev) {
        return {
          ok: false,
          checked: i,
          broken: { seq: e.seq, reason: `prev_hash does not match the hash of event ${e.seq - 1}` },
        };
      }
      const expected = hashEvent(e);
      if (expected !== e.hash) {
        return {
          ok: false,
          checked: i,
          broken: {
            seq: e.seq,
            reason: `content does not match its hash (stored ${e.hash.slice(0, 12)}…, recomputed ${expected.slice(0, 12)}…)`,
          },
        };
      }
      prev = e.hash;
    }
    return { ok: true, checked: events.length };
  }
}

/**
 * The events as stored, chained from `head`. Each payload and metadata is written in canonical
 * JSON once: parsed back, it is exactly what JSONB gives back; as text, it goes into the INSERT
 * and into the hashed body, laid out here in canonicalJson's key order (hashEvent's form, which
 * `verify` recomputes).
 */
function chain(gameId: string, head: StreamHead, events: readonly NewEvent[], recordedAt: string): HeldEvent[] {
  let prevHash = head.hash;
  const game = JSON.stringify(gameId);
  return events.map((e, i) => {
    // a fork's copies of its parent's events keep their times (NewEvent.recordedAt); new events get the append's
    const at = e.recordedAt ?? recordedAt;
    const payloadJson = canonicalJson(e.payload ?? null);
    const metadataJson = canonicalJson(e.metadata ?? {});
    const seq = head.version + i + 1;
    const body = `{"gameId":${game},"metadata":${metadataJson},"payload":${payloadJson},"recordedAt":${JSON.stringify(at)},"seq":${seq},"type":${JSON.stringify(e.type)}}`;
    // crypto.hash: the one-shot form, no Hash object per event (sha256Hex's createHash)
    const hash = sha256(`${prevHash}\n${body}`);
    const stored: HeldEvent = {
      gameId,
      seq,
      type: e.type,
      payload: JSON.parse(payloadJson) as unknown,
      metadata: JSON.parse(metadataJson) as EventMetadata,
      recordedAt: at,
      prevHash,
      hash,
      payloadJson,
      metadataJson,
    };
    prevHash = hash;
    return stored;
  });
}

function sha256(text: string): string {
  return oneShotHash('sha256', text, 'hex');
}

/** A chained event with its payload and metadata as the canonical JSON text that was hashed. */
export interface HeldEvent extends StoredEvent {
  readonly payloadJson: string;
  readonly metadataJson: string;
}

export function withoutJson({ payloadJson: _p, metadataJson: _m, ...event }: HeldEvent): StoredEvent {
  return event;
}

/**
 * The write of chained events (held or not): one statement for the whole batch, its text the same
 * whatever the batch size, so it is prepared once per connection. The events travel as one JSON
 * document, an array per event (seq, type, payload, metadata, recorded_at, prev_hash, hash), the
 * payload and metadata spliced in as the canonical text that was hashed: PostgreSQL parses one
 * JSONB value instead of an array literal of escaped texts and a JSONB parse per field, and no
 * text is escaped here (issue 33: a third of the node side of an append). `->` keeps a JSON null
 * payload a JSONB null (jsonb_to_recordset would make it SQL NULL). The database's statement
 * trigger checks each event's link to the one before, and a link that fails (another writer got
 * there first) is a ConcurrencyError at the expected version.
 */
export function eventsWrite(events: readonly HeldEvent[]): HeldWrite {
  const first = events[0];
  let doc = '[';
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    doc += `${i ? ',' : ''}[${e.seq},${JSON.stringify(e.type)},${e.payloadJson},${e.metadataJson},${JSON.stringify(e.recordedAt)},${JSON.stringify(e.prevHash)},${JSON.stringify(e.hash)}]`;
  }
  doc += ']';
  return {
    text: `INSERT INTO events (game_id, seq, type, payload, metadata, recorded_at, prev_hash, hash)
     SELECT $1, (e->>0)::int, e->>1, e->2, e->3, (e->>4)::timestamptz, e->>5, e->>6
       FROM jsonb_array_elements($2::jsonb) AS e`,
    params: [first.gameId, doc],
    failure: (err) => translateAppendError(err, first.gameId, first.seq - 1),
    written: () => crashPoint('append', `${first.gameId}@${first.seq}`),
  };
}

/** recorded_at as JavaScript's toISOString() prints it (UTC, milliseconds, Z). */
export const ISO_TIME = `to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A game's head (EventStore.head), prepared: db.ts `prepared`. */
const HEAD = prepared('SELECT seq, hash FROM events WHERE game_id = $1 ORDER BY seq DESC LIMIT 1');

/** A game's events after a sequence number (EventStore.read), prepared. */
const READ = prepared(
  `SELECT seq, type, payload, metadata, ${ISO_TIME} AS recorded_at, prev_hash, hash FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq`,
);

export function fromRow(gameId: string, r: EventRow): StoredEvent {
  return {
    gameId,
    seq: r.seq,
    type: r.type,
    payload: r.payload,
    metadata: r.metadata,
    recordedAt: r.recorded_at,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

/** The PostgreSQL error code (SQLSTATE) of a node-postgres error. */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

function translateAppendError(err: unknown, gameId: string, expectedVersion: number): unknown {
  const code = pgErrorCode(err);
  if (code === PG_UNIQUE_VIOLATION) return new ConcurrencyError(gameId, expectedVersion, 'but another writer appended first');
  if (code === UM_BROKEN_LINK) return new ConcurrencyError(gameId, expectedVersion, 'but that is not the current head');
  return err;
}
