/**
 * Issue 24, "The cap must hold under concurrency": the daily refusal budget (REFUSALS_PER_DAY) is
 * claimed by one statement, so several workers, each with its own pool of connections, dispatching
 * at once never send more refusals to one address than the cap. On real PostgreSQL.
 */
import { createDb, type Db } from '../../src/store/db';
import { type MailTransport, Outbox, type OutboxDraft, REFUSALS_PER_DAY } from '../../src/store/outbox';
import { freshDatabase, type TestDatabase } from '../support/db';

describe('refusal budget under concurrency', () => {
  let t: TestDatabase;
  const pools: Db[] = [];

  beforeAll(async () => {
    t = await freshDatabase('refusal-budget');
    for (let i = 0; i < 4; i++) pools.push(createDb(t.url, { max: 4 }));
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await t.drop();
  });

  const refusal = (n: number, to: string): OutboxDraft => ({
    idempotencyKey: `cap-${n}`,
    gameId: 'G-cap',
    recipient: to,
    kind: 'rejection',
    refusal: 'authenticated',
    payload: { to, subject: `refusal ${n}`, text: 'The message holds no orders.' },
  });

  it('issue 24 refusal-cap-atomic: 40 refusals dispatched by 4 workers x 3 jobs at once: exactly the cap is sent', async () => {
    const to = 'robot@players.test';
    const outboxes = pools.map((p) => new Outbox(p));
    // enqueued concurrently too, from every pool
    await Promise.all(Array.from({ length: 40 }, (_, n) => outboxes[n % outboxes.length].enqueue([refusal(n, to)])));
    const sent: string[] = [];
    // a relay that takes a moment, as a real one does: the window in which two workers both saw room
    const transport: MailTransport = {
      async send(m) {
        await new Promise((r) => setTimeout(r, 15));
        sent.push(m.subject);
      },
    };
    await Promise.all(outboxes.flatMap((o) => [o.dispatch(transport, 100), o.dispatch(transport, 100), o.dispatch(transport, 100)]));
    expect(sent).toHaveLength(REFUSALS_PER_DAY);
    const rows = await t.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM outbox WHERE recipient = $1 GROUP BY status ORDER BY status`,
      [to],
    );
    expect(rows).toEqual([
      { status: 'sent', n: REFUSALS_PER_DAY },
      { status: 'suppressed', n: 40 - REFUSALS_PER_DAY },
    ]);
  }, 30_000);

  it('issue 24 refusal-cap-atomic: a refusal whose send failed gives its place back', async () => {
    const to = 'flaky@players.test';
    const outbox = new Outbox(pools[0]);
    await outbox.enqueue(Array.from({ length: REFUSALS_PER_DAY }, (_, n) => ({ ...refusal(100 + n, to), idempotencyKey: `flaky-${n}` })));
    let fail = true;
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(m) {
        if (fail) throw new Error('421 try again later');
        sent.push(m.subject);
      },
    };
    expect((await outbox.dispatch(transport)).transient).toBe(1);
    fail = false;
    await outbox.dispatch(transport);
    expect(sent).toHaveLength(REFUSALS_PER_DAY);
  });
});
