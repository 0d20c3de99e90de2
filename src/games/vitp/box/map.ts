/**
 * The VITP mapboard as data (rule 2.x). Sources: shared/reference/vitp/map.json and SOURCES.md.
 * The board itself was not found in any public source: most POC values, all adjacency and nine of
 * the fourteen bases are the project's reconstruction, tagged as such, never the printed values.
 */
import { P, p, ref, rec, rule } from './provenance';

export type Controller = 'japanese' | 'allied' | null;

export interface SeaAreaData {
  readonly name: string;
  readonly pocJapanese: P<number>;
  readonly pocAllied: P<number>;
  readonly startControl: P<Controller>;
}

export interface PlaceData {
  readonly name: string;
  readonly kind: 'port' | 'base';
  readonly touches: P<readonly string[]>;
  readonly startControl: P<'japanese' | 'allied'>;
}

const GEO = 'board not found; drawn from Pacific geography so the rulebook examples work';
const POC_GUESS = "POC value not found; set by the area's historical value to each side";
const CRUCIAL = 'rulebook intro names it crucial to the Allies (value not printed); set to the top value 3';

const area = (name: string, j: P<number>, a: P<number>, c: P<Controller>): SeaAreaData => ({
  name,
  pocJapanese: j,
  pocAllied: a,
  startControl: c,
});
const recPoc = (n: number) => p(n, rec(POC_GUESS));
const startCtl = (c: Controller) => p(c, rec('turn-1 control list not found; the side holding the area in December 1941 (null = nobody)'));

export const seaAreas: readonly SeaAreaData[] = [
  area('Aleutian Islands', recPoc(1), recPoc(1), startCtl(null)),
  area('North Pacific Ocean', p(1, ref('W')), recPoc(1), startCtl(null)),
  area('Japanese Islands', p(3, ref('W')), recPoc(1), startCtl('japanese')),
  area('Marianas Islands', recPoc(2), recPoc(1), startCtl('japanese')),
  area('Central Pacific Ocean', recPoc(1), recPoc(2), startCtl(null)),
  area('Hawaiian Islands', recPoc(1), p(3, ref('W')), startCtl('allied')),
  area('Marshall Islands', recPoc(2), recPoc(1), startCtl('japanese')),
  area('U.S. Mandate', recPoc(1), p(3, rec(CRUCIAL)), startCtl('allied')),
  area('Indonesia', p(3, ref('R')), p(1, ref('R')), startCtl('allied')),
  area('South Pacific Ocean', recPoc(2), recPoc(2), startCtl(null)),
  area('Coral Sea', recPoc(1), p(3, rec(CRUCIAL)), startCtl('allied')),
  area('Bay of Bengal', recPoc(1), recPoc(2), startCtl('allied')),
  area('Indian Ocean', recPoc(1), recPoc(1), startCtl('allied')),
];

/** Sea-area adjacency (undirected). Reconstructed as a whole: see GEO. */
export const adjacency: P<readonly (readonly [string, string])[]> = p(
  [
    ['Aleutian Islands', 'North Pacific Ocean'],
    ['Aleutian Islands', 'Japanese Islands'],
    ['North Pacific Ocean', 'Japanese Islands'],
    ['North Pacific Ocean', 'Central Pacific Ocean'],
    ['North Pacific Ocean', 'Hawaiian Islands'],
    ['Japanese Islands', 'Marianas Islands'],
    ['Japanese Islands', 'Indonesia'],
    ['Marianas Islands', 'Indonesia'],
    ['Marianas Islands', 'Central Pacific Ocean'],
    ['Marianas Islands', 'Marshall Islands'],
    ['Marianas Islands', 'South Pacific Ocean'],
    ['Central Pacific Ocean', 'Marshall Islands'],
    ['Central Pacific Ocean', 'Hawaiian Islands'],
    ['Hawaiian Islands', 'U.S. Mandate'],
    ['Marshall Islands', 'U.S. Mandate'],
    ['Marshall Islands', 'South Pacific Ocean'],
    ['U.S. Mandate', 'South Pacific Ocean'],
    ['U.S. Mandate', 'Coral Sea'],
    ['South Pacific Ocean', 'Coral Sea'],
    ['South Pacific Ocean', 'Indonesia'],
    ['Coral Sea', 'Indian Ocean'],
    ['Indonesia', 'Bay of Bengal'],
    ['Indonesia', 'Indian Ocean'],
    ['Bay of Bengal', 'Indian Ocean'],
  ] as const,
  rec(GEO),
);

const touchRec = (areas: readonly string[]) => p(areas, rec(GEO));
const ctlRec = (c: 'japanese' | 'allied', why: string) => p(c, rec(why));

export const places: readonly PlaceData[] = [
  // Eight major ports (2.1, 2.22).
  {
    name: 'Pearl Harbor',
    kind: 'port',
    touches: p(['Hawaiian Islands'], rule('18.33')),
    startControl: p('allied', ref('R')),
  },
  {
    name: 'Yokosuka Navy Yard',
    kind: 'port',
    touches: touchRec(['Japanese Islands']),
    startControl: p('japanese', rule('4.2')),
  },
  {
    name: 'Truk',
    kind: 'port',
    touches: touchRec(['Marianas Islands', 'South Pacific Ocean']),
    startControl: ctlRec('japanese', 'Japanese in 1941; the chart was not found'),
  },
  {
    name: 'Saigon',
    kind: 'port',
    touches: touchRec(['Indonesia']),
    startControl: p('japanese', ref('P2', 'inferred')),
  },
  {
    name: 'Singapore',
    kind: 'port',
    touches: touchRec(['Indonesia', 'Bay of Bengal']),
    startControl: p('allied', ref('R')),
  },
  {
    name: 'Australia',
    kind: 'port',
    touches: touchRec(['Coral Sea', 'Indian Ocean']),
    startControl: p('allied', ref('R')),
  },
  {
    name: 'Ceylon',
    kind: 'port',
    touches: touchRec(['Bay of Bengal', 'Indian Ocean']),
    startControl: p('allied', ref('R')),
  },
  {
    name: 'Samoa',
    kind: 'port',
    touches: touchRec(['U.S. Mandate', 'South Pacific Ocean']),
    startControl: p('allied', ref('R', 'inferred')),
  },
  // Fourteen island bases (2.1, 2.23): five named by sources, nine reconstructed.
  {
    name: 'Philippines',
    kind: 'base',
    touches: p(['Indonesia', 'Marianas Islands'], rule('2.12')),
    startControl: p('allied', ref('R')),
  },
  {
    name: 'Lae',
    kind: 'base',
    touches: p(['South Pacific Ocean', 'Indonesia'], rule('2.11')),
    startControl: ctlRec('allied', 'Australian territory until March 1942; chart not found'),
  },
  {
    name: 'Port Moresby',
    kind: 'base',
    touches: p(['Indian Ocean', 'Coral Sea'], rule('2.11')),
    startControl: ctlRec('allied', 'Australian throughout the war; chart not found'),
  },
  {
    name: 'Guadalcanal',
    kind: 'base',
    touches: p(['South Pacific Ocean', 'Coral Sea'], rule('2.1')),
    startControl: ctlRec('allied', 'British Solomons until May 1942; chart not found'),
  },
  {
    name: 'Johnston Island',
    kind: 'base',
    touches: p(['Hawaiian Islands'], ref('F1', 'inferred')),
    startControl: p('allied', ref('F1', 'inferred')),
  },
  {
    name: 'Attu',
    kind: 'base',
    touches: touchRec(['Aleutian Islands', 'North Pacific Ocean']),
    startControl: ctlRec('allied', 'US territory until June 1942; base list not found'),
  },
  {
    name: 'Dutch Harbor',
    kind: 'base',
    touches: touchRec(['Aleutian Islands']),
    startControl: ctlRec('allied', 'US base throughout; base list not found'),
  },
  {
    name: 'Midway',
    kind: 'base',
    touches: touchRec(['Central Pacific Ocean', 'North Pacific Ocean']),
    startControl: ctlRec('allied', 'US base throughout; base list not found'),
  },
  {
    name: 'Wake Island',
    kind: 'base',
    touches: touchRec(['Central Pacific Ocean', 'Marshall Islands']),
    startControl: ctlRec('allied', 'US until 23 December 1941; base list not found'),
  },
  {
    name: 'Guam',
    kind: 'base',
    touches: touchRec(['Marianas Islands']),
    startControl: ctlRec('japanese', 'fell on 10 December 1941, inside turn 1; base list not found'),
  },
  {
    name: 'Iwo Jima',
    kind: 'base',
    touches: touchRec(['Japanese Islands', 'Marianas Islands']),
    startControl: ctlRec('japanese', 'Japanese home territory; base list not found'),
  },
  {
    name: 'Kwajalein',
    kind: 'base',
    touches: touchRec(['Marshall Islands']),
    startControl: ctlRec('japanese', 'Japanese mandate since 1920; base list not found'),
  },
  {
    name: 'Tarawa',
    kind: 'base',
    touches: touchRec(['Marshall Islands', 'U.S. Mandate']),
    startControl: ctlRec('japanese', 'Gilberts seized 10 December 1941; base list not found'),
  },
  {
    name: 'Espiritu Santo',
    kind: 'base',
    touches: touchRec(['Coral Sea', 'U.S. Mandate']),
    startControl: ctlRec('allied', 'Allied New Hebrides; base list not found'),
  },
];
