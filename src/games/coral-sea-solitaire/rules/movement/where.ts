/**
 * What the movement rules read off the state and the box: task forces on the map and their ships
 * still afloat, movement allowances (14.1, 14.2, 14.7, 34.2), which hexes a side's ships may not
 * enter (14.4, 23.1, the Terrain Key of 36) and why, and the hexes of places and bases.
 */
import { boardOf } from '../../box';
import type { Board } from '../../box/board';
import type { BaseId, CoralBox, CoralSide, ShipType } from '../../box/schema';
import type { CoralState, MovementState, ShipState, TaskForceState } from '../../types';

const boards = new WeakMap<CoralBox, Board>();

/** The box's board, built once per box. */
export function boardFor(box: CoralBox): Board {
  let b = boards.get(box);
  if (!b) {
    b = boardOf(box);
    boards.set(box, b);
  }
  return b;
}

export const enemyOf = (side: CoralSide): CoralSide => (side === 'usn' ? 'ijn' : 'usn');

/** A ship still in the fight: sunk and crippled ships are out (6.3). */
export const afloat = (ship: ShipState): boolean => ship.status === 'ok' || ship.status === 'damaged';

/** A TF is on the map: placed, not gone (13.10, 14.10). */
export const onMap = (tf: TaskForceState): boolean => tf.hex !== null && !tf.gone;

/** The TF's ships still afloat. */
export const shipsOf = (s: CoralState, tf: TaskForceState): ShipState[] => tf.ships.map((k) => s.ships[k]).filter(afloat);

/** The task forces on the map, in a hex and of a side when given, in the state's order. */
export const taskForcesOn = (s: CoralState, where?: { hex?: string; side?: CoralSide }): TaskForceState[] =>
  Object.values(s.taskForces).filter(
    (t) => onMap(t) && (where?.hex === undefined || t.hex === where.hex) && (where?.side === undefined || t.side === where.side),
  );

/** The hex of a named place (`Port-Moresby`); a hex id is returned as it is. */
export function hexOfPlace(box: CoralBox, place: string): string {
  if (/^\d{4}$/.test(place)) return place;
  const at = (box.map.places as Record<string, { value: string } | undefined>)[place];
  if (!at) throw new Error(`no place ${place} on the Coral Sea map`);
  return at.value;
}

/** Every base of a side (both when absent) with its hex and kind (3.1). */
export function basesOf(box: CoralBox, side?: CoralSide): { id: BaseId; hex: string; kind: 'major' | 'minor'; side: CoralSide }[] {
  return (Object.keys(box.bases) as BaseId[])
    .map((id) => ({ id, hex: hexOfPlace(box, id), kind: box.bases[id].kind.value, side: box.bases[id].side.value }))
    .filter((b) => side === undefined || b.side === side);
}

/** 23.1, 36 Terrain Key: the enemy major-base hexes a side's ships may not enter. */
export const closedTo = (box: CoralBox, side: CoralSide): Map<string, BaseId> =>
  new Map(basesOf(box, enemyOf(side)).flatMap((b) => (b.kind === 'major' ? [[b.hex, b.id] as const] : [])));

/** Why a side's ship may not step from `from` to `to` (with the rule), or null when it may. */
export function whyNot(board: Board, box: CoralBox, side: CoralSide, from: string, to: string): string | null {
  if (!board.map.onMap(to)) return `${to} is off the map (14.10)`;
  if (board.grid.distance(from, to) !== 1) return `${to} is not next to ${from} (14.4: hex by hex)`;
  if (board.terrainOf(to) === 'land') return `${to} is all land (14.4, 36)`;
  const closed = closedTo(box, side).get(to);
  if (closed) return `${to} is ${closed}, an enemy major base: ships may not enter it (23.1, 36)`;
  if (board.blockedForShips(from, to)) return `the hexside ${board.grid.hexside(from, to)} is all land (14.4, 14.8)`;
  return null;
}

/** A side's ships' `blocked` rule for the kit's searches. */
export function blockedFor(board: Board, box: CoralBox, side: CoralSide): (from: string, to: string) => boolean {
  const closed = closedTo(box, side);
  return (from, to) => board.blockedForShips(from, to) || closed.has(to);
}

/** 14.2, 36: a ship's movement points; a damaged ship has 1. */
export function shipMp(box: CoralBox, ship: ShipState): number {
  return ship.status === 'damaged' ? 1 : box.movementPoints[ship.type as ShipType].value;
}

export interface Allowance {
  /** The TF's MA: its slowest ship's (14.1), so it rises when the slow ships are gone (14.7). */
  readonly ma: number;
  /** The slowest ship, naming what sets the MA. */
  readonly slowest: ShipState | null;
  /** Why a fast move is refused (14.3 damaged ship, 34.2 TF-6), or null when it is allowed. */
  readonly noFast: string | null;
  readonly rule: string;
}

/** 14.1, 14.2, 14.3, 14.7, 34.2: a TF's movement allowance now. */
export function allowance(s: CoralState, box: CoralBox, tf: TaskForceState): Allowance {
  const ships = shipsOf(s, tf);
  if (s.options.fuelingGroup && tf.side === 'usn' && tf.id === 'TF-6')
    return { ma: 1, slowest: null, noFast: 'TF-6 moves one hex a turn whatever its ships (34.2)', rule: '34.2' };
  let slowest: ShipState | null = null;
  for (const ship of ships) if (slowest === null || shipMp(box, ship) < shipMp(box, slowest)) slowest = ship;
  const damaged = ships.find((x) => x.status === 'damaged');
  return {
    ma: slowest ? shipMp(box, slowest) : 0,
    slowest,
    noFast: damaged ? `${damaged.id} is damaged: a TF with a damaged ship may not move fast (14.3)` : null,
    rule: '14.1, 14.2',
  };
}

/** The movement area's bookkeeping, empty when the state has none yet. */
export const movementOf = (s: CoralState): MovementState => s.movement ?? { withdrawn: {}, phaseAtObjective: {}, invasions: {} };

/** The transports of a TF (its TR counters, whatever their status): an amphibious TF has some (20.1). */
export const transportsOf = (s: CoralState, tf: TaskForceState): ShipState[] =>
  tf.ships.map((k) => s.ships[k]).filter((x) => x.type === 'TR');

/** Transports that may still land: afloat and not landed (20.1, 20.2). */
export const transportsToLand = (s: CoralState, tf: TaskForceState): ShipState[] =>
  transportsOf(s, tf).filter((x) => afloat(x) && !(tf.landed ?? []).includes(x.key));
