/**
 * The air groups each side starts with (the disk held them; it is lost). Every value is rebuilt from the historical air groups of 1942,
 * each with its source in the reason. Carriers carry their class's group; each airbase its
 * scenario's group. Bombers' and sub searches (7.1C) roll on the float planes' odds (box/search.ts).
 */
import { rebuilt } from './source';

type Group = Readonly<Record<string, number>>;

/** Aircraft aboard each carrier class at the start of a scenario (by class; Coral Sea has its own, below). */
export const CARRIER_GROUPS = {
  'yorktown-cv': rebuilt<Group>(
    { Wildcat: 34, Dauntless: 36, Avenger: 15 },
    "rebuilt: Enterprise's group at the Eastern Solomons (36 F4F, 36 SBD, 15 TBF), two fighters fewer to fit the class's 85 (CC)",
  ),
  'lexington-cv': rebuilt<Group>(
    { Wildcat: 34, Dauntless: 37, Avenger: 16 },
    "rebuilt: Saratoga's group in August 1942 (Air Group 3: 34 F4F, 37 SBD, 16 TBF)",
  ),
  'wasp-cv': rebuilt<Group>({ Wildcat: 29, Dauntless: 30, Avenger: 9 }, "rebuilt: Wasp's group on 7 August 1942 (29 F4F, 30 SBD, 9 TBF)"),
  'shokaku-cv': rebuilt<Group>(
    { Zeke: 27, Val: 27, Kate: 18 },
    "rebuilt: Shokaku's and Zuikaku's establishment in the autumn of 1942 (27 A6M, 27 D3A, 18 B5N), the class's 72 (CC)",
  ),
  'hiyo-cv': rebuilt<Group>({ Zeke: 20, Val: 18, Kate: 9 }, "rebuilt: Junyo's group at Santa Cruz (20 A6M, 18 D3A, 9 B5N)"),
  'ryujo-cvl': rebuilt<Group>({ Zeke: 24, Kate: 9 }, "rebuilt: Ryujo's group at the Eastern Solomons (24 A6M, 9 B5N)"),
  'zuiho-cvl': rebuilt<Group>({ Zeke: 18, Kate: 6 }, "rebuilt: Zuiho's group at Santa Cruz (18 A6M, 6 B5N)"),
};

/** Coral Sea (May 1942): the US carriers still flew the Devastator. */
export const CORAL_SEA_CARRIER_GROUPS = {
  'yorktown-cv': rebuilt<Group>(
    { Wildcat: 20, Dauntless: 38, Devastator: 13 },
    "rebuilt: Yorktown's group at the Coral Sea (20 F4F, 38 SBD, 13 TBD)",
  ),
  'lexington-cv': rebuilt<Group>(
    { Wildcat: 22, Dauntless: 36, Devastator: 12 },
    "rebuilt: Lexington's group at the Coral Sea (22 F4F, 36 SBD, 12 TBD)",
  ),
};

const campaign = {
  Rabaul: { Zeke: 39, Betty: 32, Val: 16 },
  'Espiritu Santo': { Fortress: 27 },
  Brisbane: { Fortress: 12 },
};

/** Aircraft at each airbase at the start of each scenario; a base not named starts empty. */
export const BASE_GROUPS = {
  campaign: rebuilt(
    campaign,
    'rebuilt: on 7 August 1942 the 25th Air Flotilla at Rabaul had 39 A6M, 32 G4M and 16 D3A; the 11th Bomb Group had 27 B-17 at Espiritu Santo and Efate; a reserve of 12 B-17 in Queensland is put at Brisbane',
  ),
  'campaign-2': rebuilt(
    {
      Rabaul: { Zeke: 60, Betty: 60 },
      'Henderson Field': { Wildcat: 30, Dauntless: 25, Avenger: 5 },
      'Espiritu Santo': { Fortress: 27 },
      Brisbane: { Fortress: 12 },
    },
    'rebuilt: in early October 1942 the 11th Air Fleet at Rabaul flew about 60 A6M and 60 G4M; the Cactus Air Force about 30 F4F, 25 SBD and a few TBF',
  ),
  'coral-sea': rebuilt(
    { Rabaul: { Zeke: 18, Betty: 24 }, Cooktown: { Fortress: 8 } },
    'rebuilt: the 4th Air Group and the Tainan Group at Rabaul and Lae (about 18 A6M, 24 G4M in range); a few B-17 of the 19th Bomb Group from northern Queensland',
  ),
  'eastern-solomons': rebuilt(
    { Rabaul: { Zeke: 30, Betty: 24 }, 'Henderson Field': { Wildcat: 14, Dauntless: 11 }, 'Espiritu Santo': { Fortress: 10 } },
    'rebuilt: on 24 August 1942 MAG-23 at Henderson had about 14 F4F and 11 SBD left; Rabaul 30 A6M and 24 G4M after the August losses; 10 B-17 flew from Espiritu Santo',
  ),
  'santa-cruz': rebuilt(
    { Rabaul: { Zeke: 50, Betty: 40 }, 'Henderson Field': { Wildcat: 24, Dauntless: 16 }, 'Espiritu Santo': { Fortress: 12 } },
    'rebuilt: the Cactus Air Force on 26 October 1942 (about 24 F4F, 16 SBD); the 11th Air Fleet about 50 A6M and 40 G4M',
  ),
  guadalcanal: rebuilt(
    { Rabaul: { Zeke: 40, Betty: 30 }, 'Henderson Field': { Wildcat: 30, Dauntless: 25, Avenger: 10 }, 'Espiritu Santo': { Fortress: 15 } },
    'rebuilt: mid-November 1942 the Cactus Air Force had about 30 F4F, 25 SBD and 10 TBF; the 11th Air Fleet about 40 A6M and 30 G4M',
  ),
};
