import { ImapMailboxReader, type RawMessageMeta } from '../../src/mail/imap-reader';
import { PgCursorStore } from '../../src/store/mailbox-cursors';
import { createDb, type Db } from '../../src/store/db';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createMailUser, deliverSubjects as deliver, ensureMailServers, mailEnv, subjectOf, type MailUser } from '../support/mail';

/**
 * The IMAP cursor kept in PostgreSQL outlives the process: a reader started afresh, with its own
 * connection pool and store instance over the same database, reads only what arrived since.
 */
describe('PgCursorStore across a restart (Dovecot, PostgreSQL)', () => {
  let t: TestDatabase;
  const pools: Db[] = [];

  beforeAll(async () => {
    await ensureMailServers();
    t = await freshDatabase('pgcursor');
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
    await t.drop();
  });

  /** A "process": its own pool, its own store, its own reader. */
  function boot(user: MailUser, got: { subject: string; meta: RawMessageMeta }[]) {
    const db = createDb(t.url, { max: 2 });
    pools.push(db);
    const env = mailEnv();
    const reader = new ImapMailboxReader({
      host: env.imapHost,
      port: env.imapPort,
      auth: { user: user.user, pass: user.password },
      cursorStore: new PgCursorStore(db),
      onMessage: async (raw, meta) => {
        got.push({ subject: subjectOf(raw), meta });
      },
      pollIntervalMs: 600_000,
      backoff: { initialMs: 100, maxMs: 1000 },
    });
    return { db, reader };
  }

  it('a second reader with a fresh store over the same database reads only new messages', async () => {
    const user = await createMailUser('pgcursor');
    await deliver(user, 'one', 'two');
    const firstGot: { subject: string; meta: RawMessageMeta }[] = [];
    const first = boot(user, firstGot);
    first.reader.start();
    await first.reader.ready();
    await first.reader.stop();
    await first.db.close();
    pools.splice(pools.indexOf(first.db), 1);
    expect(firstGot.map((g) => g.subject)).toEqual(['one', 'two']);
    const mailbox = firstGot[0].meta.mailbox;
    const row = await t.db.query<{ uid_validity: string; last_uid: string }>(
      'SELECT uid_validity, last_uid FROM mailbox_cursors WHERE mailbox = $1',
      [mailbox],
    );
    expect(row.map((r) => [Number(r.uid_validity), Number(r.last_uid)])).toEqual([[firstGot[1].meta.uidValidity, firstGot[1].meta.uid]]);

    await deliver(user, 'three');
    const secondGot: { subject: string; meta: RawMessageMeta }[] = [];
    const second = boot(user, secondGot);
    second.reader.start();
    await second.reader.ready();
    await second.reader.stop();
    expect(secondGot.map((g) => g.subject)).toEqual(['three']);
    expect(secondGot[0].meta.uid).toBeGreaterThan(firstGot[1].meta.uid);
    expect(await new PgCursorStore(t.db).get(mailbox)).toEqual({
      uidValidity: firstGot[0].meta.uidValidity,
      lastUid: secondGot[0].meta.uid,
    });

    // a stored cursor from another UIDVALIDITY (the mailbox was rebuilt) means: read it all again
    await t.db.query('UPDATE mailbox_cursors SET uid_validity = 1 WHERE mailbox = $1', [mailbox]);
    const thirdGot: { subject: string; meta: RawMessageMeta }[] = [];
    const third = boot(user, thirdGot);
    third.reader.start();
    await third.reader.ready();
    await third.reader.stop();
    expect(thirdGot.map((g) => g.subject)).toEqual(['one', 'two', 'three']);
    expect((await new PgCursorStore(t.db).get(mailbox))?.uidValidity).toBe(firstGot[0].meta.uidValidity);
  }, 60_000);
});
