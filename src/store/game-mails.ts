import type { SecretBox } from '../shared/secret-box';
import type { Sql } from './db';

/** One inbound mail of a game as the referee's MAILS lists it: when it came, what became of it, its bytes (opened). */
export interface GameMail {
  readonly id: string;
  readonly messageId: string;
  /** when it arrived, by the umpire's clock at intake: the time its orders' deadline is judged by */
  readonly receivedAt: string;
  readonly status: string;
  readonly attempts: number;
  readonly result: unknown;
  readonly raw: Buffer;
}

/** The inbound mails the ingest tied to `gameId`, oldest first (at most `limit`, the latest ones). */
export async function gameMails(tx: Sql, box: SecretBox | null, gameId: string, limit = 200): Promise<GameMail[]> {
  const rows = await tx.query<{
    id: string;
    message_id: string;
    arrived_at: Date;
    status: string;
    attempts: number;
    result: unknown;
    raw: Buffer;
    raw_sealed: boolean;
  }>(
    `SELECT * FROM (
       SELECT id, message_id, received_at, arrived_at, status, attempts, result, raw, raw_sealed FROM inbound_messages
        WHERE game_id = $1 ORDER BY received_at DESC, id DESC LIMIT $2
     ) latest ORDER BY received_at, id`,
    [gameId, limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    messageId: r.message_id,
    receivedAt: new Date(r.arrived_at).toISOString(),
    status: r.status,
    attempts: r.attempts,
    result: r.result,
    raw: r.raw_sealed && box ? box.open(r.raw.toString('latin1')) : r.raw,
  }));
}
