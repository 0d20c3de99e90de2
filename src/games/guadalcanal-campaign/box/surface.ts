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
    250,
    "calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, README): one exchange stands for the whole night action, so a gun hits on 25%; with 8.2D's US half this sinks about as many US ships as history and the most Japanese ships the printed factors allow",
  ),
  /** 8.2D: US gunfire is half as accurate as Japanese, US battleships 1.5 times Japanese */
  usGun: printed(0.5, '8.2D'),
  usBbGun: printed(1.5, '8.2D'),
  /** per-mille hit chance of one Japanese 24-inch torpedo against a 30-knot ship of DF 30 */
  torpedoPerMille: rebuilt(
    160,
    'calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, README): 16% a torpedo fits Savo and the first Naval Battle of Guadalcanal without overshooting Cape Esperance and Tassafaronga',
  ),
  /** 8.2D: Japanese surface torpedoes are 8 times as accurate as US ones */
  usTorpedo: printed(0.125, '8.2D'),
  /** per-mille hit chance of one Japanese light (AA) gun */
  aaPerMille: rebuilt(
    100,
    'calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, README): US destroyers and CLAAs fire only light guns (box/ships.ts), 10% a gun lets them share in sinking Japanese destroyers',
  ),
  /** the speed factor is speedKnots / target speed within these limits (8.2D: slower ships are hit more) */
  speedKnots: rebuilt(30, 'rebuilt: the factor is 1 at 30 knots, the cruisers and destroyers of the battles'),
  speedLimits: rebuilt([0.8, 2], 'rebuilt: a 5-knot cripple is hit twice as often, a 36-knot destroyer 0.8 times'),
  /** the size factor is target DF / sizeDf within these limits (8.2D: bigger ships are hit more) */
  sizeDf: rebuilt(30, 'rebuilt: a heavy cruiser (DF 30, box/ships.ts) is the unit target'),
  sizeLimits: rebuilt(
    [1, 1.5],
    'calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, README): small ships are not hit less often than a cruiser (a lower limit of 0.4 or 0.7 left the Japanese destroyers nearly unsinkable), a battleship 1.5 times',
  ),
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
