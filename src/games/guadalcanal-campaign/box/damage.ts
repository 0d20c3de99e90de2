/**
 * Damage to ships (9.1A, 9.1D): critical hits and what befalls a crippled ship at sea. 9.1A and
 * 9.1D print that both happen, not how often nor how much: every figure here is rebuilt.
 */
import { rebuilt } from './source';

export const DAMAGE = {
  /** 9.1A: the percent chance that a hit is also a critical ("explosion on board the ...") */
  criticalPercent: rebuilt(
    10,
    '9.1A prints no figure: one hit in ten sets off magazines, fuel or aircraft on deck, as on Hiei, Yorktown and Shokaku in 1942',
  ),
  /** 9.1A: a critical adds the hit's own damage again times this */
  criticalTimes: rebuilt(1, '9.1A prints no figure: a critical doubles the hit that caused it'),
  /** 9.1D: each turn a crippled ship at sea rolls d100: up to worsePercent it suffers an explosion, up to worse + repair it repairs */
  worsePercent: rebuilt(
    5,
    '9.1D prints no figure: flooding and fires overcame a few cripples on the way home (Hornet, Hiei, Portland nearly), one turn in twenty',
  ),
  repairPercent: rebuilt(25, '9.1D prints no figure: damage control gained on a cripple about one turn in four'),
  /** 9.1D: the damage an explosion adds, and a repair takes off, as a share of the ship's DF (1 point at least) */
  worseShare: rebuilt(0.1, '9.1D prints no figure: a tenth of the DF, a sixth of the way from crippled to sunk'),
  repairShare: rebuilt(0.1, '9.1D prints no figure: a tenth of the DF, so a ship just crippled needs one or two repairs'),
};
