/**
 * Air units as the rules handle them: squadrons are change (21.7), so a unit is the squadrons of
 * one type that share everything else (side, carrier or base, box, mission, target, range flown),
 * named by those attributes (`airKey`); moving some squadrons splits a unit and merges them into
 * the unit they join. Ready and fatigued (Recovery) squadrons never merge, nor do types (21.7).
 * Also where a carrier or base is, how far a type flies (21.2, 21.5, 32) and what a deck or an
 * airfield holds (12.1, 23.4).
 */
import type { Board, CoralBox } from '../../box';
import { boardFor as boardOfState } from '../../state';
import { type AirType, BASES, type BaseId, type CoralSide, isNaval } from '../../box/schema';
import type { AirBox, AirUnitState, CoralState, ShipKey, TaskForceState } from '../../types';
import type { AirHome } from './state';

/** Where a unit's squadrons are and what they do: everything of a unit but its id and strength. */
export type AirPlace = Omit<AirUnitState, 'id' | 'strength' | 'side' | 'type'>;

/**
 * The id of the unit holding squadrons of `type` at `place` (21.7: one unit per such group): the
 * core's `<side>:<home>:<type>[:<box>]` for grounded squadrons, with the mission's target, hex and
 * range, an abort and the printed home after it for fliers.
 */
export function airKey(side: CoralSide, type: AirType, place: AirPlace): string {
  const parts = [`${side}:${place.home}:${type}${place.box === 'ready' ? '' : `:${place.box}`}`];
  if (place.flyingTo) parts.push(`to ${place.flyingTo}`);
  if (place.target) parts.push(`at ${place.target}`);
  if (place.extendedRange) parts.push('extended');
  if (place.aborted) parts.push('aborted');
  if (place.original) parts.push(`of ${place.original}`);
  return parts.join(' ');
}

export const placeOf = (u: AirUnitState): AirPlace => {
  const { id: _id, strength: _strength, side: _side, type: _type, ...place } = u;
  return place;
};

/** One movement of squadrons: `strength` of unit `id` go to `to`. */
export interface AirMove {
  readonly id: string;
  readonly strength: number;
  readonly to: AirPlace;
}

/** The air after moves: each takes squadrons from its unit into the unit of its place, new or existing. */
export function applyMoves(air: readonly AirUnitState[], moves: readonly AirMove[]): AirUnitState[] {
  const out = air.map((u) => ({ ...u }));
  for (const m of moves) {
    const from = out.find((u) => u.id === m.id);
    if (!from || from.strength < m.strength) throw new Error(`air move: unit ${m.id} has not ${m.strength} squadrons`);
    (from as { strength: number }).strength -= m.strength;
    const place = clean(m.to);
    const id = airKey(from.side, from.type, place);
    const into = out.find((u) => u.id === id);
    if (into) (into as { strength: number }).strength += m.strength;
    else out.push({ id, side: from.side, type: from.type, strength: m.strength, ...place });
  }
  return out.filter((u) => u.strength > 0);
}

/** Squadrons taken out of units (eliminated). */
export function removeSquadrons(air: readonly AirUnitState[], losses: readonly { id: string; strength: number }[]): AirUnitState[] {
  const out = air.map((u) => ({ ...u }));
  for (const l of losses) {
    const u = out.find((x) => x.id === l.id);
    if (!u || u.strength < l.strength) throw new Error(`air loss: unit ${l.id} has not ${l.strength} squadrons`);
    (u as { strength: number }).strength -= l.strength;
  }
  return out.filter((u) => u.strength > 0);
}

const clean = (p: AirPlace): AirPlace =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== false)) as unknown as AirPlace;

/** Grounded: aboard or on the airfield, in the Ready or Recovery box (21.6). */
export const grounded = (u: AirUnitState): boolean => u.box === 'ready' || u.box === 'recovery';
export const flyingBox = (b: AirBox): b is 'cap' | 'escort' | 'strike' => b === 'cap' || b === 'escort' || b === 'strike';
export const isCarrier = (home: string): home is ShipKey => home.includes(':');

// ---- the box and the board ----

/** The box the game plays with (a club's or the default, 12.1 and every table). */
export const boxOf = (s: CoralState): CoralBox => s.box;

export const boardFor = (box: CoralBox): Board => boardOfState({ box });

/** Hexes between two hexes as aircraft fly them: straight over land and sea (21.2, Terrain Key). */
export const airDistance = (box: CoralBox, a: string, b: string): number => boardFor(box).grid.distance(a, b);

/** The hex of a place the rules name (3.1). */
export const placeHex = (box: CoralBox, place: string): string | undefined =>
  (box.map.places as Record<string, { value: string } | undefined>)[place]?.value;

export const isBase = (name: string): name is BaseId => (BASES as readonly string[]).includes(name);

export function tfOfShip(s: CoralState, ship: ShipKey): TaskForceState | undefined {
  return Object.values(s.taskForces).find((tf) => tf.ships.includes(ship) && tf.hex !== null && !tf.gone);
}

/** Where a carrier or base is: its TF's hex or the base's hex; null for a carrier at no hex (sunk, not arrived). */
export function homeHex(s: CoralState, box: CoralBox, home: AirHome): string | null {
  if (isCarrier(home)) {
    const ship = s.ships[home];
    if (!ship || ship.status === 'sunk') return null;
    return tfOfShip(s, home)?.hex ?? null;
  }
  return placeHex(box, home) ?? null;
}

/** The side a carrier or base belongs to. */
export const homeSide = (s: CoralState, box: CoralBox, home: AirHome): CoralSide =>
  isCarrier(home) ? s.ships[home].side : box.bases[home].side.value;

/**
 * Whether fliers may take off from or land on it now: a carrier neither damaged, crippled nor
 * sunk (15.1, 6.3), a base still at strength above 0 (23.3, 23.6).
 */
export function operates(s: CoralState, box: CoralBox, home: AirHome): boolean {
  if (isCarrier(home)) return s.ships[home]?.status === 'ok' && tfOfShip(s, home) !== undefined;
  return box.bases[home].kind.value === 'major' || (s.bases[home]?.strength ?? 0) > 0;
}

/** Squadrons a carrier holds (12.1) or a base may ground (23.4: a minor base's strength). */
export function capacityOf(s: CoralState, box: CoralBox, home: AirHome): number {
  if (isCarrier(home)) {
    const ship = box.ships.find((x) => `${x.side}:${x.id}` === home);
    return ship?.capacity?.value ?? 0;
  }
  const base = box.bases[home];
  return base.kind.value === 'major' ? base.capacity.value : (s.bases[home]?.strength ?? 0);
}

/** Squadrons grounded there now (every squadron counts one, 23.4). */
export const groundedAt = (s: CoralState, home: AirHome): number =>
  s.air.filter((u) => u.home === home && grounded(u)).reduce((n, u) => n + u.strength, 0);

/** The printed range of a type (21.2; the errata for the IJN, the box for the USN). */
export function printedRange(box: CoralBox, side: CoralSide, type: AirType): number {
  const r = box.airRanges[side][type];
  if (!r) throw new Error(`no ${side.toUpperCase()} range for ${type} in the box (21.2)`);
  return r.value;
}

/** 32.0: the printed range increased by the box's percentage, rounded down. */
export const extendedOf = (box: CoralBox, range: number): number =>
  Math.floor((range * (100 + box.constants.extendedRangePercent.value)) / 100);

/** How far a type flies on a mission, at normal or extended range (21.2, 32.0). */
export const missionRange = (box: CoralBox, side: CoralSide, type: AirType, extended: boolean): number =>
  extended ? extendedOf(box, printedRange(box, side, type)) : printedRange(box, side, type);

/** 21.3: land-based air lands only on airbases; carrier air on carriers or airbases. */
export const mayLandOn = (type: AirType, home: AirHome): boolean => isNaval(type) || !isCarrier(home);

/** A carrier or base named in an order (`CV-2`, `Port-Moresby`, `port moresby`) for a side, or null. */
export function homeNamed(s: CoralState, box: CoralBox, side: CoralSide, name: string): AirHome | null {
  const norm = name.trim().replace(/\s+/g, '-').toLowerCase();
  const base = BASES.find((b) => b.toLowerCase() === norm);
  if (base) return box.bases[base].side.value === side ? base : null;
  const id = name
    .trim()
    .toUpperCase()
    .replace(/^(USN|IJN):/, '');
  const key = `${side}:${id}` as ShipKey;
  const ship = s.ships[key];
  if (!ship || !(ship.type === 'CV' || ship.type === 'CVL')) return null;
  if (side === 'ijn' && !ship.faceUp) return null;
  return key;
}

/** A carrier's or base's name as the player writes it. */
export const homeName = (home: AirHome): string => (isCarrier(home) ? home.slice(home.indexOf(':') + 1) : home);

/** Squadrons by type of some units. */
export function countsOf(units: readonly AirUnitState[]): Partial<Record<AirType, number>> {
  const out: Partial<Record<AirType, number>> = {};
  for (const u of units) out[u.type] = (out[u.type] ?? 0) + u.strength;
  return out;
}

export const total = (counts: Partial<Record<AirType, number>>): number => Object.values(counts).reduce((n, v) => n + (v ?? 0), 0);

/** `3 VF, 2 VB` */
export const describeCounts = (counts: Partial<Record<AirType, number>>): string =>
  Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([t, n]) => `${n} ${t}`)
    .join(', ') || 'no squadrons';

/** A carrier or base as the player wrote or reads it (`usn:CV-2` → `CV-2`). */
export const shown = (name: string): string => name.replace(/^(usn|ijn):/i, '');

/** Squadrons as an order writes them: `VB 5 VT 2`. */
export const orderCounts = (counts: Partial<Record<AirType, number>>): string =>
  Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(' ');
