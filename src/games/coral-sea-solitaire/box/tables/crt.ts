/**
 * The Consolidated CRT (air to air 5a1f, anti-aircraft 24, air vs naval 5a1g, naval vs naval
 * 16.3, bombardment 17.2), adapted from the Solomons Campaign's (seed 000, 50.0), reconstructed.
 */
import type { DieTable } from '../../../kit';
import { d6, entry } from './helpers';
import { rec } from '../provenance';
import type { CrtResult } from '../schema';

const SOLOMONS = 'adapted from the Solomons Campaign Consolidated CRT (seed 000, 50.0), the system CSS is built on (1.2)';
/** The Solomons grid: [die 1..6][column 1..9] as attacker/defender levels (null = no effect). */
const GRID: readonly (readonly [number | null, number | null][])[] = [
  [
    [3, 0],
    [3, 1],
    [2, 2],
    [2, 2],
    [2, 3],
    [1, 3],
    [1, 3],
    [0, 3],
    [0, 3],
  ],
  [
    [3, null],
    [3, 0],
    [2, 1],
    [1, 1],
    [1, 2],
    [1, 3],
    [0, 3],
    [null, 3],
    [null, 3],
  ],
  [
    [2, null],
    [2, 0],
    [1, 0],
    [1, 1],
    [1, 1],
    [0, 2],
    [null, 3],
    [null, 3],
    [null, 3],
  ],
  [
    [2, null],
    [2, null],
    [1, null],
    [0, 1],
    [0, 1],
    [null, 1],
    [null, 2],
    [null, 3],
    [null, 3],
  ],
  [
    [1, null],
    [1, null],
    [0, null],
    [null, 0],
    [null, 1],
    [null, 1],
    [null, 2],
    [null, 2],
    [null, 3],
  ],
  [
    [1, null],
    [1, null],
    [null, null],
    [null, null],
    [null, 0],
    [null, 1],
    [null, 1],
    [null, 2],
    [null, 2],
  ],
];
const crtTable = (
  id: string,
  title: string,
  ruleId: string,
  headings: readonly string[],
  gridColumns: readonly number[],
): DieTable<CrtResult> => ({
  id,
  title,
  rule: ruleId,
  dice: d6,
  beyond: 'clamp',
  columns: headings.map((heading, i) => ({
    id: heading,
    entries: GRID.map((row, die) =>
      entry<CrtResult>(
        die + 1,
        { attacker: row[gridColumns[i]][0], defender: row[gridColumns[i]][1] },
        rec(`${SOLOMONS}: grid column ${gridColumns[i] + 1}`),
      ),
    ),
  })),
});
const ODDS = ['<=49%', '50-99%', '100-149%', '150-199%', '200-249%', '250-299%', '>=300%'];
const ODDS_COLUMNS = [0, 2, 3, 4, 5, 6, 7];
export const crt = {
  airToAir: crtTable(
    'crt-air-to-air',
    'Consolidated CRT, air to air',
    '5a1f',
    ['1-4', '5-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70+'],
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
  ),
  antiAircraft: crtTable(
    'crt-anti-aircraft',
    'Consolidated CRT, anti-aircraft',
    '24',
    ['1-4', '5-9', '10-19', '20-29', '30-49', '50-79', '80+'],
    [0, 1, 2, 3, 4, 5, 6],
  ),
  airVsNaval: crtTable('crt-air-vs-naval', 'Consolidated CRT, air vs naval', '5a1g', ODDS, ODDS_COLUMNS),
  navalVsNaval: crtTable('crt-naval-vs-naval', 'Consolidated CRT, naval vs naval', '16.3', ODDS, ODDS_COLUMNS),
  bombardment: crtTable(
    'crt-bombardment',
    'Consolidated CRT, bombardment',
    '17.2',
    ['1-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80+'],
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
  ),
};
