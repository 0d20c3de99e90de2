/** Read-only questions about the board and the pieces (2.x, 10.x, 17.x) shared by every rule file. */
import type { Loc, PlaceInfo, Unit, VitpState, VSide } from './types';
import { unitOf } from './events';

export const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function unitById(s: VitpState, id: string): Unit {
  const u = unitOf(s.units, id);
  if (!u) throw new RangeError(`no unit ${id}`);
  return u;
}

export function place(s: VitpState, name: string): PlaceInfo | undefined {
  return s.map.places.find((p) => p.name === name);
}

export const isArea = (s: VitpState, name: string): boolean => s.map.areas.some((a) => a.name === name);

/** 2.1: a port or base is part of every sea area it touches. */
export function placesTouching(s: VitpState, area: string): PlaceInfo[] {
  return s.map.places.filter((p) => p.touches.includes(area));
}

export const friendly = (s: VitpState, name: string, side: VSide): boolean => s.control[name] === side;
export const enemyControlled = (s: VitpState, name: string, side: VSide): boolean =>
  s.control[name] !== null && s.control[name] !== undefined && s.control[name] !== side;

export function unitsAt(s: VitpState, pred: (l: Loc, u: Unit) => boolean): Unit[] {
  return s.units.filter((u) => pred(u.loc, u));
}

export const atSeaIn = (s: VitpState, area: string, side?: VSide): Unit[] =>
  unitsAt(s, (l, u) => l.at === 'sea' && l.area === area && l.mode !== 'sub' && (side === undefined || u.side === side));

export const inPort = (s: VitpState, placeName: string): Unit[] => unitsAt(s, (l) => l.at === 'port' && l.place === placeName);

/** 7.71: each damage point costs one speed, never below 1. */
export const currentSpeed = (u: Unit): number => Math.max(1, u.speed - u.damage);

/** 11.3 / 9.41: a ship whose damage exceeds its armor cannot go to sea. */
export const seaworthy = (u: Unit): boolean => u.kind !== 'ship' || u.damage <= u.armor;

const BRITISH_PORTS = ['Ceylon', 'Singapore', 'Saigon', 'Yokosuka Navy Yard'];

/**
 * 10.1 with the nationality limits of 10.11–10.13 and 17.12, 17.22–17.23, 17.31: the friendly ports
 * and bases a unit leaving `area` may enter. `area` null = it is not at sea (e.g. evacuating a port).
 */
export function returnDestinations(s: VitpState, u: Unit, area: string | readonly string[] | null): string[] {
  // the answer depends on the map, who controls what, and the unit's side, nation, kind and name
  // class only: asked for every unit at every check, it is worked out once per board and kind of unit
  const key = `${u.side}|${u.nation}|${u.kind === 'ship' && u.nation === 'GB' ? (u.name === 'Victorious' ? 'V' : 'GB') : ''}|${area === null ? '' : typeof area === 'string' ? area : area.join('|')}`;
  let byMap = destinationsKnown.get(s.map);
  if (!byMap) destinationsKnown.set(s.map, (byMap = new WeakMap()));
  let known = byMap.get(s.control);
  if (!known) byMap.set(s.control, (known = new Map()));
  let found = known.get(key);
  if (!found) known.set(key, (found = destinationsOf(s, u, area)));
  return [...found];
}

/** returnDestinations by map, then control (each state's own object, never changed once made), then kind of unit and areas. */
const destinationsKnown = new WeakMap<VitpState['map'], WeakMap<VitpState['control'], Map<string, readonly string[]>>>();

function destinationsOf(s: VitpState, u: Unit, area: string | readonly string[] | null): string[] {
  const areas = area === null ? [] : typeof area === 'string' ? [area] : area;
  const touching = areas.flatMap((a) => placesTouching(s, a).map((p) => p.name));
  const ok = (p: PlaceInfo): boolean => {
    if (!friendly(s, p.name, u.side)) return false; // 10.11
    if (u.kind === 'ship' && u.nation === 'GB') {
      if (u.name === 'Victorious') return p.name === 'Pearl Harbor'; // 10.13 / 17.23
      return BRITISH_PORTS.includes(p.name); // 10.13 / 17.22
    }
    if (u.nation === 'US' && p.name === 'Ceylon') return false; // 10.12 / 17.12: US ships and units
    if (p.kind === 'port') return true; // 10.1: any major port
    return touching.includes(p.name); // 10.1 / 17.31: only an island base touching the area
  };
  return s.map.places.filter(ok).map((p) => p.name);
}

/** 6.21–6.23 / 13.1 / 17.x: how many sea areas a unit may enter in this kind of move. */
export function moveAllowance(u: Unit, mode: 'patrol' | 'raid' | 'amph'): number {
  if (mode === 'amph') return 2; // 13.1
  if (mode === 'patrol') return 2; // 6.22
  if (u.nation === 'JP' || u.nation === 'US') return 3; // 6.23 / 17.13
  return 2; // 17.24 / 17.32
}

/** 6.221–6.224, 6.23, 17.24: does entering the n-th area (1-based) need a speed roll? */
export function needsSpeedRoll(u: Unit, mode: 'patrol' | 'raid' | 'amph', n: number): boolean {
  if (mode === 'amph' || n < 2) return false;
  if (mode === 'patrol') return true;
  if (u.nation === 'JP' || u.nation === 'US') return n >= 3;
  return true;
}

/**
 * 6.21–6.3: the shortest route of sea areas from `from` (a port/base) to `to`, entering at most `max`
 * areas and never passing through an enemy-controlled area (a ship must stop on entering one).
 * Our copy prints that stopping rule as a second "6.2", between 6.23 and 6.4; we cite it as 6.3.
 */
export function route(
  s: VitpState,
  side: VSide,
  from: string,
  to: string,
  max: number,
  via: string | null,
  stopInEnemyAreas = true,
): string[] | null {
  const start = place(s, from);
  if (!start) return null;
  let best: string[] | null = null;
  const walk = (path: string[]): void => {
    const here = path[path.length - 1];
    if (here === to && (via === null || path.includes(via))) {
      if (!best || path.length < best.length) best = [...path];
      return;
    }
    if (path.length >= max || (stopInEnemyAreas && enemyControlled(s, here, side))) return;
    for (const next of s.map.adjacent[here] ?? []) if (!path.includes(next)) walk([...path, next]);
  };
  for (const first of start.touches) walk([first]);
  return best;
}

/**
 * Every sea area some route of `route` reaches from `from` within `max` areas (via none): one walk
 * of the same routes, each area a route ends in counted, instead of a search for each area.
 */
export function reachable(s: VitpState, side: VSide, from: string, max: number): Set<string> {
  const reached = new Set<string>();
  const start = place(s, from);
  if (!start) return reached;
  const walk = (path: string[]): void => {
    const here = path[path.length - 1];
    reached.add(here);
    if (path.length >= max || enemyControlled(s, here, side)) return;
    for (const next of s.map.adjacent[here] ?? []) if (!path.includes(next)) walk([...path, next]);
  };
  for (const first of start.touches) walk([first]);
  return reached;
}

export function alive(u: Unit): boolean {
  return u.loc.at !== 'sunk' && u.loc.at !== 'removed' && u.loc.at !== 'pool' && u.loc.at !== 'eliminated';
}

export function describeLoc(l: Loc): string {
  switch (l.at) {
    case 'pool':
      return 'not yet arrived';
    case 'group':
      return `location-uncertain group ${l.group}`;
    case 'port':
      return `in ${l.place}`;
    case 'sea':
      return `${{ patrol: 'patrolling', raid: 'raiding', amph: 'at sea', air: 'flying over', sub: 'submerged in' }[l.mode]} ${l.area}`;
    case 'transit':
      return 'returning to harbor';
    case 'eliminated':
      return l.returns === null ? 'eliminated, back only if rebuilt (23.5)' : `eliminated, returns turn ${l.returns}`;
    case 'sunk':
      return 'sunk';
    case 'removed':
      return 'removed from play';
  }
}
