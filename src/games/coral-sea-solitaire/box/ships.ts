/**
 * The ship counters (3.5-3.9, 4.2, 4.3, 30, 31, errata). The counter mix (ids and types) is the
 * rulebook's; the printed values are not in it, except one IJN CA-2 counter read "12-6-12-10" in the
 * errata (order of the four numbers unstated). Values are reconstructed around that counter, read as
 * attack-defense-AA-bombardment, with every reason recorded. Carrier capacities must hold the air
 * loads of 4.2, 4.3 and 30.1 (constraint `carriers.hold-their-air`).
 */
import { type P, fromRule, p, rebuilt, rule } from './provenance';
import type { CoralSide, ShipType } from './schema';

export interface ShipData {
  readonly id: string;
  readonly side: CoralSide;
  readonly type: P<ShipType>;
  readonly name?: P<string>;
  readonly attack: P<number>;
  readonly defense: P<number>;
  readonly aa: P<number>;
  readonly bombard: P<number>;
  readonly capacity?: P<number>;
  readonly real?: P<boolean>;
}

type Values = readonly [attack: number, defense: number, aa: number, bombard: number];

const READING = "read as attack-defense-AA-bombardment from the errata's IJN CA-2 counter (12-6-12-10), the only printed values";

/** Values of a class, each tagged with the class's reasoning. */
const VALUES: Record<string, { values: Values; reason: string }> = {
  'ijn-CA-heavy': {
    values: [12, 6, 12, 10],
    reason: `${READING}; CA-1 and CA-2 sail with the carriers in 31.1 (the Myoko class) and take the printed counter's values`,
  },
  'ijn-CA-light': {
    values: [8, 5, 8, 7],
    reason: `${READING}; CA-3 to CA-6 form the Covering Group in 31.1 (the smaller Aoba and Furutaka classes): two-thirds of the printed CA`,
  },
  'ijn-CL': { values: [5, 3, 5, 4], reason: `${READING}; light cruisers about 40% of the printed CA` },
  'ijn-DD': {
    values: [4, 2, 3, 2],
    reason: `${READING}; a two- or three-ship destroyer unit (3.13) with the IJN's torpedo edge in attack`,
  },
  'ijn-CV': {
    values: [2, 10, 8, 0],
    reason: `${READING}; a fleet carrier defends like a heavy cruiser and more, with little surface attack`,
  },
  'ijn-CVL': { values: [1, 5, 4, 0], reason: `${READING}; a light carrier half a fleet carrier` },
  'ijn-BB': { values: [30, 20, 12, 30], reason: `${READING}; a fast battleship (30.3) worth about two and a half heavy cruisers` },
  'ijn-TR': {
    values: [0, 2, 1, 0],
    reason: 'transports carry no guns to speak of: attack 0 (16.5 allows zero-attack units), small defense',
  },
  'ijn-GB': { values: [1, 1, 1, 1], reason: 'a converted gunboat: the smallest armed ship' },
  'ijn-CYP': { values: [0, 2, 2, 0], reason: 'a seaplane tender: no surface attack, its value is scouting (3.9)' },
  'usn-CA': {
    values: [10, 6, 12, 8],
    reason: `${READING}; USN and Australian heavy cruisers a little weaker in surface attack than the printed IJN CA, their AA as good`,
  },
  'usn-DD': { values: [3, 2, 4, 2], reason: `${READING}; a USN destroyer unit stronger in AA, weaker in torpedoes than the IJN's` },
  'usn-CV': { values: [2, 12, 10, 0], reason: `${READING}; the large USN carriers defend a little better than the IJN's, with better AA` },
  'usn-B': { values: [24, 18, 8, 24], reason: `${READING}; an old battleship (30.4) slower and weaker than an IJN BB` },
  'usn-CYP': { values: [0, 2, 2, 0], reason: 'a seaplane tender: no surface attack, its value is scouting (3.9)' },
  dummy: { values: [0, 0, 0, 0], reason: 'a dummy is removed the instant it is flipped (27.3) and never fights' },
  sub: { values: [0, 0, 0, 0], reason: 'submarines attack on a fixed CRT column (19.5) and are never part of a combat strength (19.4)' },
};

const COUNTER_MIX = (section: string) => rule(section);

function ship(id: string, side: CoralSide, type: ShipType, klass: string, counterRule: string, extra: Partial<ShipData> = {}): ShipData {
  const { values, reason } = VALUES[klass];
  const [attack, defense, aa, bombard] = values.map((v) => rebuilt(v, reason));
  return { id, side, type: p(type, COUNTER_MIX(counterRule)), attack, defense, aa, bombard, ...extra };
}

const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${from + i}`);

const CAPACITY_USN =
  'enough for the 4.2 load (10) and 30.1/30.2 (11 on CV-3) with a margin: Lexington and Yorktown carried more aircraft than the Japanese fleet carriers';
const CAPACITY_IJN =
  'enough for the 4.3 load (9) and 30.1 (CV-4: 11): the fleet carriers embarked about 60-70 aircraft, the light carrier about 20';

export const shipsData: ShipData[] = [
  // IJN (4.3, 30.1, 30.3, 31.1, errata)
  ship('CV-1', 'ijn', 'CV', 'ijn-CV', '4.3', { capacity: rebuilt(10, CAPACITY_IJN) }),
  ship('CV-2', 'ijn', 'CV', 'ijn-CV', '4.3', { capacity: rebuilt(10, CAPACITY_IJN) }),
  ship('CVL-3', 'ijn', 'CVL', 'ijn-CVL', '4.3', { capacity: rebuilt(5, CAPACITY_IJN) }),
  ship('CV-4', 'ijn', 'CV', 'ijn-CV', '30.1', { capacity: rebuilt(11, CAPACITY_IJN) }),
  ...range('CA', 1, 2).map((id) => ship(id, 'ijn', 'CA', 'ijn-CA-heavy', id === 'CA-2' ? 'errata' : '4.3')),
  ...range('CA', 3, 6).map((id) => ship(id, 'ijn', 'CA', 'ijn-CA-light', '4.3')),
  ...range('CL', 1, 2).map((id) => ship(id, 'ijn', 'CL', 'ijn-CL', '4.3')),
  ...range('DD', 1, 7).map((id) => ship(id, 'ijn', 'DD', 'ijn-DD', '4.3')),
  ...range('Dummy', 1, 5).map((id) => ship(id, 'ijn', 'Dummy', 'dummy', '4.3')),
  ...range('TR', 1, 4).map((id) => ship(id, 'ijn', 'TR', 'ijn-TR', '4.3')),
  ship('CYP-1', 'ijn', 'CYP', 'ijn-CYP', '4.3'),
  ship('GB-1', 'ijn', 'GB', 'ijn-GB', '4.3'),
  ...range('BB', 1, 2).map((id) => ship(id, 'ijn', 'BB', 'ijn-BB', '30.3')),
  ...range('SS', 1, 3).map((id, i) =>
    ship(id, 'ijn', 'SS', 'sub', '4.3', {
      real: rebuilt(
        i < 2,
        '19.2 makes some submarine counters false sightings without saying how many: two boats and one false sighting, so a contact is real two times in three',
      ),
    }),
  ),
  // USN (4.2, 30.1, 30.4)
  ship('CV-1', 'usn', 'CV', 'usn-CV', '4.2', { name: fromRule('Lexington', '4.2'), capacity: rebuilt(12, CAPACITY_USN) }),
  ship('CV-2', 'usn', 'CV', 'usn-CV', '4.2', { name: fromRule('Yorktown', '4.2'), capacity: rebuilt(12, CAPACITY_USN) }),
  ship('CV-3', 'usn', 'CV', 'usn-CV', '30.1', { capacity: rebuilt(12, CAPACITY_USN) }),
  ...range('CA', 1, 8).map((id) => ship(id, 'usn', 'CA', 'usn-CA', '4.2')),
  ...range('DD', 1, 7).map((id) => ship(id, 'usn', 'DD', 'usn-DD', id === 'DD-7' ? '30.1' : '4.2')),
  ship('CYP-1', 'usn', 'CYP', 'usn-CYP', '4.2'),
  ...range('B', 1, 2).map((id) => ship(id, 'usn', 'B', 'usn-B', '30.4')),
];
