/**
 * Calibration of Coral Sea Solitaire's reconstructed tables (issue 26; the figures are in
 * src/games/coral-sea-solitaire/box/README.md, "Calibration"): self-play games with a named USN
 * machine player (default `historical`), each replayed and verified as `umpire selfplay` does, and
 * the outcome split, the victory levels, mean VP and what scored them, panic, carriers lost and
 * landings. The games are `umpire selfplay coral-sea-solitaire --seed <seed> --player usn=<player>
 * --miss-rate <r>`'s own (same game seeds), so the CLI reproduces the outcome split.
 *
 *   npx tsc -p tsconfig.build.json && nice -n 19 node dist/bench/coral-calibration.js \
 *     --games 200 --seed cs-cal [--player historical] [--miss-rate 0] [--option screening ...]
 */
import type { EngineEvent } from '../src/engine/engine-events';
import { seededRng } from '../src/engine/random-player';
import { checkReplay, playOneGame } from '../src/engine/selfplay';
import { coralSeaSolitaire } from '../src/games/coral-sea-solitaire';
import type { CoralState } from '../src/games/coral-sea-solitaire/types';

interface Args {
  games: number;
  seed: string;
  player: string;
  missRate: number;
  options: Record<string, boolean>;
}

function args(argv: readonly string[]): Args {
  const out: Args = { games: 50, seed: 'cs-cal', player: 'historical', missRate: 0, options: {} };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--games') out.games = Number(value);
    else if (flag === '--seed') out.seed = value;
    else if (flag === '--player') out.player = value;
    else if (flag === '--miss-rate') out.missRate = Number(value);
    else if (flag === '--option') {
      for (let j = i + 1; j < argv.length && !argv[j].startsWith('--'); j++) out.options[argv[j]] = true;
      continue;
    } else continue;
    i++;
  }
  return out;
}

/** The rules events of a log, as { type, data }. */
const rulesEvents = (log: readonly EngineEvent[]) =>
  log.flatMap((e) => (e.type === 'RulesApplied' ? [e.data.event as { type: string; data: Record<string, unknown> }] : []));

function main(): void {
  const a = args(process.argv.slice(2));
  const master = seededRng(a.seed);
  const tally = {
    games: 0,
    ended: 0,
    verified: 0,
    errors: [] as string[],
    outcome: {} as Record<string, number>,
    level: {} as Record<string, number>,
    vp: { usn: 0, ijn: 0 },
    vpBy: { usn: {} as Record<string, number>, ijn: {} as Record<string, number> },
    panicked: 0,
    carriersLost: { usn: 0, ijn: 0 },
    landings: 0,
  };
  const start = Date.now();
  for (let index = 0; index < a.games; index++) {
    const gameSeed = `${a.seed}/${index}/${master.hex(8)}`;
    tally.games++;
    try {
      const played = playOneGame(coralSeaSolitaire, gameSeed, { options: a.options, players: { usn: a.player }, missRate: a.missRate });
      const problems = checkReplay(coralSeaSolitaire, played.events, played.state);
      if (problems.length) tally.errors.push(`${gameSeed}: ${problems.join('; ')}`);
      else tally.verified++;
      const s = played.state.rules as CoralState;
      if (!played.state.step && s.result) {
        tally.ended++;
        tally.outcome[s.result.winner] = (tally.outcome[s.result.winner] ?? 0) + 1;
        const key = s.result.winner === 'draw' ? 'draw' : `${s.result.winner} ${s.result.level}`;
        tally.level[key] = (tally.level[key] ?? 0) + 1;
      }
      tally.vp.usn += s.vp.usn;
      tally.vp.ijn += s.vp.ijn;
      for (const ev of rulesEvents(played.events)) {
        if (ev.type === 'coral.vp') {
          const d = ev.data as { side: 'usn' | 'ijn'; points: number; reason: string };
          const why = d.reason.replace(/\b([A-Z]+)-\d+\b/g, '$1').replace(/\d+/g, 'n');
          tally.vpBy[d.side][why] = (tally.vpBy[d.side][why] ?? 0) + d.points;
        }
        if (ev.type === 'coral.panicked') tally.panicked++;
        if (ev.type === 'coral.ship.status') {
          const d = ev.data as { ship: string; to: string };
          if ((d.to === 'sunk' || d.to === 'crippled') && /:CVL?-/.test(d.ship))
            tally.carriersLost[d.ship.startsWith('ijn:') ? 'ijn' : 'usn']++;
        }
        if (ev.type === 'coral.landing.phase') tally.landings++;
      }
    } catch (e) {
      tally.errors.push(`${gameSeed}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const n = tally.games;
  const per = (x: number) => (x / n).toFixed(2);
  const top = (m: Record<string, number>) =>
    Object.entries(m)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 8)
      .map(([k, v]) => `${k} ${per(v)}`)
      .join('; ');
  console.log(
    `${n} games (player usn=${a.player}, seed ${a.seed}, miss rate ${a.missRate}, options ${Object.keys(a.options).join(' ') || 'none'}) in ${((Date.now() - start) / 1000).toFixed(0)} s`,
  );
  console.log(`ended ${tally.ended}, verified ${tally.verified}, errors ${tally.errors.length}`);
  console.log(`outcome: ${JSON.stringify(tally.outcome)}`);
  console.log(`levels: ${JSON.stringify(tally.level)}`);
  console.log(`mean VP: USN ${per(tally.vp.usn)}, IJN ${per(tally.vp.ijn)}`);
  console.log(`mean VP to the USN by reason: ${top(tally.vpBy.usn)}`);
  console.log(`mean VP to the IJN by reason: ${top(tally.vpBy.ijn)}`);
  console.log(
    `panic set in: ${tally.panicked} games; carriers sunk or crippled per game: USN ${per(tally.carriersLost.usn)}, IJN ${per(tally.carriersLost.ijn)}`,
  );
  console.log(`landing phases per game: ${per(tally.landings)}`);
  for (const e of tally.errors.slice(0, 10)) console.log(`ERROR ${e}`);
}

main();
