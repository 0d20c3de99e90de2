/**
 * Issue 33: the outbox's leases (Outbox.dispatch). A dispatcher claims a batch under a lease naming
 * its PostgreSQL session; a lease holds while that session lives (and its time has not run out),
 * so a slow send is never sent again by another dispatcher, and a lease whose session is gone (a
 * killed worker, a cut connection) is free at once. On real PostgreSQL; the kill -9 cases are in
 * test/queue/crash-points.e2e-spec.ts (points outbox-send and outbox-sent).
 */
import { Client } from 'pg';
import { createDb, type Db } from '../../src/store/db';
import { type MailTransport, Outbox, type OutboxDraft } from '../../src/store/outbox';
import { freshDatabase, type TestDatabase } from '../support/db';

describe('outbox leases', () => {
  let t: TestDatabase;
  const pools: Db[] = [];

  beforeAll(async () => {
    t = await freshDatabase('outbox-lease');
    for (let i = 0; i < 4; i++) pools.push(createDb(t.url, { max: 4 }));
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await t.drop();
  });

  const mail = (key: string): OutboxDraft => ({
    idempotencyKey: key,
    gameId: 'G-lease',
    recipient: 'player@players.test',
    kind: 'report',
    payload: { to: 'player@players.test', subject: key, text: 'a report' },
  });

  const status = async (key: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM outbox WHERE idempotency_key = $1', [key]))[0]?.status;

  it('12 dispatchers on 4 pools at once send each of 60 mails once, and mark every one sent', async () => {
    const outboxes = pools.map((p) => new Outbox(p));
    await outboxes[0].enqueue(Array.from({ length: 60 }, (_, n) => mail(`many-${n}`)));
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(m) {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.subject);
      },
    };
    const results = await Promise.all(outboxes.flatMap((o) => [o.dispatch(transport), o.dispatch(transport), o.dispatch(transport)]));
    expect(sent.sort()).toEqual(Array.from({ length: 60 }, (_, n) => `many-${n}`).sort());
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(60);
    const rows = await t.db.query<{ status: string; leased: number; n: number }>(
      `SELECT status, count(leased_by)::int AS leased, count(*)::int AS n FROM outbox WHERE idempotency_key LIKE 'many-%' GROUP BY status`,
    );
    expect(rows).toEqual([{ status: 'sent', leased: 0, n: 60 }]);
  }, 30_000);

  it('a mail whose send is still under way is not sent by another dispatcher; it is marked sent when the send ends', async () => {
    const a = new Outbox(pools[0]);
    const b = new Outbox(pools[1]);
    await a.enqueue([mail('slow')]);
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    let finish!: () => void;
    const slow: MailTransport = {
      send: (m) =>
        new Promise((resolve) => {
          sent.push(m.subject);
          finish = resolve;
          release();
        }),
    };
    const first = a.dispatch(slow);
    await started;
    // the lease holds: the other dispatcher finds nothing free
    expect(await b.dispatch({ send: async (m) => void sent.push(`again ${m.subject}`) })).toEqual({ sent: 0, failed: 0, transient: 0 });
    finish();
    expect((await first).sent).toBe(1);
    expect(sent).toEqual(['slow']);
    expect(await status('slow')).toBe('sent');
  });

  it("a lease whose session is gone (its dispatcher killed or cut off) is free at once; a live session's is not", async () => {
    const outbox = new Outbox(pools[2]);
    await outbox.enqueue([mail('orphan')]);
    // another session takes the lease, as a dispatcher's claim does, with most of its time to run
    const other = new Client({ connectionString: t.url });
    await other.connect();
    const [me] = (
      await other.query<{ session: string }>(
        `SELECT pid::text || ':' || extract(epoch FROM backend_start)::text AS session FROM pg_stat_activity WHERE pid = pg_backend_pid()`,
      )
    ).rows;
    await other.query(`UPDATE outbox SET leased_by = $1, leased_until = now() + interval '10 minutes' WHERE idempotency_key = 'orphan'`, [
      me.session,
    ]);
    const sent: string[] = [];
    const transport: MailTransport = { send: async (m) => void sent.push(m.subject) };
    expect((await outbox.dispatch(transport)).sent).toBe(0);
    await other.end();
    // the session's end is seen by pg_stat_activity as soon as its backend has exited
    for (let i = 0; i < 50 && !sent.length; i++) {
      await outbox.dispatch(transport);
      if (!sent.length) await new Promise((r) => setTimeout(r, 20));
    }
    expect(sent).toEqual(['orphan']);
    expect(await status('orphan')).toBe('sent');
  });

  it('a lease whose time has run out is free, its session alive or not', async () => {
    const outbox = new Outbox(pools[3]);
    await outbox.enqueue([mail('expired')]);
    await t.db.query(
      `UPDATE outbox SET leased_by = (SELECT pid::text || ':' || extract(epoch FROM backend_start)::text FROM pg_stat_activity WHERE pid = pg_backend_pid()),
         leased_until = now() - interval '1 second' WHERE idempotency_key = 'expired'`,
    );
    const sent: string[] = [];
    expect((await outbox.dispatch({ send: async (m) => void sent.push(m.subject) })).sent).toBe(1);
    expect(sent).toEqual(['expired']);
  });

  it('after a transient failure the rows not tried are given back at once, and the failed row is retried', async () => {
    const outbox = new Outbox(pools[0]);
    await outbox.enqueue(['flaky-1', 'flaky-2', 'flaky-3'].map(mail));
    const failing: MailTransport = {
      send: async () => {
        throw new Error('421 try again later');
      },
    };
    expect(await outbox.dispatch(failing)).toEqual({ sent: 0, failed: 1, transient: 1 });
    const rows = await t.db.query<{ k: string; status: string; attempts: number; leased_by: string | null }>(
      `SELECT idempotency_key AS k, status, attempts, leased_by FROM outbox WHERE idempotency_key LIKE 'flaky-%' ORDER BY id`,
    );
    expect(rows.map((r) => [r.k, r.status, r.attempts, r.leased_by])).toEqual([
      ['flaky-1', 'pending', 1, null],
      ['flaky-2', 'pending', 0, null],
      ['flaky-3', 'pending', 0, null],
    ]);
    const sent: string[] = [];
    expect((await outbox.dispatch({ send: async (m) => void sent.push(m.subject) })).sent).toBe(3);
    expect(sent).toEqual(['flaky-1', 'flaky-2', 'flaky-3']);
  });
});
