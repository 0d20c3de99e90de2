/**
 * Allied starting forces and order of appearance (4.3, 4.4, 17.x). Sources:
 * shared/reference/vitp/allied-oob.json. Neither chart was found: only the values tagged
 * `reference` or `rulebook` come from sources; the rest is reconstructed and says why.
 */
import { Source, rec, ref } from './provenance';
import { Nation, unit, UnitData, UnitSpec } from './units';

const CLASS = (cls: string): Source => rec(`factors not found; set from the ${cls} class relative to the confirmed counters`);
const ARRIVE = (why: string): Source => rec(`arrival not found; ${why}`);
const START = (why: string): Source => rec(`starting forces chart not found; ${why}`);
const BRIT_BB = (profile: string): Source =>
  rec(`British battleship profiles are confirmed by 4.42 (${profile}); which ship carries which is reconstructed`);

type Spec = Omit<UnitSpec, 'nation'> & { nation?: Nation };
const a = (s: Spec): UnitData => unit('allied', { nation: 'US', ...s });
const us = (name: string, type: string, profile: string, turn: number, at: string, source: Source, arrivalSource?: Source) =>
  a({ name, type, profile, turn, at, source, arrivalSource });
const gb = (
  name: string,
  type: string,
  profile: string,
  turn: number,
  source: Source,
  arrivalSource: Source,
  removedOnTurn?: number,
  at = 'Ceylon',
) =>
  a({
    name,
    type,
    nation: 'GB',
    profile,
    turn,
    at,
    source,
    arrivalSource,
    removedOnTurn,
    removalSource: rec('British removals chart not found; withdrawal dates of the Eastern Fleet'),
  });

const PEARL = 'Pearl Harbor';
const BRIT_CV = rec('4.42 and F1 give the British 0-2-7 carrier type with airstrike 2; which ships carry it is reconstructed');
const USCA = CLASS('US heavy cruiser (Wichita 1-1-7 confirmed)');
const STD_BB = CLASS('US standard battleship (New Mexico 4-5-3 confirmed; 21 calls them 4-4-3 or better)');
const FAST_BB = CLASS('US fast battleship (Massachusetts circled 5-6-5 confirmed)');
const ESSEX = CLASS('Essex (airstrike as the confirmed Yorktown 4, one more armor)');
const CVL = CLASS('Independence light carrier');

export const alliedUnits: readonly UnitData[] = [
  // ---- Turn 1 starting forces, placed by location letter (3.1, 4.3).
  ...['Arizona', 'Oklahoma', 'Nevada'].map((n) => us(n, 'BB', '4-4-3', 1, 'P', STD_BB, ref('J5'))),
  us('Pennsylvania', 'BB', '4-4-3', 1, 'P', STD_BB, START('flagship in dry dock at Pearl Harbor on 7 December')),
  ...['Maryland', 'West Virginia', 'Tennessee'].map((n) => us(n, 'BB', '4-5-3', 1, 'P', STD_BB, ref('J5'))),
  us('California', 'BB', '4-5-3', 1, 'P', STD_BB, START('sunk at her moorings at Pearl Harbor')),
  us(
    '7th Air Force',
    'LBA',
    '0-3-0/2',
    1,
    'P',
    rec('Allied LBA factors not found; airstrike 2, defense 3 for the 1941 air forces'),
    START('18.3 puts one air unit in Pearl Harbor; the name follows P1 (unconfirmed)'),
  ),
  // Two cruisers in the Hawaiian Islands (18.3): count confirmed, names reconstructed.
  us('Minneapolis', 'CA', '1-1-7', 1, 'H', USCA, START('18.3 places two cruisers in the Hawaiian Islands; she was at sea off Oahu')),
  us('Indianapolis', 'CA', '1-1-7', 1, 'H', USCA, START('18.3 places two cruisers in the Hawaiian Islands; she was near Johnston')),
  us('Pensacola', 'CA', '1-1-7', 1, 'U', USCA, START('letter U exists (3.1); she was escorting a convoy south of Hawaii')),
  us('Chester', 'CA', '1-1-7', 1, 'C', USCA, START('letter C exists (3.1); P1 mentions a lone cruiser in the Coral Sea')),
  // The five cruisers that may move on turn 1 (18.22), in Australia, Singapore and the Philippines.
  a({
    name: 'Australia',
    type: 'CA',
    nation: 'AU',
    profile: '1-1-6',
    turn: 1,
    at: 'A',
    source: CLASS('County'),
    arrivalSource: START('Australian cruiser (P1) in her home port'),
  }),
  a({
    name: 'Canberra',
    type: 'CA',
    nation: 'AU',
    profile: '1-1-6',
    turn: 1,
    at: 'A',
    source: CLASS('County'),
    arrivalSource: START('Australian cruiser (P1) in her home port'),
  }),
  a({
    name: 'Exeter',
    type: 'CA',
    nation: 'GB',
    profile: '1-1-6',
    turn: 1,
    at: 'S',
    source: CLASS('York'),
    arrivalSource: START('ABDA cruiser based on Singapore'),
  }),
  a({
    name: 'De Ruyter',
    type: 'CL',
    nation: 'NL',
    profile: '1-0-6',
    turn: 1,
    at: 'S',
    source: CLASS('De Ruyter'),
    arrivalSource: START('the one Dutch ship (3.1), ABDA striking force'),
  }),
  us('Houston', 'CA', '1-1-6', 1, 'M', USCA, START('Asiatic Fleet flagship off the Philippines')),
  us(
    'Far East Air Force',
    'LBA',
    '0-3-0/2',
    1,
    'M',
    rec('Allied LBA factors not found; as 7th Air Force'),
    START('the US air force in the Philippines'),
  ),
  // Force Z in Indonesia: the target of the turn-1 surprise air raids (18.4).
  gb('Prince of Wales', 'BB', '4-5-6', 1, BRIT_BB('4-5-6'), START('Force Z, sunk off Malaya 10 December 1941'), undefined, 'I'),
  gb('Repulse', 'BB', '3-3-6', 1, BRIT_BB('3-3-6'), START('Force Z; J6 shows her in play'), undefined, 'I'),
  gb('Cornwall', 'CA', '1-1-6', 1, CLASS('County'), START('letter B exists (3.1); Eastern Fleet cruiser'), 3, 'B'),
  // Location-uncertain groups W/X/Y/Z (4.3, 18.32): contents not found.
  us('Enterprise', 'CV', '0-2-7/4c', 1, 'W', ref('J2'), START('P1 suggests a location-uncertain group (unconfirmed)')),
  us('Northampton', 'CA', '1-1-7', 1, 'W', USCA, START('Task Force 8 with Enterprise')),
  us('Salt Lake City', 'CA', '1-1-7', 1, 'W', USCA, START('Task Force 8 with Enterprise')),
  us('Lexington', 'CV', '1-3-7/4c', 1, 'X', ref('J2'), START('Task Force 12, at sea toward Midway')),
  us('Chicago', 'CA', '1-1-7', 1, 'X', USCA, START('Task Force 12 with Lexington')),
  us('Portland', 'CA', '1-1-7', 1, 'X', USCA, START('Task Force 12 with Lexington')),
  us('Saratoga', 'CV', '1-3-7/4c', 1, 'Y', CLASS('Lexington'), START('at San Diego on 7 December')),
  us('Astoria', 'CA', '1-1-7', 1, 'Z', USCA, START('Task Force 12 cruisers split as a fourth group')),
  us('Louisville', 'CA', '1-1-7', 1, 'Z', USCA, START('a fourth group of cruisers')),
  // ---- United States reinforcements, placed at Pearl Harbor (17.11).
  us('Yorktown', 'CV', '0-2-7/4c', 2, PEARL, ref('J2'), ARRIVE('J2 shows her in play on turn 2')),
  us('Hornet', 'CV', '0-2-7/4c', 2, PEARL, ref('J2'), ARRIVE('J2 shows her in play on turn 2')),
  us('Wasp', 'CV', '0-1-7/2', 3, PEARL, CLASS('Wasp'), ARRIVE('joined the Pacific Fleet June 1942')),
  us('New Mexico', 'BB', '4-5-3', 2, PEARL, ref('J2'), ARRIVE('J2 shows her in play on turn 2')),
  us('Mississippi', 'BB', '4-5-3', 2, PEARL, STD_BB, ARRIVE('came from the Atlantic in early 1942')),
  us('Idaho', 'BB', '4-5-3', 2, PEARL, STD_BB, ARRIVE('came from the Atlantic in early 1942')),
  us('Colorado', 'BB', '4-5-3', 2, PEARL, STD_BB, ARRIVE('refitting at Puget Sound in December 1941')),
  us('North Carolina', 'BB', '5c-6-5', 3, PEARL, FAST_BB, ARRIVE('reached the Pacific mid-1942')),
  us('Washington', 'BB', '5c-6-5', 3, PEARL, FAST_BB, ARRIVE('reached the Pacific late 1942')),
  us('South Dakota', 'BB', '5c-6-5', 3, PEARL, FAST_BB, ARRIVE('commissioned March 1942')),
  us('Indiana', 'BB', '5c-6-5', 4, PEARL, FAST_BB, ARRIVE('reached the Pacific late 1942')),
  us('Massachusetts', 'BB', '5c-6-5', 5, PEARL, ref('J3')),
  us('Alabama', 'BB', '5c-6-5', 5, PEARL, FAST_BB, ARRIVE('reached the Pacific August 1943')),
  us('Iowa', 'BB', '5c-7-7', 6, PEARL, CLASS('Iowa'), ARRIVE('reached the Pacific January 1944')),
  us('New Jersey', 'BB', '5c-7-7', 6, PEARL, CLASS('Iowa'), ARRIVE('reached the Pacific January 1944')),
  ...['San Francisco', 'New Orleans', 'Vincennes', 'Quincy'].map((n) =>
    us(n, 'CA', '1-1-7', 2, PEARL, USCA, ARRIVE('Pacific or Atlantic cruiser in action 1942')),
  ),
  us('Wichita', 'CA', '1-1-7', 5, PEARL, ref('J3')),
  ...['Baltimore', 'Boston'].map((n) => us(n, 'CA', '2-2-7', 6, PEARL, CLASS('Baltimore'), ARRIVE('commissioned 1943, in action 1944'))),
  ...['Essex', 'Yorktown II', 'Lexington II'].map((n) =>
    us(n, 'CV', '0-3-7/4c', 5, PEARL, ESSEX, ARRIVE('Essex class in action mid-1943')),
  ),
  ...['Bunker Hill', 'Intrepid'].map((n) => us(n, 'CV', '0-3-7/4c', 6, PEARL, ESSEX, ARRIVE('Essex class in action late 1943'))),
  ...['Hornet II', 'Wasp II', 'Franklin'].map((n) => us(n, 'CV', '0-3-7/4c', 7, PEARL, ESSEX, ARRIVE('Essex class in action 1944'))),
  ...['Independence', 'Princeton', 'Belleau Wood'].map((n) =>
    us(n, 'CVL', '0-1-7/2', 5, PEARL, CVL, ARRIVE('Independence class in action mid-1943')),
  ),
  ...['Cowpens', 'Monterey', 'Cabot'].map((n) => us(n, 'CVL', '0-1-7/2', 6, PEARL, CVL, ARRIVE('Independence class in action late 1943'))),
  ...['Ticonderoga', 'Hancock'].map((n) =>
    us(n, 'CV', '0-3-7/4c', 9, PEARL, ESSEX, ARRIVE('Essex class in action late 1944 (optional turn 9)')),
  ),
  us(
    '5th Air Force',
    'LBA',
    '0-3-0/2',
    2,
    PEARL,
    rec('Allied LBA factors not found; as 7th Air Force'),
    ARRIVE('formed in Australia 1942'),
  ),
  us('11th Air Force', 'LBA', '0-3-0/2', 2, PEARL, rec('Allied LBA factors not found; as 7th Air Force'), ARRIVE('formed in Alaska 1942')),
  us(
    '13th Air Force',
    'LBA',
    '0-4-0/3',
    4,
    PEARL,
    rec('Allied LBA factors not found; a stronger 1943 air force'),
    ARRIVE('formed in the Solomons January 1943'),
  ),
  us(
    '1st MAW',
    'LBA',
    '0-4-0/3',
    3,
    PEARL,
    rec('Allied LBA factors not found; the Marine air wing at Guadalcanal'),
    ARRIVE('Cactus Air Force, autumn 1942'),
  ),
  us(
    '1st Marines',
    'AMPH',
    '0-1-4',
    2,
    PEARL,
    rec('amphibious factors not found; armor 1, speed 4 as the Japanese units'),
    ARRIVE('1st Marine Division ready mid-1942'),
  ),
  us(
    '2nd Marines',
    'AMPH',
    '0-1-4',
    3,
    PEARL,
    rec('amphibious factors not found; as 1st Marines'),
    ARRIVE('2nd Marine Division late 1942'),
  ),
  us('3rd Marines', 'AMPH', '0-1-4', 5, PEARL, rec('amphibious factors not found; as 1st Marines'), ARRIVE('3rd Marine Division 1943')),
  us('4th Marines', 'AMPH', '0-1-4', 6, PEARL, rec('amphibious factors not found; as 1st Marines'), ARRIVE('4th Marine Division 1944')),
  us(
    'F-Boat',
    'SS',
    '0-0-0/1c',
    5,
    PEARL,
    rec('F-Boat factors not found; one shot with the attack bonus as the I-Boat (16.2)'),
    rec('G2: enters when the I-Boat withdraws late in the game; turn not found'),
  ),
  // ---- British reinforcements at Ceylon (17.21) and removals (4.42).
  gb('Warspite', 'BB', '4-4-4', 2, BRIT_BB('4-4-4'), ARRIVE('joined the Eastern Fleet March 1942'), 4),
  ...['Revenge', 'Resolution', 'Royal Sovereign', 'Ramillies'].map((n) =>
    gb(n, 'BB', '4-4-3', 2, BRIT_BB('4-4-3'), ARRIVE('R class with the Eastern Fleet March 1942'), 3),
  ),
  gb('Indomitable', 'CV', '0-2-7/2', 2, BRIT_CV, ARRIVE('joined the Eastern Fleet March 1942'), 4),
  gb('Formidable', 'CV', '0-2-7/2', 2, BRIT_CV, ARRIVE('joined the Eastern Fleet March 1942'), 3),
  gb('Hermes', 'CV', '0-0-6/1', 2, CLASS('Hermes (4.42: not a 0-2-7)'), ARRIVE('at Ceylon in early 1942 (J6 shows her in play)'), 5),
  gb('Dorsetshire', 'CA', '1-1-6', 2, CLASS('County'), ARRIVE('with the Eastern Fleet April 1942'), 4),
  gb('Victorious', 'CV', '0-2-7/2', 5, ref('J3'), ref('J3'), undefined, PEARL),
  gb('Illustrious', 'CV', '0-2-7/2', 7, BRIT_CV, ARRIVE('returned to the Eastern Fleet in 1944')),
  ...['Valiant', 'Queen Elizabeth'].map((n) => gb(n, 'BB', '4-4-4', 7, BRIT_BB('4-4-4'), ARRIVE('returned to the Eastern Fleet in 1944'))),
  gb('Renown', 'BB', '3-3-6', 7, BRIT_BB('3-3-6'), ARRIVE('joined the Eastern Fleet in 1944')),
];
