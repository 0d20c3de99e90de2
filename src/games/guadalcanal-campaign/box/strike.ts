/**
 * Air strike resolution (8.1): the CAP, flak and hit odds. The segments, the CAP table, the flak
 * formula and the accuracies are printed (8.1C-F, box/aircraft.ts), and so are the damage points of
 * a bomb and a 21-inch torpedo (9.1A); how accuracy, speed, flak, range and size combine into a hit
 * (8.1F names the five without a formula) is rebuilt here, each value with its reason.
 */
import { printed, rebuilt } from './source';

export const STRIKE = {
  /** 9.1A: damage points of a bomb and of an aerial (21-inch) torpedo; a torpedo hit costs 5 knots or more */
  bombDamage: printed(3, '9.1A'),
  torpedoDamage: printed(5, '9.1A'),
  torpedoKnots: printed(5, '9.1A'),
  /** 8.1E: flak strength over 500 is the chance of a bomber shot down; Japanese flak halved; against Fortresses a tenth */
  flakDivisor: printed(500, '8.1E'),
  flakShips: printed(12, '8.1E'),
  torpedoBombers: rebuilt(
    ['Kate', 'Avenger', 'Devastator', 'Betty', 'Nell'],
    'rebuilt: 8.1F does not say which bombers carry torpedoes; the Kate, Avenger and Devastator were torpedo planes, and the Bettys and Nells attacked ships with torpedoes (Repulse, 8 August 1942 off Lunga)',
  ),
  /** hit chance in percent = accuracy x perAccuracy x speed x flak x range x size factors */
  perAccuracy: rebuilt(
    1.5,
    'rebuilt: 1.5% a point puts the Val at 24%, the Dauntless at 18%, the Kate at 12% against a 25-knot ship close in without flak; the 1942 carrier battles saw dive bombers hit 10-25% and torpedo planes less once flak and speed told; the Fortress (1) at 1.5%, as the B-17s all but never hit ships at sea',
  ),
  speedKnots: rebuilt(
    25,
    "rebuilt: the speed factor is 25 knots over the target's maximum speed, from 0.8 (a 33-knot carrier) to 1.5 (a transport); fast ships evaded bombs, transports did not",
  ),
  speedLimits: rebuilt([0.8, 1.5], 'rebuilt: the bounds of the speed factor, so no speed makes a ship immune or a sure hit'),
  flakSpoils: rebuilt(
    1000,
    'rebuilt: flak that does not shoot a bomber down still spoils its aim: the chance falls by flak strength / 1000, half the 8.1E kill rate',
  ),
  rangeSquares: rebuilt(
    50,
    'rebuilt: crews tire and fuel runs short: each square of range takes 2% off the chance (a Betty at 15 squares keeps 70%)',
  ),
  sizeDf: rebuilt(
    30,
    "rebuilt: the size factor is the target's DF over 30 (a cruiser), from 0.7 to 1.3: a carrier is easier to hit than a destroyer",
  ),
  sizeLimits: rebuilt([0.7, 1.3], 'rebuilt: the bounds of the size factor'),
  sinkAtDf: rebuilt(
    0.55,
    'calibrated by simulation against the five night battles off Guadalcanal (test/games/guadalcanal-campaign/surface-calibration.spec.ts, README): 9.1 cripples at half the DF and speaks of damage "enough to sink" (8.2G) without a figure, so the threshold must lie above 0.5; at the full DF no odds sank the two or three Japanese ships of Cape Esperance and the first Naval Battle of Guadalcanal, at 55% a crippled ship that takes one more hit goes down, as Furutaka, Hiei and most 1942 cripples did',
  ),
  longRangeFrom: rebuilt(
    10,
    'rebuilt: 8.1C gives Rabaul aircraft on "long range strikes" their own odds without a range; Rabaul to Henderson is 10 squares (560 miles), the long strikes of 1942, so 10 squares or more is long range',
  ),
};
