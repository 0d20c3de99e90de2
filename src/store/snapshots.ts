import { type Db, prepared, type Sql } from './db';
import { type HeldWrite, sendWrites } from './held-writes';
import { type EventRow, fromRow, ISO_TIME, type StoredEvent } from './event-store';

export interface Snapshot<S = unknown> {
  readonly gameId: string;
  readonly seq: number;
  readonly state: S;
  readonly stateHash: string;
  readonly engineVersion: string;
}

/** Snapshots of folded state, so loading a game costs one snapshot plus a short tail of events. */
export class SnapshotStore {
  constructor(private readonly db: Db) {}

  async save(s: Snapshot, tx: Sql = this.db): Promise<void> {
    await sendWrites(tx, [snapshotWrite(s)]);
  }

  /**
   * The latest snapshot taken by this engine version (older engines' states are not trusted).
   * With `held` (a snapshot the caller already has), the state is not sent again when the latest
   * is that one (same sequence number and hash): `state` is then undefined.
   */
  async latest<S>(
    gameId: string,
    engineVersion: string,
    tx: Sql = this.db,
    held?: { readonly seq: number; readonly stateHash: string },
  ): Promise<(Omit<Snapshot<S>, 'state'> & { readonly state: S | undefined }) | null> {
    const rows = await tx.query<{
      game_id: string;
      seq: number;
      state: S | null;
      state_hash: string;
      engine_version: string;
    }>(
      `SELECT game_id, seq, CASE WHEN seq = $3 AND state_hash = $4 THEN NULL ELSE state END AS state, state_hash, engine_version
         FROM snapshots
        WHERE game_id = $1 AND engine_version = $2 ORDER BY seq DESC LIMIT 1`,
      [gameId, engineVersion, held?.seq ?? -1, held?.stateHash ?? ''],
    );
    if (!rows.length) return null;
    const r = rows[0];
    return {
      gameId: r.game_id,
      seq: r.seq,
      state: r.state ?? undefined,
      stateHash: r.state_hash,
      engineVersion: r.engine_version,
    };
  }

  /**
   * latest() and the events from its sequence on, in one read: the snapshot's own event first
   * (its hash is the head when nothing follows), then the tail; with no snapshot, the whole log.
   * The state comes once, on the first row, and not at all when the caller holds it (`held`).
   */
  async latestWithTail<S>(
    gameId: string,
    engineVersion: string,
    tx: Sql = this.db,
    held?: { readonly seq: number; readonly stateHash: string },
  ): Promise<{ snapshot: (Omit<Snapshot<S>, 'state'> & { readonly state: S | undefined }) | null; events: StoredEvent[] }> {
    const rows = await tx.query<EventRow & { snap_seq: number | null; snap_state: S | null; snap_hash: string | null }>(LOAD_WITH_TAIL, [
      gameId,
      engineVersion,
      held?.seq ?? -1,
      held?.stateHash ?? '',
    ]);
    const first = rows[0];
    const snapshot =
      first?.snap_seq != null
        ? { gameId, seq: first.snap_seq, state: first.snap_state ?? undefined, stateHash: first.snap_hash!, engineVersion }
        : null;
    return { snapshot, events: rows.filter((r) => r.seq !== null).map((r) => fromRow(gameId, r)) };
  }
}

/** latestWithTail's read: every load of a game, twice an order (prepared). */
const LOAD_WITH_TAIL = prepared(
  `WITH s AS (
         SELECT seq, state_hash, CASE WHEN seq = $3 AND state_hash = $4 THEN NULL ELSE state END AS state FROM snapshots
          WHERE game_id = $1 AND engine_version = $2 ORDER BY seq DESC LIMIT 1)
       SELECT s.seq AS snap_seq, s.state_hash AS snap_hash, CASE WHEN row_number() OVER (ORDER BY e.seq) = 1 THEN s.state END AS snap_state,
              e.seq, e.type, e.payload, e.metadata, ${ISO_TIME} AS recorded_at, e.prev_hash, e.hash
         FROM (SELECT 1) AS one LEFT JOIN s ON true
         LEFT JOIN events e ON e.game_id = $1 AND e.seq >= COALESCE(s.seq, 1)
        ORDER BY e.seq`,
);

/** The write of one snapshot (once per game and sequence number): SnapshotStore.save, or held with the events it follows. */
export function snapshotWrite(s: Snapshot): HeldWrite {
  return {
    text: `INSERT INTO snapshots (game_id, seq, state, state_hash, engine_version)
       VALUES ($1, $2, $3::jsonb, $4, $5) ON CONFLICT (game_id, seq) DO NOTHING`,
    params: [s.gameId, s.seq, JSON.stringify(s.state), s.stateHash, s.engineVersion],
  };
}
