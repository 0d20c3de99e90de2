/**
 * Issue 33's events migration (20261129110000_events_append_cost: `position` and its index gone,
 * the link check once per statement): a log stored before it still reads and verifies after it,
 * and appends continue its chain.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../src/store/db';
import { EventStore, GENESIS_HASH } from '../../src/store/event-store';
import { dropDatabase, ensureDatabase, migrate } from '../../src/store/migrate';
import { urlFor } from '../support/db';

const MIGRATIONS = join(__dirname, '..', '..', 'prisma', 'migrations');
const THIS_ONE = '20261129110000_events_append_cost';

describe('a log stored before the events append-cost migration', () => {
  const url = urlFor(`umpire_t_events_mig_${randomBytes(4).toString('hex')}`);
  const before = mkdtempSync(join(tmpdir(), 'umpire-migrations-'));

  beforeAll(async () => {
    // the migrations as they were before this one
    for (const d of readdirSync(MIGRATIONS, { withFileTypes: true })) {
      if (d.isDirectory() && d.name < THIS_ONE) cpSync(join(MIGRATIONS, d.name), join(before, d.name), { recursive: true });
    }
    await ensureDatabase(url);
    await migrate(url, before);
  });
  afterAll(async () => {
    await dropDatabase(url);
    rmSync(before, { recursive: true, force: true });
  });

  it('reads and verifies after the migration, and appends continue its chain', async () => {
    const db = createDb(url, { max: 2 });
    try {
      const store = new EventStore(db);
      // stored the old way: six text arrays, the per-row link trigger, `position` filled in
      const held = store.hold(
        'g-old',
        { version: 0, hash: GENESIS_HASH },
        [
          { type: 'GameCreated', payload: { ruleset: 'vitp' } },
          { type: 'DieRolled', payload: { face: 4 }, metadata: { actor: 'umpire' } },
          { type: 'NoteAdded', payload: null },
        ],
        new Date('2026-11-20T10:00:00.123Z'),
      );
      await db.query(
        `INSERT INTO events (game_id, seq, type, payload, metadata, recorded_at, prev_hash, hash)
         SELECT $1, $2::int + u.n::int, u.type, u.payload::jsonb, u.metadata::jsonb, u.recorded_at::timestamptz, u.prev_hash, u.hash
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
                WITH ORDINALITY AS u(recorded_at, type, payload, metadata, prev_hash, hash, n)
          ORDER BY u.n`,
        [
          'g-old',
          0,
          held.map((e) => e.recordedAt),
          held.map((e) => e.type),
          held.map((e) => e.payloadJson),
          held.map((e) => e.metadataJson),
          held.map((e) => e.prevHash),
          held.map((e) => e.hash),
        ],
      );
      expect((await db.query<{ n: number }>('SELECT count(position)::int AS n FROM events'))[0].n).toBe(3);

      const result = await migrate(url, MIGRATIONS);
      expect(result.applied).toEqual([THIS_ONE]);
      expect(await db.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'position'")).toEqual(
        [],
      );

      const log = await store.read('g-old');
      expect(log.map((e) => [e.seq, e.type, e.payload])).toEqual([
        [1, 'GameCreated', { ruleset: 'vitp' }],
        [2, 'DieRolled', { face: 4 }],
        [3, 'NoteAdded', null],
      ]);
      expect(log.map((e) => e.hash)).toEqual(held.map((e) => e.hash));
      expect(await store.verify('g-old')).toEqual({ ok: true, checked: 3 });

      const head = await store.head('g-old');
      await store.append('g-old', 3, [{ type: 'NoteAdded', payload: { text: 'after' } }], { head });
      expect(await store.verify('g-old')).toEqual({ ok: true, checked: 4 });
    } finally {
      await db.close();
    }
  });
});
