/**
 * Naval movement (2A2b): each TF on its own (11.1) at the speed of its slowest ship (10.6, 13.1;
 * the Tokyo Express 3, 10.3 (2); a deception marker 2, or 3 as the Tokyo Express, 10.4), hex by
 * hex toward the place ordered, never into an enemy major base (8.1). Truk and Australia are off the
 * map (8.2): out of one a TF moves only to an edge hex it touches; into one only from such a hex,
 * each spending the whole movement; between two own major bases the move is off the map (8.3).
 * A TF stops on entering a hex with an enemy TF (12.7); it ends no move in a full major base (12.2). By day a TF entering an island hex with
 * enemy ground units declares its number of surface ships (coast watching, 31.1 (5)). A TF with
 * no ships leaves the map when it meets enemy units (10.4, 31.2). A US TF entering a Japanese
 * submarine's hex by day gives it a chance to attack (36.4, rules/sub-attack.ts).
 */
import type { Fold } from '../../kit';
import type { RulesEvent } from '../../../engine/ruleset';
import { other, SIDES, type SolSide, type SolState, type TaskForce } from '../state';
import { groundAt } from './contacts';
import { subAt } from './submarine';
import { goalHexes, hexOf, isDay, islandOf, placeAtHex, route } from './places';
import { crippledMovement, isCrippled } from './crippled';

export type SolFold = Fold<SolState, RulesEvent>;

/** 10.3 (2), 10.4, 10.6, 13.1: the TF's movement in hexes. */
export function movementOf(s: SolState, side: SolSide, tf: TaskForce): number {
  const m = s.opsData.movement;
  if (tf.kind === 'tokyo-express' || (tf.kind === 'deception' && tf.id === 0)) return crippledTf(s, side, tf, m.tokyoExpress);
  if (tf.ships.length === 0) return m.normal;
  const slow = tf.ships.some((id) => (m.slow as readonly string[]).includes(s.forces[side].ships[id].type));
  return crippledTf(s, side, tf, slow ? m.slowAllowance : m.normal);
}

/** 44.1, 44.4 (optional): a TF with crippled ships moves at the slowest of them. */
function crippledTf(s: SolState, side: SolSide, tf: TaskForce, movement: number): number {
  const m = s.opsData.movement;
  let out = movement;
  for (const id of tf.ships) {
    const ship = s.forces[side].ships[id];
    if (!isCrippled(s, ship)) continue;
    const own =
      tf.kind === 'tokyo-express' ? m.tokyoExpress : (m.slow as readonly string[]).includes(ship.type) ? m.slowAllowance : m.normal;
    out = Math.min(out, crippledMovement(s, own));
  }
  return out;
}

const enemyTfsAt = (s: SolState, side: SolSide, hex: string) =>
  Object.values(s.forces[other(side)].taskForces).filter((t) => hexOf(s, t.at) === hex);

/** 10.4, 31.2: TFs with no ships in a hex with enemy units leave the map (both, when both are empty). */
export function clearDeception(f: SolFold, hex: string): void {
  const gone: { side: SolSide; tf: TaskForce }[] = [];
  for (const side of SIDES) {
    const enemyThere = enemyTfsAt(f.s, side, hex).length > 0 || groundAt(f.s, other(side), hex).length > 0;
    if (!enemyThere) continue;
    for (const tf of Object.values(f.s.forces[side].taskForces))
      if (tf.ships.length === 0 && hexOf(f.s, tf.at) === hex) gone.push({ side, tf });
  }
  for (const { side, tf } of gone) f.emit({ type: 'sol.tf-removed', data: { side, tf: tf.id, at: tf.at, rule: '10.4, 31.2' } });
}

/** 12.2: whether a major base has room for the TF's combat ships (transports do not count). */
function baseHasRoom(s: SolState, side: SolSide, tf: TaskForce, base: string): boolean {
  const max = s.opsData.maxCombatShips[base];
  if (max === null || max === undefined) return true;
  const combat = (ids: readonly string[]) => ids.filter((id) => s.forces[side].ships[id].type !== 'TR').length;
  const there = Object.values(s.forces[side].ships).filter((x) => x.at === base && x.type !== 'TR').length;
  return there + combat(tf.ships) <= max;
}

/** What happens as a TF enters a hex; true when it must stop there (12.7). */
function enter(f: SolFold, side: SolSide, tf: TaskForce, hex: string): boolean {
  const s = f.s;
  // 36.4: by day a US TF entering a sub's hex gives it a chance (rules/sub-attack.ts)
  const sub = side === 'us' && isDay(s) ? subAt(s, hex) : null;
  if (sub && !sub.fatigued) f.emit({ type: 'sol.sub-chance', data: { sub: sub.id, hex, tf: tf.id }, visibleTo: ['japanese'] });
  const enemyGround = groundAt(s, other(side), hex).length > 0;
  // 10.4: a TF with no ships meeting enemy units on its way ends its move there, to be taken off
  if (tf.ships.length === 0 && enemyGround) return true;
  const surface = tf.ships.filter((id) => s.forces[side].ships[id].type !== 'SS').length;
  if (isDay(s) && islandOf(s, hex) && enemyGround) f.emit({ type: 'sol.coast-watch', data: { side, tf: tf.id, hex, surface } });
  return enemyTfsAt(s, side, hex).length > 0;
}

/** The movement of one TF toward a place (a state place: base name or hex id); notes go to its side. */
export function moveTf(f: SolFold, side: SolSide, id: number, to: string, note: (text: string, rule: string) => void): void {
  const s = f.s;
  const tf = s.forces[side].taskForces[id];
  if (tf.at === to) return;
  if (movementOf(s, side, tf) === 0) return note(`TF ${id} has crippled ships of movement 1: they move by day only`, '44.1');
  const start = hexOf(s, tf.at);
  const target = s.bases[to];
  const moved = (path: string[], at: string, stop: string | null) => {
    f.emit({ type: 'sol.tf-moved', data: { side, tf: id, path, to: at, stop } });
    const hex = hexOf(f.s, at);
    if (hex) clearDeception(f, hex);
  };
  if (target && target.side !== side) return note(`TF ${id} may not enter ${to}, an enemy major base`, '8.1');
  if (target && !baseHasRoom(s, side, tf, to)) return note(`${to} holds no more than ${s.opsData.maxCombatShips[to]} combat ships`, '12.2');
  if (start === null) {
    // 8.3: base to base off the map; 8.2: out of an off-map base one hex only, to an edge hex it touches
    if (target) return moved([], to, null);
    const edges = s.opsData.touches[tf.at] ?? [];
    const best = edges
      .map((h) => ({ h, r: route(s, side, h, goalHexes(s, to)) }))
      .filter((x) => x.r)
      .sort((a, b) => a.r!.length - b.r!.length)[0];
    if (!best) return note(`TF ${id} finds no way from ${tf.at} to ${to}`, '8.2');
    return moved([best.h], placeAtHex(s, side, best.h), enter(f, side, tf, best.h) ? '12.7' : '8.2');
  }
  if (target && target.hex === null) {
    if ((s.opsData.touches[to] ?? []).includes(start)) return moved([], to, '8.2');
  }
  const path = route(s, side, start, goalHexes(s, to));
  if (!path) return note(`TF ${id} finds no way from ${tf.at} to ${to}`, '8.1');
  const taken: string[] = [];
  let stop: string | null = null;
  for (const hex of path.slice(0, movementOf(s, side, tf))) {
    taken.push(hex);
    if (enter(f, side, tf, hex)) {
      stop = tf.ships.length ? '12.7' : '10.4';
      break;
    }
  }
  if (taken.length) moved(taken, placeAtHex(f.s, side, taken[taken.length - 1]), stop);
}
