/**
 * Air transfer and air transport (2A2a; 50.0 Air Mission Chart), airborne landings (34.2): where
 * aircraft are and how far they reach. Air transfer flies up to twice the printed range, never the
 * extended one (23.1, 23.3), to an own airbase or carrier; air transport is MAC with ground units
 * or supply from an own airbase to another (cargo unloaded when it lands, the MAC fatigued); an
 * airborne landing drops airborne units that began the turn with a MAC on an airbase into any land
 * hex within the MAC's printed range. Only air transfer reaches Truk and Australia (8.2), and from
 * one own major base to another it always may (8.3, read as the naval base-to-base move: off the
 * map, whatever the distance). No air flies at night (32.2). Nothing lands before the Air Basing
 * Sub-Segment (2A3h, rules/air-basing.ts).
 */
import { hexGrid } from '../../kit';
import { GRID_SPEC } from '../box';
import type { SolOrder } from '../orders';
import { type AirPool, type SolSide, type SolState } from '../state';
import type { AirMove } from './air-move-events';
import { type AirMoveOrder, airKindName, isAirMoveOrder } from './air-move-orders';
import type { SolFold } from './naval';
import type { Problem } from './planning';
import { hexOf, isDay, islandOf, placeAtHex, placeOfText } from './places';
import { isCrippled } from './crippled';
import { untrainedToCarrier } from './carrier-training';

const GRID = hexGrid({ ...GRID_SPEC });

/** A place air may be at: a base or hex (`place`), or an own carrier (its id); `at`: a hex, or an off-map base's name. */
export interface AirPlace {
  readonly place: string;
  readonly carrier: boolean;
  readonly at: string;
}

export const rangeOf = (s: SolState, side: SolSide, service: AirPool['service'], type: AirPool['type']): number | null =>
  s.airData.ranges[side][`${service}-${type}`] ?? null;

/** A place or own carrier as written, or null. */
export function airPlaceOf(s: SolState, side: SolSide, text: string): AirPlace | null {
  const ship = s.forces[side].ships[text.trim().toUpperCase()];
  if (ship && ship.type in s.airData.carrierCapacity[side]) return { place: ship.id, carrier: true, at: hexOf(s, ship.at) ?? ship.at };
  const p = placeOfText(s, text);
  if (!p) return null;
  const at = hexOf(s, p) ?? p;
  return { place: hexOf(s, p) ? placeAtHex(s, side, at) : p, carrier: false, at };
}

/** 8.2: an off-map base is `airDistance` hexes from each edge hex it touches. */
function offMap(s: SolState, at: string): { readonly d: number; readonly touches: readonly string[] } | null {
  const d = s.airData.airDistance[at];
  return d === undefined ? null : { d, touches: s.opsData.touches[at] ?? [] };
}

/** Hexes between two positions (hexes, or off-map bases reached through the edge hexes they touch, 8.2). */
export function airDistance(s: SolState, a: string, b: string): number {
  if (a === b) return 0;
  const oa = offMap(s, a);
  if (oa) return oa.d + Math.min(...oa.touches.map((t) => airDistance(s, t, b)));
  const ob = offMap(s, b);
  if (ob) return ob.d + Math.min(...ob.touches.map((t) => GRID.distance(a, t)));
  return GRID.distance(a, b);
}

/** 24.4, 12.4: the air points an own airbase holds (a major base's printed capacity, an airfield's value); null: none of the side's. */
export function airbaseCapacity(s: SolState, side: SolSide, place: string): number | null {
  if (s.bases[place]) return s.bases[place].side === side ? (s.logData.capacity[place] ?? null) : null;
  return s.airfields.find((a) => a.hex === place && a.side === side)?.value ?? null;
}

export const groundedAt = (s: SolState, side: SolSide, place: string): number =>
  s.forces[side].air.filter((a) => a.at === place).reduce((t, a) => t + a.points, 0);

/** 12.3, 24.4: room left on an own airbase or carrier, or null when it is none. */
export function roomAt(s: SolState, side: SolSide, p: AirPlace): number | null {
  if (p.carrier) {
    const ship = s.forces[side].ships[p.place];
    // 44.3 (optional): a crippled carrier takes no NAC aboard
    if (ship && isCrippled(s, ship)) return 0;
    return ship ? (s.airData.carrierCapacity[side][ship.type] ?? 0) - ship.nac : null;
  }
  const cap = airbaseCapacity(s, side, p.place);
  return cap === null ? null : cap - groundedAt(s, side, p.place);
}

const readyAt = (s: SolState, side: SolSide, p: AirPlace, service: AirPool['service'], type: AirPool['type']): number =>
  p.carrier
    ? type === 'NAC'
      ? isCrippled(s, s.forces[side].ships[p.place])
        ? 0
        : (s.forces[side].ships[p.place]?.nac ?? 0)
      : 0
    : s.forces[side].air
        .filter((a) => a.at === p.place && a.service === service && a.type === type && !a.fatigued)
        .reduce((t, a) => t + a.points, 0);

const ownMajorBase = (s: SolState, side: SolSide, p: AirPlace) => !p.carrier && s.bases[p.place]?.side === side;

/** The checks of every TRANSFER and AIRLIFT line of one Operations Phase, in the order written. */
export function checkAirMoves(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const problems: Problem[] = [];
  const used = new Map<string, number>();
  const incoming = new Map<string, number>();
  // 11.1: a unit moves once a phase; one airlifted is not also moved on the ground or loaded
  const carried = new Set<string>(orders.flatMap((o) => (o.kind === 'ground' ? [o.unit] : o.kind === 'load' ? o.units : [])));
  let supplyUsed = 0;
  for (const [index, o] of orders.entries()) {
    if (!isAirMoveOrder(o)) continue;
    const problem = checkOne(s, side, o, { used, incoming, carried, supplyUsed });
    if (problem) problems.push({ index, ...problem });
    else if (o.kind === 'airlift') supplyUsed += o.supply ?? 0;
  }
  return problems;
}

interface Tally {
  readonly used: Map<string, number>;
  readonly incoming: Map<string, number>;
  readonly carried: Set<string>;
  readonly supplyUsed: number;
}

function checkOne(s: SolState, side: SolSide, o: AirMoveOrder, t: Tally): { problem: string; rule: string } | null {
  const bad = (problem: string, rule: string) => ({ problem, rule });
  const kind = airKindName(o.service, o.type);
  if (!isDay(s)) return bad(`Execution Phase ${s.x} is a night phase: no air mission of any kind flies at night; order it by day`, '32.2');
  const range = rangeOf(s, side, o.service, o.type);
  if (range === null) return bad(`you have no ${kind} (2.13; your kinds: ${Object.keys(s.airData.ranges[side]).join(', ')})`, '2.11');
  const from = airPlaceOf(s, side, o.from);
  const to = airPlaceOf(s, side, o.to);
  if (!from) return bad(`${o.from} is no place of the map and none of your carriers`, '2.1');
  if (!to) return bad(`${o.to} is no place of the map and none of your carriers`, '2.1');
  if ((from.carrier || to.carrier) && o.type !== 'NAC') return bad(`only NAC fly from and land on carriers; ${kind} use airbases`, '21.3');
  const hurt = [from, to].find((p) => p.carrier && isCrippled(s, s.forces[side].ships[p.place]));
  if (hurt) return bad(`${hurt.place} is crippled: a crippled carrier conducts no NAC operations`, '44.3');
  // 47.1, 47.3 (optional): NAC based on land are not carrier trained
  const untrained = untrainedToCarrier(s, from.carrier, to.carrier);
  if (untrained) return bad(untrained, '47.1');
  const key = `${from.place}|${o.service}|${o.type}`;
  const ready = readyAt(s, side, from, o.service, o.type) - (t.used.get(key) ?? 0);
  if (!from.carrier && airbaseCapacity(s, side, from.place) === null)
    return bad(`${o.from} is no airbase of yours: aircraft take off from own airbases and carriers`, '21.4');
  if (ready < o.points)
    return bad(`${o.from} has ${ready} ready ${kind} left to fly; ${o.points} ordered (fatigued aircraft fly no mission)`, '21.8');
  if (from.place === to.place) return bad(`${o.to} is where the aircraft are: name another airbase or carrier`, '23.1');
  const offMapEnd = [from, to].find((p) => !p.carrier && s.bases[p.place] && !s.bases[p.place].hex);
  if (o.kind === 'airlift') {
    if (offMapEnd) return bad(`only air transfer flies to or from ${offMapEnd.place}; air transport stays on the map`, '8.2');
    const cargo = checkCargo(s, side, o, from, t);
    if (cargo) return cargo;
  }
  const d = airDistance(s, from.at, to.at);
  if (o.drop) {
    if (!islandOf(s, to.at) || to.carrier) return bad(`${o.to} is no land hex: an airborne landing is made on land`, '34.2');
    if (d > range)
      return bad(`${o.to} is ${d} hexes from ${o.from}; an airborne landing reaches the MAC's printed range, ${range}`, '34.2');
  } else {
    const room = roomAt(s, side, to);
    if (room === null)
      return bad(
        `${o.to} is no airbase or carrier of yours: aircraft land only on their own (${o.kind === 'airlift' ? 'an airborne landing is AIRLIFT ... DROP, 34.2' : 'air transfer is from base to base'})`,
        '12.4, 21.3',
      );
    const more = t.incoming.get(to.place) ?? 0;
    const leaving = [...t.used.entries()].filter(([k]) => k.startsWith(`${to.place}|`)).reduce((n, [, v]) => n + v, 0);
    if (room - more + leaving < o.points)
      return bad(
        `${o.to} has room for ${Math.max(0, room - more + leaving)} more air points (${more} already ordered in); ${o.points} ordered`,
        to.carrier ? '12.3' : '24.4',
      );
    const between = ownMajorBase(s, side, from) && ownMajorBase(s, side, to) && o.kind === 'transfer';
    if (!between && d > 2 * range)
      return bad(
        `${o.to} is ${d} hexes from ${o.from}; ${kind} range ${range} reaches ${2 * range} on air transfer and never more (23.1, 23.3)`,
        '23.1',
      );
    t.incoming.set(to.place, more + o.points);
  }
  t.used.set(key, (t.used.get(key) ?? 0) + o.points);
  return null;
}

/** 50.0 air transport: ground units and supply with the MAC on its airbase, within what it carries (34.2 for a drop). */
function checkCargo(s: SolState, side: SolSide, o: AirMoveOrder, from: AirPlace, t: Tally): { problem: string; rule: string } | null {
  const bad = (problem: string, rule: string) => ({ problem, rule });
  const f = s.forces[side];
  let load = o.supply ?? 0;
  for (const id of o.units ?? []) {
    const g = f.ground.find((x) => x.id === id);
    if (!g) return bad(`${id} is not one of your ground units`, '2.19');
    if (g.at !== from.place) return bad(`${id} is at ${g.at}, not with the MAC at ${o.from}`, '50.0 Air Mission Chart');
    if (t.carried.has(id)) return bad(`${id} moves by another line of this phase already (a unit moves once)`, '11.1');
    if (o.drop && g.type !== 'airborne') return bad(`${id} is no airborne unit: only airborne units land by parachute`, '34.1, 34.2');
    if (o.drop && airborneReadyOf(s, side)[id] !== from.place)
      return bad(`${id} did not begin the turn at ${o.from} with an airbase and a MAC`, '34.2');
    load += s.opsData.groundSizes[g.size] ?? 1;
  }
  if (o.drop && o.supply)
    return bad('supply is not dropped: an airborne landing carries airborne units only (AIRLIFT without DROP flies supply)', '34.2');
  if ((o.supply ?? 0) > (f.supply[from.place] ?? 0) - t.supplyUsed)
    return bad(
      `${o.from} has ${(f.supply[from.place] ?? 0) - t.supplyUsed} supply left to carry; ${o.supply} ordered`,
      '50.0 Air Mission Chart',
    );
  const cap = o.points * s.airData.macCargo;
  if (load > cap) return bad(`${o.points} MAC carry ${cap} battalions or supply points; the cargo is ${load}`, '50.0 Air Mission Chart');
  for (const id of o.units ?? []) t.carried.add(id);
  return null;
}

/**
 * 2A2a: each TRANSFER and AIRLIFT line in the order written takes off (what no longer holds since
 * the orders were checked is noted and skipped); an airborne landing's units are put in their hex
 * at once (34.2: they fight that phase), its MAC flies on until 2A3h.
 */
export function airTransferSegment(f: SolFold, side: SolSide, orders: readonly SolOrder[], note: (t: string, r: string) => void): void {
  for (const o of orders) {
    if (!isAirMoveOrder(o)) continue;
    const [problem] = checkAirMoves(f.s, side, [o]);
    if (problem) {
      note(
        `${o.kind.toUpperCase()} ${o.points} ${airKindName(o.service, o.type)} FROM ${o.from}: ${problem.problem}; not flown`,
        problem.rule,
      );
      continue;
    }
    const from = airPlaceOf(f.s, side, o.from)!;
    const to = airPlaceOf(f.s, side, o.to)!;
    const id = 1 + Math.max(0, ...(f.s.airMoves ?? []).map((m) => m.id));
    const move: AirMove = {
      id,
      side,
      mission: o.kind === 'transfer' ? 'transfer' : o.drop ? 'drop' : 'transport',
      service: o.service,
      type: o.type,
      points: o.points,
      from: from.place,
      to: to.place,
      hex: to.at,
      range: rangeOf(f.s, side, o.service, o.type)!,
      units: o.units ?? [],
      supply: o.supply ?? 0,
    };
    f.emit({ type: 'sol.air-took-off', data: { side, move, carrier: from.carrier }, visibleTo: [side] });
    if (move.mission === 'drop')
      f.emit({ type: 'sol.airborne-landed', data: { side, id, units: move.units, at: to.place }, visibleTo: [side] });
  }
}

/** 34.2: the airborne units standing on an own airbase with a MAC now, by id. */
function airborneWithMac(s: SolState, side: SolSide): Record<string, string> {
  const fo = s.forces[side];
  const at: Record<string, string> = {};
  for (const g of fo.ground)
    if (g.type === 'airborne' && airbaseCapacity(s, side, g.at) !== null && fo.air.some((a) => a.at === g.at && a.type === 'MAC'))
      at[g.id] = g.at;
  return at;
}

/**
 * 34.2: where each airborne unit able to jump began the turn: recorded at the turn's first
 * Operations Phase; before that is recorded (the first player's orders of Execution Phase 1 are
 * checked before they run) it is where the units stand now.
 */
export function airborneReadyOf(s: SolState, side: SolSide): Readonly<Record<string, string>> {
  if (s.airborneReady?.turn === s.turn) return s.airborneReady.at[side] ?? {};
  return s.x === 1 && s.phasing === s.first ? airborneWithMac(s, side) : {};
}

/** 34.2: at the turn's first Operations Phase, each side's airborne units able to jump (sealed to their side). */
export function airborneAtTurnStart(f: SolFold): void {
  for (const side of ['japanese', 'us'] as const)
    f.emit({ type: 'sol.airborne-ready', data: { side, turn: f.s.turn, at: airborneWithMac(f.s, side) }, visibleTo: [side] });
}
