/**
 * The mapsheet's IJN doctrine tables the rulebook only names (brief 7.2), reconstructed: movement
 * doctrine (14.6) and post-panic movement (9.4, 14.10), land-based and carrier air doctrine (5a,
 * 22), fighter commitment (21) and target selection (Q4, 2.2).
 */
import type { DieTable } from '../../../kit';
import { d6, entry, flat, modifier, type Rolls } from './helpers';
import { rec } from '../provenance';
import type { MoveResult } from '../schema';

const mv = (kind: MoveResult['kind'], fast = false, direction?: MoveResult['direction']): MoveResult => ({
  kind,
  fast,
  ...(direction ? { direction } : {}),
});

const MOVE = {
  CSF: 'the carrier force hunts: at 5+ it steers for the nearest USN carrier TF (fast on 6+), else for its station in the central Coral Sea (14.8); low rolls drift SE/SW round the Solomons as it did in May 1942; identified USN carriers nearby push the roll up (28.3)',
  PMG: 'the invasion convoy makes for Port Moresby on every unmodified roll and fast on 4-6 (two hexes for MA 1), so that unopposed it lands at least once by Night 9 May in most games (20.1: three complete phases for three transports); an identified USN carrier TF near it (−2, 28.3) can turn it back toward Rabaul, as the real convoy was recalled',
  TG: 'the Tulagi convoy is two hexes from Tulagi and lands on 3 May most games as it did: always toward the objective, fast on 3-6',
  SG: 'the support group makes for its seaplane anchorage at Deboyne (its reconstructed objective), fast on 5-6',
  CG: 'the covering group shadows the Port Moresby Group (its light carrier covered the convoy in May 1942), and turns on an identified USN TF near it on 5-6',
  SS: '19.3 gives submarines one hex and the rules nothing else: a third hold their patrol line, a third close on the nearest identified USN TF, a third move at random',
} as const;

const col = (id: keyof typeof MOVE, rows: readonly [Rolls, MoveResult][]) => ({
  id,
  entries: rows.map(([r, v]) => entry(r, v, rec(MOVE[id]))),
});

export const movementDoctrine = {
  table: {
    id: 'ijn-movement-doctrine',
    title: 'IJN Movement Doctrine Table',
    rule: '14.6',
    dice: d6,
    beyond: 'clamp',
    columns: [
      col('CSF', [
        [1, mv('direction', false, 'SE')],
        [2, mv('direction', false, 'SW')],
        [[3, 4], mv('objective')],
        [5, mv('usn-carrier')],
        [6, mv('usn-carrier', true)],
      ]),
      col('PMG', [
        [[-1, 0], mv('retire')],
        [[1, 3], mv('objective')],
        [[4, 6], mv('objective', true)],
      ]),
      col('TG', [
        [[1, 2], mv('objective')],
        [[3, 6], mv('objective', true)],
      ]),
      col('SG', [
        [[1, 4], mv('objective')],
        [[5, 6], mv('objective', true)],
      ]),
      col('CG', [
        [1, mv('direction', false, 'SE')],
        [[2, 4], mv('escort')],
        [[5, 6], mv('usn-tf')],
        [[7, 8], mv('usn-tf', true)],
      ]),
      col('SS', [
        [[1, 2], mv('stay')],
        [[3, 4], mv('usn-tf')],
        [[5, 6], mv('random')],
      ]),
    ],
  } satisfies DieTable<MoveResult>,
  modifiers: [
    modifier(
      {
        when: 'identified-usn-carrier-within',
        range: 8,
        reason: 'an identified USN carrier TF within 8 hexes',
        rule: '28.3',
        value: 1,
        columns: ['CSF', 'CG'],
      },
      'the carrier groups turn on identified USN carriers inside their strike radius and more (VB 5 out and back, plus a day of steaming) (+1)',
    ),
    modifier(
      {
        when: 'identified-usn-tf-within',
        range: 4,
        reason: 'an identified USN TF within 4 hexes',
        rule: '28.3',
        value: 1,
        columns: ['CSF', 'CG'],
      },
      'a found enemy close by draws the carrier groups on (+1)',
    ),
    modifier(
      {
        when: 'identified-usn-carrier-within',
        range: 3,
        reason: 'an identified USN carrier TF within 3 hexes of the convoy',
        rule: '28.3',
        value: -2,
        columns: ['PMG'],
      },
      'a convoy with enemy carriers at hand may be recalled, as the Port Moresby convoy was on 8 May (−2)',
    ),
    modifier(
      { when: 'leadership', reason: 'IJN leadership chit', rule: '8.2', value: 1, side: 'ijn', columns: ['CSF', 'CG'] },
      'the IJN chit presses the carrier groups on (+1), rolled for by 8.5',
    ),
  ],
};

export const postPanicMovement: DieTable<MoveResult> = flat(
  'ijn-movement-post-panic',
  'IJN Movement Doctrine, post-panic',
  '9.4',
  [
    [[1, 3], mv('retire')],
    [[4, 6], mv('retire', true)],
  ],
  rec(
    '9.4 and 14.10 say a panicked IJN heads for Rabaul or a To Truk hex and leaves the map there: every result retires, half of them fast',
  ),
);

const AIR =
  'land-based doctrine: with an identified USN TF in range the bombers go for it (carriers first, 22.2), else Port Moresby; low rolls keep them home; Rabaul struck Port Moresby most days in May 1942';
export const landAirDoctrine = {
  table: flat(
    'ijn-air-doctrine',
    'IJN Air Doctrine Table',
    '5a-c',
    [
      [[1, 2], 'none'],
      [3, 'base'],
      [[4, 5], 'task-force-else-base'],
      [6, 'task-force'],
    ] as const,
    rec(AIR),
  ),
  modifiers: [
    modifier(
      { when: 'identified-usn-tf-within', range: 10, reason: 'an identified USN TF within LMB range', rule: '28.3', value: 1 },
      'a found target in reach makes a strike likelier (+1)',
    ),
    modifier(
      { when: 'identified-usn-carrier-within', range: 10, reason: 'an identified USN carrier TF within LMB range', rule: '28.3', value: 1 },
      'a found carrier in reach is the priority target (+1 more)',
    ),
    modifier({ when: 'leadership', reason: 'IJN leadership chit', rule: '8.2', value: 1, side: 'ijn' }, 'a chit presses the attack (+1)'),
  ],
};

const CARRIER =
  'carrier doctrine: a fleet in NAC range of a target launches two times in three, at an identified TF, or the nearest TF at all on 5-6 (28.4 does not bind the IJN); it launched against the first TF its scouts reported on 7 May';
export const carrierDoctrine = {
  table: flat(
    'ijn-carrier-doctrine',
    'Japanese Doctrine Table (carriers)',
    '5a-d',
    [
      [[1, 2], 'no-launch'],
      [[3, 4], 'identified-tf'],
      [[5, 6], 'nearest-tf'],
    ] as const,
    rec(CARRIER),
  ),
  modifiers: [
    modifier(
      { when: 'identified-usn-carrier-within', range: 5, reason: 'an identified USN carrier TF within VB range', rule: '28.3', value: 1 },
      'enemy carriers found in reach: launch likelier (+1)',
    ),
    modifier({ when: 'leadership', reason: 'IJN leadership chit', rule: '8.2', value: 1, side: 'ijn' }, 'a chit presses the launch (+1)'),
  ],
};

const FIGHTERS =
  'a quarter, half or three-quarters of the ready fighters escort (rounded down), the rest fly CAP; fewer escort when enemy carriers threaten the carrier (CAP first, as at Coral Sea)';
export const fighterCommitment = {
  table: flat(
    'ijn-fighter-commitment',
    'IJN Fighter Commitment Table',
    '5a1d',
    [
      [[1, 2], 25],
      [[3, 4], 50],
      [[5, 6], 75],
    ] as const,
    rec(FIGHTERS),
  ),
  modifiers: [
    modifier(
      { when: 'usn-carrier-within', range: 5, reason: 'a USN carrier TF within VB range of the carrier or base', rule: '28.3', value: -1 },
      'threatened: more fighters stay on CAP (−1)',
    ),
  ],
};

export const targetSelection: DieTable<'carrier' | 'capital' | 'transport' | 'random'> = flat(
  'air-target-selection',
  'Air Strike vs Naval Target Selection Table',
  '22.2',
  [
    [[1, 2], 'random'],
    [3, 'capital'],
    [[4, 6], 'carrier'],
  ],
  rec(
    'one combined roll per attacked hex (Q4): strikes went for carriers first (both sides did at Coral Sea), capital ships next; a ship chosen at random (2.2) when the category is absent; transports only at random',
  ),
);
