import { CommandInbox, type CommandApplier } from '../../src/store/commands';
import { EventStore } from '../../src/store/event-store';
import { freshDatabase, type TestDatabase } from '../support/db';

/**
 * Issue 33: the inbox takes a game's lock and reads its pending commands in one statement
 * (umpire_take_pending). The read must come after the lock is granted: a drain that read the
 * pending commands before waiting for the lock would apply a command another drain applied
 * meanwhile a second time.
 */
describe('command inbox: drains racing for one game', () => {
  let t: TestDatabase;
  let inbox: CommandInbox;
  let store: EventStore;

  beforeAll(async () => {
    t = await freshDatabase('racing_drains');
    inbox = new CommandInbox(t.db);
    store = new EventStore(t.db);
  });
  afterAll(async () => t.drop());

  it('four drains at once apply 24 commands each exactly once, in the order they were stored', async () => {
    // given 24 notes waiting in one game's inbox
    const ids: string[] = [];
    for (let i = 1; i <= 24; i++) ids.push((await inbox.submit('g-race', `race-${i}`, 'note', { text: `note ${i}` })).id);
    const calls: string[] = [];
    const apply: CommandApplier = async (tx, cmd) => {
      calls.push(cmd.id);
      // slow enough that the other drains queue on the game's lock meanwhile
      await new Promise((r) => setTimeout(r, 5));
      const head = await store.head(cmd.gameId, tx);
      await store.append(cmd.gameId, head.version, [{ type: 'NoteAdded', payload: { text: (cmd.payload as { text: string }).text } }], {
        head,
        tx,
      });
      return { status: 'applied' };
    };

    // when four workers drain it at the same time
    const handled = await Promise.all([1, 2, 3, 4].map(() => inbox.drain('g-race', apply)));

    // then each command was applied once, oldest first, and the log holds each note once in order
    expect(handled.reduce((a, b) => a + b, 0)).toBe(24);
    expect(calls).toEqual(ids);
    expect((await store.read('g-race')).map((e) => (e.payload as { text: string }).text)).toEqual(ids.map((_, i) => `note ${i + 1}`));
    expect(await inbox.pendingCount('g-race')).toBe(0);
    expect((await store.verify('g-race')).ok).toBe(true);
  });
});
