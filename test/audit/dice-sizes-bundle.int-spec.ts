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
 * Dice of other sizes and rolls with their own visibility through the real event store: Fleet Duel
 * games with the scouting rules (a d10 for the weather, picks of a ship) written to PostgreSQL (JSONB
 * re-sorts their keys), read back, exported, and audited by `umpire verify --bundle` (verify.js, the
 * verifier, re-adjudication), for the referee and for a side; a forged d10 is caught.
 */
const duel = fleetDuel as unknown as AnyRuleset;
let t: TestDatabase;
let work: string;
let log: StoredEvent[];
let gameId: string;

beforeAll(async () => {
  t = await freshDatabase('dice_sizes');
  work = mkdtempSync(join(tmpdir(), 'dice-sizes-bundle-'));
  let clock = 0;
  const result = await selfplayThrough(
    duel,
    { games: 4, seed: 'dice-sizes-bundle', clock: () => (clock += 1), options: { scouting: true } },
    storeRoundTrip(t.db, { runId: 'sizes', now: () => new Date('2026-11-23T12:00:00.000Z') }),
  );
  expect(result.errors).toEqual([]);
  expect(result.verified).toBe(4);
  // the first game with a d10 and a pick whose die one side alone sees
  const store = new EventStore(t.db);
  for (let g = 0; g < 4 && !log; g++) {
    const events = await store.read(selfplayGameId('sizes', g));
    const dice = events.filter((e) => e.type === 'DieRolled').map((e) => e.payload as { sides?: number; rule: string });
    if (dice.some((d) => d.sides === 10) && dice.some((d) => d.rule === '6.2')) {
      log = events;
      gameId = selfplayGameId('sizes', g);
    }
  }
  expect(log).toBeDefined();
}, 240_000);

afterAll(async () => {
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('dice of other sizes through the event store and the audit bundle', () => {
  it('given the stored log, then the full audit from the bundle passes: chain, seeds, every die of each size, re-adjudication', async () => {
    const stored = log.filter((e) => e.type === 'DieRolled').map((e) => e.payload as { sides?: number; visibleTo: unknown });
    expect(stored.some((d) => d.sides === 10 && d.visibleTo === 'all')).toBe(true);
    const r = await auditAsBundle(work, gameId, log, duel);
    const text = r.lines.join('\n');
    expect(text).toContain(`${stored.length} dice recomputed`);
    expect(text).toMatch(
      /ok: events #1-#\d+ \(the end\): \d+ steps re-adjudicated under fleet-duel\/1 \(builds\/fleet-duel_1\+e3\.js, SHA-256 [0-9a-f]{12}\.\.\.\) give the recorded results/,
    );
    expect(r.ok).toBe(true);
  });

  it("given a side's bundle, then the dice kept from it are redacted and the rest check", async () => {
    const hiddenFromBlue = log.filter((e) => {
      if (e.type !== 'DieRolled') return false;
      const v = (e.payload as { visibleTo: unknown }).visibleTo;
      return v !== 'all' && !(v as string[]).includes('blue');
    });
    expect(hiddenFromBlue.length).toBeGreaterThan(0);
    const r = await auditAsBundle(work, gameId, log, duel, 'blue');
    expect(r.lines.join('\n')).toContain(`${hiddenFromBlue.length} hidden from this view`);
    expect(r.ok).toBe(true);
  });

  it('given a forged d10 face, re-chained, then the audit names the event', async () => {
    const d10 = log.find((e) => e.type === 'DieRolled' && (e.payload as { sides?: number }).sides === 10)!;
    const p = d10.payload as { face: number };
    const edited = log.map((e) => (e.seq === d10.seq ? { ...e, payload: { ...p, face: (p.face % 10) + 1 } } : e));
    const r = await auditAsBundle(work, gameId, rechain(edited), duel);
    expect(r.ok).toBe(false);
    expect(r.lines.join('\n')).toContain(`FAIL event #${d10.seq} (DieRolled)`);
  });
});
