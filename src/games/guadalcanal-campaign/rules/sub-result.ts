/**
 * What a submarine attack (8.3) and a critical or an explosion at sea (9.1A, 9.1D) leave, as their
 * events record them and evolve applies them; rules/submarine.ts and rules/critical.ts roll them.
 * Apart so that evolve (rules/events.ts) does not import the combat code.
 */
import type { GcSide, GcState, Ship, TaskForce } from '../state';

export interface SubHit {
  readonly ship: string;
  /** damage points of the torpedo and of its critical (9.1A), if any */
  readonly damage: number;
  readonly critical: number;
  /** knots of maximum speed lost (a 21-inch torpedo, 9.1A) */
  readonly knots: number;
}

/** The attacked side's record (8.3): its TF, the torpedoes that came at it, the hits, its ships sunk, its escorts' depth charges. */
export interface SubAttacked {
  readonly side: GcSide;
  readonly turn: number;
  readonly tf: number;
  readonly torpedoes: number;
  readonly hits: SubHit[];
  readonly sunk: string[];
  readonly escorts: number;
}

/** The submarine's side's record (8.3): which sub fired at which TF, what it hit, what the depth charges did to it. */
export interface SubResult {
  readonly side: GcSide;
  readonly turn: number;
  readonly tf: number;
  readonly sub: string;
  readonly target: number;
  readonly torpedoes: number;
  readonly hits: SubHit[];
  readonly sunk: string[];
  readonly subDamage: number;
  readonly subSunk: boolean;
}

/** A critical hit (9.1A) or an explosion aboard a cripple at sea (9.1D): damage added, maybe sunk. */
export interface Explosion {
  readonly side: GcSide;
  readonly turn: number;
  readonly ship: string;
  readonly damage: number;
  readonly sunk: boolean;
  readonly at: 'hit' | 'sea';
}

/** Damage added to a ship: crippled at half its DF makes 5 knots (9.1, 9.1D), torpedoes cost speed (9.1A). */
export function damaged(x: Ship, points: number, knots = 0): Ship {
  const damage = x.damage + points;
  return { ...x, damage, ms: damage * 2 >= x.df ? 5 : Math.max(5, x.ms - knots) };
}

/** Ships sunk: out of their TFs for good; a TF left empty is gone. */
export function sinking(s: GcState, ships: Record<string, Ship>, sunk: readonly string[]): GcState {
  const taskForces: Record<string, TaskForce> = { ...s.taskForces };
  for (const name of sunk) {
    const id = ships[name].tf;
    ships[name] = { ...ships[name], sunk: true, tf: null };
    const tf = id === null ? undefined : taskForces[id];
    if (!tf) continue;
    const left = tf.ships.filter((n) => n !== name);
    if (left.length) taskForces[tf.id] = { ...tf, ships: left };
    else delete taskForces[tf.id];
  }
  return { ...s, ships, taskForces };
}

export function afterSubAttacked(s: GcState, d: SubAttacked): GcState {
  const ships: Record<string, Ship> = { ...s.ships };
  for (const h of d.hits) ships[h.ship] = damaged(ships[h.ship], h.damage + h.critical, h.knots);
  return sinking(s, ships, d.sunk);
}

export function afterSubResult(s: GcState, d: SubResult): GcState {
  const sub = s.ships[d.sub];
  const ships: Record<string, Ship> = {
    ...s.ships,
    [d.sub]: damaged({ ...sub, tt: Math.max(0, (sub.tt ?? 0) - d.torpedoes) }, d.subDamage),
  };
  return sinking(s, ships, d.subSunk ? [d.sub] : []);
}

export function afterExplosion(s: GcState, d: Explosion): GcState {
  const ships: Record<string, Ship> = { ...s.ships, [d.ship]: damaged(s.ships[d.ship], d.damage) };
  return sinking(s, ships, d.sunk ? [d.ship] : []);
}

/** 9.1D: a cripple's crew repairs damage at sea; its speed stays 5 knots until port (reading: the rulebook gives it back nowhere). */
export function afterSeaRepair(s: GcState, d: { ship: string; damage: number }): GcState {
  const x = s.ships[d.ship];
  return { ...s, ships: { ...s.ships, [d.ship]: { ...x, damage: Math.max(0, x.damage - d.damage) } } };
}
