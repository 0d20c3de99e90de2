/**
 * Section 36 and the rolls the rules state (8.5, 9b, 30.1, 30.3, 35): tagged `rulebook`.
 */
import type { DieTable } from '../../../kit';
import { d6, entry, flat } from './helpers';
import { rule } from '../provenance';

export const randomEvents = flat(
  'random-events',
  'Random Events Table',
  '36',
  [
    [1, 'none'],
    [2, 'ijn-chit'],
    [3, 'ijn-intelligence'],
    [4, 'victory-fever'],
    [5, 'command-foul-up'],
    [6, 'bad-weather'],
  ] as const,
  rule('36'),
);

export const intelligence = flat(
  'usn-intelligence',
  'USN Intelligence Table',
  '36',
  [
    [[1, 3], 'none'],
    [4, 'identify-or-reveal-one'],
    [5, 'identify-or-reveal-all'],
    [6, 'usn-chit'],
  ] as const,
  rule('36'),
);

export const leadershipUse = flat(
  'ijn-leadership-use',
  'IJN leadership chit check',
  '8.5',
  [
    [[1, 4], 'keep'],
    [[5, 6], 'use'],
  ] as const,
  rule('8.5'),
);
export const ijnShipFatigue = flat(
  'ijn-fatigue-recovery',
  'IJN fatigue removal',
  '9b1',
  [
    [[1, 4], 'removed'],
    [[5, 6], 'stays'],
  ] as const,
  rule('5.6 9b1'),
);
export const ijnShipDamage = flat(
  'ijn-damage-repair',
  'IJN damage repair',
  '9b1',
  [
    [[1, 3], 'removed'],
    [[4, 6], 'stays'],
  ] as const,
  rule('5.6 9b1'),
);
export const ijnCarrierAirRecovery = flat(
  'ijn-carrier-air-ready',
  'IJN carrier air recovery',
  '9b2',
  [
    [[1, 5], 'ready'],
    [6, 'stays'],
  ] as const,
  rule('5.6 9b2'),
);
export const ijnLandAirRecovery = flat(
  'ijn-land-air-ready',
  'IJN land-based air recovery',
  '9b2',
  [
    [[1, 4], 'ready'],
    [[5, 6], 'stays'],
  ] as const,
  rule('5.6 9b2'),
);
export const ijnBattleships = flat(
  'ijn-battleships',
  'IJN battleships present',
  '30.3',
  [
    [[1, 4], 0],
    [5, 1],
    [6, 2],
  ] as const,
  rule('30.3'),
);
export const cv3Arrival = flat(
  'usn-cv3-arrival',
  'USN CV-3 arrival (die − 1)',
  '30.1',
  [
    [1, 'start'],
    [2, '1'],
    [3, '2'],
    [4, '3'],
    [5, '4'],
    [6, '5'],
  ] as const,
  rule('30.1'),
);

/** Rule 35: the first die places each TF, the second times its arrival (columns in the order 35 lists them). */
const D35: readonly [string, readonly [string, string, string], readonly [string, string, string]][] = [
  ['TF-11', ['Australia', 'New-Caledonia', 'New-Caledonia'], ['start', 'start', 'start']],
  ['TF-17', ['Australia', 'New-Caledonia', 'New-Caledonia'], ['start', 'start', 'start']],
  ['TF-6', ['same hex as TF-11', 'New-Caledonia', 'New-Caledonia'], ['start', 'start', 'start']],
  ['TF-9', ['Australia', 'New-Hebrides-SE', 'New-Caledonia'], ['start', 'start', 'start']],
  ['TF-44', ['Australia', 'Australia', 'New-Caledonia'], ['Day 4 May', 'start', 'start']],
  ['CSF', ['Rabaul', 'To-Truk', 'To-Truk'], ['Day 5 May', 'Day 4 May', 'start']],
  ['PMG', ['Rabaul', 'Rabaul', 'To-Truk'], ['Day 5 May', 'Day 4 May', 'start']],
  ['CG', ['same hex as PMG', 'Rabaul', 'To-Truk'], ['same turn as PMG', 'Day 4 May', 'start']],
  ['TG', ['To-Truk', 'Guadalcanal', 'NW-of-Guadalcanal'], ['start', 'start', 'start']],
  ['SG', ['same hex as TG', 'same hex as TG', 'NW-of-Guadalcanal'], ['same turn as TG', 'start', 'start']],
];
const thirds = (values: readonly [string, string, string]) =>
  (
    [
      [1, 2],
      [3, 4],
      [5, 6],
    ] as const
  ).map((rolls, i) => entry<string>(rolls, values[i], rule('35')));
export const deployment35 = {
  place: {
    id: 'deployment-35-place',
    title: 'Optional deployment, first die',
    rule: '35',
    dice: d6,
    beyond: 'error',
    columns: D35.map(([id, place]) => ({ id, entries: thirds(place) })),
  } satisfies DieTable<string>,
  arrival: {
    id: 'deployment-35-arrival',
    title: 'Optional deployment, second die',
    rule: '35',
    dice: d6,
    beyond: 'error',
    columns: D35.map(([id, , arrival]) => ({ id, entries: thirds(arrival) })),
  } satisfies DieTable<string>,
};
