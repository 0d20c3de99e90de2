/**
 * Japanese order of appearance (4.2, 4.4). Sources: shared/reference/vitp/japanese-oob.json.
 * The chart itself was not found: only the values tagged `reference` come from public sources.
 */
import { ref, rec, Source } from './provenance';
import { unit, UnitData, UnitSpec } from './units';

const YOKO = 'Yokosuka Navy Yard';
const CLASS = (cls: string): Source =>
  rec(`factors not found; set from the ${cls} class (guns, armor, knots, air group) relative to the confirmed counters`);
const ARRIVE = (why: string): Source => rec(`arrival not found; ${why}`);
const DEC41 = ARRIVE('in service in December 1941');

const j = (name: string, type: string, profile: string, turn: number, source: Source, arrivalSource?: Source): UnitData =>
  unit('japanese', { name, type, nation: 'JP', profile, turn, at: YOKO, source, arrivalSource } as UnitSpec);

const SIX_CARRIERS = ref('J5', 'inferred');

export const japaneseUnits: readonly UnitData[] = [
  // Fleet carriers of the Pearl Harbor raid (J5, K1); Akagi/Kaga armor > 3 with circled airstrike (J4 inference).
  j('Akagi', 'CV', '1-4-7/4c', 1, CLASS("Akagi (armor above Taiho's 3, circled airstrike per J4)"), SIX_CARRIERS),
  j('Kaga', 'CV', '1-4-6/4c', 1, CLASS("Kaga (armor above Taiho's 3, circled airstrike per J4)"), SIX_CARRIERS),
  j('Soryu', 'CV', '0-2-7/3c', 1, CLASS('Soryu'), SIX_CARRIERS),
  j('Hiryu', 'CV', '0-2-7/3c', 1, CLASS('Soryu'), SIX_CARRIERS),
  j('Shokaku', 'CV', '0-3-7/4c', 1, CLASS('Shokaku'), SIX_CARRIERS),
  j('Zuikaku', 'CV', '0-3-7/4c', 1, CLASS('Shokaku'), SIX_CARRIERS),
  j('Ryujo', 'CVL', '0-1-6/2', 1, CLASS('Ryujo'), ref('J5')),
  j('Zuiho', 'CVL', '0-1-7/2', 1, CLASS("Zuiho (airstrike 2 per J4: twice Chitose's)"), ref('J5')),
  j('Hosho', 'CVL', '0-0-5/1', 1, CLASS('Hosho'), ref('J5')),
  j('Shoho', 'CVL', '0-1-6/2', 2, CLASS('Zuiho'), ARRIVE('commissioned as a carrier in January 1942')),
  j('Junyo', 'CV', '0-2-5/3', 3, CLASS('Hiyo'), ARRIVE('commissioned May 1942')),
  j('Hiyo', 'CV', '0-2-5/3', 3, CLASS('Hiyo'), ARRIVE('commissioned July 1942')),
  j('Taiho', 'CV', '0-3-7/3', 7, ref('J4')),
  j('Ryuho', 'CVL', '0-0-4/1', 7, ref('J4')),
  j('Chitose', 'CVL', '0-1-6/1', 7, ref('J4')),
  j('Chiyoda', 'CVL', '0-1-6/1', 7, ref('J4')),
  j('Shinano', 'CV', '0-5-6/3', 9, CLASS('Yamato hull converted to a carrier'), ref('K1')),
  // Battleships: ten in December 1941 (J5 counts), Yamato and Musashi later.
  j('Kongo', 'BB', '3-3-6', 1, CLASS('Kongo'), DEC41),
  j('Haruna', 'BB', '3-3-6', 1, CLASS('Kongo'), DEC41),
  j('Hiei', 'BB', '3-3-6', 1, CLASS('Kongo (raid-eligible, so speed 5+, J5)'), ref('J5')),
  j('Kirishima', 'BB', '3-3-6', 1, CLASS('Kongo (raid-eligible, so speed 5+, J5)'), ref('J5')),
  j('Nagato', 'BB', '5-5-5', 1, CLASS('Nagato'), DEC41),
  j('Mutsu', 'BB', '5-5-5', 1, CLASS('Nagato'), DEC41),
  j('Ise', 'BB', '4-4-4', 1, CLASS('Ise'), DEC41),
  j('Hyuga', 'BB', '4-4-4', 1, CLASS('Ise'), DEC41),
  j('Fuso', 'BB', '4-4-4', 1, CLASS('Fuso'), DEC41),
  j('Yamashiro', 'BB', '4-4-4', 1, CLASS('Fuso'), DEC41),
  j('Yamato', 'BB', '6c-7-6', 2, CLASS('Yamato'), ARRIVE('commissioned 16 December 1941, in action 1942')),
  j('Musashi', 'BB', '6c-7-6', 3, CLASS('Yamato'), ARRIVE('commissioned August 1942')),
  // Eighteen heavy cruisers (J5 counts 18 on turn 1).
  ...['Furutaka', 'Kako', 'Aoba', 'Kinugasa'].map((n) => j(n, 'CA', '1-1-7', 1, CLASS('Furutaka/Aoba'), DEC41)),
  ...['Myoko', 'Nachi', 'Ashigara', 'Haguro'].map((n) => j(n, 'CA', '2-1-7', 1, CLASS('Myoko'), DEC41)),
  ...['Takao', 'Atago', 'Maya', 'Chokai'].map((n) => j(n, 'CA', '2-2-7', 1, CLASS('Takao'), DEC41)),
  ...['Mogami', 'Mikuma', 'Suzuya', 'Kumano'].map((n) => j(n, 'CA', '2-1-7', 1, CLASS('Mogami'), DEC41)),
  j('Tone', 'CA', '2-1-7', 1, CLASS('Tone (raid-eligible per J5)'), ref('J5')),
  j('Chikuma', 'CA', '2-1-7', 1, CLASS('Tone (raid-eligible per J5)'), ref('J5')),
  // Torpedo cruisers (J2 prints Kitakami; V1 moves Kitakami and Oi together).
  j('Kitakami', 'CL', '1c-0-7', 1, ref('J2'), ref('J5', 'inferred')),
  j('Oi', 'CL', '1c-0-7', 1, rec('factors not found; taken from her sister Kitakami (V1 moves them together)'), ref('J5', 'inferred')),
  // Land-based air (3.3, 12.x): at least six on turn 1 (J5).
  ...['21st Air Flotilla', '22nd Air Flotilla', '23rd Air Flotilla', '24th Air Flotilla', '25th Air Flotilla', '26th Air Flotilla'].map(
    (n) =>
      j(
        n,
        'LBA',
        '0-4-0/3',
        1,
        rec('LBA factors not found; J2 shows a Japanese LBA as "3-4-*" (reading unconfirmed), taken as airstrike 3, defense 4'),
        ref('J5', 'inferred'),
      ),
  ),
  j(
    '27th Air Flotilla',
    'LBA',
    '0-4-0/3',
    4,
    rec('a later air flotilla, same factors as the turn-1 units'),
    ARRIVE('one more air unit for the 1943 build-up'),
  ),
  // Amphibious units (13.x): at least one on turn 1 (J5).
  j(
    'Kure SNLF',
    'AMPH',
    '0-1-4',
    1,
    rec('amphibious factors not found; armor 1, speed 4 for a landing force with its transports'),
    ref('J5', 'inferred'),
  ),
  j('Sasebo SNLF', 'AMPH', '0-1-4', 1, rec('amphibious factors not found; as Kure SNLF'), DEC41),
  j(
    'Yokosuka SNLF',
    'AMPH',
    '0-1-4',
    2,
    rec('amphibious factors not found; as Kure SNLF'),
    ARRIVE('a second wave for the 1942 offensives'),
  ),
  j('Maizuru SNLF', 'AMPH', '0-1-4', 4, rec('amphibious factors not found; as Kure SNLF'), ARRIVE('a 1943 reinforcement')),
  // The submarine (3.2, 16.x): one shot with the attack bonus; placed anywhere (6.6).
  j('I-Boat', 'SS', '0-0-0/1c', 1, ref('J2'), ref('R')),
];
