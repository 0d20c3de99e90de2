/**
 * The counters and the printed tracks the rulebook does not reproduce (the counter sheet, the
 * Command Point Track, the Refit Tables, the Intelligence Table and the Turn Record/Reinforcement
 * Chart are on the mapsheet, which is not available): each value rebuilt, with its reason, inside
 * every count and limit the rules print. What the rules print (movement allowances 10.6, transport
 * capacities 19.2, the set-up 50.0) is tagged with its rule.
 */
import { printed, rebuilt } from './source';

export const SHIP_TYPES = ['CV', 'CVL', 'CVE', 'BB', 'BC', 'B', 'CA', 'CL', 'DD', 'APD', 'TR', 'PT', 'SS'] as const;
export type ShipType = (typeof SHIP_TYPES)[number];

export interface ShipClassData {
  readonly attack: number;
  readonly defense: number;
  readonly aa: number;
  readonly bombardment: number;
}

const GUNS =
  'rebuilt: the counter sheet is not available; values keep the order the rules imply (2.22: one capital ship, 2 CA, 3 CL or 5 DD a counter; BB > BC = B > CA > CL > DD in gunnery; carriers weak in guns, strong in AA) so typical fights fall between 50% and 300% (50.0 columns)';

/** Combat values by type (the same for both sides: the rules give no national difference). */
export const SHIP_VALUES = rebuilt(
  {
    CV: { attack: 1, defense: 8, aa: 4, bombardment: 0 },
    CVL: { attack: 1, defense: 5, aa: 3, bombardment: 0 },
    CVE: { attack: 0, defense: 3, aa: 2, bombardment: 0 },
    BB: { attack: 12, defense: 12, aa: 4, bombardment: 10 },
    BC: { attack: 9, defense: 8, aa: 3, bombardment: 8 },
    B: { attack: 9, defense: 9, aa: 2, bombardment: 8 },
    CA: { attack: 6, defense: 5, aa: 2, bombardment: 5 },
    CL: { attack: 4, defense: 4, aa: 3, bombardment: 3 },
    DD: { attack: 3, defense: 3, aa: 2, bombardment: 2 },
    APD: { attack: 1, defense: 1, aa: 1, bombardment: 1 },
    TR: { attack: 0, defense: 1, aa: 1, bombardment: 0 },
    PT: { attack: 2, defense: 1, aa: 0, bombardment: 0 },
    SS: { attack: 3, defense: 1, aa: 0, bombardment: 0 },
  } satisfies Record<ShipType, ShipClassData>,
  GUNS,
);

/** 10.6, 13.1: movement allowance in hexes per naval movement sub-segment; 10.3 (2) the Tokyo Express 3. */
export const MOVEMENT = printed({ normal: 2, slow: ['CVE', 'TR', 'PT', 'SS'], slowAllowance: 1, tokyoExpress: 3 }, '10.3, 10.6');

/** 19.2: transport capacity in battalions or supply points. */
export const TRANSPORT = printed({ TR: 3, APD: 1, japaneseDD: 1 }, '19.2');

/** 12.3: NAC a carrier holds. US CV 8 (50.0 sets up each with 8; 12.3's example); the rest rebuilt. */
export const CARRIER_CAPACITY = {
  us: printed({ CV: 8 }, '12.3, 50.0 Initial Deployment (8 NAC on each US CV)'),
  usOther: rebuilt({ CVL: 4, CVE: 3 }, 'rebuilt: no US CVL or CVE is set up; half a CV and less, as their size'),
  japanese: rebuilt(
    { CV: 6, CVL: 3 },
    'rebuilt: 50.0 puts 18 NAC "between" CV-1, CV-2, CVL-3 and CVL-4; 6 + 6 + 3 + 3 = 18 holds them exactly',
  ),
};

/** Air by (side, service, type): air is "change" (2.12, 21.6), so range must be one per kind. */
export const AIR = {
  ranges: rebuilt(
    {
      japanese: { 'navy-LAC': 3, 'army-LAC': 3, 'navy-NAC': 2 },
      us: { 'navy-LAC': 3, 'army-LAC': 3, 'navy-NAC': 2, 'army-SAC': 6, 'army-MAC': 5 },
    },
    'rebuilt: the counters are not available; Japanese LAC from Rabaul reach Guadalcanal (6 hexes) only at extended range (2.11, 51.0), carrier aircraft have the shortest reach, B-17s the longest',
  ),
  extended: printed({ japaneseLac: true, usArmyLacFrom: 'Dec I' }, '2.11'),
  macCargo: rebuilt(1, 'rebuilt: the rules do not say what a MAC point carries; one battalion or one supply point (brief §8)'),
};

/** 2.18, 27.2, 27.8: battalions in each size (a Japanese brigade is 4, 50.0 reorganization chart). */
export const GROUND_SIZES = printed({ battalion: 1, regiment: 3, brigade: 4, division: 9 }, '27.2, 27.8, 50.0 reorganization charts');

export const GROUND_STRENGTH = rebuilt(
  { infantryPerBattalion: 2, marinePerBattalion: 2, snlfPerBattalion: 2, airbornePerBattalion: 2, engineerDefence: 1 },
  'rebuilt: the counters are not available; every infantry battalion 2 so a regiment is 6 and a division 18; engineers defend only (33.1) with 1',
);

/** 6.1: CP per turn, Aug I to Feb I (the Command Point Track is on the mapsheet). */
export const CP_TRACK = rebuilt(
  {
    japanese: [12, 12, 12, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8],
    us: [10, 10, 10, 11, 11, 11, 12, 12, 12, 13, 13, 14, 14],
  },
  'rebuilt: the track is on the mapsheet; 8-14 a turn (6.3 uses 10), enough for three to five task forces and some supply, Japan declining late and the US rising (brief §8)',
);

/** 20.2, 20.4: refit turns by ship type, refits per base per turn (Espiritu Santo unlimited, 52.0). */
export const REFIT = {
  turns: rebuilt(
    { CV: 2, CVL: 2, CVE: 1, BB: 2, BC: 2, B: 2, CA: 1, CL: 1, DD: 1, APD: 1, TR: 1, PT: 1 },
    'rebuilt: the Refit Tables are on the mapsheet; 20.3 implies one-turn refits for some types, carriers and capital ships take two',
  ),
  subTurns: printed(3, '36.6'),
  perBase: rebuilt({ Rabaul: 4, Truk: 8, Australia: 6 }, 'rebuilt: the maxima are on the mapsheet'),
  espirituUnlimited: printed(true, '52.0 Q&A 2'),
};

/** 6.6, 31.x: the Intelligence Table (on the mapsheet), d6 by column. */
export const INTELLIGENCE = rebuilt(
  {
    normal: ['nothing', 'nothing', 'nothing', 'one-stack', 'whole-hex', 'whole-hex'],
    special: ['nothing', 'nothing', 'nothing', 'cp-allocation', 'cp-allocation', 'cp-allocation'],
  },
  'rebuilt on the sibling game (Coral Sea Solitaire USN Intelligence Table: 1-3 nothing, 4 one TF, 5 all); the Special column shows the Japanese CP allocation (51.0)',
);
