/** The four mini games (10.0): Coral Sea, Eastern Solomons, Santa Cruz, Guadalcanal, as they start (3.1, 10.3, 13.0); rebuilt positions as in scenarios.ts. */
import { scenario, side } from './scenario-kit';
import { printed, rebuilt } from './source';

export const MINI_GAMES = {
  'coral-sea': scenario(
    '1942-05-04',
    '1942-05-09',
    '3.1',
    { turns: printed(12, '10.3'), weather: printed<'heavy'>('heavy', '10.2E') },
    side(
      '2CV 7CA 1CL 13DD 2TK 4SS',
      [5000, 15, 213],
      'Yorktown, Lexington, Astoria, Chester, Portland, Minneapolis, New Orleans, Australia, Chicago, Hobart, Tippecanoe, Neosho',
      [
        [
          { mission: 'C', col: 17, row: 26, ships: ['Yorktown', 'Astoria', 'Chester', 'Portland'], take: { DD: 6 } },
          'Task Force 17 in the Coral Sea',
        ],
        [{ mission: 'C', col: 12, row: 24, ships: ['Australia', 'Chicago', 'Hobart'], take: { DD: 2 } }, "Crace's support group"],
        [{ mission: 'T', col: 18, row: 28, ships: ['Neosho'], take: { DD: 2 } }, 'the fuelling group'],
        [
          { mission: 'C', col: 19, row: 27, ships: ['Lexington', 'Minneapolis', 'New Orleans', 'Tippecanoe'], take: { DD: 3 } },
          'Task Force 11 with Lexington, US TF #5 in 10.2F once numbered',
        ],
        [{ mission: 'U', col: 14, row: 14, take: { SS: 4 } }, 'US submarines off Rabaul'],
      ],
      null,
    ),
    side(
      '2CV 1CVL 6CA 3CL 1CS 14DD 13TR 3ML 4SS',
      [0, 0, 273],
      'Shokaku, Zuikaku, Shoho, Myoko, Haguro, Aoba, Kinugasa, Kako, Furutaka, Yubari, Tenryu, Tatsuta, Kamikawa Maru, Okinoshima, Tsugaru, Koei Maru',
      [
        [
          { mission: 'C', col: 19, row: 21, ships: ['Shokaku', 'Zuikaku', 'Myoko', 'Haguro'], take: { DD: 6 } },
          'the MO Striking Force east of the Solomons',
        ],
        [
          { mission: 'C', col: 14, row: 19, ships: ['Shoho', 'Aoba', 'Kinugasa', 'Kako', 'Furutaka'], take: { DD: 1 } },
          'the Covering Group',
        ],
        [
          {
            mission: 'T',
            col: 13,
            row: 15,
            ships: ['Yubari', 'Okinoshima', 'Tsugaru', 'Koei Maru'],
            take: { DD: 6, TR: 13 },
            load: { inf: 2, sup: 1 },
          },
          'the Port Moresby invasion force leaving Rabaul',
        ],
        [{ mission: 'C', col: 15, row: 19, ships: ['Tenryu', 'Tatsuta', 'Kamikawa Maru'], take: { DD: 1 } }, 'the Support Group'],
        [{ mission: 'U', col: 17, row: 23, take: { SS: 4 } }, 'the submarine screen'],
      ],
      null,
    ),
  ),
  'eastern-solomons': scenario(
    '1942-08-24',
    '1942-08-25',
    '3.1',
    { turns: printed(4, '10.3'), bonus: printed({ japanese: 75 }, '10.1D') },
    side(
      '3CV 1BB 5CA 2CLAA 18DD 6SS',
      [12000, 20, 338],
      'Enterprise, Saratoga, Wasp, North Carolina, Portland, Minneapolis, New Orleans, San Francisco, Salt Lake City, Atlanta, San Juan',
      [
        [
          { mission: 'C', col: 23, row: 22, ships: ['Enterprise', 'North Carolina', 'Portland', 'Atlanta'], take: { DD: 6 } },
          'Task Force 16',
        ],
        [{ mission: 'C', col: 24, row: 22, ships: ['Saratoga', 'Minneapolis', 'New Orleans'], take: { DD: 6 } }, 'Task Force 11'],
        [
          { mission: 'C', col: 25, row: 24, ships: ['Wasp', 'San Francisco', 'Salt Lake City', 'San Juan'], take: { DD: 6 } },
          'Task Force 18, refuelling to the south',
        ],
        [{ mission: 'U', col: 14, row: 14, take: { SS: 6 } }, 'US submarines off Rabaul'],
      ],
      null,
    ),
    side(
      '2CV 1CVL 3BB 13CA 3CL 1CS 28DD 1TR 4APD 12SS',
      [1000, 5, 281],
      'Shokaku, Zuikaku, Ryujo, Hiei, Kirishima, Mutsu, Tone, Atago, Maya, Takao, Myoko, Haguro, Chikuma, Suzuya, Kumano, Chokai, Aoba, Kinugasa, Furutaka, Yura, Jintsu, Tenryu, Chitose',
      [
        [{ mission: 'C', col: 20, row: 15, ships: ['Shokaku', 'Zuikaku'], take: { DD: 6 } }, "Nagumo's carriers north of the Solomons"],
        [{ mission: 'C', col: 19, row: 16, ships: ['Ryujo', 'Tone'], take: { DD: 2 } }, 'the Ryujo detachment'],
        [
          {
            mission: 'C',
            col: 21,
            row: 15,
            ships: [
              'Hiei',
              'Kirishima',
              'Mutsu',
              'Atago',
              'Maya',
              'Takao',
              'Myoko',
              'Haguro',
              'Chikuma',
              'Suzuya',
              'Kumano',
              'Yura',
              'Chitose',
            ],
            take: { DD: 12 },
          },
          "Kondo's Advance Force and Abe's Vanguard",
        ],
        [
          { mission: 'T', col: 18, row: 17, ships: ['Jintsu'], take: { DD: 8, TR: 1, APD: 4 }, load: { inf: 2, sup: 1 } },
          "Tanaka's reinforcement convoy",
        ],
        [
          { mission: 'C', col: 16, row: 18, ships: ['Chokai', 'Aoba', 'Kinugasa', 'Furutaka', 'Tenryu'] },
          "Mikawa's cruisers at the Shortlands",
        ],
        [{ mission: 'U', col: 24, row: 22, take: { SS: 12 } }, 'the submarine cordon south-east of Guadalcanal (14.0)'],
      ],
      null,
    ),
  ),
  'santa-cruz': scenario(
    '1942-10-26',
    '1942-10-27',
    '3.1',
    {
      turns: rebuilt(
        4,
        'rebuilt: 10.3 gives no length for Santa Cruz; its dates (3.1) are two days, four turns, as each printed length matches its dates',
      ),
    },
    side(
      '2CV 1BB 3CA 3CLAA 14DD 11SS',
      [23000, 10, 279],
      'Enterprise, Hornet, South Dakota, Portland, Northampton, Pensacola, San Juan, San Diego, Juneau',
      [
        [
          { mission: 'C', col: 26, row: 22, ships: ['Enterprise', 'South Dakota', 'Portland', 'San Juan'], take: { DD: 8 } },
          'Task Force 16 north of the Santa Cruz Islands',
        ],
        [
          { mission: 'C', col: 27, row: 22, ships: ['Hornet', 'Northampton', 'Pensacola', 'San Diego', 'Juneau'], take: { DD: 6 } },
          'Task Force 17',
        ],
        [{ mission: 'U', col: 14, row: 14, take: { SS: 11 } }, 'US submarines off Rabaul'],
      ],
      null,
    ),
    side(
      '3CV 1CVL 4BB 8CA 1CL 33DD 12SS',
      [20000, 20, 373],
      'Shokaku, Zuikaku, Junyo, Zuiho, Kongo, Haruna, Hiei, Kirishima, Atago, Takao, Myoko, Maya, Tone, Chikuma, Suzuya, Kumano, Isuzu',
      [
        [{ mission: 'C', col: 24, row: 18, ships: ['Shokaku', 'Zuikaku', 'Zuiho'], take: { DD: 8 } }, "Nagumo's carriers"],
        [{ mission: 'C', col: 22, row: 17, ships: ['Junyo'], take: { DD: 2 } }, "Kakuta's Junyo"],
        [
          {
            mission: 'C',
            col: 23,
            row: 17,
            ships: [
              'Kongo',
              'Haruna',
              'Hiei',
              'Kirishima',
              'Atago',
              'Takao',
              'Myoko',
              'Maya',
              'Tone',
              'Chikuma',
              'Suzuya',
              'Kumano',
              'Isuzu',
            ],
            take: { DD: 23 },
          },
          "Kondo's Advance Force and Abe's Vanguard",
        ],
        [{ mission: 'U', col: 24, row: 22, take: { SS: 12 } }, 'the submarine line south-east of Guadalcanal (14.0)'],
      ],
      null,
    ),
  ),
  guadalcanal: scenario(
    '1942-11-12',
    '1942-11-15',
    '3.1',
    { turns: printed(8, '10.3') },
    side(
      '1CV 2BB 4CA 3CLAA 35DD 19TR 6DMS 3APD 17SS',
      [32000, 25, 249],
      'Enterprise, Washington, South Dakota, Northampton, San Francisco, Portland, Pensacola, Atlanta, Juneau, San Diego',
      [
        [
          { mission: 'C', col: 24, row: 25, ships: ['Enterprise', 'Washington', 'South Dakota', 'Northampton'], take: { DD: 8 } },
          'Task Force 16 coming north from Noumea',
        ],
        [
          { mission: 'C', col: 22, row: 21, ships: ['San Francisco', 'Portland', 'Atlanta', 'Juneau'], take: { DD: 8 } },
          "Callaghan's cruisers covering the transports",
        ],
        [
          {
            mission: 'T',
            col: 21,
            row: 20,
            ships: ['Pensacola', 'San Diego'],
            take: { DD: 12, TR: 19, DMS: 6, APD: 3 },
            load: { inf: 2, sup: 2 },
          },
          "Turner's transports off Lunga",
        ],
        [{ mission: 'C', col: 23, row: 22, take: { DD: 7 } }, 'the destroyer screen'],
        [{ mission: 'U', col: 17, row: 18, take: { SS: 17 } }, 'US submarines in the Slot and off Bougainville (14.0)'],
      ],
      null,
    ),
    side(
      '1CV 4BB 3CA 2CL 30DD 11TR 14SS',
      [28000, 5, 228],
      'Junyo, Hiei, Kirishima, Kongo, Haruna, Chokai, Kinugasa, Maya, Nagara, Tenryu',
      [
        [{ mission: 'C', col: 20, row: 14, ships: ['Junyo'], take: { DD: 4 } }, "Kakuta's Junyo north of the Solomons"],
        [{ mission: 'B', col: 19, row: 17, ships: ['Hiei', 'Kirishima', 'Nagara'], take: { DD: 11 } }, "Abe's bombardment force"],
        [
          { mission: 'FB', col: 16, row: 18, ships: ['Chokai', 'Kinugasa', 'Maya', 'Tenryu'], take: { DD: 4 } },
          "Mikawa's cruisers at the Shortlands",
        ],
        [{ mission: 'T', col: 16, row: 18, take: { DD: 11, TR: 11 }, load: { inf: 2, sup: 1 } }, "Tanaka's eleven transports"],
        [{ mission: 'C', col: 19, row: 14, ships: ['Kongo', 'Haruna'] }, "Kondo's battleships"],
        [{ mission: 'U', col: 24, row: 22, take: { SS: 14 } }, 'the submarine line south-east of Guadalcanal (14.0)'],
      ],
      null,
    ),
  ),
};
