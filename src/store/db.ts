import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type PoolClient } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { countSql, timeSql, timingSql } from './sql-count';

/**
 * Two ways into one PostgreSQL database:
 * - `Sql` (node-postgres) for the hot path: the event log, the outbox and the command inbox,
 *   which must share transactions. Measured here, Prisma 7's raw queries through the driver
 *   adapter cost ~80 µs each against ~23 µs for node-postgres, which
 *   decides whether the store beats its peer on appends.
 * - `Prisma` (the schema's typed client) for everything that is not hot: inspection, admin.
 * The schema and migrations are Prisma's (prisma/schema.prisma, prisma/migrations).
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string | Prepared, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * A statement of fixed text that PostgreSQL parses and plans once per connection (a named
 * prepared statement): for the hottest statements, whose text never varies with their input.
 */
export interface Prepared {
  readonly name: string;
  readonly text: string;
}

const preparedByText = new Map<string, Prepared>();

/**
 * `text` as a named prepared statement, named after its text: for a statement of fixed text sent
 * often. Unnamed, PostgreSQL parses, analyses and plans it on every call, which costs the backend
 * more than running it for the short statements of an order (a game's load: ~200 µs against ~40 µs
 * prepared, bench/sql-cpu.ts); prepared, each connection does it once (and PostgreSQL re-plans it by
 * itself after a schema change). Never for text built from values: each text stays prepared on
 * every connection for the connection's life.
 */
export function prepared(text: string): Prepared {
  let p = preparedByText.get(text);
  if (!p) {
    p = { name: `umpire-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text };
    preparedByText.set(text, p);
  }
  return p;
}

/** node-postgres's query config for a statement and its parameters. */
function config(q: string | Prepared, params: readonly unknown[]) {
  countSql(typeof q === 'string' ? q : q.text);
  return typeof q === 'string' ? { text: q, values: params as unknown[] } : { name: q.name, text: q.text, values: params as unknown[] };
}

/** One statement on a connection held (its backend's CPU measured with UMPIRE_SQL_CPU=1: sql-count.ts). */
function send(client: PoolClient, text: string | Prepared, params: readonly unknown[]) {
  const c = config(text, params);
  return timeSql(c.text, (client as PoolClient & { processID?: number }).processID, () => client.query(c));
}

export class Db implements Sql {
  readonly pool: Pool;
  private readonly max: number;
  private readonly lazyCommit: boolean;
  private lazy: Db | null = null;

  constructor(
    readonly url: string,
    options: { max?: number; lazyCommit?: boolean } = {},
  ) {
    this.max = options.max ?? 10;
    this.lazyCommit = options.lazyCommit === true;
    // a lazy pool's sessions are told at their start (a startup option: no statement of their own)
    this.pool = new Pool({ connectionString: url, max: this.max, ...(this.lazyCommit ? { options: '-c synchronous_commit=off' } : {}) });
    // an idle client's error (server restart) must not crash the process; the next query reconnects
    this.pool.on('error', () => undefined);
  }

  /**
   * The same database on connections whose commits do not wait for the WAL to reach the disk
   * (synchronous_commit off; their own pool, opened when first asked for). A commit is as visible
   * and as durable against a crash of this process as any; only a crash of PostgreSQL itself (or
   * of its machine) may lose the last such commits, a fraction of a second of them. For writes
   * whose loss is what a crash of this process just before them already is, and which the crash
   * tests cover as that: an outbox lease or mark (the mail is sent again, with its Message-ID), an
   * ingest attempt not counted, a mailbox cursor left behind (the mail is read again and known).
   * Never for a write that anything is acknowledged on: a stored mail, a command, an event. Each
   * such write spares its backend a WAL flush, the costliest part of a short write (~150 µs of
   * backend CPU; bench/sql-cpu.ts).
   */
  lazyCommits(): Db {
    if (this.lazyCommit) return this;
    // a few connections: its writes are short (PostgreSQL's max_connections is shared by every process)
    this.lazy ??= new Db(this.url, { max: Math.min(this.max, 4), lazyCommit: true });
    return this.lazy;
  }

  async query<T = Record<string, unknown>>(text: string | Prepared, params: readonly unknown[] = []): Promise<T[]> {
    if (timingSql) return this.session((sql) => sql.query<T>(text, params));
    return (await this.pool.query(config(text, params))).rows as T[];
  }

  /**
   * Runs `fn` in one transaction on one connection; rolls back if it throws. A connection lost
   * while checked out (server restart, pg_terminate_backend) while no query of ours is running
   * (the outbox waiting on SMTP inside its transaction, say) makes node-postgres emit 'error' on
   * the client, which the pool no longer listens to: unheard, it would crash the process. It is
   * heard here, the transaction fails at its next query, and the client is destroyed, not reused.
   */
  async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    let lost: Error | undefined;
    const onError = (err: Error) => {
      lost = err;
    };
    client.on('error', onError);
    const run = async <R>(text: string | Prepared, params: readonly unknown[] = []) => (await send(client, text, params)).rows as R[];
    const tx: Sql = { query: run };
    try {
      await run('BEGIN');
      const result = await fn(tx);
      await run('COMMIT');
      return result;
    } catch (err) {
      await run('ROLLBACK').catch((e: Error) => {
        lost ??= e;
      });
      throw err;
    } finally {
      client.off('error', onError);
      client.release(lost ?? false);
    }
  }

  /**
   * Runs `fn` on one connection held throughout, each statement committed on its own (no BEGIN):
   * for work that a session owns between statements (the outbox's lease names its session). A
   * connection lost meanwhile is destroyed, not reused, as in `transaction`.
   */
  async session<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    let lost: Error | undefined;
    const onError = (err: Error) => {
      lost = err;
    };
    client.on('error', onError);
    const sql: Sql = {
      query: async <R>(text: string | Prepared, params: readonly unknown[] = []) => (await send(client, text, params)).rows as R[],
    };
    try {
      return await fn(sql);
    } finally {
      client.off('error', onError);
      client.release(lost ?? false);
    }
  }

  /** Answers when PostgreSQL does (health check). */
  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.lazy?.close()]);
  }
}

export function createDb(databaseUrl: string, options: { max?: number } = {}): Db {
  return new Db(databaseUrl, options);
}

export type Prisma = PrismaClient;

export function createPrisma(databaseUrl: string, options: { max?: number } = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 4 });
  return new PrismaClient({ adapter });
}
