/**
 * The fit behind box/land.ts's casualty rates (README, land calibration), not a test: run with
 * `npx tsx test/games/guadalcanal-campaign/land-fit.ts`. The Japanese losses hang on the defenders'
 * rate alone (the US loses too few companies to fire less), so it is fitted first: the level-5
 * rate from 0.020 to 0.100 by 0.0005 whose simulated median Japanese losses miss history by the
 * least, the widest miss over the three offensives in companies, ties to the smaller sum of misses.
 * Then the attackers' level-5 rate from 0.0005 to 0.0100 by 0.0001 by the same test on the mean
 * US losses (the medians are whole companies and history's are all under one: 0 is as near as 1).
 */
import { plainBox } from '../../../src/games/guadalcanal-campaign/box';
import { byLevel, LAND_BATTLES, simulateLand } from './land-battles';

const TRIALS = 401;
const land = plainBox().land!;
const grid = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 1e5) / 1e5);

let best = { d: 0, widest: Number.POSITIVE_INFINITY, sum: Number.POSITIVE_INFINITY };
for (const d of grid(0.02, 0.1, 0.0005)) {
  const misses = LAND_BATTLES.map((b) => Math.abs(simulateLand(b, { ...land, defenderRate: byLevel(d) }, TRIALS).median.ijn - b.lost.ijn));
  const widest = Math.max(...misses);
  const sum = misses.reduce((a, x) => a + x, 0);
  if (widest < best.widest || (widest === best.widest && sum < best.sum)) best = { d, widest, sum };
}
console.log('defenders level 5:', best.d, 'widest Japanese miss', best.widest, 'companies');

let fit = { a: 0, widest: Number.POSITIVE_INFINITY, sum: Number.POSITIVE_INFINITY };
for (const a of grid(0.0005, 0.01, 0.0001)) {
  const odds = { ...land, defenderRate: byLevel(best.d), attackerRate: byLevel(a) };
  const misses = LAND_BATTLES.map((b) => Math.abs(simulateLand(b, odds, TRIALS).mean.us - b.lost.us));
  const widest = Math.round(Math.max(...misses) * 1e6) / 1e6;
  const sum = misses.reduce((x, m) => x + m, 0);
  if (widest < fit.widest || (widest === fit.widest && sum < fit.sum)) fit = { a, widest, sum };
}
console.log('attackers level 5:', fit.a, 'widest US miss of the means', fit.widest.toFixed(3), 'companies');
const odds = { ...land, defenderRate: byLevel(best.d), attackerRate: byLevel(fit.a) };
for (const b of LAND_BATTLES) {
  const r = simulateLand(b, odds, TRIALS);
  console.log(
    `${b.name} | ${b.lost.us} / ${b.lost.ijn} | median ${r.median.us} / ${r.median.ijn} | mean ${r.mean.us.toFixed(2)} / ${r.mean.ijn.toFixed(2)}`,
  );
}
