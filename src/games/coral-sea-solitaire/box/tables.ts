/**
 * The charts and tables as data on the kit's tables (src/games/kit/tables.ts). Those of section 36
 * and the rolls the rules state (8.5, 9b, 30.1, 30.3, 35) are `rulebook`; the mapsheet's tables
 * the rulebook only names (brief 7.2) are `reconstructed`, each entry with its reasoning and the
 * constraint it answers. The rules code interprets result codes only.
 */
import type { ProvenanceSource } from '../../../engine/box';
import type { DieTable, TableEntry } from '../../kit';
import { rec, rebuilt, rule } from './provenance';
import type { CrtResult, Modifier, MoveResult } from './schema';

type Rolls = number | readonly [number, number];
const entry = <R>(rolls: Rolls, value: R, source: ProvenanceSource): TableEntry<R> => ({ rolls, result: { value, source } });
const d6 = { count: 1, sides: 6 } as const;
const flat = <R>(id: string, title: string, ruleId: string, rows: readonly [Rolls, R][], source: ProvenanceSource): DieTable<R> => ({
  id,
  title,
  rule: ruleId,
  dice: d6,
  beyond: 'clamp',
  entries: rows.map(([r, v]) => entry(r, v, source)),
});
const modifier = (m: Omit<Modifier, 'value'> & { value: number }, reason: string): Modifier => ({ ...m, value: rebuilt(m.value, reason) });

// ---- Section 36 and the rolls the rules state: rulebook ----

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

// ---- The mapsheet's tables: reconstructed (brief 7.2) ----

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

// ---- The Consolidated CRT, adapted from the Solomons Campaign's (seed 000, 50.0) ----

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
