/**
 * Optional rule 44.0, crippled units (the `crippled-units` option). How it is read:
 * - 44.1: a ship crippled in combat (surface 14.5, air strike 25.1, submarine 36.4) or for failing
 *   to refit (20.6) stays where it is, marked crippled, in its TF. It is repaired only when its TF
 *   ends a move in (or it is crippled in) an own major base: then it leaves the map as the 50.0
 *   crippled note says (a die's turns plus its refit turns) and comes back at that base. At the
 *   end of a turn a TF still at sea (all its ships crippled by then, 20.6) keeps its marker and its
 *   ships into the next turn, so they can go on home; a Tokyo Express kept so becomes a numbered TF.
 * - 44.1 movement, "per turn" read as per Execution Phase (the unit of 10.6 and 13.1): a crippled
 *   ship whose movement is 2, or 3 in the Tokyo Express, moves 1 hex; one whose movement is 1 (CVE,
 *   TR, PT) moves 1 hex by day and none at night. A TF moves at its slowest ship (10.6, 44.4).
 * - 44.2: crippled ships never attack: in a surface combat they add no attack and are not among the
 *   attacker's involved ships; they do not bombard. Their defense and AA are halved: the crippled
 *   ships' factors together, halved, rounded up (as read: the rule gives no rounding; up keeps a
 *   lone crippled ship's defense above 0), added to the others'. A crippled ship crippled again is
 *   eliminated.
 * - 44.3: a crippled carrier flies no NAC (missions, CAP, transfers) and takes none aboard; its NAC
 *   aboard stay fatigued or ready as they were but cannot fly (the 50.0 note still eliminates the
 *   NAC of a carrier crippled in combat; those of one crippled by a failed refit are kept, 19.6).
 * - 44.4: DETACH CRIPPLED FROM TF <n> AS TF <m> puts a TF's crippled ships in a TF of their own at
 *   its place, no CP; cargo aboard stays with the old TF (as read: cargo is kept per TF). A TF of
 *   crippled ships is a TF like others: its marker shows, its contents are sealed (31.1), and enemy
 *   TFs in its hex may attack it (14.2).
 * With the option off nothing here applies.
 */
import type { Dice, RulesEvent } from '../../../engine/ruleset';
import { type Ship, SIDE_NAME, type SolSide, type SolState, type TaskForce } from '../state';
import type { SolFold } from './naval';
import { isDay } from './places';
import { arrival, home, withoutShip } from './log-events';

export const isCrippled = (s: SolState, ship: Ship | undefined): boolean => !!ship && s.options.crippledUnits && ship.crippled === true;

/** 44.2: a factor total of ships with the crippled ones' part halved, rounded up (a ship keeps some defense). */
export function crippledTotal(s: SolState, side: SolSide, ids: readonly string[], value: (ship: Ship) => number): number {
  let whole = 0;
  let half = 0;
  for (const id of ids) {
    const ship = s.forces[side].ships[id];
    if (isCrippled(s, ship)) half += value(ship);
    else whole += value(ship);
  }
  return whole + Math.ceil(half / 2);
}

/** 44.1: a crippled ship's movement this phase given its own (2 or 3: 1; 1: 1 by day, none at night). */
export const crippledMovement = (s: SolState, own: number): number => (own >= 2 ? 1 : isDay(s) ? own : 0);

export type CrippledEvent =
  | RulesEvent<'sol.crippled-stays', { side: SolSide; ship: string; at: string; rule: string }>
  | RulesEvent<'sol.crippled-repaired', { side: SolSide; ship: string; at: string; face: number; back: number; nac: number }>
  | RulesEvent<'sol.tf-detached', { side: SolSide; from: number; tf: number; at: string; ships: readonly string[] }>;

const TYPES = new Set(['sol.crippled-stays', 'sol.crippled-repaired', 'sol.tf-detached']);
export const isCrippledEvent = (e: RulesEvent): e is CrippledEvent => TYPES.has(e.type);

type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces): SolState => ({ ...s, forces: { ...s.forces, [side]: f } });

export function evolveCrippled(s: SolState, e: CrippledEvent): SolState {
  const d = e.data;
  const f = s.forces[d.side];
  switch (e.type) {
    case 'sol.crippled-stays': {
      const ship = f.ships[e.data.ship];
      return withForces(s, d.side, { ...f, ships: { ...f.ships, [ship.id]: { ...ship, crippled: true } } });
    }
    case 'sol.crippled-repaired': {
      const x = e.data;
      const ship = f.ships[x.ship];
      const later = [arrival(x.side, x.back, x.at, 'repair', { ships: [{ ...home(ship, x.at, 0), crippled: false }] })];
      // 19.6: NAC kept aboard a carrier crippled by a failed refit come back at the base next turn
      if (x.nac > 0)
        later.push(
          arrival(x.side, s.turn + 1, x.at, 'set-back', { air: [{ service: 'navy', type: 'NAC', points: x.nac, fatigued: false }] }),
        );
      let out = withoutShip(f, x.ship);
      const tf = ship.tf === null ? null : out.taskForces[ship.tf];
      if (tf && !tf.ships.length && tf.kind !== 'deception') {
        const { [tf.id]: _gone, ...taskForces } = out.taskForces;
        out = { ...out, taskForces };
      }
      return {
        ...withForces(s, x.side, out),
        sailed: { ...s.sailed, [x.side]: s.sailed[x.side].filter((id) => id !== x.ship) },
        arrivals: [...s.arrivals, ...later],
      };
    }
    case 'sol.tf-detached': {
      const x = e.data;
      const old = f.taskForces[x.from];
      const ships = { ...f.ships };
      for (const id of x.ships) ships[id] = { ...ships[id], tf: x.tf };
      const tf: TaskForce = { id: x.tf, at: x.at, ships: x.ships, kind: 'normal' };
      const rest: TaskForce = { ...old, ships: old.ships.filter((id) => !x.ships.includes(id)) };
      return withForces(s, x.side, { ...f, ships, taskForces: { ...f.taskForces, [x.from]: rest, [x.tf]: tf } });
    }
  }
}

export function narrateCrippled(e: CrippledEvent): string[] {
  const who = SIDE_NAME[e.data.side];
  switch (e.type) {
    case 'sol.crippled-stays':
      return [`${who} ${e.data.ship} is crippled at ${e.data.at} and stays there until moved back to a major base (${e.data.rule}, 44.1).`];
    case 'sol.crippled-repaired':
      return [
        `${who} crippled ${e.data.ship} reaches ${e.data.at}: off the map for repair, die ${e.data.face}, back on turn ${e.data.back}${e.data.nac ? `; its ${e.data.nac} NAC come back next turn` : ''} (44.1, 50.0).`,
      ];
    case 'sol.tf-detached':
      return [`${who} crippled ${e.data.ships.join(', ')} leave TF ${e.data.from} as TF ${e.data.tf} at ${e.data.at} (44.4, no CP).`];
  }
}

/** 44.1: the crippled ships of a side's TF (or a lone ship) now in an own major base go off for repair. */
export function repairInBase(f: SolFold, dice: Dice, side: SolSide, ids: readonly string[]): void {
  for (const id of [...ids].sort()) {
    const ship = f.s.forces[side].ships[id];
    if (!isCrippled(f.s, ship) || f.s.bases[ship.at]?.side !== side) continue;
    const face = dice.d6(`repair turns of ${id}`, '44.1', { visibleTo: [side] });
    const back = f.s.turn + face + (f.s.logData.refitTurns[ship.type] ?? 1);
    f.emit({ type: 'sol.crippled-repaired', data: { side, ship: id, at: ship.at, face, back, nac: ship.nac }, visibleTo: [side] });
  }
}

/** 44.4: the crippled ships of TF `from` become TF `as` at its place (checked by the order check). */
export function detach(f: SolFold, side: SolSide, from: number, as: number, note: (t: string, r: string) => void): void {
  const fs = f.s.forces[side];
  const tf = fs.taskForces[from];
  if (!tf) return note(`DETACH: TF ${from} is no longer on the map`, '44.4');
  const ships = tf.ships.filter((id) => isCrippled(f.s, fs.ships[id]));
  if (!ships.length) return note(`DETACH: TF ${from} has no crippled ship`, '44.4');
  if (String(as) in fs.taskForces) return note(`DETACH: TF ${as} is in use`, '10.1');
  f.emit({ type: 'sol.tf-detached', data: { side, from, tf: as, at: tf.at, ships }, visibleTo: [side] });
  f.emit({ type: 'sol.tf-markers', data: { side, markers: [{ tf: as, at: tf.at }] } });
}

/** Why a DETACH line is refused, or null (44.0 chosen, the TF yours with crippled and sound ships, the new number free). */
export function detachProblem(
  s: SolState,
  side: SolSide,
  from: number,
  as: number,
  taken: ReadonlySet<number>,
): { problem: string; rule: string } | null {
  if (!s.options.crippledUnits)
    return { problem: 'crippled units is optional rule 44, not chosen for this game: drop DETACH', rule: '44.0' };
  const f = s.forces[side];
  const tf = f.taskForces[from];
  if (!tf) return { problem: `you have no ${from === 0 ? 'Tokyo Express' : `TF ${from}`} on the map`, rule: '10.1' };
  const crippled = tf.ships.filter((id) => isCrippled(s, f.ships[id]));
  if (!crippled.length) return { problem: `TF ${from} has no crippled ship to detach`, rule: '44.4' };
  if (crippled.length === tf.ships.length) return { problem: `every ship of TF ${from} is crippled: move the TF itself`, rule: '44.4' };
  if (as < 1 || String(as) in f.taskForces || taken.has(as)) return { problem: `TF ${as}: a TF number not in use, from 1`, rule: '10.1' };
  return null;
}
