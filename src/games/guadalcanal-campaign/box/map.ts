/**
 * The map (1.4): a 40 x 40 grid of 60-nautical-mile squares. The grid, the square size and the range
 * rule are printed; the squares themselves were on the disk and the two map data cards (2.1) and no
 * public source holds them, so the land mask and every base's square are rebuilt here from the real
 * coastlines at one degree a square (column = longitude - 140E + 1, row = 10N - latitude + 1), each
 * with its reason. `.` sea, `#` land, a letter a base or port square (white on the original screen).
 */
import { printed, rebuilt } from './source';

const MASK_REASON =
  "rebuilt: land where a 1-degree square (col = lon - 139E, row = 11 - lat) is mostly land on a modern chart; the Slot, Indispensable Strait, St George's Channel and the Jomard Passage kept navigable (the map data cards are lost, 2.1)";

/** Row 1 is the north edge, column 1 the west edge. */
const ROWS: readonly string[] = [
  '........................................',
  '........................................',
  '...........T............................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '####..#.................................',
  '######....#.............................',
  '#######....#............................',
  '########.##.R...........................',
  '############..#.........................',
  '#########......##.......................',
  '#########......S..#.....................',
  '#######..............#..................',
  '###....M...........#H...................',
  '###...................#...#.............',
  '####....................................',
  '####....................................',
  '####....................................',
  '#####...................................',
  '#####C.....................E............',
  '######.....................#............',
  '######......................#.........##',
  '#######.................................',
  '########................#...............',
  '#########................#..............',
  '##########................#.............',
  '###########.............................',
  '############............................',
  '#############...........................',
  '#################B......................',
  '################........................',
  '################........................',
  '################........................',
  '################........................',
];

export const MAP = {
  size: printed(40, '1.4'),
  squareMiles: printed(60, '1.4'),
  rows: ROWS.map((row) => rebuilt(row, MASK_REASON)),
};

/** A base or port: its code, name, side, square, and what the rules say of it. */
export interface PlaceData {
  readonly code: string;
  readonly name: string;
  readonly side: 'american' | 'japanese';
  readonly col: number;
  readonly row: number;
}

const AT = (what: string) => `rebuilt: ${what} at one degree a square (1.4); the printed map card is lost`;

export const PLACES = {
  henderson: rebuilt<PlaceData>({ code: 'H', name: 'Henderson Field', side: 'american', col: 21, row: 20 }, AT('Lunga Point, 160.0E 9.4S')),
  espiritu: rebuilt<PlaceData>({ code: 'E', name: 'Espiritu Santo', side: 'american', col: 28, row: 26 }, AT('167.2E 15.5S')),
  brisbane: rebuilt<PlaceData>(
    { code: 'B', name: 'Brisbane', side: 'american', col: 18, row: 36 },
    'rebuilt: moved north-east of the real 153E 27.5S (14,38) so that it lies within 15 squares of Espiritu Santo: Brisbane is where Wildcats arrive (8.9) and a Wildcat transfers at 3 x 5 = 15 (7.5D)',
  ),
  rabaul: rebuilt<PlaceData>({ code: 'R', name: 'Rabaul', side: 'japanese', col: 13, row: 15 }, AT('152.2E 4.2S')),
  truk: rebuilt<PlaceData>({ code: 'T', name: 'Truk', side: 'japanese', col: 12, row: 3 }, AT('151.8E 7.4N')),
  shortlands: rebuilt<PlaceData>({ code: 'S', name: 'Shortlands', side: 'japanese', col: 16, row: 18 }, AT('155.9E 7.0S')),
  moresby: rebuilt<PlaceData>({ code: 'M', name: 'Port Moresby', side: 'american', col: 8, row: 20 }, AT('147.2E 9.5S')),
  cooktown: rebuilt<PlaceData>({ code: 'C', name: 'Cooktown', side: 'american', col: 6, row: 26 }, AT('145.2E 15.5S')),
  esperance: rebuilt<PlaceData>(
    { code: 'X', name: 'Cape Esperance supply base', side: 'japanese', col: 21, row: 20 },
    'rebuilt: on the Henderson square, since both sides bombard and unload on Guadalcanal there (8.4, 8.6) and the US strikes it as TF #11 (7.3B)',
  ),
};

/** The ports a TF may be formed in and dock at (4.1A codes); which base each code names is read from the airbase list (7.6). */
export const PORTS = {
  american: rebuilt(
    ['E', 'B'],
    'rebuilt: 4.1A prints the codes E, B, R, T without names; E, B = Espiritu Santo, Brisbane, the US airbases of 7.6B with a port',
  ),
  japanese: rebuilt(['R', 'T'], 'rebuilt: R, T = Rabaul, Truk, the Japanese airbases of 7.6A with a port (Shortlands is an airbase only)'),
};

/** Airbases and their limits (7.6, 9.7, 10.2D). */
export const AIRBASES = {
  american: printed(['Henderson Field', 'Espiritu Santo', 'Brisbane'], '7.6B'),
  japanese: printed(['Rabaul', 'Truk', 'Shortlands'], '7.6A'),
  coralSeaAmerican: printed(['Port Moresby', 'Cooktown'], '10.2D'),
  hendersonActiveFrom: printed('1942-08-20', '7.6B'),
  shortlandsActiveFrom: printed('1942-10-07', '7.6A'),
  hendersonCapacity: printed(100, '9.7A'),
  shortlandsCapacity: printed(60, '9.7B'),
  moresbyCapacity: printed(100, '10.2D'),
  floatPlanesPerBase: printed(10, '7.1D'),
};
