import { CommandInbox, type CommandApplier } from '../../src/store/commands';
import type { Sql } from '../../src/store/db';
import { ConcurrencyError, EventStore, eventsWrite } from '../../src/store/event-store';
import { canHold } from '../../src/store/held-writes';
import { outboxWrite } from '../../src/store/outbox';
import { snapshotWrite } from '../../src/store/snapshots';
import { freshDatabase, type TestDatabase } from '../support/db';

/**
 * Issue 33: a command's writes (its events, the snapshot they make due, its mail) go out with the
 * statement that marks it applied, one round trip. They stay one transaction's writes: all or none,
 * and an append made against a stale head still fails as a ConcurrencyError at its expected version.
 */
describe('held writes: a command applied in one statement with its events, snapshot and mail', () => {
  let t: TestDatabase;
  let inbox: CommandInbox;
  let store: EventStore;

  beforeAll(async () => {
    t = await freshDatabase('held_writes');
    inbox = new CommandInbox(t.db);
    store = new EventStore(t.db);
  });
  afterAll(async () => t.drop());

  /** An applier that holds a note, a snapshot and a mail after `head` (the game's, or a stale one). */
  const holdingApplier =
    (stale?: { version: number; hash: string }): CommandApplier =>
    async (tx: Sql, cmd) => {
      const head = stale ?? (await store.head(cmd.gameId, tx));
      const held = store.hold(cmd.gameId, head, [{ type: 'NoteAdded', payload: { text: cmd.idempotencyKey } }], new Date());
      if (!canHold(tx)) throw new Error('the inbox transaction holds writes');
      tx.hold([
        eventsWrite(held),
        snapshotWrite({ gameId: cmd.gameId, seq: held[0].seq, state: { n: held[0].seq }, stateHash: 'h', engineVersion: 'test' }),
        outboxWrite([
          {
            idempotencyKey: `mail:${cmd.idempotencyKey}`,
            gameId: cmd.gameId,
            eventSeq: held[0].seq,
            recipient: 'p@players.test',
            kind: 'ack',
            payload: { to: 'p@players.test', subject: 's', text: 't' },
          },
        ]),
      ]);
      return { status: 'applied', result: { seq: held[0].seq } };
    };

  const counts = async (gameId: string) =>
    (
      await t.db.query<{ events: number; snapshots: number; outbox: number }>(
        `SELECT (SELECT count(*)::int FROM events WHERE game_id = $1) AS events,
                (SELECT count(*)::int FROM snapshots WHERE game_id = $1) AS snapshots,
                (SELECT count(*)::int FROM outbox WHERE game_id = $1) AS outbox`,
        [gameId],
      )
    )[0];

  it('writes the events, the snapshot and the mail with the mark, all of them', async () => {
    const cmd = await inbox.submit('g-held', 'held-1', 'note', {});
    expect(await inbox.drain('g-held', holdingApplier())).toBe(1);
    expect(await counts('g-held')).toEqual({ events: 1, snapshots: 1, outbox: 1 });
    expect(await inbox.get(cmd.id)).toMatchObject({ status: 'applied', result: { seq: 1 } });
    expect((await store.verify('g-held')).ok).toBe(true);
  });

  it('an append held against a stale head fails as a ConcurrencyError at its expected version, and nothing is written', async () => {
    await store.append('g-stale-held', 0, [{ type: 'NoteAdded', payload: { text: 'first' } }]);
    await store.append('g-stale-held', 1, [{ type: 'NoteAdded', payload: { text: 'another writer' } }]);
    const cmd = await inbox.submit('g-stale-held', 'stale-1', 'note', {});
    // the command decided on version 1, but the game is at 2
    const stale = { version: 1, hash: (await store.read('g-stale-held'))[0].hash };
    const failed = await inbox.drain('g-stale-held', holdingApplier(stale)).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ConcurrencyError);
    expect((failed as ConcurrencyError).expectedVersion).toBe(1);
    expect(await counts('g-stale-held')).toEqual({ events: 2, snapshots: 0, outbox: 0 });
    expect((await inbox.get(cmd.id))!.status).toBe('pending');
  });

  it('a statement sent after writes were held reads what they wrote', async () => {
    await inbox.submit('g-read-after', 'read-1', 'note', {});
    const seen: number[] = [];
    const apply: CommandApplier = async (tx, cmd) => {
      await holdingApplier()(tx, cmd);
      seen.push((await store.head(cmd.gameId, tx)).version);
      return { status: 'applied' };
    };
    await inbox.drain('g-read-after', apply);
    expect(seen).toEqual([1]);
    expect(await counts('g-read-after')).toEqual({ events: 1, snapshots: 1, outbox: 1 });
  });
});
