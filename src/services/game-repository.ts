import { evolve, initialState, stateHash, type AnyRuleset, type EngineEvent, type EngineState } from '../engine/game';
import { rulesets } from '../games';
import type { Db, Sql } from '../store/db';
import { EventStore, type NewEvent, type StoredEvent, type StreamHead } from '../store/event-store';
import { SnapshotStore } from '../store/snapshots';

/**
 * Events the service itself writes into a game's stream (not the engine's): they carry what the
 * umpire did around the rules (notes, deadlines, press between sides) and are skipped when folding state.
 */
export const SERVICE_EVENT_TYPES = new Set(['NoteAdded', 'DeadlineSet', 'PressSent']);

export class UnknownGameError extends Error {
  constructor(readonly gameId: string) {
    super(`no game ${gameId}: list games with \`umpire games\``);
    this.name = 'UnknownGameError';
  }
}

export interface LoadedGame {
  readonly gameId: string;
  readonly ruleset: AnyRuleset;
  readonly state: EngineState<unknown>;
  readonly head: StreamHead;
  /** the engine events after the snapshot the state was loaded from (for reports) */
  readonly tail: readonly StoredEvent[];
}

export function rulesetFor(id: string): AnyRuleset {
  const r = rulesets[id];
  if (!r) throw new Error(`unknown ruleset "${id}"; available: ${Object.keys(rulesets).join(', ') || 'none'}`);
  return r;
}

export function toEngineEvent(e: StoredEvent): EngineEvent {
  return { type: e.type, data: e.payload } as EngineEvent;
}

/** Folds stored events into engine state, skipping the service's own events. */
export function fold(state: EngineState<unknown>, events: readonly StoredEvent[], ruleset: AnyRuleset): EngineState<unknown> {
  let s = state;
  for (const e of events) {
    if (SERVICE_EVENT_TYPES.has(e.type)) s = { ...s, version: s.version + 1 };
    else s = evolve(s, toEngineEvent(e), ruleset);
  }
  return s;
}

/**
 * Loads and saves games: a game costs its latest snapshot plus the events after it. A snapshot
 * whose state no longer hashes to its recorded hash is ignored (and the game replayed in full).
 */
export class GameRepository {
  constructor(
    private readonly db: Db,
    readonly events: EventStore,
    private readonly snapshots: SnapshotStore,
    private readonly snapshotEvery: number,
  ) {}

  async rulesetOf(gameId: string, tx: Sql = this.db): Promise<AnyRuleset> {
    const rows = await tx.query<{ ruleset: string }>('SELECT ruleset FROM games WHERE id = $1', [gameId]);
    if (!rows.length) throw new UnknownGameError(gameId);
    return rulesetFor(rows[0].ruleset);
  }

  async load(gameId: string, tx: Sql = this.db): Promise<LoadedGame> {
    const ruleset = await this.rulesetOf(gameId, tx);
    const snap = await this.snapshots.latest<EngineState<unknown>>(gameId, ruleset.engineVersion, tx);
    const usable = snap && stateHash(snap.state) === snap.stateHash && snap.state.version === snap.seq ? snap : null;
    const tail = await this.events.read(gameId, usable?.seq ?? 0, tx);
    const state = fold(usable?.state ?? initialState(), tail, ruleset);
    const last = tail[tail.length - 1];
    const head = last ? { version: last.seq, hash: last.hash } : await this.events.head(gameId, tx);
    return { gameId, ruleset, state, head, tail };
  }

  async register(gameId: string, rulesetId: string, tx: Sql): Promise<boolean> {
    const rows = await tx.query('INSERT INTO games (id, ruleset) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id', [
      gameId,
      rulesetId,
    ]);
    return rows.length === 1;
  }

  /**
   * Appends engine and service events after `game.head`, folds them, and snapshots when the
   * version crosses a multiple of SNAPSHOT_EVERY. Runs inside the caller's transaction.
   */
  async append(game: LoadedGame, events: readonly NewEvent[], tx: Sql, now: Date): Promise<LoadedGame> {
    if (!events.length) return game;
    const appended = await this.events.append(game.gameId, game.head.version, events, {
      head: game.head,
      tx,
      now,
    });
    const state = fold(game.state, appended.events, game.ruleset);
    const before = Math.floor(game.head.version / this.snapshotEvery);
    const after = Math.floor(appended.head.version / this.snapshotEvery);
    if (after > before) {
      await this.snapshots.save(
        {
          gameId: game.gameId,
          seq: appended.head.version,
          state,
          stateHash: stateHash(state),
          engineVersion: game.ruleset.engineVersion,
        },
        tx,
      );
    }
    return { ...game, state, head: appended.head, tail: [...game.tail, ...appended.events] };
  }

  async listGames(): Promise<{ id: string; ruleset: string; createdAt: string }[]> {
    const rows = await this.db.query<{ id: string; ruleset: string; created_at: Date }>(
      'SELECT id, ruleset, created_at FROM games ORDER BY created_at',
    );
    return rows.map((r) => ({
      id: r.id,
      ruleset: r.ruleset,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
