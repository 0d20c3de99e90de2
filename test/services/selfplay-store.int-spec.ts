import { Command } from 'commander';
import { registerEngineCommands } from '../../src/cli/engine-commands';
import type { EngineEvent } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import { selfplayThrough } from '../../src/engine/selfplay';
import { rulesets } from '../../src/games';
import { selfplayGameId, storeRoundTrip } from '../../src/services/selfplay-store';
import { freshDatabase, type TestDatabase } from '../support/db';
import { unexpectedErrors } from '../support/unfinished';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * `umpire selfplay --through-store` on the real PostgreSQL: every registered ruleset and the
 * engine's test game play games whose sides miss half their deadlines, each log written with
 * EventStore.append, read back (keys re-sorted by JSONB) and replayed, verified and audited from
 * what the database returned. Before issue 16's fix, VITP's default targets fired in JSONB's key
 * order on replay and these games failed their audit.
 */
const all: [string, AnyRuleset, number][] = [
  ...Object.entries(rulesets).map(([id, r]): [string, AnyRuleset, number] => [id, r, 3]),
  ['test game', fleetDuel as unknown as AnyRuleset, 12],
];

describe('self-play through the event store on PostgreSQL', () => {
  let t: TestDatabase;
  let run = 0;

  beforeAll(async () => {
    t = await freshDatabase('selfplay_store');
  });
  afterAll(() => t.drop());

  it.each(all)(
    '%s: given sides that miss half their deadlines, when every game is stored and read back, then every game verifies',
    async (_id, ruleset, games) => {
      const runId = `r${run++}`;
      const written: EngineEvent[][] = [];
      const readBack: (readonly EngineEvent[])[] = [];
      const store = storeRoundTrip(t.db, { runId, now: () => new Date('2026-01-01T00:00:00Z'), batch: 400 });
      let clock = 0;
      const result = await selfplayThrough(
        ruleset,
        // 30 turns at most: a 294-turn campaign would hold the store for minutes; the cap counts apart (unfinishedAtCap)
        { games, seed: 'through-store', clock: () => clock++, missRate: 0.5, maxTurns: 30 },
        async (g, log) => {
          written.push([...log]);
          const back = await store(g, log);
          readBack.push(back);
          return back;
        },
      );

      // a game still being built stops at a rule it lacks, an error of its own; nothing else may go wrong
      const unfinished = (ruleset as { unfinished?: unknown }).unfinished !== undefined;
      expect(unexpectedErrors(ruleset, result.errors)).toEqual([]);
      // (a game that never reaches a missing rule plays to its end or to the cap of its seed chain, not counted failed)
      expect(result.verified).toBe(games);
      if (unfinished) expect(result.failed + result.ended + result.unfinishedAtCap).toBe(games);
      else expect(result.failed).toBe(0);
      expect(result.defaultsApplied).toBeGreaterThan(unfinished ? 0 : games);
      // every event is in the database, under the run's game ids
      const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE game_id LIKE $1', [
        `G-selfplay-${runId}-%`,
      ]);
      expect(rows[0].n).toBe(result.events);
      expect((await t.db.query('SELECT 1 FROM events WHERE game_id = $1', [selfplayGameId(runId, games - 1)])).length).toBeGreaterThan(0);
      // the round trip is not the identity: JSONB gave some payloads back with their keys in another order
      const reordered = readBack.flat().filter((e, i) => JSON.stringify(e) !== JSON.stringify(written.flat()[i])).length;
      expect(reordered).toBeGreaterThan(0);
    },
    300_000,
  );

  it('given the CLI with --through-store and --miss-rate, then it prints the tally and exits 0; a bad --miss-rate is a usage error', async () => {
    const out: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = t.url;
    process.exitCode = 0;
    try {
      const program = new Command('umpire').exitOverride();
      registerEngineCommands(program, { 'fleet-duel': fleetDuel });
      await program.parseAsync(['selfplay', 'fleet-duel', '--games', '4', '--through-store', '--miss-rate', '0.5'], { from: 'user' });
      expect(process.exitCode).toBe(0);
      expect(out.join('\n')).toMatch(/^4 games \(4 ended, 0 unfinished at cap\), \d+ events, 0 errors/m);
      expect(out.join('\n')).toMatch(/^verified: 4 ok, 0 failed; [1-9]\d* default orders applied/m);
      expect(out.join('\n')).toMatch(/stored in PostgreSQL as G-selfplay-[0-9a-f]{8}-0 \.\. G-selfplay-[0-9a-f]{8}-3/);

      const again = new Command('umpire').exitOverride();
      registerEngineCommands(again, { 'fleet-duel': fleetDuel });
      await expect(again.parseAsync(['selfplay', 'fleet-duel', '--miss-rate', '1.5'], { from: 'user' })).rejects.toThrow(
        '--miss-rate must be a number from 0 to 1, got "1.5"',
      );
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
      process.exitCode = 0;
      log.mockRestore();
      err.mockRestore();
    }
  }, 120_000);
});
