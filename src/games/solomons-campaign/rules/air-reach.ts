/**
 * Where a side's ready aircraft may fly in the Air Transfer Sub-Segment (2A2a), for its own view
 * and its machine players: for each own airbase or carrier with ready aircraft of a kind, the own
 * airbases and carriers an air transfer reaches with room to land (23.1, 23.3, 8.2-8.3, 24.4,
 * 12.3), and for a MAC the cargo it may carry (50.0 chart) and the land hexes an airborne landing
 * reaches with the airborne units ready there (34.2). Nothing at night (32.2). With Training Carrier
 * Air Units (47.1, optional) NAC on land reach no carrier.
 */
import type { AirPool, SolSide, SolState } from '../state';
import { type AirPlace, airborneReadyOf, airbaseCapacity, airDistance, rangeOf, roomAt } from './air-move';
import { hexOf, isDay } from './places';
import { isCrippled } from './crippled';
import { untrainedToCarrier } from './carrier-training';

export interface AirReach {
  readonly from: string;
  readonly service: AirPool['service'];
  readonly type: AirPool['type'];
  readonly ready: number;
  /** own airbases and carriers in air transfer range, with the room each has */
  readonly to: readonly { readonly place: string; readonly room: number }[];
  /** MAC only: battalions and supply with it (air transport), airborne units ready to jump and the hexes they reach (34.2) */
  readonly cargo?: readonly string[];
  /** the airbases of `to` on the map (air transport stays on the map, 8.2) */
  readonly lift?: readonly string[];
  readonly supply?: number;
  readonly jumpers?: readonly string[];
  readonly drops?: readonly string[];
}

function ownPlaces(s: SolState, side: SolSide): AirPlace[] {
  const bases = [
    ...Object.keys(s.bases).map((b) => ({ place: b, carrier: false, at: hexOf(s, b) ?? b })),
    ...s.airfields.map((a) => ({ place: a.hex, carrier: false, at: a.hex })),
  ].filter((p) => airbaseCapacity(s, side, p.place) !== null);
  const carriers = Object.values(s.forces[side].ships)
    .filter((x) => x.type in s.airData.carrierCapacity[side])
    .map((x) => ({ place: x.id, carrier: true, at: hexOf(s, x.at) ?? x.at }));
  return [...bases, ...carriers].sort((a, b) => (a.place < b.place ? -1 : 1));
}

export function airReachOf(s: SolState, side: SolSide): AirReach[] {
  if (s.phase !== 'ops' || !isDay(s)) return [];
  const f = s.forces[side];
  const places = ownPlaces(s, side);
  const out: AirReach[] = [];
  for (const p of places) {
    const kinds = p.carrier
      ? [{ service: 'navy' as const, type: 'NAC' as const, ready: isCrippled(s, f.ships[p.place]) ? 0 : f.ships[p.place].nac }]
      : [...new Set(f.air.filter((a) => a.at === p.place && !a.fatigued).map((a) => `${a.service}-${a.type}`))].sort().map((k) => {
          const [service, type] = k.split('-') as [AirPool['service'], AirPool['type']];
          const ready = f.air
            .filter((a) => a.at === p.place && !a.fatigued && a.service === service && a.type === type)
            .reduce((t, a) => t + a.points, 0);
          return { service, type, ready };
        });
    for (const k of kinds) {
      const range = rangeOf(s, side, k.service, k.type);
      if (!k.ready || range === null) continue;
      const major = (x: AirPlace) => !x.carrier && s.bases[x.place]?.side === side;
      const to = places
        .filter((q) => q.place !== p.place && (k.type === 'NAC' || !q.carrier))
        // 47.1, 47.3 (optional): NAC based on land go aboard no carrier untrained
        .filter((q) => untrainedToCarrier(s, p.carrier, q.carrier) === null)
        .filter((q) => (major(p) && major(q)) || airDistance(s, p.at, q.at) <= 2 * range)
        .map((q) => ({ place: q.place, room: roomAt(s, side, q) ?? 0 }))
        .filter((q) => q.room > 0);
      out.push({ from: p.place, ...k, to, ...(k.type === 'MAC' && !p.carrier ? macOptions(s, side, p, range, to) : {}) });
    }
  }
  return out;
}

function macOptions(s: SolState, side: SolSide, p: AirPlace, range: number, to: AirReach['to']) {
  const f = s.forces[side];
  const here = f.ground.filter((g) => g.at === p.place).sort((a, b) => (a.id < b.id ? -1 : 1));
  const onMap = hexOf(s, p.place) !== null;
  const land = Object.values(s.islands)
    .flat()
    .filter((h) => onMap && airDistance(s, p.at, h) <= range)
    .sort();
  return {
    lift: onMap ? to.filter((q) => hexOf(s, q.place) !== null && !(q.place in s.forces[side].ships)).map((q) => q.place) : [],
    cargo: onMap ? here.filter((g) => g.size === 'battalion').map((g) => g.id) : [],
    supply: onMap ? (f.supply[p.place] ?? 0) : 0,
    jumpers: here
      .filter((g) => g.type === 'airborne' && g.size === 'battalion' && airborneReadyOf(s, side)[g.id] === p.place)
      .map((g) => g.id),
    drops: land,
  };
}
