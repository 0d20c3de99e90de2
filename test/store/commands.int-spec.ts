import { CommandInbox, PermanentCommandError, failCommand, lockGame, type CommandApplier } from '../../src/store/commands';
import { EventStore } from '../../src/store/event-store';
import { freshDatabase, type TestDatabase } from '../support/db';

/** The command inbox's failure path on PostgreSQL: mark failed + note in one transaction, under the game's lock. */
describe('command inbox: commands that fail for good', () => {
  let t: TestDatabase;
  let inbox: CommandInbox;
  let store: EventStore;

  beforeAll(async () => {
    t = await freshDatabase('commands');
    inbox = new CommandInbox(t.db);
    store = new EventStore(t.db);
  });
  afterAll(async () => t.drop());

  /** Applies notes; a note saying "poison" fails for good, as an unimplemented rule would. */
  const apply: CommandApplier = async (tx, cmd) => {
    const text = (cmd.payload as { text: string }).text;
    if (text === 'poison') throw new PermanentCommandError('rule 99 is not implemented', { rule: '99' });
    const head = await store.head(cmd.gameId, tx);
    await store.append(cmd.gameId, head.version, [{ type: 'NoteAdded', payload: { text } }], { head, tx });
    return { status: 'applied' };
  };

  /** What GameService.commandFailed does: a note in the log, written with failCommand. */
  const noteFailure = (tag: string) => async (command: Parameters<typeof failCommand>[1], error: PermanentCommandError) => {
    await failCommand(t.db, command, error, async (tx) => {
      const head = await store.head(command.gameId, tx);
      await store.append(command.gameId, head.version, [{ type: 'NoteAdded', payload: { text: `${tag}: ${error.message}` } }], {
        head,
        tx,
      });
    });
  };

  const texts = async (gameId: string) => (await store.read(gameId)).map((e) => (e.payload as { text: string }).text);
  const row = async (id: string) =>
    (await t.db.query<{ status: string; result: Record<string, unknown> }>('SELECT status, result FROM commands WHERE id = $1', [id]))[0];

  it('marks the command failed and records why in the log, then applies the later commands', async () => {
    await inbox.submit('g-fail', 'f1', 'note', { text: 'before' });
    const bad = await inbox.submit('g-fail', 'f2', 'note', { text: 'poison' });
    await inbox.submit('g-fail', 'f3', 'note', { text: 'after' });
    expect(await inbox.drain('g-fail', apply, 100, noteFailure('failed'))).toBe(3);
    expect(await texts('g-fail')).toEqual(['before', 'failed: rule 99 is not implemented', 'after']);
    expect(await row(bad.id)).toEqual({
      status: 'failed',
      result: { error: 'rule 99 is not implemented', rule: '99' },
    });
    expect((await store.verify('g-fail')).ok).toBe(true);
  });

  it('writes the failure note once: a second failCommand for the same command writes nothing', async () => {
    const bad = await inbox.submit('g-once', 'o1', 'note', { text: 'poison' });
    await inbox.drain('g-once', apply, 100, noteFailure('first'));
    const command = {
      id: bad.id,
      gameId: 'g-once',
      idempotencyKey: 'o1',
      kind: 'note',
      payload: { text: 'poison' },
      createdAt: new Date().toISOString(),
    };
    let ran = false;
    const again = await failCommand(t.db, command, new PermanentCommandError('again'), async () => {
      ran = true;
    });
    expect(again).toBe(false);
    expect(ran).toBe(false);
    expect(await texts('g-once')).toEqual(['first: rule 99 is not implemented']);
    expect((await row(bad.id)).result).toEqual({ error: 'rule 99 is not implemented', rule: '99' });
  });

  it('waits for the game lock: a failure is not recorded while another writer holds the game', async () => {
    const bad = await inbox.submit('g-locked', 'l1', 'note', { text: 'poison' });
    const command = {
      id: bad.id,
      gameId: 'g-locked',
      idempotencyKey: 'l1',
      kind: 'note',
      payload: {},
      createdAt: new Date().toISOString(),
    };
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const writer = t.db.transaction(async (tx) => {
      await lockGame(tx, 'g-locked');
      holding();
      await released;
      const head = await store.head('g-locked', tx);
      await store.append('g-locked', head.version, [{ type: 'NoteAdded', payload: { text: 'the other writer' } }], { head, tx });
    });
    await held;
    const failing = failCommand(t.db, command, new PermanentCommandError('boom'), async (tx) => {
      // runs after the other writer committed, so it appends after its event: no conflict
      const head = await store.head('g-locked', tx);
      await store.append('g-locked', head.version, [{ type: 'NoteAdded', payload: { text: 'failure note' } }], { head, tx });
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await row(bad.id)).status).toBe('pending'); // blocked on the lock, nothing written
    release();
    await writer;
    expect(await failing).toBe(true);
    expect(await texts('g-locked')).toEqual(['the other writer', 'failure note']);
    expect((await row(bad.id)).status).toBe('failed');
  });

  it('rolls the note back with the mark if writing it fails, then still marks the command failed, saying nobody was told', async () => {
    await inbox.submit('g-hook', 'h1', 'note', { text: 'poison' });
    const later = await inbox.submit('g-hook', 'h2', 'note', { text: 'later' });
    const brokenHook = async (command: Parameters<typeof failCommand>[1], error: PermanentCommandError) => {
      await failCommand(t.db, command, error, async (tx) => {
        const head = await store.head(command.gameId, tx);
        await store.append(command.gameId, head.version, [{ type: 'NoteAdded', payload: { text: 'half-written note' } }], { head, tx });
        throw new Error('SMTP template missing');
      });
    };
    expect(await inbox.drain('g-hook', apply, 100, brokenHook)).toBe(2);
    expect(await texts('g-hook')).toEqual(['later']); // the half-written note went with its transaction
    const failed = await t.db.query<{ status: string; result: Record<string, unknown> }>(
      `SELECT status, result FROM commands WHERE idempotency_key = 'h1'`,
    );
    expect(failed[0]).toEqual({
      status: 'failed',
      result: { error: 'rule 99 is not implemented', rule: '99', notifyError: 'SMTP template missing' },
    });
    expect((await row(later.id)).status).toBe('applied');
  });

  it('without a hook, still marks the command failed and goes on', async () => {
    const bad = await inbox.submit('g-nohook', 'n1', 'note', { text: 'poison' });
    await inbox.submit('g-nohook', 'n2', 'note', { text: 'fine' });
    expect(await inbox.drain('g-nohook', apply)).toBe(2);
    expect((await row(bad.id)).status).toBe('failed');
    expect(await texts('g-nohook')).toEqual(['fine']);
  });
});
