/**
 * Dividing task forces (4.3) and scuttling (4.3D), in the adjustment phase before any move. A TF of
 * the side gives the ships named to a new TF in its square with its mission and endurance (4.3C),
 * numbered as FORM numbers (the lowest free, or the one written); never with seven active TFs
 * (4.3B), never all its ships (as read: the divided TF keeps one), never in a mini game (as read of
 * 10.1B: no new TFs). With six active TFs or fewer a crippled ship (damage at half its DF, 9.1) may be
 * scuttled instead: it is lost, and the enemy scores one VP less for it than for a sinking (4.3D).
 */
import { valuesOf } from '../keyed';
import type { GcOrder } from '../orders';
import { type GcSide, type GcState, isMini } from '../state';
import { missionProblems } from './eligibility';
import type { GcEvent } from './events';

type Refuse = (problem: string, rule: string) => void;
const MAX_TFS = 7;

export interface Divided {
  side: GcSide;
  tf: number;
  into: number;
  ships: string[];
}

export interface Scuttled {
  side: GcSide;
  tf: number;
  ship: string;
}

const active = (s: GcState, side: GcSide) => valuesOf(s.taskForces).filter((t) => t.side === side).length;
const shipName = (s: GcState, written: string) => Object.keys(s.ships).find((n) => n.toLowerCase() === written.trim().toLowerCase());

export function divide(
  s: GcState,
  side: GcSide,
  o: Extract<GcOrder, { kind: 'divide' }>,
  moved: ReadonlySet<number>,
  emit: (e: GcEvent) => void,
  refuse: Refuse,
): void {
  const tf = s.taskForces[o.tf];
  if (!tf || tf.side !== side) return refuse(`TF ${o.tf} is none of your active task forces`, '4.9');
  if (moved.has(o.tf)) return refuse('task forces divide in the adjustment phase, before they move (4.0, 5.0)', '3.3');
  if (isMini(s)) return refuse('no new task forces in a mini game (10.1B)', '10.1B');
  if (active(s, side) >= MAX_TFS) return refuse('TOO MANY ACTIVE TFS: seven are in play (4.3B)', '4.3B');
  const ships: string[] = [];
  for (const written of o.ships) {
    const name = shipName(s, written);
    if (!name || !tf.ships.includes(name)) return refuse(`${written} is not in TF ${o.tf}`, '4.3C');
    if (ships.includes(name)) return refuse(`${name} is named twice`, '4.3C');
    ships.push(name);
  }
  if (ships.length === tf.ships.length) return refuse(`TF ${o.tf} would keep no ship: name fewer (4.3C)`, '4.3C');
  const base = side === 'american' ? 2 : 12;
  const into = o.into ?? [...Array(9).keys()].map((i) => base + i).find((n) => !s.taskForces[n]);
  if (into === undefined || into < base || into > base + 8 || s.taskForces[into])
    return refuse(`TF ${o.into} is not free: your task forces are numbered ${base}-${base + 8}`, '4.3C');
  if (tf.mission !== 'R' && tf.mission !== 'FR')
    for (const part of [ships, tf.ships.filter((n) => !ships.includes(n))]) {
      const bad = missionProblems(
        part.map((n) => s.ships[n]),
        tf.mission,
        s.onlyMission,
      );
      if (bad.length) return refuse(bad[0], '9.2');
    }
  emit({ type: 'gcc.tf-divided', data: { side, tf: o.tf, into, ships }, visibleTo: [side] });
}

export function scuttle(
  s: GcState,
  side: GcSide,
  o: Extract<GcOrder, { kind: 'scuttle' }>,
  emit: (e: GcEvent) => void,
  refuse: Refuse,
): void {
  const tf = s.taskForces[o.tf];
  if (!tf || tf.side !== side) return refuse(`TF ${o.tf} is none of your active task forces`, '4.9');
  if (active(s, side) > MAX_TFS - 1) return refuse('ships are scuttled only with six active task forces or fewer (4.3D)', '4.3D');
  const name = shipName(s, o.ship);
  if (!name || !tf.ships.includes(name)) return refuse(`${o.ship} is not in TF ${o.tf}`, '4.3D');
  const ship = s.ships[name];
  if (ship.damage * 2 < ship.df)
    return refuse(`${name} is not crippled (damage under half its DF, 9.1): only crippled ships are scuttled (4.3D)`, '4.3D');
  emit({ type: 'gcc.scuttled', data: { side, tf: o.tf, ship: name }, visibleTo: [side] });
}

export function afterDivided(s: GcState, d: Divided): GcState {
  const tf = s.taskForces[d.tf];
  const ships = { ...s.ships };
  for (const n of d.ships) ships[n] = { ...ships[n], tf: d.into };
  const left = { ...tf, ships: tf.ships.filter((n) => !d.ships.includes(n)) };
  return { ...s, ships, taskForces: { ...s.taskForces, [d.tf]: left, [d.into]: { ...tf, id: d.into, ships: d.ships } } };
}

export function afterScuttled(s: GcState, d: Scuttled): GcState {
  const tf = s.taskForces[d.tf];
  const taskForces = { ...s.taskForces };
  const left = tf.ships.filter((n) => n !== d.ship);
  if (left.length) taskForces[d.tf] = { ...tf, ships: left };
  else delete taskForces[d.tf];
  return { ...s, taskForces, ships: { ...s.ships, [d.ship]: { ...s.ships[d.ship], sunk: true, scuttled: true, tf: null } } };
}
