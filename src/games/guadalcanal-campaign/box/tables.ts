/** Printed tables of the rules as data: missions and endurance (9.2), victory levels (9.5E, 9.8, 10.4). */
import { printed, rebuilt } from './source';

export const MISSION_CODES = ['C', 'B', 'T', 'U', 'FC', 'FB', 'FT', 'R', 'FR'] as const;
export type Mission = (typeof MISSION_CODES)[number];

/** 9.2: the endurance (turns) a mission is given; R and FR keep the TF's own (a TF is never formed with them). */
export const MISSIONS = {
  endurance: printed({ C: 60, B: 60, T: 60, U: 80, FC: 6, FB: 6, FT: 6 }, '9.2'),
  /** 9.2B-D: the only mission a ship of these types may perform */
  onlyMission: printed({ CV: 'C', CVL: 'C', TR: 'T', SS: 'U' }, '9.2B-D'),
  fast: rebuilt(
    ['FC', 'FB', 'FT', 'FR'],
    'rebuilt: 5.1B speaks of "fast" missions without listing them; the F-prefixed codes of 9.2 are read as the fast ones',
  ),
};

/** A victory table: IJN VP minus US VP at or above `min` gives `level` (first row that applies, top down). */
export interface VictoryRow {
  readonly min: number | null;
  readonly level: string;
}
const rows = (mins: (number | null)[]) =>
  mins.map((min, i) => ({
    min,
    level: [
      'Japanese Decisive',
      'Japanese Substantive',
      'Japanese Marginal',
      'Draw',
      'American Marginal',
      'American Substantive',
      'American Decisive',
    ][i],
  }));

export const VICTORY = {
  campaign: printed(rows([1000, 500, 100, -99, -499, -999, null]), '9.5E'),
  mini: printed(rows([125, 75, 25, -24, -74, -124, null]), '10.4'),
  campaign2: rebuilt(
    rows([1200, 700, 300, 101, -299, -799, null]),
    'rebuilt: 9.8 as printed has a gap and overlaps ("30 to 699", "700 to 999" under "1200 and up"); read as the campaign table shifted by +200, which matches every other row',
  ),
  hendersonBonus: printed(500, '9.5C'),
};
