/**
 * Calibration of the rebuilt surface odds (box/surface.ts), ship ratings (box/ships.ts) and sinking
 * threshold (box/strike.ts) against the five night battles off Guadalcanal: each battle is fought
 * TRIALS times with seeded dice (the same figures at every run) by resolveSurface over the
 * historical forces found in the default box (surface-battles.ts), and the mean number of ships
 * sunk on each side must fall within TOLERANCE ships of the historical losses, for all five battles
 * at once (README).
 */
import { plainBox } from '../../../src/games/guadalcanal-campaign/box';
import { BATTLES, simulate } from './surface-battles';

const TRIALS = 300;
/** the widest miss allowed, in ships, for either side of any battle */
const TOLERANCE = 1.85;

describe('Guadalcanal Campaign: the surface odds calibrated against the night battles (8.2, box/surface.ts)', () => {
  const box = plainBox();
  const rows: string[] = [];
  afterAll(() => console.log(['battle | historical US/IJN | simulated US/IJN | ships', ...rows].join('\n')));
  for (const b of BATTLES)
    it(`${b.name}: the mean ships sunk fall within ${TOLERANCE} of the historical ${b.lost.us} US and ${b.lost.ijn} IJN`, () => {
      const r = simulate(b, box, TRIALS);
      rows.push(
        `${b.name} | ${b.lost.us} / ${b.lost.ijn} | ${r.us.toFixed(2)} / ${r.ijn.toFixed(2)} | ${r.forces.us.length} v ${r.forces.ijn.length}`,
      );
      expect(r.forces.us).toHaveLength(b.us.named.length + b.us.dd);
      expect(r.forces.ijn).toHaveLength(b.ijn.named.length + b.ijn.dd);
      expect(Math.abs(r.us - b.lost.us)).toBeLessThanOrEqual(TOLERANCE);
      expect(Math.abs(r.ijn - b.lost.ijn)).toBeLessThanOrEqual(TOLERANCE);
    });
});
