/**
 * The Refit Segment (3A, 20.1-20.7). Transported units aboard a TF in a major base are put ashore
 * there (20.7). A ship outside a major base is crippled (20.6): off the map for a die's turns plus
 * its refit turns (50.0 crippled note), back at an own major base with room for any number of
 * ships (A24, as read: the owner's choice; the off-map base by default); a carrier's NAC are not
 * lost to a failed refit (19.6) and come back at that base next turn; combat units aboard its TF
 * come back next turn broken down one level, supply aboard is lost (19.6). Ships that went to sea
 * this turn (20.5) and are in a major base refit within the base's limit a turn (20.4; Espiritu
 * Santo none, 52.0 Q&A 2), by ship id (as read); the rest wait in port. A one-turn refit stays on
 * the map (20.3); a longer one leaves it and comes back as a reinforcement that many turns later
 * at the same base (20.2). With Task Force Endurance (42.2, optional) a TF paid for stays at sea uncrippled.
 * at the same base (20.2). With optional rule 44 a ship outside a major base is crippled where it
 * is and stays on the map (rules/crippled.ts).
 */
import type { Dice } from '../../../engine/ruleset';
import type { SolSide } from '../state';
import { breakDownOnce } from './echelons';
import type { SolFold } from './naval';
import { aboardOf } from './ops-events';
import { staysAtSea } from './endurance-events';

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A24: where a crippled ship goes (an own base with no ship limit, 12.2; else the first own base). */
function repairBase(f: SolFold, side: SolSide): string {
  const own = Object.keys(f.s.bases).filter((b) => f.s.bases[b].side === side);
  return own.find((b) => f.s.opsData.maxCombatShips[b] === null) ?? own[0];
}

export function refitSegment(f: SolFold, dice: Dice, side: SolSide): void {
  const isBase = (at: string) => f.s.bases[at]?.side === side;
  // 20.7: what TFs in port carry goes ashore
  for (const tf of Object.values(f.s.forces[side].taskForces).sort((a, b) => a.id - b.id)) {
    if (!isBase(tf.at)) continue;
    const fs = f.s.forces[side];
    const units = fs.ground.filter((g) => g.at === aboardOf(tf.id)).map((g) => g.id);
    const supply = tf.ships.filter((id) => fs.ships[id].supply > 0).map((id) => ({ ship: id, points: fs.ships[id].supply }));
    if (units.length || supply.length)
      f.emit({ type: 'sol.unloaded', data: { side, tf: tf.id, at: tf.at, units, supply }, visibleTo: [side] });
  }
  // 20.6: crippled where they are
  const setBackDone = new Set<number>();
  for (const id of Object.keys(f.s.forces[side].ships).sort(byId)) {
    const ship = f.s.forces[side].ships[id];
    // 42.2 (optional): a TF paid for stays at sea
    if (isBase(ship.at) || staysAtSea(f.s, side, ship.tf)) continue;
    // 44.1 (optional): the ship stays where it is, crippled, cargo and NAC aboard; one crippled already takes no further penalty (20.6)
    if (f.s.options.crippledUnits) {
      if (!ship.crippled) f.emit({ type: 'sol.crippled-stays', data: { side, ship: id, at: ship.at, rule: '20.6' }, visibleTo: [side] });
      continue;
    }
    const to = repairBase(f, side);
    const face = dice.d6(`repair turns of ${id}`, '20.6', { visibleTo: [side] });
    const fs = f.s.forces[side];
    const first = ship.tf !== null && !setBackDone.has(ship.tf);
    if (ship.tf !== null) setBackDone.add(ship.tf);
    const aboard = first ? fs.ground.filter((g) => g.at === aboardOf(ship.tf!)) : [];
    f.emit({
      type: 'sol.refit-crippled',
      data: {
        side,
        ship: id,
        from: ship.at,
        to,
        face,
        back: f.s.turn + face + (f.s.logData.refitTurns[ship.type] ?? 1),
        nac: ship.nac,
        aboard: aboard.map((g) => g.id),
        setBack: aboard.flatMap((g) => breakDownOnce(f.s, { id: g.id, service: g.service, type: g.type, size: g.size })),
      },
      visibleTo: [side],
    });
  }
  // 20.2-20.5: refits by base
  const sailed = new Set(f.s.sailed[side]);
  const bases = Object.keys(f.s.bases).filter(isBase).sort(byId);
  for (const at of bases) {
    const here = Object.values(f.s.forces[side].ships)
      .filter((sh) => sh.at === at && sailed.has(sh.id))
      .map((sh) => sh.id)
      .sort(byId);
    if (!here.length) continue;
    const cap = f.s.logData.refitPerBase[at];
    const now = cap === null || cap === undefined ? here : here.slice(0, cap);
    const byTurns = new Map<number, string[]>();
    for (const id of now) {
      const turns = f.s.logData.refitTurns[f.s.forces[side].ships[id].type] ?? 1;
      byTurns.set(turns, [...(byTurns.get(turns) ?? []), id]);
    }
    for (const [turns, ships] of [...byTurns.entries()].sort((a, b) => a[0] - b[0]))
      f.emit({ type: 'sol.refit', data: { side, at, ships, turns, back: f.s.turn + turns }, visibleTo: [side] });
    const wait = here.slice(now.length);
    if (wait.length) f.emit({ type: 'sol.refit-waiting', data: { side, at, ships: wait }, visibleTo: [side] });
  }
}
