/**
 * The long games' self-play figures for `npm run bench -- --only throughput` (issue 33: "the
 * Solomons and Guadalcanal Campaign self-play figures"): Solomons Campaign's Extended scenario
 * (Aug I to Feb I, thousands of steps a turn) and the Guadalcanal Campaign's 294-turn campaign and
 * one short scenario, random players, every game replayed and checked as `umpire selfplay` checks
 * it. Each set is played twice in the process (the second pass warm), timed by the wall clock and
 * by this process's CPU (all threads: V8's garbage collector and compiler threads count).
 */
import type { AnyRuleset } from '../src/engine/evolve';
import type { GameOptions } from '../src/engine/ruleset';
import { selfplay } from '../src/engine/selfplay';
import { rulesets } from '../src/games';

interface LongGameSet {
  readonly label: string;
  readonly ruleset: AnyRuleset;
  readonly options: GameOptions;
  readonly games: number;
  readonly maxTurns: number;
}

export interface LongGameFigures {
  readonly label: string;
  readonly games: number;
  readonly errors: number;
  readonly eventsPerGame: number;
  readonly cold: { readonly wallSec: number; readonly cpuSec: number };
  readonly warm: { readonly wallSec: number; readonly cpuSec: number };
}

const cpuSec = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

export function benchLongGames(
  progress: (line: string) => void,
  size: 'quick' | 'default' | 'full',
): { lines: string[]; figures: LongGameFigures[] } {
  const n = (quick: number, normal: number, full: number) => (size === 'quick' ? quick : size === 'full' ? full : normal);
  const sets: LongGameSet[] = [
    {
      label: 'Solomons Campaign, Extended',
      ruleset: rulesets['solomons-campaign'],
      options: { scenario: 'extended' },
      games: n(5, 20, 100),
      maxTurns: 200,
    },
    {
      label: 'Guadalcanal Campaign, the campaign (294 turns)',
      ruleset: rulesets['guadalcanal-campaign'],
      options: { scenario: 'campaign' },
      games: n(1, 2, 20),
      maxTurns: 300,
    },
    {
      label: 'Guadalcanal Campaign, Santa Cruz',
      ruleset: rulesets['guadalcanal-campaign'],
      options: { scenario: 'santa-cruz' },
      games: n(10, 50, 200),
      maxTurns: 300,
    },
  ];
  const figures: LongGameFigures[] = [];
  for (const set of sets) {
    const pass = (which: string) => {
      progress(`long games: ${set.label}, ${set.games} games (${which})`);
      const [w0, c0] = [performance.now(), cpuSec()];
      const r = selfplay(set.ruleset, {
        games: set.games,
        seed: 'bench-long',
        clock: () => performance.now(),
        options: set.options,
        maxTurns: set.maxTurns,
      });
      return { r, wallSec: (performance.now() - w0) / 1000, cpuSec: cpuSec() - c0 };
    };
    const cold = pass('cold');
    const warm = pass('warm');
    figures.push({
      label: set.label,
      games: set.games,
      errors: cold.r.errors.length + warm.r.errors.length,
      eventsPerGame: Math.round(cold.r.events / set.games),
      cold: { wallSec: cold.wallSec, cpuSec: cold.cpuSec },
      warm: { wallSec: warm.wallSec, cpuSec: warm.cpuSec },
    });
  }
  const lines = [
    'Long games (random players, every game replayed, hash-checked, dice verified and re-adjudicated; second pass warm)',
    ...figures.map(
      (f) =>
        `  ${f.label}: ${f.games} games, ${f.errors} errors, ${f.eventsPerGame} events a game; ${f.cold.wallSec.toFixed(1)} s cold, ${f.warm.wallSec.toFixed(1)} s warm (${(f.games / f.warm.wallSec).toFixed(2)} games/s; ${f.warm.cpuSec.toFixed(1)} s of CPU)`,
    ),
  ];
  return { lines, figures };
}
