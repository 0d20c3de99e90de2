/**
 * Calibration of the rebuilt land casualty rates (box/land.ts, 8.7B) against the three Japanese
 * offensives on Guadalcanal: each is fought TRIALS times with seeded dice (the same figures at every
 * run) by resolveLand over the historical garrisons (land-battles.ts), and the median companies
 * lost on each side must fall within the tolerances of history's, for all three at once (README;
 * the fit itself is land-fit.ts).
 */
import { plainBox } from '../../../src/games/guadalcanal-campaign/box';
import { LAND_BATTLES, simulateLand, US_LAND_BATTLES } from './land-battles';

const TRIALS = 1001;
/** the widest miss allowed, in companies of 200 men: Japanese losses, US losses */
const TOLERANCE = { ijn: 2, us: 1 };

describe('Guadalcanal Campaign: the land casualty rates calibrated against the Japanese offensives (8.7, box/land.ts)', () => {
  const land = plainBox().land!;
  const rows: string[] = [];
  afterAll(() => console.log(['offensive | historical US/IJN | median US/IJN | mean US/IJN', ...rows].join('\n')));

  it('given the default box, then the rates are the reconstructed ones, rising with the level (8.7D)', () => {
    for (const rate of [land.defenderRate, land.attackerRate, land.usAttackDefenderRate!, land.usAttackAttackerRate!])
      for (let k = 1; k < 5; k++) expect(rate[k]).toBeGreaterThan(rate[k - 1]);
  });

  for (const b of [...LAND_BATTLES, ...US_LAND_BATTLES])
    it(`${b.name}: the median losses fall within ${TOLERANCE.us} US and ${TOLERANCE.ijn} Japanese companies of the historical ${b.lost.us} and ${b.lost.ijn}`, () => {
      const r = simulateLand(b, land, TRIALS);
      rows.push(
        `${b.name} | ${b.lost.us} / ${b.lost.ijn} | ${r.median.us} / ${r.median.ijn} | ${r.mean.us.toFixed(2)} / ${r.mean.ijn.toFixed(2)}`,
      );
      expect(Math.abs(r.median.us - b.lost.us)).toBeLessThanOrEqual(TOLERANCE.us);
      expect(Math.abs(r.median.ijn - b.lost.ijn)).toBeLessThanOrEqual(TOLERANCE.ijn);
    });
});
