import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import type { StoredEvent } from '../../src/store/event-store';
import { rechain } from '../support/bundle-audit';

/**
 * Players can check the rulings (issue 30): a side's bundle keeps every ruling that changed the game
 * with its reason, disclosed beside its hash with every address withheld, and verify.js lists them.
 * The log is the audit test vectors' (test/fixtures/audit-vectors) with the referee's rulings added.
 */
const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'audit-vectors', 'events.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as StoredEvent);
const ruling = (type: string, payload: unknown) => ({ ...fixture[0], type, payload, metadata: { actor: 'referee' } });
const log = rechain(
  [
    ...fixture,
    ruling('GamePaused', { referee: 'ref@club.test', reason: 'the club is on holiday until the 3rd' }),
    ruling('SeatReplaced', {
      side: 'red',
      address: 'new@players.test',
      previous: 'red@players.test',
      referee: 'ref@club.test',
      reason: 'red asked to leave',
    }),
    ruling('NoteAdded', { text: 'referee only: red@players.test wrote to me privately' }),
  ].map((e, i) => ({ ...e, seq: i + 1 })),
);

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'side-rulings-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a side's bundle and the rulings", () => {
  it("given rulings in the log, then blue's bundle discloses each with its reason, no address, and verify.js lists them", async () => {
    const files = bundleFiles({ log, view: 'blue', serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' });
    const lines = files['events.jsonl']
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const replaced = lines.find((e) => e.type === 'SeatReplaced');
    expect(replaced).toMatchObject({
      redacted: true,
      disclosed: { side: 'red', reason: 'red asked to leave', address: '(address withheld)' },
    });
    // a note is no ruling: nothing of it is disclosed; and no address anywhere in blue's log
    expect(lines.find((e) => e.type === 'NoteAdded')).not.toHaveProperty('disclosed');
    expect(files['events.jsonl']).not.toMatch(/@players\.test|@club\.test/);

    const file = join(work, 'blue.tar.gz');
    await writeBundle(files, 'G-rulings', file);
    spawnSync('tar', ['xzf', file], { cwd: work });
    const r = spawnSync(process.execPath, ['verify.js'], { cwd: join(work, 'G-rulings-audit'), encoding: 'utf8' });
    expect(r.stdout).toContain(
      `ruling: event #${fixture.length + 1} (GamePaused); reason: the club is on holiday until the 3rd (disclosed beside its hash`,
    );
    expect(r.stdout).toContain(`ruling: event #${fixture.length + 2} (SeatReplaced): red; reason: red asked to leave`);
    expect(r.stdout).not.toContain('NoteAdded');
    expect(r.status).toBe(0);
  });
});
