import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyRuleset } from '../../src/engine/evolve';
import { selfplayThrough } from '../../src/engine/selfplay';
import { selfplayGameId, storeRoundTrip } from '../../src/services/selfplay-store';
import { EventStore, type StoredEvent } from '../../src/store/event-store';
import { auditAsBundle, rechain } from '../support/bundle-audit';
import { freshDatabase, type TestDatabase } from '../support/db';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * A system side's sealed dice through the real event store and the audit bundle: Fleet Duel games
 * with the `system` option (the umpire plays blue with sealed dice) self-played through PostgreSQL,
 * exported and audited (verify.js, the verifier, re-adjudication) before the sealed seed is out
 * (the sealed dice counted as awaiting it) and after the end (every sealed die recomputed).
 */
const duel = fleetDuel as unknown as AnyRuleset;
const GAMES = 4;
let t: TestDatabase;
let work: string;
let log: StoredEvent[];
let gameId: string;

beforeAll(async () => {
  t = await freshDatabase('system_sides');
  work = mkdtempSync(join(tmpdir(), 'system-sides-bundle-'));
  let clock = 0;
  const result = await selfplayThrough(
    duel,
    { games: GAMES, seed: 'system-sides-bundle', clock: () => (clock += 1), options: { system: true } },
    storeRoundTrip(t.db, { runId: 'system', now: () => new Date('2026-11-23T12:00:00.000Z') }),
  );
  expect(result.errors).toEqual([]);
  expect(result.verified).toBe(GAMES);
  gameId = selfplayGameId('system', 0);
  log = await new EventStore(t.db).read(gameId);
}, 240_000);

afterAll(async () => {
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

const sealedDice = (events: readonly StoredEvent[]) =>
  events.filter((e) => e.type === 'DieRolled' && (e.payload as { sealed?: true }).sealed);

describe('sealed dice through the event store and the audit bundle', () => {
  it('after the end: the sealed seed hashes to the sealed anchor and every sealed die is recomputed', async () => {
    const created = log[0].payload as { systemSides?: string[]; sealedSeedAnchor?: string; sides: { side: string }[] };
    expect(created.systemSides).toEqual(['blue']);
    expect(created.sides.map((s) => s.side)).toEqual(['red']);
    const sealed = sealedDice(log).length;
    expect(sealed).toBeGreaterThan(0);
    const r = await auditAsBundle(work, gameId, log, duel);
    const text = r.lines.join('\n');
    expect(text).toContain(`${log.filter((e) => e.type === 'DieRolled').length} dice recomputed`);
    expect(text).toMatch(/sealed seeds of turns 1\.\.\d+ hash to the sealed anchor; 0 sealed dice await the reveal/);
    expect(r.ok).toBe(true);
  });

  it('before the sealed seed is out: the bundle checks the rest and says how many sealed dice await the reveal', async () => {
    const cut = log.findIndex((e) => e.type === 'SealedSeedRevealed');
    expect(cut).toBeGreaterThan(0);
    const before = log.slice(0, cut);
    const r = await auditAsBundle(work, gameId, before, duel);
    const text = r.lines.join('\n');
    expect(text).toContain(`the sealed seed is not revealed yet; ${sealedDice(before).length} sealed dice await the reveal`);
    expect(r.ok).toBe(true);
  });

  it("red's bundle hides the umpire's sealed dice; a forged sealed face is caught once the seed is out", async () => {
    const red = await auditAsBundle(work, gameId, log, duel, 'red');
    const hidden = log.filter((e) => {
      const v = e.type === 'DieRolled' ? (e.payload as { visibleTo: 'all' | string[] }).visibleTo : 'all';
      return v !== 'all' && !v.includes('red');
    });
    expect(hidden.length).toBeGreaterThanOrEqual(sealedDice(log).length);
    expect(red.lines.join('\n')).toContain(`${hidden.length} hidden from this view`);
    expect(red.ok).toBe(true);
    const die = sealedDice(log)[0];
    const p = die.payload as { face: number; sides?: number };
    const edited = log.map((e) => (e.seq === die.seq ? { ...e, payload: { ...p, face: (p.face % (p.sides ?? 6)) + 1 } } : e));
    const rechained = rechain(edited);
    const r = await auditAsBundle(work, gameId, rechained, duel);
    expect(r.ok).toBe(false);
    expect(r.lines.join('\n')).toContain(`FAIL event #${die.seq} (DieRolled)`);
  });
});
