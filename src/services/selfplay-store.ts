import type { EngineEvent } from '../engine/engine-events';
import type { AsyncStoreRoundTrip, SelfplayGame } from '../engine/selfplay';
import type { Db } from '../store/db';
import { EventStore, GENESIS_HASH, type StreamHead } from '../store/event-store';
import { tableExists } from '../store/migrate';

/**
 * Self-play through the real event store (`umpire selfplay --through-store`): each finished
 * game's log is appended to PostgreSQL with EventStore.append, exactly as the service writes a
 * game (canonical JSON, JSONB columns, the hash chain the database keeps linked), its chain
 * recomputed (EventStore.verify, as `umpire verify` starts), and read back with EventStore.read:
 * what PostgreSQL returns, keys re-sorted by JSONB, is what the pure selfplay then replays,
 * verifies and audits. The games go into the events table only (not `games`): they are test
 * logs, and the events table is append-only, so point DATABASE_URL at a scratch database.
 */

export interface StoreRoundTripOptions {
  /** names this run's games: G-selfplay-<runId>-<game number> (the events table never forgets a game id) */
  readonly runId: string;
  /** the recording time (the edge's clock) */
  readonly now: () => Date;
  /** events per INSERT (each takes 8 parameters; PostgreSQL allows 65535) */
  readonly batch?: number;
}

export function selfplayGameId(runId: string, index: number): string {
  return `G-selfplay-${runId}-${index}`;
}

/** The storage round trip through PostgreSQL for selfplayThrough. A broken chain or a short read throws (the game counts as failed). */
export function storeRoundTrip(db: Db, opts: StoreRoundTripOptions): AsyncStoreRoundTrip {
  const store = new EventStore(db);
  const batch = opts.batch ?? 1000;
  return async (game: SelfplayGame, log: readonly EngineEvent[]): Promise<readonly EngineEvent[]> => {
    const gameId = selfplayGameId(opts.runId, game.index);
    let head: StreamHead = { version: 0, hash: GENESIS_HASH };
    for (let i = 0; i < log.length; i += batch) {
      const slice = log.slice(i, i + batch).map((e) => ({
        type: e.type,
        payload: e.data,
        metadata: { actor: 'selfplay', gameSeed: game.gameSeed },
      }));
      head = (await store.append(gameId, head.version, slice, { head, now: opts.now() })).head;
    }
    const chain = await store.verify(gameId);
    if (!chain.ok) throw new Error(`game ${gameId}: hash chain broken at event #${chain.broken!.seq}: ${chain.broken!.reason}`);
    const stored = await store.read(gameId);
    if (stored.length !== log.length) throw new Error(`game ${gameId}: ${log.length} events written, ${stored.length} read back`);
    return stored.map((e) => ({ type: e.type, data: e.payload }) as EngineEvent);
  };
}

/** Says what to do when the database has no event log yet. */
export async function checkEventTable(db: Db): Promise<void> {
  if (!(await tableExists(db, 'events'))) throw new Error(`no events table in ${redact(db.url)}: run \`umpire db migrate\` first`);
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the database';
  }
}
