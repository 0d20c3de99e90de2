import { crashPoint } from '../shared/crash-point';
import type { SecretBox } from '../shared/secret-box';
import { type Db, prepared, type Sql } from './db';
import { HoldingTx } from './held-writes';

/**
 * Commands whose payload and outcome hold a side's orders, which may be sealed orders of a
 * simultaneous step: stored sealed (AES-GCM, key from UMPIRE_SECRET) so a database reader learns
 * only that a side sent orders, and when. The event log keeps its own sealed copy and reveals the
 * orders when the step resolves.
 */
const SEALED_KINDS: ReadonlySet<string> = new Set(['game.orders']);

/**
 * The command inbox. A command is stored first (idempotent on its key: the same inbound mail or
 * CLI submission is stored once), then a `game.process` job drains the game's pending commands
 * in arrival order under a per-game advisory lock. However many workers on however many machines
 * pick up jobs for the same game, its commands apply one at a time and in order, and none is lost:
 * a command leaves `pending` only in the transaction that applies it.
 */
export interface PendingCommand {
  readonly id: string;
  readonly gameId: string;
  readonly idempotencyKey: string;
  readonly kind: string;
  readonly payload: unknown;
  readonly createdAt: string;
}

export interface CommandOutcome {
  readonly status: 'applied' | 'rejected';
  readonly result?: unknown;
}

/**
 * An error that retrying cannot cure: the pure rules engine failed the same way it will fail
 * every time (a rule not implemented, a ruleset that never waits). The command's transaction is
 * rolled back, the command is marked `failed` with the reason, and the game's later commands go
 * on: one poisoned command must not block a game's inbox forever.
 */
export class PermanentCommandError extends Error {
  constructor(
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PermanentCommandError';
  }
}

/**
 * Told about a command that failed for good (to notify the referee and the player). The hook is
 * expected to call `failCommand` with its own writes, so that marking the command failed and
 * recording why happen in one transaction under the game's lock; if it does not (or throws), the
 * inbox marks the command failed afterwards.
 */
export type FailureHook = (command: PendingCommand, error: PermanentCommandError) => Promise<void>;

/** The per-game advisory lock every writer of a game's log takes (transaction-scoped; also taken by umpire_take_pending). */
export async function lockGame(tx: Sql, gameId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7243))', [gameId]);
}

/**
 * Marks a pending command failed and runs `also` (e.g. append a note to the game's log and
 * queue the notices) in the same transaction, under the same per-game advisory lock the inbox
 * applies commands under. Returns false, having written nothing, when the command is no longer
 * pending (another worker already marked it): failure notes are written once.
 */
export async function failCommand(
  db: Db,
  command: PendingCommand,
  error: PermanentCommandError,
  also?: (tx: Sql) => Promise<void>,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockGame(tx, command.gameId);
    const marked = await tx.query(
      `UPDATE commands SET status = 'failed', result = $2::jsonb, applied_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`,
      [command.id, JSON.stringify({ error: error.message, ...error.detail, ...extra })],
    );
    if (!marked.length) return false;
    await also?.(tx);
    return true;
  });
}

/** How many of a game's orders commands wait in its inbox (read inside the inbox's transaction: a deadline waits for them). */
export async function pendingOrders(tx: Sql, gameId: string): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM commands WHERE game_id = $1 AND kind = 'game.orders' AND status = 'pending'`,
    [gameId],
  );
  return rows[0].n;
}

export type CommandApplier = (tx: Sql, command: PendingCommand) => Promise<CommandOutcome>;

export interface SubmittedCommand {
  readonly id: string;
  /** true when a command with this key was already stored (nothing new was written) */
  readonly duplicate: boolean;
  readonly status: string;
}

export class CommandInbox {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox | null = null,
  ) {}

  /** A payload or outcome as stored: sealed for SEALED_KINDS when the inbox has a key. */
  private atRest(kind: string, value: unknown): string {
    if (!this.box || !SEALED_KINDS.has(kind)) return JSON.stringify(value ?? null);
    return JSON.stringify({ sealed: this.box.seal(JSON.stringify(value ?? null)) });
  }

  private fromRest(value: unknown): unknown {
    if (value === null || typeof value !== 'object' || !('sealed' in value) || Object.keys(value).length !== 1) return value;
    if (!this.box) throw new Error('this command is sealed at rest: the inbox needs UMPIRE_SECRET to read it');
    return JSON.parse(this.box.open(String((value as { sealed: unknown }).sealed)).toString('utf8'));
  }

  async submit(gameId: string, idempotencyKey: string, kind: string, payload: unknown): Promise<SubmittedCommand> {
    const inserted = await this.db.query<{ id: string }>(SUBMIT, [gameId, idempotencyKey, kind, this.atRest(kind, payload)]);
    if (inserted.length) return { id: String(inserted[0].id), duplicate: false, status: 'pending' };
    const existing = await this.db.query<{ id: string; status: string }>('SELECT id, status FROM commands WHERE idempotency_key = $1', [
      idempotencyKey,
    ]);
    return { id: String(existing[0].id), duplicate: true, status: existing[0].status };
  }

  /** The command stored under `idempotencyKey`, if any (its id and status): what a retried producer stored before. */
  async byKey(idempotencyKey: string): Promise<{ id: string; status: string } | null> {
    const rows = await this.db.query<{ id: string; status: string }>('SELECT id, status FROM commands WHERE idempotency_key = $1', [
      idempotencyKey,
    ]);
    return rows.length ? { id: String(rows[0].id), status: rows[0].status } : null;
  }

  async get(id: string): Promise<{ status: string; result: unknown; gameId: string } | null> {
    const rows = await this.db.query<{ status: string; result: unknown; game_id: string }>(
      'SELECT status, result, game_id FROM commands WHERE id = $1',
      [id],
    );
    return rows.length ? { status: rows[0].status, result: this.fromRest(rows[0].result), gameId: rows[0].game_id } : null;
  }

  /** A stored command as it was submitted, sealed fields opened (the CLI and tests; the audit trail). */
  async read(id: string): Promise<{ status: string; kind: string; payload: unknown; result: unknown } | null> {
    const rows = await this.db.query<{ status: string; kind: string; payload: unknown; result: unknown }>(
      'SELECT status, kind, payload, result FROM commands WHERE id = $1',
      [id],
    );
    if (!rows.length) return null;
    const r = rows[0];
    return { status: r.status, kind: r.kind, payload: this.fromRest(r.payload), result: this.fromRest(r.result) };
  }

  /** The last deadline command stored for a game's step (game.deadline: its payload is never sealed), or null. */
  async latestDeadline(gameId: string, stepId: string): Promise<{ id: string; status: string; result: unknown } | null> {
    const rows = await this.db.query<{ id: string; status: string; result: unknown }>(
      `SELECT id, status, result FROM commands
        WHERE game_id = $1 AND kind = 'game.deadline' AND payload->>'stepId' = $2 ORDER BY id DESC LIMIT 1`,
      [gameId, stepId],
    );
    return rows.length ? { id: String(rows[0].id), status: rows[0].status, result: rows[0].result } : null;
  }

  async pendingCount(gameId?: string): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM commands WHERE status = 'pending' ${gameId ? 'AND game_id = $1' : ''}`,
      gameId ? [gameId] : [],
    );
    return rows[0].n;
  }

  /**
   * Games with a command still pending `olderThanMs` after it was stored (its job lost, or failed
   * for good), each with its oldest such command: the stuck-work sweep queues them again.
   */
  async stuckGames(olderThanMs: number, limit = 500): Promise<{ gameId: string; commandId: string }[]> {
    const rows = await this.db.query<{ game_id: string; id: string }>(
      `SELECT game_id, min(id) AS id FROM commands
        WHERE status = 'pending' AND created_at < now() - $1::float8 * interval '1 millisecond'
        GROUP BY game_id ORDER BY min(id) LIMIT $2`,
      [olderThanMs, limit],
    );
    return rows.map((r) => ({ gameId: r.game_id, commandId: String(r.id) }));
  }

  /**
   * Applies the game's pending commands one transaction each, oldest first. Returns how many
   * were handled. An applier that throws rolls its transaction back and the command stays
   * pending (the job retries with backoff); a domain refusal is an outcome, not a throw. It stops
   * when the last command it read had none pending behind it, without a transaction to find the
   * inbox empty: a command submitted after that read has its own job (CommandBus.submit).
   */
  async drain(gameId: string, apply: CommandApplier, limit = 1000, onFailed?: FailureHook): Promise<number> {
    let handled = 0;
    let more = true;
    while (more && handled < limit) {
      let current: PendingCommand | null = null;
      const done = await this.db
        .transaction(async (raw) => {
          // the command's writes (events, snapshot, mail) are held and go with the statement marking it applied
          const tx = new HoldingTx(raw);
          // the game's lock (lockGame's), then its oldest pending commands read under it: one round trip
          const rows = await tx.query<{
            id: string;
            game_id: string;
            idempotency_key: string;
            kind: string;
            payload: unknown;
            created_at: Date;
          }>(TAKE_PENDING, [gameId]);
          if (!rows.length) return false;
          more = rows.length > 1;
          const r = rows[0];
          const command: PendingCommand = {
            id: String(r.id),
            gameId: r.game_id,
            idempotencyKey: r.idempotency_key,
            kind: r.kind,
            payload: this.fromRest(r.payload),
            createdAt: new Date(r.created_at).toISOString(),
          };
          current = command;
          const outcome = await apply(tx, command);
          await tx.queryWith(`UPDATE commands SET status = $2, result = $3::jsonb, applied_at = now() WHERE id = $1`, [
            r.id,
            outcome.status,
            this.atRest(r.kind, outcome.result),
          ]);
          return true;
        })
        .catch(async (err: unknown) => {
          if (!(err instanceof PermanentCommandError) || !current) throw err;
          const failed: PendingCommand = current;
          if (onFailed) {
            // the hook marks the command failed itself, with failCommand (one transaction, game lock)
            const notified = await onFailed(failed, err).then(
              () => null,
              (hookError: unknown) => (hookError instanceof Error ? hookError.message : String(hookError)),
            );
            // a hook that cannot tell anyone must not block the game: the failure is still recorded,
            // with why nobody was told (no-op when the hook already marked it)
            await failCommand(this.db, failed, err, undefined, notified ? { notifyError: notified } : {});
          } else {
            await failCommand(this.db, failed, err);
          }
          return true;
        });
      if (!done) break;
      crashPoint('applied', gameId);
      handled++;
    }
    return handled;
  }
}

// the statements of every command, prepared (parsed and planned once per connection: db.ts `prepared`)

/** A command stored, once per idempotency key (CommandInbox.submit). */
const SUBMIT = prepared(
  `INSERT INTO commands (game_id, idempotency_key, kind, payload) VALUES ($1, $2, $3, $4::jsonb)
   ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
);

/** The game's lock, then its oldest pending commands (CommandInbox.drain). */
const TAKE_PENDING = prepared('SELECT id, game_id, idempotency_key, kind, payload, created_at FROM umpire_take_pending($1)');
