/**
 * Surface combat (8.2, 9.3D). The relative accuracies (8.2D), the day limits (8.2F), the 50% of
 * APDs and DMSs (8.2G), the damage of each weapon (9.1A) and the scare thresholds (9.3D) are
 * printed; the base hit chances, the speed and size curves and the first-week US handicap (8.2E)
 * are not, and are rebuilt here with their reason. The rebuilt chances are calibrated by simulation
 * against the five night battles, with the ship ratings and the sinking threshold (README).
 */
import { printed, rebuilt } from './source';

export const SURFACE = {
  /** per-mille hit chance of one Japanese main gun against a 30-knot ship of DF 30 */
  gunPerMille: rebuilt(
    800,
    'calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, 300 runs each, README): one exchange stands for the whole night action, so a gun hits on 80% (a US gun on 40%, 8.2D); with sinking at 55% of DF (box/strike.ts) the US cruisers sink Japanese ships at Cape Esperance and the first Naval Battle of Guadalcanal, which 25% and sinking at the full DF never did',
  ),
  /** 8.2D: US gunfire is half as accurate as Japanese, US battleships 1.5 times Japanese */
  usGun: printed(0.5, '8.2D'),
  usBbGun: printed(1.5, '8.2D'),
  /** per-mille hit chance of one Japanese 24-inch torpedo against a 30-knot ship of DF 30 */
  torpedoPerMille: rebuilt(
    130,
    'calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, 300 runs each, README): 13% a torpedo (16% before the sinking threshold fell to 55% of DF) keeps the US losses of Savo and the first Naval Battle of Guadalcanal without overshooting Cape Esperance and Tassafaronga further',
  ),
  /** 8.2D: Japanese surface torpedoes are 8 times as accurate as US ones */
  usTorpedo: printed(0.125, '8.2D'),
  /** per-mille hit chance of one Japanese light (AA) gun */
  aaPerMille: rebuilt(
    900,
    'calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, 300 runs each, README): US destroyers and CLAAs fire only light guns (box/ships.ts), and the first Naval Battle of Guadalcanal was their close-range gun fight; a light gun hits a cruiser-sized target on 90% (a US one on 45%, 8.2D, a fast destroyer less), short of a sure hit so that the highest face still misses, and short of rating 5-inch guns as main guns',
  ),
  /** the speed factor is speedKnots / target speed within these limits (8.2D: slower ships are hit more) */
  speedKnots: rebuilt(30, 'rebuilt: the factor is 1 at 30 knots, the cruisers and destroyers of the battles'),
  speedLimits: rebuilt([0.8, 2], 'rebuilt: a 5-knot cripple is hit twice as often, a 36-knot destroyer 0.8 times'),
  /** the size factor is target DF / sizeDf within these limits (8.2D: bigger ships are hit more) */
  sizeDf: rebuilt(30, 'rebuilt: a heavy cruiser (DF 30, box/ships.ts) is the unit target'),
  sizeLimits: rebuilt(
    [0.8, 1.5],
    'calibrated by simulation against Savo Island, Cape Esperance, the first and second Naval Battles of Guadalcanal and Tassafaronga (test/games/guadalcanal-campaign/surface-calibration.spec.ts, 300 runs each, README): a destroyer (DF 8-12) is hit 0.8 times as often as a cruiser, so the 80% guns do not sink the Tokyo Express wholesale at Tassafaronga; a battleship 1.5 times (1 to 1.5 before the guns were raised)',
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
