/**
 * What a surface battle (8.2) leaves, as its event records it and evolve applies it; rules/surface.ts
 * fights the battle. Apart so that evolve (rules/events.ts) does not import the combat code.
 */
import type { Mission } from '../box/tables';
import type { GcSide, GcState, Ship, TaskForce } from '../state';

export interface SurfaceHit {
  readonly ship: string;
  readonly by: string;
  readonly weapon: 'torpedo' | 'gun' | 'aa';
  readonly damage: number;
  /** knots of maximum speed the hit costs (torpedoes, 9.1A) */
  readonly knots: number;
}

export interface SurfaceResult {
  readonly side: GcSide;
  readonly turn: number;
  readonly tf: number;
  readonly against: number[];
  readonly hits: SurfaceHit[];
  /** torpedoes each ship fired (8.2C) */
  readonly torpedoes: Record<string, number>;
  readonly sunk: string[];
  /** 9.3D: the TFs scared, with their new endurance and mission */
  readonly scared: { tf: number; endurance: number; mission: Mission }[];
}

/** What a surface battle leaves: damage, lost speed, cripples at 5 knots (9.1D), torpedoes spent, the sunk out of their TFs, the scared TFs. */
export function afterSurface(s: GcState, d: SurfaceResult): GcState {
  const ships: Record<string, Ship> = { ...s.ships };
  for (const [name, n] of Object.entries(d.torpedoes)) ships[name] = { ...ships[name], tt: Math.max(0, (ships[name].tt ?? 0) - n) };
  for (const h of d.hits) {
    const x = ships[h.ship];
    const damage = x.damage + h.damage;
    ships[h.ship] = { ...x, damage, ms: damage * 2 >= x.df ? 5 : Math.max(5, x.ms - h.knots) };
  }
  for (const name of d.sunk) ships[name] = { ...ships[name], sunk: true, tf: null };
  const taskForces: Record<string, TaskForce> = { ...s.taskForces };
  for (const id of [d.tf, ...d.against]) {
    const tf = taskForces[id];
    const left = tf.ships.filter((n) => !d.sunk.includes(n));
    if (left.length) taskForces[id] = { ...tf, ships: left };
    else delete taskForces[id];
  }
  for (const x of d.scared) if (taskForces[x.tf]) taskForces[x.tf] = { ...taskForces[x.tf], endurance: x.endurance, mission: x.mission };
  return { ...s, ships, taskForces };
}
