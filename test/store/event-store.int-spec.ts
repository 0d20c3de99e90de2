import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConcurrencyError, EventStore, GENESIS_HASH, hashEvent } from '../../src/store/event-store';
import { Outbox } from '../../src/store/outbox';
import { SnapshotStore } from '../../src/store/snapshots';
import { freshDatabase, type TestDatabase } from '../support/db';

const run = promisify(execFile);
const CLI = join(__dirname, '..', '..', 'bin', 'umpire.js');

describe('event store on PostgreSQL', () => {
  let t: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    t = await freshDatabase('eventstore');
    store = new EventStore(t.db);
  });
  afterAll(() => t.drop());

  it('appends gap-free sequences and reads them back with a linked hash chain', async () => {
    const a = await store.append('g-basic', 0, [
      { type: 'GameCreated', payload: { ruleset: 'vitp', b: 2, a: 1 } },
      { type: 'NoteAdded', payload: { text: 'hello' }, metadata: { actor: 'referee' } },
    ]);
    expect(a.head.version).toBe(2);
    const b = await store.append('g-basic', 2, [{ type: 'NoteAdded', payload: { text: 'again' } }], {
      head: a.head,
    });
    const log = await store.read('g-basic');
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(log[0].prevHash).toBe(GENESIS_HASH);
    expect(log[1].prevHash).toBe(log[0].hash);
    expect(log[2].hash).toBe(b.head.hash);
    for (const e of log) expect(hashEvent(e)).toBe(e.hash);
    expect(await store.verify('g-basic')).toEqual({ ok: true, checked: 3 });
  });

  it('given two writers at the same version, when both append, then exactly one gets a ConcurrencyError', async () => {
    await store.append('g-race', 0, [{ type: 'GameCreated', payload: {} }]);
    const results = await Promise.allSettled([
      store.append('g-race', 1, [{ type: 'A', payload: { who: 1 } }]),
      store.append('g-race', 1, [{ type: 'A', payload: { who: 2 } }]),
    ]);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toBeInstanceOf(ConcurrencyError);
    expect((await store.read('g-race')).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('refuses a stale expected version, even when the caller passes a stale head', async () => {
    const h = await store.append('g-stale', 0, [
      { type: 'A', payload: {} },
      { type: 'B', payload: {} },
    ]);
    await expect(store.append('g-stale', 1, [{ type: 'C', payload: {} }])).rejects.toBeInstanceOf(ConcurrencyError);
    // a head from a fork: right version number, wrong hash; the database refuses the link
    await expect(
      store.append('g-stale', 2, [{ type: 'C', payload: {} }], {
        head: { version: 2, hash: 'f'.repeat(64) },
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    // and a version from the future would leave a gap: refused too
    await expect(
      store.append('g-stale', 5, [{ type: 'C', payload: {} }], { head: { version: 5, hash: h.head.hash } }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await store.read('g-stale')).length).toBe(2);
  });

  it("the database checks every new event's link, not only the first of a statement, whatever code path inserts", async () => {
    const h = await store.append('g-links', 0, [
      { type: 'A', payload: {} },
      { type: 'B', payload: {} },
    ]);
    const insert = (rows: [number, string][]) =>
      t.db.query(
        `INSERT INTO events (game_id, seq, type, payload, metadata, recorded_at, prev_hash, hash)
         SELECT 'g-links', r.seq, 'X', '{}', '{}', now(), r.prev_hash, md5(r.seq::text) || md5(r.prev_hash)
           FROM unnest($1::int[], $2::text[]) AS r(seq, prev_hash)`,
        [rows.map((r) => r[0]), rows.map((r) => r[1])],
      );
    // the statement's first event follows the head, its second does not name the first's hash
    await expect(
      insert([
        [3, h.head.hash],
        [4, 'e'.repeat(64)],
      ]),
    ).rejects.toMatchObject({
      code: 'UM001',
      message: 'event 4 of game g-links does not follow the current head',
    });
    // a gap inside the statement
    await expect(
      insert([
        [3, h.head.hash],
        [5, 'e'.repeat(64)],
      ]),
    ).rejects.toMatchObject({ code: 'UM001' });
    // a first event that does not start the chain
    await expect(
      t.db.query(
        `INSERT INTO events (game_id, seq, type, payload, metadata, recorded_at, prev_hash, hash)
         VALUES ('g-links-2', 1, 'X', '{}', '{}', now(), $1, $1)`,
        ['e'.repeat(64)],
      ),
    ).rejects.toMatchObject({ code: 'UM001', message: 'event 1 of game g-links-2 must start the chain' });
    expect((await store.read('g-links')).length).toBe(2);
    expect(await store.verify('g-links')).toEqual({ ok: true, checked: 2 });
  });

  it('stores a null payload as JSON null, and it verifies', async () => {
    await store.append('g-null', 0, [
      { type: 'A', payload: null },
      { type: 'B', payload: { list: [null, 1.5, 'q"u\\ote', '\u00e9\u2603'] } },
    ]);
    const log = await store.read('g-null');
    expect(log.map((e) => e.payload)).toEqual([null, { list: [null, 1.5, 'q"u\\ote', '\u00e9\u2603'] }]);
    expect(await store.verify('g-null')).toEqual({ ok: true, checked: 2 });
  });

  it('the database itself refuses UPDATE, DELETE and TRUNCATE on events', async () => {
    await store.append('g-immutable', 0, [{ type: 'A', payload: { v: 1 } }]);
    await expect(t.db.query(`UPDATE events SET payload = '{"v":2}' WHERE game_id = 'g-immutable'`)).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(t.db.query(`DELETE FROM events WHERE game_id = 'g-immutable'`)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(t.superuser((c) => c.query('TRUNCATE events'))).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect((await store.read('g-immutable'))[0].payload).toEqual({ v: 1 });
  });

  it("verify (library and `umpire verify`) names the first link broken behind the application's back", async () => {
    let head = (await store.append('g-tamper', 0, [{ type: 'GameCreated', payload: {} }])).head;
    for (let i = 0; i < 5; i++)
      head = (
        await store.append('g-tamper', head.version, [{ type: 'DieRolled', payload: { face: i + 1 } }], {
          head,
        })
      ).head;
    const env = { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' };
    const ok = await run('node', [CLI, 'verify', 'g-tamper'], { env });
    expect(ok.stdout).toMatch(/ok: game g-tamper, 6 events/);

    // a superuser switches the triggers off and changes die #4's face
    await t.superuser(async (c) => {
      await c.query('SET session_replication_role = replica');
      await c.query(`UPDATE events SET payload = '{"face": 6}' WHERE game_id = 'g-tamper' AND seq = 4`);
    });
    const r = await store.verify('g-tamper');
    expect(r.ok).toBe(false);
    expect(r.broken?.seq).toBe(4);
    const failed = await run('node', [CLI, 'verify', 'g-tamper'], { env }).catch((e: { code: number; stderr: string }) => e);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toMatch(/BROKEN: game g-tamper, event #4/);
  });

  it('commits outbox rows in the same transaction as their events, and neither without the other', async () => {
    const outbox = new Outbox(t.db);
    await store.append('g-outbox', 0, [{ type: 'TurnReported', payload: {} }], {
      outbox: (events) => [
        {
          idempotencyKey: `g-outbox:alice:report:${events[0].seq}`,
          gameId: 'g-outbox',
          eventSeq: events[0].seq,
          recipient: 'alice@x.test',
          kind: 'report',
          payload: { to: 'alice@x.test', subject: 's', text: 't' },
        },
      ],
    });
    expect((await outbox.byGame('g-outbox')).map((r) => r.idempotencyKey)).toEqual(['g-outbox:alice:report:1']);
    // a conflicting append carries its outbox row down with it
    await expect(
      store.append('g-outbox', 0, [{ type: 'TurnReported', payload: {} }], {
        outbox: [
          {
            idempotencyKey: 'g-outbox:bob:report:1',
            gameId: 'g-outbox',
            recipient: 'bob@x.test',
            kind: 'report',
            payload: { to: 'bob@x.test', subject: 's', text: 't' },
          },
        ],
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await outbox.byGame('g-outbox')).map((r) => r.recipient)).toEqual(['alice@x.test']);
  });

  it('stores snapshots with their state hash and loads the latest for the engine version', async () => {
    const snaps = new SnapshotStore(t.db);
    await snaps.save({
      gameId: 'g-snap',
      seq: 10,
      state: { turn: 2 },
      stateHash: 'h10',
      engineVersion: 'e1',
    });
    await snaps.save({
      gameId: 'g-snap',
      seq: 20,
      state: { turn: 3 },
      stateHash: 'h20',
      engineVersion: 'e1',
    });
    await snaps.save({
      gameId: 'g-snap',
      seq: 30,
      state: { turn: 4 },
      stateHash: 'h30',
      engineVersion: 'e0',
    });
    const s = await snaps.latest('g-snap', 'e1');
    expect(s).toMatchObject({ seq: 20, state: { turn: 3 }, stateHash: 'h20' });
    expect(await snaps.latest('g-none', 'e1')).toBeNull();
  });
});
