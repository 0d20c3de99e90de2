import { type Db, prepared, type Sql } from './db';

/** A deadline still open: the latest DeadlineSet of a game whose step has not resolved and which has not ended. */
export interface OpenDeadline {
  readonly gameId: string;
  readonly stepId: string;
  readonly at: string;
  /** when defaults apply (the deadline plus its grace); older records have none and mean `at` */
  readonly graceUntil: string;
  readonly remindAt: string | null;
}

/**
 * The games table (which ruleset each game plays), each game's sealed seed secret, and the
 * deadlines still open across games (what the worker's reconciliation schedules again when Redis
 * lost its delayed jobs).
 */
export class GameTable {
  constructor(private readonly db: Db) {}

  async rulesetOf(gameId: string, tx: Sql = this.db): Promise<string | null> {
    const rows = await tx.query<{ ruleset: string }>(prepared('SELECT ruleset FROM games WHERE id = $1'), [gameId]);
    return rows[0]?.ruleset ?? null;
  }

  /** False when a game of that id exists already. */
  async register(gameId: string, rulesetId: string, tx: Sql): Promise<boolean> {
    const rows = await tx.query('INSERT INTO games (id, ruleset) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id', [
      gameId,
      rulesetId,
    ]);
    return rows.length === 1;
  }

  async list(): Promise<{ id: string; ruleset: string; createdAt: string }[]> {
    const rows = await this.db.query<{ id: string; ruleset: string; created_at: Date }>(
      'SELECT id, ruleset, created_at FROM games ORDER BY created_at',
    );
    return rows.map((r) => ({ id: r.id, ruleset: r.ruleset, createdAt: new Date(r.created_at).toISOString() }));
  }

  async saveSeedSecret(tx: Sql, gameId: string, sealed: string): Promise<void> {
    await tx.query('INSERT INTO game_secrets (game_id, sealed) VALUES ($1, $2)', [gameId, sealed]);
  }

  /** A chain drawn after creation (SeedChainRenewed), its top sealed, under its anchor. */
  async saveRenewedChain(tx: Sql, gameId: string, anchor: string, sealed: string): Promise<void> {
    await tx.query('INSERT INTO game_seed_chains (game_id, anchor, sealed) VALUES ($1, $2, $3)', [gameId, anchor, sealed]);
  }

  /** The sealed top of the chain a game renewed to, by its anchor; null for the chain it was created with. */
  async renewedChain(tx: Sql, gameId: string, anchor: string): Promise<string | null> {
    const rows = await tx.query<{ sealed: string }>(prepared('SELECT sealed FROM game_seed_chains WHERE game_id = $1 AND anchor = $2'), [
      gameId,
      anchor,
    ]);
    return rows[0]?.sealed ?? null;
  }

  /** Every renewed chain of a game (a fork takes its parent's along). */
  async renewedChains(tx: Sql, gameId: string): Promise<{ anchor: string; sealed: string }[]> {
    return tx.query<{ anchor: string; sealed: string }>('SELECT anchor, sealed FROM game_seed_chains WHERE game_id = $1', [gameId]);
  }

  async seedSecret(tx: Sql, gameId: string): Promise<string | null> {
    const rows = await tx.query<{ sealed: string }>(prepared('SELECT sealed FROM game_secrets WHERE game_id = $1'), [gameId]);
    return rows[0]?.sealed ?? null;
  }

  /**
   * Every game's latest DeadlineSet whose step is still in play: no StepResolved of that step and
   * no GameEnded after it. A step gets its DeadlineSet when it opens and keeps it until it
   * resolves, so this is each running game's deadline, read from the log alone.
   */
  async openDeadlines(limit = 10_000): Promise<OpenDeadline[]> {
    const rows = await this.db.query<{
      game_id: string;
      payload: { stepId: string; at: string; graceUntil?: string; remindAt?: string | null };
    }>(
      `SELECT g.id AS game_id, d.payload FROM games g
        CROSS JOIN LATERAL (
          SELECT seq, payload FROM events WHERE game_id = g.id AND type = 'DeadlineSet' ORDER BY seq DESC LIMIT 1
        ) d
        WHERE NOT EXISTS (
          SELECT 1 FROM events e WHERE e.game_id = g.id AND e.seq > d.seq
             AND (e.type = 'GameEnded' OR (e.type = 'StepResolved' AND e.payload->>'stepId' = d.payload->>'stepId'))
        )
        ORDER BY g.id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      gameId: r.game_id,
      stepId: r.payload.stepId,
      at: r.payload.at,
      graceUntil: r.payload.graceUntil ?? r.payload.at,
      remindAt: r.payload.remindAt ?? null,
    }));
  }
}
