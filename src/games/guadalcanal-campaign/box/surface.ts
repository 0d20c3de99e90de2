/**
 * Surface combat (8.2, 9.3D). The relative accuracies (8.2D), the day limits (8.2F), the 50% of
 * APDs and DMSs (8.2G), the damage of each weapon (9.1A) and the scare thresholds (9.3D) are
 * printed; the base hit chances, the speed and size curves and the first-week US handicap (8.2E)
 * are not, and are rebuilt here with their reason. They are not yet calibrated by simulation against
 * the historical battles (README).
 */
import { printed, rebuilt } from './source';

export const SURFACE = {
  /** per-mille hit chance of one Japanese main gun against a 30-knot ship of DF 30 */
  gunPerMille: rebuilt(
    60,
    'rebuilt: Cape Esperance (11-12 October 1942) and the first Naval Battle of Guadalcanal put roughly one hit in fifteen to twenty heavy-gun salvoes at night; a 6% chance per gun per round gives Japanese cruiser lines the two to four hits a cruiser took there',
  ),
  /** 8.2D: US gunfire is half as accurate as Japanese, US battleships 1.5 times Japanese */
  usGun: printed(0.5, '8.2D'),
  usBbGun: printed(1.5, '8.2D'),
  /** per-mille hit chance of one Japanese 24-inch torpedo against a 30-knot ship of DF 30 */
  torpedoPerMille: rebuilt(
    120,
    'rebuilt: at Savo (9 August 1942) and Tassafaronga (30 November 1942) Japanese destroyers and cruisers hit with about one torpedo in eight to ten fired at night; 12% per torpedo',
  ),
  /** 8.2D: Japanese surface torpedoes are 8 times as accurate as US ones */
  usTorpedo: printed(0.125, '8.2D'),
  /** per-mille hit chance of one Japanese light (AA) gun */
  aaPerMille: rebuilt(
    20,
    'rebuilt: secondary guns of 5 inches and less did many hits of little weight at Savo and the first Naval Battle of Guadalcanal; 2% per gun each worth 0.5 (9.1A) adds a few points a ship',
  ),
  /** the speed factor is speedKnots / target speed within these limits (8.2D: slower ships are hit more) */
  speedKnots: rebuilt(30, 'rebuilt: the factor is 1 at 30 knots, the cruisers and destroyers of the battles'),
  speedLimits: rebuilt([0.8, 2], 'rebuilt: a 5-knot cripple is hit twice as often, a 36-knot destroyer 0.8 times'),
  /** the size factor is target DF / sizeDf within these limits (8.2D: bigger ships are hit more) */
  sizeDf: rebuilt(30, 'rebuilt: a heavy cruiser (DF 30, box/ships.ts) is the unit target'),
  sizeLimits: rebuilt([0.4, 1.5], 'rebuilt: a destroyer (DF about 9) is hit 0.4 times as often, a battleship 1.5 times'),
  /** 8.2E: US accuracy in the first 7 days (turns 1-14) of the campaign game */
  firstWeekUs: rebuilt(
    0.25,
    '8.2E prints only "a major disadvantage": Savo (9 August) saw four Allied heavy cruisers sunk for almost no damage to the Japanese; US fire at a quarter of its accuracy gives that',
  ),
  firstWeekTurns: printed(14, '8.2E: the first 7 days, two turns a day (3.1)'),
  /** 8.2F(b): by day IJN torpedoes hit an uncrippled ship a third as often */
  dayIjnTorpedo: printed(1 / 3, '8.2F'),
  /** 8.2G: APDs and DMSs fire half the time */
  halfTimePercent: printed(50, '8.2G'),
  /** 9.1A: the average damage of one hit */
  damage: printed(
    { aa: 0.5, cl: 1, ca: 2, yamato: 9, usBb: 8, mutsu: 7, ijnBb: 6, torpedo21: 5, torpedo24: 9 },
    '9.1A (destroyer and other main guns count as CL guns: 9.1A lists none)',
  ),
  /** 9.1A: knots lost to a 21-inch and a 24-inch torpedo hit */
  knots21: printed(5, '9.1A'),
  knots24: printed(10, '9.1A'),
  /** 9.3D: the scare thresholds and the battleship main-gun weight */
  scareDf: printed(25, '9.3D'),
  scareMg: printed(15, '9.3D'),
  scareBb: printed(4, '9.3D'),
  /** 9.3D: a scared TF's endurance drops to this (when higher) */
  scaredEndurance: printed(8, '9.3D'),
};
