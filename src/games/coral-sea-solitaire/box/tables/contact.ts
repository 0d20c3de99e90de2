/**
 * The mapsheet's tables of contact, reconstructed (brief 7.2): scouting (26, 3.9), the
 * operational initiative (5.6 3) and the tactical initiative of surface combat (16.3, 26.2, 28.5).
 */
import type { DieTable } from '../../../kit';
import { d6, entry, flat, modifier } from './helpers';
import { rec } from '../provenance';

const SCOUT =
  'scout planes find an unidentified TF on 3+ at 0-2 hexes, 4+ at 3-4, 5+ at 5-6 and 6 at 7-8 (bases only); a seaplane tender helps (3.9)';
const scoutColumn = (id: string, miss: number) => ({
  id,
  entries: [entry<'found' | 'missed'>([1, miss], 'missed', rec(SCOUT)), entry<'found' | 'missed'>([miss + 1, 6], 'found', rec(SCOUT))],
});
export const scouting = {
  table: {
    id: 'scouting',
    title: 'Scouting Table',
    rule: '29',
    dice: d6,
    beyond: 'clamp',
    columns: [scoutColumn('0-2', 2), scoutColumn('3-4', 3), scoutColumn('5-6', 4), scoutColumn('7-8', 5)],
  } satisfies DieTable<'found' | 'missed'>,
  modifiers: [
    modifier(
      { when: 'cyp-in-tf', reason: 'a seaplane tender in the scouting TF', rule: '3.9', value: 1 },
      "3.9 builds the tenders' patrol aircraft into their scouting (+1)",
    ),
    modifier(
      { when: 'leadership', reason: 'leadership chit', rule: '8.2', value: 1 },
      'either side may add a chit to its own scouting roll (+1)',
    ),
  ],
};

export const operationalInitiative = {
  table: flat(
    'operational-initiative',
    'Operational Initiative',
    '3',
    [
      [[1, 3], 'ijn'],
      [[4, 6], 'usn'],
    ] as const,
    rec('no procedure survives for phase 3: an even d6, low to the IJN, high to the USN; chits move it one (8.2)'),
  ),
  modifiers: [
    modifier(
      { when: 'leadership', reason: 'USN leadership chit', rule: '8.2', value: 1, side: 'usn' },
      'a USN chit moves the roll one toward the USN (+1)',
    ),
    modifier(
      { when: 'leadership', reason: 'IJN leadership chit', rule: '8.2', value: -1, side: 'ijn' },
      'an IJN chit moves the roll one toward the IJN (−1)',
    ),
  ],
};

export const tacticalInitiative = {
  table: flat(
    'tactical-initiative',
    'Tactical Initiative Table',
    '16.3',
    [
      [[1, 3], 'ijn'],
      [[4, 6], 'usn'],
    ] as const,
    rec(
      'who attacks in a surface battle: an even d6, low to the IJN; the IJN night bonus (26.2) makes it attack at night five times in six',
    ),
  ),
  modifiers: [
    modifier({ when: 'night', reason: 'night: the IJN bonus', rule: '26.2', value: -2 }, 'the IJN trained for night surface action (−2)'),
    modifier(
      { when: 'usn-all-identified', reason: 'every USN TF in the hex was identified', rule: '28.5', value: -1 },
      'a known enemy is easier to engage: the IJN gains (−1)',
    ),
    modifier(
      { when: 'ijn-all-identified', reason: 'every IJN TF in the hex was identified', rule: '28.5', value: 1 },
      'the USN gains against a known enemy (+1)',
    ),
    modifier(
      { when: 'leadership', reason: 'USN leadership chit', rule: '8.2', value: 1, side: 'usn' },
      'a USN chit moves the attack toward the USN (+1)',
    ),
    modifier(
      { when: 'leadership', reason: 'IJN leadership chit', rule: '8.2', value: -1, side: 'ijn' },
      'an IJN chit moves the attack toward the IJN (−1)',
    ),
  ],
};
