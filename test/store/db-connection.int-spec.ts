import { createDb, type Db } from '../../src/store/db';
import { freshDatabase, type TestDatabase } from '../support/db';

/**
 * A connection cut while a transaction holds it and no query of its own is running (the outbox
 * waits on SMTP inside its transaction): the transaction fails, the process goes on, the pool
 * answers again on a new connection (issue 14: PostgreSQL connection drops).
 */
describe('a connection lost inside a transaction', () => {
  let t: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    t = await freshDatabase('db-connection');
    db = createDb(t.url, { max: 2 });
  });
  afterAll(async () => {
    await db.close();
    await t.drop();
  });

  it('fails that transaction only; the pool reconnects', async () => {
    const outcome = await db
      .transaction(async (tx) => {
        const [{ pid }] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // cut from another connection while this one waits between its queries
        await t.db.query('SELECT pg_terminate_backend($1)', [pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.query('SELECT 1');
        return 'committed';
      })
      .catch((e: Error) => e);
    expect(outcome).toBeInstanceOf(Error);
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    expect(await db.transaction((tx) => tx.query<{ n: number }>('SELECT 2 AS n'))).toEqual([{ n: 2 }]);
  });
});
