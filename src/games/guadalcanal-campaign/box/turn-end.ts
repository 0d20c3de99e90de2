/**
 * The end of the turn: weather (9.6), repair and refit (8.8), supply (9.4). What the rulebook prints is
 * tagged with its rule; the odds it leaves to the lost program are rebuilt here, each with its reason.
 */
import { printed, rebuilt } from './source';

export const TURN_END = {
  weather: {
    /** a d6 at the end of each turn: at or under `worse` one level heavier, at or over `better` one level lighter (9.6B: one level at most) */
    worse: rebuilt(1, 'rebuilt: 9.6B says only that the weather may change one level a turn; a 1 on a d6 makes it worse'),
    better: rebuilt(6, 'rebuilt: 9.6B gives no odds; a 6 on a d6 makes it better, so the weather drifts both ways alike'),
    /** 9.6A: beyond 1.5 squares a sighting fails on a d6 of at most this, by weather (1/3 and 2/3 fewer sightings) */
    spoils: printed({ clear: 0, light: 2, heavy: 4 }, '9.6A'),
  },
  repair: {
    /** 8.8C: turns per damage point, 8 to 10: `perDamage` plus a d3 */
    perDamage: rebuilt(7, 'rebuilt: 8.8C prints "8 to 10 x damage points" on average; read as 7 + a d3 turns per point'),
    slowPorts: printed(['R', 'E'], '8.8C'),
    slowPercent: printed(120, '8.8C'),
    /** the chance (percent) that a repair takes twice as long: `base` less `perDf` x DF */
    doubleBase: rebuilt(80, 'rebuilt: 8.8C gives 71% for an average DD (DF 10) and 6% for a US BB (DF 80); a line through both'),
    doublePerDf: rebuilt(0.93, 'rebuilt: the slope of that line (65 points over 70 DF)'),
    /** 8.8A: refit in turns (a week is 14 turns), by port; submarines one week anywhere */
    refitTurns: printed({ T: 14, B: 14, R: 28, E: 28 }, '8.8A'),
    subRefitTurns: printed(14, '8.8A'),
    refitTypes: printed(['CV', 'CVL', 'BB', 'TR', 'SS'], '8.8A'),
    refitAbove: printed(50, '8.8A'),
  },
  /** 10.2F: Coral Sea's US tankers refuel a TF under `below` endurance in their square to `to`, twice each (Tippecanoe once more: she refuelled TF #5 on turn 1) */
  tankers: {
    refuels: printed({ Neosho: 2, Tippecanoe: 1 }, '10.2F'),
    below: printed(20, '10.2F'),
    to: printed(25, '10.2F'),
  },
  /** 9.4C: a day without supply costs 1%: each company is lost on a d100 of 1 */
  attritionPercent: printed(1, '9.4C'),
};
