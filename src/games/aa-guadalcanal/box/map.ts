/**
 * The board: 13 sea zones A-M, six islands, two base cards (land zone + sea zone each), and who
 * touches whom. The rulebook gives the zones, the airfield slots and a few adjacencies in its
 * examples; the rest of the adjacency, Japan's route-to-base zones and most deployment numbers are
 * printed only on the board, which no public source transcribes (SOURCES.md): those values are the
 * project's stand-in, tagged `reconstructed`, and a club replaces them with `--override`.
 */
import type { ProvenanceSource } from '../../../engine/box';
import type { GuadalcanalBox, GuadalcanalSide, IslandId, SeaZoneId, ZoneId, ZoneSpec } from './schema';
import { ISLANDS, SEA_ZONES } from './schema';
import { p, rec, ref, rule } from './provenance';

const STAND_IN = 'stand-in board: no public source has the adjacency; chosen to meet every rule and example';
const ex = rule('MOV'); // the sea and air movement examples of Phase 1

/** Every border, once. Sea units cross sea-sea borders only; air units cross any (MOV). */
const edges: readonly [ZoneId, ZoneId, ProvenanceSource][] = [
  // base cards: land zone next to its sea zone (COMP; the air movement example moves New Caledonia -> its sea zone)
  ['Rabaul', 'Rabaul-Sea', rule('COMP')],
  ['New-Caledonia', 'New-Caledonia-Sea', ex],
  // route-to-base zones
  ['New-Caledonia-Sea', 'J', ex],
  ['New-Caledonia-Sea', 'K', rec('second US route-to-base zone: S3 says a base has two connecting zones; K is next to J on the US corner')],
  ['Rabaul-Sea', 'A', rec('Japanese route-to-base zone on the corner opposite New Caledonia (S2); letters not in any source')],
  ['Rabaul-Sea', 'L', rec('second Japanese route-to-base zone (S3: two connecting zones), mirroring the US J/K pair')],
  // islands named in the rulebook's movement examples
  ['I', 'New-Georgia', ex],
  ['G', 'New-Georgia', ex],
  ['C', 'Santa-Isabel', ex],
  ['H', 'Santa-Isabel', ex],
  // hints from the online campaign narrated on this board (SOURCES.md S6-S8: low to medium confidence)
  ['D', 'Santa-Isabel', ref('S6', 'inferred')],
  ['D', 'Malaita', ref('S6', 'inferred')],
  ['F', 'G', ref('S6', 'inferred')],
  ['G', 'H', ref('S6', 'inferred')],
  // the rest of the stand-in
  ['A', 'B', rec(STAND_IN)],
  ['B', 'C', rec(STAND_IN)],
  ['C', 'E', rec(STAND_IN)],
  ['D', 'E', rec(STAND_IN)],
  ['E', 'K', rec(STAND_IN)],
  ['D', 'H', rec(STAND_IN)],
  ['B', 'F', rec(STAND_IN)],
  ['F', 'M', rec(STAND_IN)],
  ['L', 'M', rec(STAND_IN)],
  ['I', 'M', rec(STAND_IN)],
  ['I', 'J', rec(STAND_IN)],
  ['J', 'K', rec(STAND_IN)],
  ['H', 'K', rec(STAND_IN)],
  ['A', 'L', rec(STAND_IN)],
  ['A', 'Bougainville', rec(STAND_IN)],
  ['B', 'Bougainville', rec(STAND_IN)],
  ['F', 'Bougainville', rec(STAND_IN)],
  ['L', 'Bougainville', rec(STAND_IN)],
  ['M', 'Bougainville', rec(STAND_IN)],
  ['B', 'Choiseul', rec(STAND_IN)],
  ['F', 'Choiseul', rec(STAND_IN)],
  ['G', 'Choiseul', rec(STAND_IN)],
  ['F', 'New-Georgia', rec(STAND_IN)],
  ['M', 'New-Georgia', rec(STAND_IN)],
  ['G', 'Santa-Isabel', rec(STAND_IN)],
  ['H', 'Guadalcanal', rec(STAND_IN)],
  ['J', 'Guadalcanal', rec('stand-in; the air movement example needs Guadalcanal within 2 zones of J')],
  ['K', 'Guadalcanal', rec(STAND_IN)],
  ['E', 'Malaita', rec(STAND_IN)],
  ['H', 'Malaita', rec(STAND_IN)],
  ['K', 'Malaita', rec(STAND_IN)],
];

/** The same border listed twice would count twice: keep the first (best-sourced) entry. */
function neighbours(id: ZoneId) {
  const seen = new Set<ZoneId>();
  const out: { value: ZoneId; source: ProvenanceSource }[] = [];
  for (const [a, b, source] of edges) {
    const other = a === id ? b : b === id ? a : null;
    if (other && !seen.has(other)) {
      seen.add(other);
      out.push(p(other, source));
    }
  }
  return out;
}

const usRoute = rec('second US route-to-base zone (S3: two connecting zones)');
const routeToBase: Partial<Record<SeaZoneId, { side: GuadalcanalSide; source: ProvenanceSource }>> = {
  J: { side: 'allies', source: ex },
  K: { side: 'allies', source: usRoute },
  A: { side: 'axis', source: rec('Japanese route-to-base zone: not in any source') },
  L: { side: 'axis', source: rec('Japanese route-to-base zone: not in any source') },
};

const DEPLOY = 'deployment number not in any source; route zones 1 (one move from base), the next ring 2';
const deploy: Partial<Record<SeaZoneId, { side: GuadalcanalSide; cost: number; source: ProvenanceSource }>> = {
  J: { side: 'allies', cost: 1, source: rule('REG.4c') },
  I: { side: 'allies', cost: 2, source: rule('REG.4c') },
  K: { side: 'allies', cost: 1, source: rec(DEPLOY) },
  E: { side: 'allies', cost: 2, source: rec(DEPLOY) },
  A: { side: 'axis', cost: 1, source: rec(DEPLOY) },
  L: { side: 'axis', cost: 1, source: rec(DEPLOY) },
  B: { side: 'axis', cost: 2, source: rec(DEPLOY) },
  M: { side: 'axis', cost: 2, source: rec(DEPLOY) },
};

const airfieldSlots: Record<IslandId, number> = {
  Guadalcanal: 2,
  Bougainville: 2,
  'New-Georgia': 2,
  'Santa-Isabel': 1,
  Malaita: 1,
  Choiseul: 1,
};

const NOT_ROUTE = rec('not a route-to-base zone in the stand-in board');
const NO_DEPLOY = rec('no deployment number in the stand-in board (centre or Slot zone)');

function seaZone(id: SeaZoneId): ZoneSpec {
  const r = routeToBase[id];
  const d = deploy[id];
  return {
    kind: 'sea',
    name: `Sea zone ${id}`,
    adjacent: neighbours(id),
    routeToBase: r ? p(r.side, r.source) : p(null, NOT_ROUTE),
    deploy: d ? p({ side: d.side, cost: d.cost }, d.source) : p(null, NO_DEPLOY),
  };
}

function island(id: IslandId): ZoneSpec {
  return {
    kind: 'island',
    name: id.replace('-', ' '),
    adjacent: neighbours(id),
    airfieldSlots: p(airfieldSlots[id], rule('REG.3')),
  };
}

export const zones = {
  ...Object.fromEntries(SEA_ZONES.map((z) => [z, seaZone(z)])),
  ...Object.fromEntries(ISLANDS.map((i) => [i, island(i)])),
  Rabaul: { kind: 'base-land', name: 'Rabaul', side: p('axis', rule('COMP')), adjacent: neighbours('Rabaul') },
  'Rabaul-Sea': { kind: 'base-sea', name: 'Rabaul sea zone', side: p('axis', rule('COMP')), adjacent: neighbours('Rabaul-Sea') },
  'New-Caledonia': { kind: 'base-land', name: 'New Caledonia', side: p('allies', rule('COMP')), adjacent: neighbours('New-Caledonia') },
  'New-Caledonia-Sea': {
    kind: 'base-sea',
    name: 'New Caledonia sea zone',
    side: p('allies', rule('COMP')),
    adjacent: neighbours('New-Caledonia-Sea'),
  },
} as GuadalcanalBox['zones'];
