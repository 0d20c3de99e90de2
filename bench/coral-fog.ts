/**
 * The Coral Sea fog property (test/games/coral-sea-solitaire/core/fog-leaks.ts, the one
 * `core/fog.spec.ts` checks on a few games) over the games of `umpire selfplay coral-sea-solitaire`:
 * the same game seeds, options and missed deadlines, so a run here checks the very games a selfplay
 * run with the same flags verified. Prints each game with a leak (its first three) and the tally;
 * exit code 1 if any.
 *
 *   npx tsc -p tsconfig.build.json && nice -n 19 node dist/bench/coral-fog.js --games 200 [--seed umpire] \
 *     [--miss-rate 0.1] [--option screening ...]
 */
import { playOneGame } from '../src/engine/selfplay';
import { seededRng } from '../src/engine/random-player';
import { gameLeaks, ruleset } from '../test/games/coral-sea-solitaire/core/fog-leaks';

function args(argv: readonly string[]) {
  const out = { games: 200, seed: 'umpire', missRate: 0.1, options: {} as Record<string, boolean> };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--games') out.games = Number(value);
    else if (flag === '--seed') out.seed = value;
    else if (flag === '--miss-rate') out.missRate = Number(value);
    else if (flag === '--option') {
      for (let j = i + 1; j < argv.length && !argv[j].startsWith('--'); j++) out.options[argv[j]] = true;
      continue;
    } else continue;
    i++;
  }
  return out;
}

function main(): number {
  const a = args(process.argv.slice(2));
  // the selfplay CLI's own derivation of game seeds (src/engine/selfplay.ts, Run.games)
  const master = seededRng(a.seed);
  const start = Date.now();
  let withLeak = 0;
  for (let index = 0; index < a.games; index++) {
    const gameSeed = `${a.seed}/${index}/${master.hex(8)}`;
    const { events } = playOneGame(ruleset, gameSeed, { options: a.options, missRate: a.missRate });
    const found = gameLeaks(events);
    if (!found.length) continue;
    withLeak++;
    console.log(`LEAK ${gameSeed}: ${found.slice(0, 3).join('; ')}`);
  }
  const options = Object.keys(a.options).join(' ') || 'none';
  console.log(
    `fog over ${a.games} games (seed ${a.seed}, miss rate ${a.missRate}, options ${options}): ${withLeak} with a leak, ${((Date.now() - start) / 1000).toFixed(0)} s`,
  );
  return withLeak ? 1 : 0;
}

process.exitCode = main();
