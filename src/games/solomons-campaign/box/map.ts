/**
 * The map (2.1-2.3, 8.0, 9.0). The mapsheet is not available (../shared/reference/solomons-campaign
 * found nothing public), so the grid and every island's hex are rebuilt from the real geography at
 * 100 miles a hex (2.22): a 14 x 11 flat-top grid, ids CCRR, the chain running from Rabaul in the
 * north-west to Espiritu Santo in the south-east. What the rules print is kept: Guadalcanal and
 * Bougainville are two hexes each, west and east, joined by a land hexside (2.3, 2.17, 27.1); every
 * other island is one hex (27.1); Rabaul and Espiritu Santo are on the map, Truk and Australia off
 * it, each touching some edge hexes (8.2).
 */
import { printed, rebuilt } from './source';

const GEO = 'rebuilt from the real position at 100 miles a hex (2.22; the mapsheet is not available)';

export const GRID = {
  size: rebuilt({ cols: 14, rows: 11 }, 'rebuilt: the whole campaign area, Kavieng to Espiritu Santo, at 100 miles a hex (2.22)'),
  orientation: rebuilt('flat', 'rebuilt: any hex orientation holds the chain; flat-top with odd columns raised (kit grid)'),
  hexMiles: printed(100, '2.22'),
};

export interface IslandData {
  readonly name: string;
  readonly hexes: readonly string[];
}

/** Islands by id; an island of two hexes has them joined by a land hexside (2.17, 27.1). */
export const ISLANDS = {
  guadalcanal: rebuilt(
    { name: 'Guadalcanal', hexes: ['0806', '0906'] },
    'two hexes, west and east, joined by a land hexside, Tulagi in the west one: printed (2.3, 2.17, 27.1); the hex ids rebuilt from the real position',
  ),
  bougainville: rebuilt(
    { name: 'Bougainville', hexes: ['0503', '0504'] },
    'two hexes, west and east, joined by a land hexside: printed (2.3, 27.1); Buka put in the west hex and the hex ids rebuilt from the real position',
  ),
  newIreland: rebuilt({ name: 'New Ireland (Kavieng)', hexes: ['0101'] }, GEO),
  choiseul: rebuilt({ name: 'Choiseul', hexes: ['0604'] }, GEO),
  vellaLavella: rebuilt({ name: 'Vella Lavella', hexes: ['0505'] }, GEO),
  kolombangara: rebuilt({ name: 'Kolombangara', hexes: ['0605'] }, GEO),
  newGeorgia: rebuilt({ name: 'New Georgia', hexes: ['0606'] }, GEO),
  santaIsabel: rebuilt({ name: 'Santa Isabel', hexes: ['0704'] }, GEO),
  russells: rebuilt({ name: 'Russell Islands', hexes: ['0706'] }, GEO),
  malaita: rebuilt({ name: 'Malaita', hexes: ['0905'] }, GEO),
  sanCristobal: rebuilt({ name: 'San Cristobal', hexes: ['1007'] }, GEO),
  rennell: rebuilt({ name: 'Rennell', hexes: ['0808'] }, GEO),
  santaCruz: rebuilt({ name: 'Santa Cruz', hexes: ['1206'] }, GEO),
};

/** The names players may write for the hexes of the two-hex islands (brief §4). */
export const HEX_NAMES = rebuilt(
  { 'Guadalcanal-W': '0806', 'Guadalcanal-E': '0906', 'Bougainville-W': '0503', 'Bougainville-E': '0504' },
  'the west and east hexes are printed (2.3, 50.0); their ids follow the rebuilt grid',
);

export interface MajorBaseData {
  readonly side: 'japanese' | 'us';
  /** on-map hex, or null for an off-map box (8.2) */
  readonly hex: string | null;
  /** map hexes an off-map box touches (8.2) */
  readonly touches?: readonly string[];
  /** hexes of air distance from the box to the hexes it touches (air transfer only, 8.2) */
  readonly airDistance?: number;
  /** printed airbase capacity in air points (24.4) */
  readonly capacity: number;
  /** 12.2: combat ships the base holds at most (transports not counted); null: no limit printed */
  readonly maxCombatShips: number | null;
}

export const MAJOR_BASES = {
  Rabaul: rebuilt(
    { side: 'japanese', hex: '0302', capacity: 36, maxCombatShips: 10 },
    'side, on the map and the 10 combat ships are printed (2.2, 8.1, 12.2); the hex and the capacity 36 are rebuilt (the mapsheet is not available; room for the 13 LAC of 50.0 and the reinforcements)',
  ),
  Truk: rebuilt(
    { side: 'japanese', hex: null, touches: ['0101', '0201', '0301', '0401'], airDistance: 7, capacity: 48, maxCombatShips: null },
    'Truk is off the map to the north (8.2, printed); the edge hexes it touches, its air distance (about 700 miles to Rabaul) and its capacity are rebuilt',
  ),
  'Espiritu Santo': rebuilt(
    { side: 'us', hex: '1309', capacity: 36, maxCombatShips: 10 },
    'side, on the map and the 10 ships are printed (2.2, 8.1, 12.2, 52.0); the hex and the capacity 36 are rebuilt (the mapsheet is not available; room for the 9 points of 50.0 and the reinforcements)',
  ),
  Australia: rebuilt(
    {
      side: 'us',
      hex: null,
      touches: ['0108', '0109', '0110', '0111', '0211', '0311', '0411'],
      airDistance: 6,
      capacity: 48,
      maxCombatShips: null,
    },
    'Australia is off the map to the south-west (8.2, printed); the edge hexes it touches, its air distance and its capacity are rebuilt',
  ),
};

/** 24.1, 50.0: the airfields at the start (Japanese Guadalcanal-W "3", Bougainville-W "6"); marker values 3/6/12/24 (2.21). */
export const AIRFIELDS = {
  start: printed(
    [
      { at: 'Guadalcanal-W', side: 'japanese', value: 3 },
      { at: 'Bougainville-W', side: 'japanese', value: 6 },
    ],
    '50.0 Initial Deployment Chart (Japanese airfields)',
  ),
  markerValues: printed([3, 6, 12, 24], '2.21'),
};
