/**
 * The Guadalcanal Campaign fog property (test/games/guadalcanal-campaign/fog-leaks.ts, the one
 * fog.spec.ts checks on a few dozen games) over many random games of the short scenarios, two-player
 * and solitaire alternately: prints each game with a leak (its first three), a count every 50 games
 * and the tally; exit
 * code 1 if any game leaks or fails.
 *
 *   npx tsx bench/gc-fog.ts --games 1000 [--seed umpire]
 */
import { playOneGame } from '../src/engine/selfplay';
import { FOG_SCENARIOS, gameLeaks, ruleset } from '../test/games/guadalcanal-campaign/fog-leaks';

function args(argv: readonly string[]) {
  const out = { games: 1000, seed: 'umpire' };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === '--games') out.games = Number(argv[i + 1]);
    else if (argv[i] === '--seed') out.seed = argv[i + 1];
  }
  return out;
}

function main(): number {
  const a = args(process.argv.slice(2));
  const start = Date.now();
  let withLeak = 0;
  let stopped = 0;
  let events = 0;
  for (let g = 0; g < a.games; g++) {
    const scenario = FOG_SCENARIOS[g % FOG_SCENARIOS.length];
    const mode = Math.floor(g / FOG_SCENARIOS.length) % 2 ? 'solitaire' : 'two-player';
    const gameSeed = `${a.seed}/gc-fog/${g}`;
    const played = playOneGame(ruleset, gameSeed, { options: { scenario, mode } });
    events += played.events.length;
    if (played.stopped) {
      stopped++;
      console.log(`STOPPED ${gameSeed} (${scenario}, ${mode}): rule ${played.stopped.rule}`);
    }
    const found = gameLeaks(played.events);
    if ((g + 1) % 50 === 0)
      console.log(`${g + 1} games: ${withLeak + (found.length ? 1 : 0)} with a leak, ${((Date.now() - start) / 1000).toFixed(0)} s`);
    if (!found.length) continue;
    withLeak++;
    console.log(`LEAK ${gameSeed} (${scenario}, ${mode}): ${found.slice(0, 3).join('; ')}`);
  }
  console.log(
    `fog over ${a.games} games (${FOG_SCENARIOS.join(', ')}; seed ${a.seed}): ${withLeak} with a leak, ${stopped} stopped at a missing rule, ${events} events, ${((Date.now() - start) / 1000).toFixed(0)} s`,
  );
  return withLeak ? 1 : 0;
}

process.exitCode = main();
