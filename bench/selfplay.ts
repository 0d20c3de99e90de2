/**
 * Engine figures for `npm run bench`: complete games between random legal players, each replayed
 * and verified (state hashes, hash chain, dice, re-adjudication), for every registered ruleset and
 * the engine's own test game.
 */
import { selfplay } from '../src/engine/selfplay';
import type { AnyRuleset } from '../src/engine/game';
import { rulesets } from '../src/games';
import { fleetDuel } from '../test/../src/games/fleet-duel';

export async function benchSelfplay(
  progress: (line: string) => void,
  quick: boolean,
): Promise<{ lines: string[]; figures: Record<string, unknown> }> {
  const lines = ['Engine selfplay (random legal players; every game replayed and verified)'];
  const figures: Record<string, unknown> = {};
  const all: AnyRuleset[] = [fleetDuel, ...Object.values(rulesets)];
  for (const ruleset of all) {
    const games = ruleset.id === fleetDuel.id ? (quick ? 100 : 500) : quick ? 10 : 50;
    progress(`selfplay ${ruleset.id}: ${games} games`);
    const memBefore = process.memoryUsage().heapUsed;
    const r = selfplay(ruleset, { games, seed: 'bench', clock: () => performance.now() });
    const heapMb = (process.memoryUsage().heapUsed - memBefore) / 1e6;
    const secs = r.elapsedMs / 1000;
    figures[ruleset.id] = {
      games: r.games,
      ended: r.ended,
      events: r.events,
      errors: r.errors.length,
      gamesPerSec: r.games / secs,
      eventsPerSec: r.events / secs,
      heapDeltaMb: heapMb,
    };
    lines.push(
      `  ${ruleset.id.padEnd(12)} ${r.games} games (${r.ended} ended, ${r.errors.length} errors), ${(r.games / secs).toFixed(1)} games/s, ${(r.events / secs).toFixed(0)} events/s, heap +${heapMb.toFixed(1)} MB`,
    );
  }
  return { lines, figures };
}
