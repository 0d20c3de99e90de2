/**
 * The starting position. The rulebook (SETUP) gives the first player, the two airfields and island
 * control; the units and supplies are printed as silhouettes on the board and base cards, which no
 * public source lists (SOURCES.md: setup.json). The pieces below are the project's stand-in, tagged
 * `reconstructed`, shaped by the fan reports (S4, S5, S11) and by the rules: control as SETUP holds
 * after turn 1's REG.1 count, air units sit where they could land, cargo fits its carrier.
 */
import type { GuadalcanalBox, SetupPiece } from './schema';
import { ISLANDS } from './schema';
import { p, rec, rule } from './provenance';

const US_GUADALCANAL = 'US forces concentrated at Guadalcanal (S11); land power there must outweigh the Japanese to keep control';
const JP_GUADALCANAL = 'Japanese land units and supplies start on Guadalcanal (S5); counts not in any source';
const JP_THIN = 'Japanese garrisons thin and spread over the islands they control (S4, S5); counts not in any source';
const FLEET = 'fleets roughly equal (S5); ship types and zones not in any source';
const BASE = 'base card silhouettes not in any source; a reserve for the first reinforcement turn';
const AIR = 'air units not in any source; each on a landing it could use (REG.2 capacities)';

const piece = (x: SetupPiece, reason: string) => p(x, rec(reason));

export const setup: GuadalcanalBox['setup'] = {
  firstPlayer: p('axis', rule('SETUP')),
  vp: p({ axis: 0, allies: 0 }, rec('markers go "on the victory tracks" (SETUP); the start value is not printed, 0 assumed')),
  control: Object.fromEntries(
    ISLANDS.map((i) => [i, p(i === 'Guadalcanal' ? 'allies' : 'axis', rule('SETUP'))]),
  ) as GuadalcanalBox['setup']['control'],
  airfields: [
    p({ island: 'Guadalcanal', side: 'allies', damaged: false }, rule('SETUP')),
    p({ island: 'Bougainville', side: 'axis', damaged: false }, rule('SETUP')),
  ],
  pieces: [
    // Allies
    piece({ side: 'allies', zone: 'Guadalcanal', type: 'INF', count: 3 }, US_GUADALCANAL),
    piece({ side: 'allies', zone: 'Guadalcanal', type: 'ART', count: 1 }, US_GUADALCANAL),
    piece({ side: 'allies', zone: 'Guadalcanal', type: 'AA', count: 1 }, US_GUADALCANAL),
    piece({ side: 'allies', zone: 'Guadalcanal', type: 'FTR', count: 1 }, AIR),
    piece({ side: 'allies', zone: 'Guadalcanal', type: 'BMR', count: 1 }, AIR),
    piece({ side: 'allies', zone: 'J', type: 'TR', count: 1, cargo: [{ type: 'INF', count: 2 }] }, US_GUADALCANAL),
    piece(
      {
        side: 'allies',
        zone: 'J',
        type: 'TR',
        count: 1,
        cargo: [
          { type: 'ART', count: 1 },
          { type: 'SUP', count: 1 },
        ],
      },
      US_GUADALCANAL,
    ),
    piece({ side: 'allies', zone: 'J', type: 'DD', count: 1 }, FLEET),
    piece({ side: 'allies', zone: 'H', type: 'CA', count: 2 }, FLEET),
    piece({ side: 'allies', zone: 'H', type: 'DD', count: 1 }, FLEET),
    piece({ side: 'allies', zone: 'K', type: 'CV', count: 1, fighters: 2 }, FLEET),
    piece({ side: 'allies', zone: 'K', type: 'BB', count: 1 }, FLEET),
    piece({ side: 'allies', zone: 'K', type: 'DD', count: 1 }, FLEET),
    piece({ side: 'allies', zone: 'I', type: 'SS', count: 1 }, FLEET),
    piece({ side: 'allies', zone: 'New-Caledonia', type: 'BMR', count: 2 }, 'the US starts with comparatively many bombers (S5)'),
    piece({ side: 'allies', zone: 'New-Caledonia', type: 'FTR', count: 1 }, AIR),
    piece({ side: 'allies', zone: 'New-Caledonia', type: 'INF', count: 2 }, BASE),
    piece({ side: 'allies', zone: 'New-Caledonia-Sea', type: 'TR', count: 1 }, BASE),
    piece({ side: 'allies', zone: 'New-Caledonia-Sea', type: 'CA', count: 1 }, BASE),
    // Axis
    piece({ side: 'axis', zone: 'Guadalcanal', type: 'INF', count: 2 }, JP_GUADALCANAL),
    piece({ side: 'axis', zone: 'Bougainville', type: 'INF', count: 2 }, JP_THIN),
    piece({ side: 'axis', zone: 'Bougainville', type: 'AA', count: 1 }, JP_THIN),
    piece({ side: 'axis', zone: 'Bougainville', type: 'FTR', count: 2 }, AIR),
    piece({ side: 'axis', zone: 'New-Georgia', type: 'INF', count: 1 }, JP_THIN),
    piece({ side: 'axis', zone: 'Santa-Isabel', type: 'INF', count: 1 }, JP_THIN),
    piece({ side: 'axis', zone: 'Malaita', type: 'INF', count: 1 }, JP_THIN),
    piece({ side: 'axis', zone: 'Choiseul', type: 'INF', count: 1 }, JP_THIN),
    piece({ side: 'axis', zone: 'A', type: 'CV', count: 1, fighters: 2 }, FLEET),
    piece({ side: 'axis', zone: 'A', type: 'BB', count: 1 }, FLEET),
    piece({ side: 'axis', zone: 'B', type: 'CA', count: 2 }, FLEET),
    piece({ side: 'axis', zone: 'B', type: 'DD', count: 1 }, FLEET),
    piece(
      { side: 'axis', zone: 'F', type: 'TR', count: 1, cargo: [{ type: 'INF', count: 2 }] },
      'a large Japanese transport fleet ready to reinforce (S5)',
    ),
    piece(
      {
        side: 'axis',
        zone: 'F',
        type: 'TR',
        count: 1,
        cargo: [
          { type: 'INF', count: 1 },
          { type: 'SUP', count: 1 },
        ],
      },
      'a large Japanese transport fleet ready to reinforce (S5)',
    ),
    piece({ side: 'axis', zone: 'F', type: 'DD', count: 2 }, FLEET),
    piece({ side: 'axis', zone: 'L', type: 'SS', count: 1 }, FLEET),
    piece({ side: 'axis', zone: 'Rabaul', type: 'BMR', count: 3 }, AIR),
    piece({ side: 'axis', zone: 'Rabaul', type: 'FTR', count: 1 }, AIR),
    piece({ side: 'axis', zone: 'Rabaul', type: 'INF', count: 1 }, BASE),
    piece({ side: 'axis', zone: 'Rabaul', type: 'ART', count: 1 }, BASE),
    piece({ side: 'axis', zone: 'Rabaul-Sea', type: 'CA', count: 1 }, BASE),
  ],
  supplies: [
    p({ side: 'allies', zone: 'Guadalcanal', count: 1 }, rec(US_GUADALCANAL)),
    p({ side: 'allies', zone: 'New-Caledonia', count: 2 }, rec(BASE)),
    p({ side: 'axis', zone: 'Guadalcanal', count: 1 }, rec(JP_GUADALCANAL)),
    p({ side: 'axis', zone: 'Bougainville', count: 1 }, rec(JP_THIN)),
    p({ side: 'axis', zone: 'Rabaul', count: 2 }, rec(BASE)),
  ],
};
