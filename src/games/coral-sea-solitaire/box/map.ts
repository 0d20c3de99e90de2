/**
 * The mapsheet's hex map (3.1-3.3, 36 Terrain Key), reconstructed: no public source shows the map
 * (../shared/reference/coral-sea-solitaire/SOURCES.md). Pointy-top hexes of 75 miles (3.13; 4.3's
 * "n hexes south ... if a hexside is involved, west or east" only happens on a grid of rows), 27
 * columns from 141°E and 26 rows from 2.5°S, terrain read off the real coastlines (each hex sampled
 * at 13 points: all land `L`, some land or a named island `c`, none `.`), hexsides whose whole
 * length runs over land listed as all-land (14.4, 14.8). A club's transcription replaces all of it.
 */
import { type P, fromRule, rebuilt } from './provenance';
import type { Place } from './schema';

const GEO =
  'reconstructed from the geography of the Coral Sea at 75 miles a hex (3.13): pointy-top rows, column 01 at 141°E and 1.1° of longitude a column, row 01 at 2.5°S and 0.94° of latitude a row, even rows half a hex east';

export const mapData = {
  hexMiles: fromRule(75, '3.13'),
  grid: rebuilt(
    { orientation: 'pointy' as const, shifted: 'even' as const },
    `${GEO}; 4.3's W/E choice when a move south meets a hexside needs rows of hexes`,
  ),
  terrain: rebuilt(
    [
      'cc.......c.................',
      'Lcc......cc................',
      'LLLLc.....cc...............',
      'LLLLc.cccc..c..............',
      'LLLLLLcccc...cc............',
      'LLccLc.......cc............',
      'LLccccc..c.....cccc........',
      'ccc..cLcc.c.....ccc........',
      '......cccc.......ccc.......',
      '.c......c.c.......cc..c....',
      '.cc.........c....c.........',
      'cLc........................',
      '.Lcc....................c..',
      'cLLc.......................',
      'cLLLc....................c.',
      'LLLLc...................c..',
      'LLLLLc...................c.',
      'LLLLc....................c.',
      'LLLLLcc..............c....c',
      'LLLLLLcc............cc.c...',
      'LLLLLLLcc............ccccc.',
      'LLLLLLLcc.............cc...',
      'LLLLLLLLLc.................',
      'LLLLLLLLLc.................',
      'LLLLLLLLLLcc...............',
      'LLLLLLLLLLLc...............',
    ],
    `${GEO}; each hex sampled at its centre and 12 inner points against outlines of New Guinea, New Britain, New Ireland, the Solomons, Queensland, New Caledonia and the New Hebrides, with small islands (Tulagi, the Louisiades, D'Entrecasteaux, Loyalties) made coast`,
  ),
  allLandHexsides: rebuilt(
    [
      '1102/1103',
      '0804/0904',
      '0804/0905',
      '0804/0805',
      '0904/1005',
      '0904/0905',
      '1304/1405',
      '0306/0406',
      '0306/0307',
      '0606/0607',
      '0607/0707',
      '0607/0608',
      '0208/0307',
      '0608/0707',
      '0808/0809',
      '1808/1909',
      '1808/1809',
      '0809/0909',
      '0810/0909',
      '0909/0910',
      '0210/0211',
      '1910/2009',
      '0211/0311',
      '0518/0619',
      '0720/0821',
      '2120/2219',
      '2120/2220',
      '2220/2221',
      '0821/0822',
      '2322/2421',
      '1024/1125',
    ],
    `${GEO}; a hexside between two coast hexes is all-land when five points along it are all on land (the Papuan peninsula's spine keeps Lae from Port Moresby, 14.8), and the two southern sides of the hex at the peninsula's tip (0810/0909, 0909/0910), added by hand so that ships round East Cape rather than cross the tip inside one hex; every side of an all-land hex is all-land as well, which the rules read from the terrain`,
  ),
  places: {
    Rabaul: rebuilt('1103', `${GEO}: the IJN major base 3.1 names, at the Gazelle Peninsula`),
    Lae: rebuilt('0606', `${GEO}: the IJN minor base 3.1 names, on the Huon Gulf`),
    'Port-Moresby': rebuilt('0608', `${GEO}: the USN minor base 3.1 names; the peninsula's spine stands between it and Lae`),
    'North-Australia': rebuilt('0619', `${GEO}: Townsville's hex stands for the USN major base of 3.1`),
    'South-Australia': rebuilt(
      '1225',
      `${GEO}: the southern Queensland coast at the map's lower edge (Hervey Bay) stands for the USN major base of 3.1`,
    ),
    'New-Caledonia': rebuilt('2422', `${GEO}: Nouméa's end of New Caledonia (3.1)`),
    Tulagi: rebuilt('1808', `${GEO}: Tulagi and the Florida Islands (4.3, 20.1)`),
    Guadalcanal: rebuilt('1809', `${GEO}: the south of Guadalcanal; its north coast shares Tulagi's hex (35)`),
    'NW-of-Guadalcanal': rebuilt('1708', `${GEO}: the hex NW of Guadalcanal's (35), the Russell Islands`),
    'Santa-Isabel': rebuilt(
      '1707',
      `${GEO}: Santa Isabel's western half, two hexes from Tulagi so the Tulagi Group (MA 1) can land on 3 May as it did (4.3)`,
    ),
    'New-Hebrides-SE': rebuilt('2719', `${GEO}: the south-easternmost New Hebrides hex (Tanna) for 35's TF-9 placement`),
    Deboyne: rebuilt(
      '1110',
      'the Support Group needs an objective (14.8) and the rules give none: the Louisiades seaplane anchorage it set up at Deboyne in May 1942',
    ),
    'Coral-Sea-Station': rebuilt(
      '1513',
      'the Carrier Strike Force needs an objective (14.8) and the rules give none: the central Coral Sea south of San Cristobal, where it came round the Solomons in May 1942',
    ),
  } satisfies Record<Place, P<string>>,
  toTruk: rebuilt(
    ['1201', '1301', '1401', '1501', '1601', '1701'],
    'six north-edge sea hexes (4.3 numbers them by a d6 from the west) between New Ireland and the longitude of Choiseul, under Truk (151.8°E) and east of it, where the Carrier Strike Force came down east of the Solomons',
  ),
};
