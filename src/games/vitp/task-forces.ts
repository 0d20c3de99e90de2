/**
 * Optional rule 20, the parts before the shooting: task forces (20.2), which of them attack and
 * which amphibious units will invade (20.3), and the sighting rolls (20.4-20.44). The enemy sees a
 * task force only as its marker (J1, A2, ...) until it is sighted; its owner sees everything.
 * The fighting that follows (20.5-20.8) is combat's (combat/task-forces.ts): the battle waits for
 * these steps at the start of every round of its main fight, see battles.ts and flow.ts.
 */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import type { Order, OrderOf, TaskForce, Unit, VitpState, VSide } from './types';
import { mainFightUnits } from './combat/api';
import { atSeaIn } from './world';
import { unitOf } from './events';

export const taskForcesInPlay = (s: VitpState): boolean => s.options['task-forces'] === true;

const LETTER: Record<VSide, string> = { japanese: 'J', allied: 'A' };
const SIDE_NAME: Record<VSide, string> = { japanese: 'Japanese', allied: 'Allied' };

/**
 * 20.2: every ship, air and amphibious unit a side has at sea in the area is grouped (submarines are
 * not); once the battle is open, those still in its main fight (not sunk, disabled, fled or pursuing).
 */
export function groupable(s: VitpState, side: VSide, area: string): Unit[] {
  const units = atSeaIn(s, area, side);
  if (!s.battle || s.battle.area !== area) return units;
  const fighting = new Set(mainFightUnits(s.battle.battle, side));
  return units.filter((u) => fighting.has(u.id));
}

/** 20.2 applies to rounds fought between forces: both sides must be at sea in the area. */
export const taskForceBattle = (s: VitpState, area: string): boolean =>
  taskForcesInPlay(s) && groupable(s, 'japanese', area).length > 0 && groupable(s, 'allied', area).length > 0;

/**
 * The task forces a side's orders make: one per TASK FORCE line, in order; units left unnamed form
 * one more task force that does not attack. No TASK FORCE line at all (STAY, or the default): one
 * task force of everything, attacking, as in the basic game.
 */
export function planTaskForces(s: VitpState, side: VSide, area: string, orders: readonly Order[]): TaskForce[] {
  const lines = orders.filter((o): o is OrderOf<'task-force'> => o.t === 'task-force');
  const invading = new Set(orders.flatMap((o) => (o.t === 'invading' ? o.units : [])));
  const all = groupable(s, side, area).map((u) => u.id);
  const named = new Set(lines.flatMap((o) => o.units));
  const groups: { units: readonly string[]; attacking: boolean }[] = lines.length
    ? lines.map((o) => ({ units: o.units, attacking: o.attacking }))
    : [{ units: all, attacking: true }];
  const rest = all.filter((id) => lines.length && !named.has(id));
  if (rest.length) groups.push({ units: rest, attacking: false });
  return groups.map((g, i) => ({
    marker: `${LETTER[side]}${i + 1}`,
    side,
    units: [...g.units],
    attacking: g.attacking,
    invading: g.units.filter((id) => invading.has(id)),
    sighted: null,
  }));
}

export function checkTaskForces(s: VitpState, side: VSide, area: string, orders: readonly Order[]): LineError[] {
  const mine = new Set(groupable(s, side, area).map((u) => u.id));
  const errors: LineError[] = [];
  const nameOf = (id: string) => unitOf(s.units, id)?.name ?? id;
  for (const o of orders) {
    if (o.t !== 'task-force' && o.t !== 'invading') continue;
    for (const id of o.units) {
      const err = (problem: string, rule: string) =>
        errors.push({
          line: o.line,
          text: o.text,
          problem: `${nameOf(id)}: ${problem}`,
          rule,
          hint: `your forces at sea in ${area}: ${[...mine].map(nameOf).join(', ')}`,
        });
      if (!mine.has(id)) err(`is not one of your forces at sea in ${area}`, '20.2');
      else if (o.t === 'invading' && unitOf(s.units, id)!.kind !== 'amph') err('only amphibious units invade', '13.3');
    }
  }
  return errors;
}

/** 20.2-20.3: record the side's task forces (its eyes only) and put their markers down (public). */
export function formTaskForces(tx: Tx, side: VSide, area: string, round: number, orders: readonly Order[]): void {
  const forces = planTaskForces(tx.s, side, area, orders);
  const names = Object.fromEntries(forces.flatMap((f) => f.units).map((id) => [id, unitOf(tx.s.units, id)!.name]));
  tx.emit('vitp.task-forces', { side, area, round, forces, names, rule: '20.2' }, [side]);
  tx.emit('vitp.task-force-markers', {
    side,
    area,
    round,
    markers: forces.map((f) => f.marker),
    rule: '20.2',
  });
}

/**
 * 20.41-20.44: the highest die that sights a task force (0 = sighted without a roll). Where more than
 * one applies, the likeliest wins: an attacking task force with a patroller is sighted on 1-4.
 */
export function sightingChance(s: VitpState, tf: TaskForce): { sightedOn: number; rule: string } {
  const units = tf.units.map((id) => unitOf(s.units, id)!);
  if (units.some((u) => u.kind === 'lba') || tf.invading.length > 0) return { sightedOn: 6, rule: '20.41' };
  if (tf.attacking) return { sightedOn: 4, rule: '20.42' };
  if (units.some((u) => u.loc.at === 'sea' && u.loc.mode === 'patrol')) return { sightedOn: 3, rule: '20.43' };
  return { sightedOn: 2, rule: '20.44' };
}

/**
 * 20.4: one die per task force, Japanese first. The die and the reason stay with the owner (they
 * would tell the enemy whether an unsighted force attacks); the enemy learns sighted or not, and a
 * sighted force's units. The step's own dice are shown to nobody but the referee (steps.ts).
 */
export function rollSightings(tx: Tx): void {
  const round = tx.s.taskForces;
  if (!round) return;
  for (const side of ['japanese', 'allied'] as const) {
    for (const tf of round.forces.filter((f) => f.side === side)) {
      const { sightedOn, rule } = sightingChance(tx.s, tf);
      const die = rule === '20.41' ? null : tx.dice.d6(`sighting roll, ${SIDE_NAME[side]} task force ${tf.marker}`, '20.4');
      const sighted = die === null || die <= sightedOn;
      tx.emit('vitp.sighting-roll', { side, marker: tf.marker, die, sightedOn, sighted, rule }, [side]);
      const names = sighted ? tf.units.map((id) => unitOf(tx.s.units, id)!.name) : [];
      tx.emit('vitp.sighted', {
        side,
        area: round.area,
        round: round.round,
        marker: tf.marker,
        sighted,
        units: names,
        rule: '20.4',
      });
    }
  }
}

/** What `viewer` may know of a task force: all of its own; of the enemy's, the marker and, once sighted, the units. */
export interface TaskForceView {
  readonly marker: string;
  readonly side: VSide;
  readonly sighted: boolean | null;
  /** unit names: the owner's own, or a sighted enemy force's */
  readonly units?: readonly string[];
  /** the owner's eyes only (20.3) */
  readonly attacking?: boolean;
  readonly invading?: readonly string[];
}

export function taskForceAsSeenBy(s: VitpState, tf: TaskForce, viewer: VSide | 'referee'): TaskForceView {
  const names = tf.units.map((id) => unitOf(s.units, id)?.name ?? id);
  if (viewer === 'referee' || viewer === tf.side) {
    return {
      marker: tf.marker,
      side: tf.side,
      units: names,
      attacking: tf.attacking,
      invading: tf.invading.map((id) => unitOf(s.units, id)?.name ?? id),
      sighted: tf.sighted,
    };
  }
  return tf.sighted
    ? { marker: tf.marker, side: tf.side, sighted: true, units: names }
    : { marker: tf.marker, side: tf.side, sighted: tf.sighted };
}
