import { type Prepared, prepared, type Sql } from './db';

/**
 * A write that may be held back and sent with a later statement of the same transaction, as a
 * data-modifying CTE in front of it (`WITH w0 AS (INSERT INTO events …), w1 AS (INSERT INTO outbox
 * …) UPDATE commands …`): a command's events, the snapshot they make due and their mail leave with
 * the statement that marks the command applied, one round trip. Its text is of fixed form (arrays,
 * not a VALUES row per item), so every join of writes is prepared once per connection; it uses
 * $1..$n for its own parameters and no other `$` sign (they are renumbered when texts are joined).
 */
export interface HeldWrite {
  readonly text: string;
  readonly params: readonly unknown[];
  /** what a failure of the statement carrying this write means (an append's ConcurrencyError), or the error itself */
  readonly failure?: (err: unknown) => unknown;
  /** run once the statement carrying this write has succeeded, before the commit (a crash point) */
  readonly written?: () => void;
}

/** A transaction that can hold writes for its next statement: see HoldingTx. */
export interface HoldingSql extends Sql {
  hold(writes: readonly HeldWrite[]): void;
}

export function canHold(sql: Sql): sql is HoldingSql {
  return typeof (sql as Partial<HoldingSql>).hold === 'function';
}

/**
 * A transaction that keeps held writes until its next statement: any statement sends them first
 * (one statement of their own, so that it reads what they wrote), and `queryWith` sends them in
 * front of its own statement (which must read nothing they write).
 */
export class HoldingTx implements HoldingSql {
  private held: HeldWrite[] = [];

  constructor(private readonly tx: Sql) {}

  hold(writes: readonly HeldWrite[]): void {
    this.held.push(...writes);
  }

  async query<T = Record<string, unknown>>(text: string | Prepared, params: readonly unknown[] = []): Promise<T[]> {
    if (this.held.length) await sendWrites(this.tx, this.take());
    return this.tx.query<T>(text, params);
  }

  /** `text` with the writes held so far in front of it, as one statement. */
  async queryWith<T = Record<string, unknown>>(text: string, params: readonly unknown[]): Promise<T[]> {
    return sendWrites<T>(this.tx, this.take(), { text, params });
  }

  private take(): HeldWrite[] {
    const held = this.held;
    this.held = [];
    return held;
  }
}

/**
 * Sends `writes`, and `then` after them if given, as one statement: each write a CTE of it, the
 * last one (or `then`) its main statement. Returns the main statement's rows. A failure is what
 * the first write that knows it says it means.
 */
export async function sendWrites<T = Record<string, unknown>>(
  sql: Sql,
  writes: readonly HeldWrite[],
  then?: { readonly text: string; readonly params: readonly unknown[] },
): Promise<T[]> {
  const parts: { text: string; params: readonly unknown[] }[] = then ? [...writes, then] : [...writes];
  if (!parts.length) return [];
  const params: unknown[] = [];
  const texts = parts.map((p) => {
    const offset = params.length;
    params.push(...p.params);
    return offset ? p.text.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + offset}`) : p.text;
  });
  const main = texts.pop()!;
  const text = texts.length ? `WITH ${texts.map((t, i) => `w${i} AS (${t})`).join(', ')} ${main}` : main;
  const rows = await sql.query<T>(prepared(text), params).catch((err: unknown) => {
    for (const w of writes) {
      const meant = w.failure?.(err);
      if (meant !== undefined && meant !== err) throw meant;
    }
    throw err;
  });
  for (const w of writes) w.written?.();
  return rows;
}
