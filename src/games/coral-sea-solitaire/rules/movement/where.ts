/**
 * What the movement rules read off the state and the box, beside the shared helpers of ../../state:
 * movement allowances with what sets them (14.1, 14.2, 14.3, 14.7, 34.2), which hexes a side's
 * ships may not enter (14.4, 23.1, the Terrain Key of 36) and why, the bases, the transports.
 */
import type { Board } from '../../box/board';
import type { BaseId, CoralBox, CoralSide } from '../../box/schema';
import { hexOf, keysOf, movementAllowance, other, shipsOf } from '../../state';
import type { CoralState, MovementState, ShipState, TaskForceState } from '../../types';

/** Every base of a side (both when absent) with its hex and kind (3.1), in the order of their names (never the record's). */
export function basesOf(box: CoralBox, side?: CoralSide): { id: BaseId; hex: string; kind: 'major' | 'minor'; side: CoralSide }[] {
  return keysOf(box.bases)
    .map((id) => ({ id, hex: hexOf(box, id), kind: box.bases[id].kind.value, side: box.bases[id].side.value }))
    .filter((b) => side === undefined || b.side === side);
}

/** 23.1, 36 Terrain Key: the enemy major-base hexes a side's ships may not enter. */
export const closedTo = (box: CoralBox, side: CoralSide): Map<string, BaseId> =>
  new Map(basesOf(box, other(side)).flatMap((b) => (b.kind === 'major' ? [[b.hex, b.id] as const] : [])));

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
export const shipMp = (box: CoralBox, ship: Pick<ShipState, 'type' | 'status'>): number =>
  ship.status === 'damaged' ? 1 : box.movementPoints[ship.type].value;

export interface Allowance {
  /** The TF's MA: its slowest live ship's (14.1), so it rises when the slow ships are gone (14.7); TF-6's 1 under 34.2. */
  readonly ma: number;
  /** The slowest live ship, naming what sets the MA. */
  readonly slowest: ShipState | null;
  /** Why a fast move is refused (14.3 damaged ship, 34.2 TF-6), or null when it is allowed. */
  readonly noFast: string | null;
}

/** 14.1, 14.2, 14.3, 14.7, 34.2: a TF's movement allowance now, with what sets it. */
export function allowance(s: CoralState, tf: TaskForceState): Allowance {
  const live = shipsOf(s, tf, true);
  const slowest = live.reduce<ShipState | null>((a, x) => (a === null || shipMp(s.box, x) < shipMp(s.box, a) ? x : a), null);
  const damaged = live.find((x) => x.status === 'damaged');
  const tf6 = s.options.fuelingGroup && tf.side === 'usn' && tf.id === 'TF-6';
  return {
    ma: movementAllowance(s.box, s, tf),
    slowest,
    noFast: tf6
      ? 'TF-6 moves one hex a turn whatever its ships (34.2)'
      : damaged
        ? `${damaged.id} is damaged: a TF with a damaged ship may not move fast (14.3)`
        : null,
  };
}

/** The movement area's bookkeeping, empty when the state has none yet. */
export const movementOf = (s: CoralState): MovementState => s.movement ?? { withdrawn: {}, phaseAtObjective: {}, invasions: {} };

/** The transports of a TF (its TR counters, whatever their status): an amphibious TF has some (20.1). */
export const transportsOf = (s: CoralState, tf: TaskForceState): ShipState[] => shipsOf(s, tf).filter((x) => x.type === 'TR');

/** Transports that may still land: live and not landed (20.1, 20.2). */
export const transportsToLand = (s: CoralState, tf: TaskForceState): ShipState[] =>
  transportsOf(s, tf).filter((x) => x.status !== 'sunk' && x.status !== 'crippled' && !(tf.landed ?? []).includes(x.key));
