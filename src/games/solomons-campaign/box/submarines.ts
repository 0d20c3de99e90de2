/**
 * The Japanese submarines of the Turn Record/Reinforcement Chart (36.1, 50.0 notes: subs appear on
 * the map, not on a base). The chart is on the mapsheet, which is not available: rebuilt.
 */
import { rebuilt } from './source';

export const SUBMARINES = rebuilt(
  [
    { turn: 2, id: 'SS-1' },
    { turn: 2, id: 'SS-2' },
    { turn: 3, id: 'SS-3' },
    { turn: 3, id: 'SS-4' },
  ],
  'rebuilt: the chart is on the mapsheet; four counters (50.0 lists SS among the ship types and in the VP chart), two from August II (I-26 hit Saratoga on August 31) and two from September I (I-19 and I-15 struck Wasp and North Carolina on September 15); none at the start (the 50.0 Initial Deployment Chart lists none)',
);
