/**
 * The ships a surface combat or a bombardment counts (16.1, 16.2, 17.1): every surface ship of a
 * side in a hex's task forces, and their strengths as the counters give them (box `ships`), a
 * fatigued ship attacking and bombarding at the box's percentage (25.2). Also the book of this
 * turn's combats and bombardments (16.1, 17.1).
 */
import type { CoralBox, CoralSide } from '../../box';
import { byCodeUnit } from '../../../kit';
import { taskForcesIn as tfsIn } from '../../state';
import type { CoralState, ShipKey, ShipState, SurfaceBook } from '../../types';

export { other } from '../../state';

/** This turn's book (16.1, 17.1): a book of an earlier turn counts as empty. */
export function bookOf(s: CoralState): SurfaceBook {
  const b = s.surface;
  return b && b.turn === s.turn ? b : { turn: s.turn, fought: [], bombarded: [] };
}

/**
 * A ship still in the fight: afloat and not crippled (crippled ships are out of the battle, 6.3),
 * never a submarine (16.1, 19.4) nor a dummy already turned face up (27.3: removed at once).
 */
export const inPlay = (ship: ShipState): boolean =>
  (ship.status === 'ok' || ship.status === 'damaged') && ship.type !== 'SS' && !(ship.type === 'Dummy' && ship.faceUp);

/** A counter that fights: in play and not a dummy at all (face down, a dummy is only a marker, 27.3). */
export const fights = (ship: ShipState): boolean => inPlay(ship) && ship.type !== 'Dummy';

/** The task forces of `side` in `hex` (on the map, not gone), in id order: the order a battle lists them. */
export const taskForcesIn = (s: CoralState, hex: string, side?: CoralSide) => tfsIn(s, hex, side).sort((a, b) => byCodeUnit(a.id, b.id));

/** Ships of `side` in `hex` that pass `test` (default: in play), in TF order then counter order. */
export function shipsIn(s: CoralState, hex: string, side: CoralSide, test: (ship: ShipState) => boolean = inPlay): ShipKey[] {
  return taskForcesIn(s, hex, side).flatMap((tf) => tf.ships.filter((k) => s.ships[k] && test(s.ships[k])).sort(byCodeUnit));
}

type ShipValues = CoralBox['ships'][number];
const valueCache = new WeakMap<CoralBox, Map<string, ShipValues>>();

/** The counter's printed (or reconstructed) values (box `ships`); throws naming the counter when the box lacks it. */
export function valuesOf(box: CoralBox, ship: Pick<ShipState, 'side' | 'id'>): ShipValues {
  let byKey = valueCache.get(box);
  if (!byKey) {
    byKey = new Map(box.ships.map((e) => [`${e.side}:${e.id}`, e]));
    valueCache.set(box, byKey);
  }
  const v = byKey.get(`${ship.side}:${ship.id}`);
  if (!v) throw new Error(`coral-sea-solitaire: the box has no counter ${ship.side}:${ship.id}`);
  return v;
}

/** A ship's surface attack (16.3(3)): a fatigued ship at the box's percentage, rounded down (25.2). */
export function attackOf(box: CoralBox, ship: ShipState): number {
  const printed = valuesOf(box, ship).attack.value;
  return ship.fatigued ? Math.floor((printed * box.shipFatigue.attackPercent.value) / 100) : printed;
}

/** A ship's surface defence (16.3(4)): fatigue leaves it whole. */
export const defenseOf = (box: CoralBox, ship: ShipState): number => valuesOf(box, ship).defense.value;

/** A ship's bombardment factor (17.2): a fatigued ship at the box's percentage, rounded down (25.2). */
export function bombardOf(box: CoralBox, ship: ShipState): number {
  const printed = valuesOf(box, ship).bombard.value;
  return ship.fatigued ? Math.floor((printed * box.shipFatigue.bombardPercent.value) / 100) : printed;
}

export const total = (s: CoralState, keys: readonly ShipKey[], value: (ship: ShipState) => number): number =>
  keys.reduce((n, k) => n + value(s.ships[k]), 0);

/**
 * 5b, 16.1: the hexes where both sides have a surface ship in play (face-down dummies count until
 * revealed: a TF of dummies is still an enemy TF), not yet fought this turn, in hex order.
 */
export function surfaceCombatHexes(s: CoralState): string[] {
  const fought = new Set(bookOf(s).fought);
  const hexes = new Set(
    Object.values(s.taskForces)
      .filter((tf) => tf.hex !== null && !tf.gone)
      .map((tf) => tf.hex as string),
  );
  return [...hexes].filter((h) => !fought.has(h) && shipsIn(s, h, 'usn').length > 0 && shipsIn(s, h, 'ijn').length > 0).sort(byCodeUnit);
}
