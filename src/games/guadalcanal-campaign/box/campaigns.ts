/** The campaign (7 August) and Campaign.2 (1 October) as they start (3.1, 13.0, 9.8); rebuilt positions as in scenarios.ts. */
import { parseCounts, scenario, side } from './scenario-kit';
import { printed } from './source';

export const CAMPAIGN = scenario(
  '1942-08-07',
  '1942-12-31',
  '3.1',
  {},
  side(
    '3CV 1BB 11CA 1CL 2CLAA 31DD 19TR 5DMS 2APD 9SS',
    [0, 0, 301],
    'Enterprise, Saratoga, Wasp, North Carolina, San Francisco, Minneapolis, New Orleans, Portland, Salt Lake City, Astoria, Quincy, Vincennes, Chicago, Australia, Canberra, Hobart, Atlanta, San Juan',
    [
      [
        {
          mission: 'C',
          col: 23,
          row: 22,
          ships: [
            'Enterprise',
            'Saratoga',
            'Wasp',
            'North Carolina',
            'San Francisco',
            'Minneapolis',
            'New Orleans',
            'Portland',
            'Salt Lake City',
            'Atlanta',
          ],
          take: { DD: 16 },
        },
        "Fletcher's carriers south of Guadalcanal on 7 August",
      ],
      [
        {
          mission: 'T',
          col: 21,
          row: 20,
          ships: ['Astoria', 'Quincy', 'Vincennes', 'Chicago', 'Australia', 'Canberra', 'Hobart', 'San Juan'],
          take: { DD: 15, TR: 19, DMS: 5, APD: 2 },
          load: { inf: 3, sup: 2 },
        },
        "Turner's amphibious force off Lunga with Crutchley's screen, the Marines still aboard (13.0: no US troops ashore yet)",
      ],
      [{ mission: 'U', col: 14, row: 14, take: { SS: 9 } }, 'US submarines off Rabaul and Kavieng'],
    ],
    'E',
  ),
  side(
    '2CL 4DD 1TR 4APD 13SS',
    [1000, 5, 138],
    'Tenryu, Yubari',
    [[{ mission: 'U', col: 17, row: 15, take: { SS: 13 } }, 'Japanese submarines between Rabaul and Bougainville']],
    'R',
  ),
);

export const CAMPAIGN_2 = scenario(
  '1942-10-01',
  '1942-12-31',
  '3.1',
  {},
  side(
    '1CV 1BB 6CA 3CL 2CLAA 35DD 19TR 6DMS 3APD 17SS',
    [18000, 25, 201],
    'Hornet, Washington, San Francisco, Salt Lake City, Chester, Northampton, Pensacola, Minneapolis, Helena, Boise, Hobart, Juneau, San Juan',
    [
      [
        {
          mission: 'C',
          col: 24,
          row: 24,
          ships: ['Hornet', 'Washington', 'Northampton', 'Pensacola', 'Juneau', 'San Juan'],
          take: { DD: 8 },
        },
        'Task Force 17 south-east of Guadalcanal',
      ],
      [
        { mission: 'C', col: 25, row: 24, ships: ['San Francisco', 'Salt Lake City', 'Helena', 'Boise'], take: { DD: 5 } },
        "Scott's cruisers",
      ],
      [{ mission: 'U', col: 17, row: 18, take: { SS: 17 } }, 'US submarines in the Slot (14.0)'],
    ],
    'E',
  ),
  side(
    '2CV 1CVL 6BB 13CA 4CL 2CS 56DD 2TR 4APD 22SS',
    [7000, 20, 307],
    'Shokaku, Zuikaku, Zuiho, Yamato, Mutsu, Kongo, Haruna, Hiei, Kirishima, Chokai, Myoko, Haguro, Takao, Atago, Maya, Suzuya, Kumano, Tone, Chikuma, Aoba, Kinugasa, Furutaka, Tenryu, Sendai, Nagara, Yura, Chitose, Nisshin',
    [
      [{ mission: 'FC', col: 16, row: 18, take: { DD: 6 } }, 'a Tokyo Express destroyer group at the Shortlands'],
      [{ mission: 'U', col: 24, row: 22, take: { SS: 22 } }, 'the submarine line south-east of Guadalcanal (14.0)'],
    ],
    'T',
  ),
);

/** 13.0's totals of every ship in each campaign game, arrivals included. */
export const CAMPAIGN_TOTALS = {
  campaign: {
    american: printed(parseCounts('4CV 3BB 13CA 4CL 4CLAA 58DD 20TR 6DMS 6APD 21SS'), '13.0'),
    japanese: printed(parseCounts('4CV 2CVL 6BB 14CA 7CL 3CS 69DD 18TR 4APD 27SS'), '13.0'),
  },
  'campaign-2': {
    american: printed(parseCounts('3CV 3BB 8CA 4CL 4CLAA 55DD 19TR 6DMS 3APD 21SS'), '13.0'),
    japanese: printed(parseCounts('4CV 1CVL 6BB 13CA 6CL 3CS 64DD 16TR 4APD 25SS'), '13.0'),
  },
};
