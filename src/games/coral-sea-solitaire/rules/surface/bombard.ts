/**
 * Shore bombardment (6, 17): a side's TFs in the hex of an enemy base bombard it with every surface
 * ship they have there, once per hex per friendly phase (17.1); the USN may (17.4, its BOMBARD
 * order), the IJN must (17.5). The factors are totalled, with no defence (17.2), and one die read in
 * their column of the bombardment CRT; the defender's half of the result (box
 * `crtEffects.bombardment`) destroys grounded squadrons and minor-base levels (23.1, 23.3), each
 * level scoring the box's `bombard-level` VP to the bombarder (17.1); air over the reduced capacity
 * is lost (23.4). The bombarder sees the grounded air (17.3, 27.1(2)). No ship is fatigued (25.1).
 */
import type { Dice, RollOptions } from '../../../../engine/ruleset';
import { rollOnTable } from '../../../kit';
import type { BaseId, CoralBox, CoralSide } from '../../box';
import type { CoralOrder, CoralState } from '../../types';
import {
  baseHex,
  baseStrength,
  type CoralFold,
  eliminateGrounded,
  enforceBaseCapacity,
  groundedAir,
  reduceBase,
  sideOfBase,
} from './bases';
import { columnFor } from './crt';
import { bombardOf, bookOf, fights, shipsIn, taskForcesIn, total } from './forces';

export interface BombardTarget {
  readonly base: BaseId;
  readonly hex: string;
  /** The side's TFs in the hex with a surface ship that can fire. */
  readonly taskForces: readonly string[];
}

/**
 * 6a, 6b, 17.1: the enemy bases `side` can bombard now: one of its TFs with a ship in play in the
 * base's hex, not bombarded by it this turn, and something there to hit (strength or grounded air;
 * a base at 0 with no air on it is only a marker gone, 23.3).
 */
export function bombardTargets(s: CoralState, box: CoralBox, side: CoralSide): BombardTarget[] {
  const done = new Set(bookOf(s).bombarded);
  return (Object.keys(box.bases) as BaseId[])
    .filter((base) => sideOfBase(box, base) !== side)
    .map((base) => {
      const hex = baseHex(box, base);
      const taskForces = taskForcesIn(s, hex, side)
        .filter((tf) => tf.ships.some((k) => s.ships[k] && fights(s.ships[k])))
        .map((tf) => tf.id);
      return { base, hex, taskForces };
    })
    .filter((t) => t.taskForces.length > 0 && !done.has(`${side}:${t.hex}`))
    .filter((t) => baseStrength(s, box, t.base) > 0 || groundedAir(s, t.base).length > 0);
}

/** 17.1-17.3: `side` bombards `base` with every surface ship it has in the base's hex. */
export function bombard(f: CoralFold, dice: Dice, box: CoralBox, side: CoralSide, base: BaseId): void {
  const hex = baseHex(box, base);
  const ships = shipsIn(f.s, hex, side, fights);
  const taskForces = taskForcesIn(f.s, hex, side)
    .filter((tf) => tf.ships.some((k) => ships.includes(k)))
    .map((tf) => tf.id);
  const factors = total(f.s, ships, (x) => bombardOf(box, x));
  // 27: the die and the factors would tell the USN what face-down IJN ships fire: the referee's alone, sealed until the end.
  const hidden = side === 'ijn' && ships.some((k) => !f.s.ships[k].faceUp);
  const options: RollOptions | undefined = hidden ? { sealed: true, visibleTo: [] } : undefined;
  const table = box.tables.crt.bombardment;
  const roll =
    factors > 0
      ? rollOnTable(dice, table, { column: columnFor(table, factors), for: `bombardment of ${base}`, ...(options ? { options } : {}) })
      : null;
  f.emit({ type: 'coral.bombard.roll', data: { side, base, ships, factors, roll, rule: '17.2' }, ...(hidden ? { visibleTo: [] } : {}) });
  const level = roll?.result.defender ?? null;
  const effect = level === null ? {} : (box.crtEffects.bombardment[String(level) as '0' | '1' | '2' | '3']?.value ?? {});
  let squadrons = effect.grounded ?? 0;
  for (let i = 0; i < (effect.groundedDice ?? 0); i++) squadrons += dice.d6(`grounded squadrons hit at ${base}`, '17.2');
  const grounded = groundedAir(f.s, base).map((a) => ({ id: a.id, type: a.type, strength: a.strength }));
  f.emit({
    type: 'coral.bombard',
    data: { side, base, hex, taskForces, level, squadrons, baseLevels: effect.baseStrength ?? 0, grounded, rule: '17.1, 17.3' },
  });
  const cause = `bombardment of ${base}`;
  eliminateGrounded(f, dice, box, base, squadrons, cause, '17.1, 23.1');
  const levels = reduceBase(f, box, base, effect.baseStrength ?? 0, cause, '17.1, 23.3');
  const per = (side === 'usn' ? box.vp.usnGains : box.vp.ijnGains)['bombard-level']?.value ?? 0;
  if (levels > 0 && per > 0)
    f.emit({
      type: 'coral.vp',
      data: { side, points: levels * per, reason: `${levels} levels of ${base} destroyed by bombardment`, rule: '17.1' },
    });
  enforceBaseCapacity(f, dice, box, base, cause);
}

type BombardOrder = Extract<CoralOrder, { kind: 'bombard' }>;

/**
 * 6a, 17.4: what is wrong with the USN's BOMBARD orders (empty when nothing): a base that is not
 * the IJN's, no USN TF of the order in its hex, or the same base twice (17.1). NO BOMBARD needs nothing.
 */
export function usnBombardProblems(s: CoralState, box: CoralBox, orders: readonly CoralOrder[]): string[] {
  const targets = bombardTargets(s, box, 'usn');
  const problems: string[] = [];
  const seen = new Set<string>();
  const open = targets.length ? targets.map((t) => `${t.base} (with ${t.taskForces.join(', ')})`).join('; ') : 'none this turn';
  for (const o of orders.filter((x): x is BombardOrder => x.kind === 'bombard')) {
    const t = targets.find((x) => x.base === o.base);
    if (seen.has(o.base)) problems.push(`${o.base} is bombarded once per phase (17.1): one BOMBARD line for it`);
    else if (!(o.base in box.bases) || sideOfBase(box, o.base) === 'usn')
      problems.push(`${o.base} is not an IJN base: the USN bombards IJN bases only (17.4); it may bombard: ${open}`);
    else if (!t) problems.push(`no USN TF able to fire is in the hex of ${o.base} (17.1); the USN may bombard: ${open}`);
    else {
      const stray = o.with.filter((tf) => !t.taskForces.includes(tf.toUpperCase()));
      if (stray.length)
        problems.push(`${stray.join(', ')} not in the hex of ${o.base}: the TFs there are ${t.taskForces.join(', ')} (17.1)`);
    }
    seen.add(o.base);
  }
  return problems;
}
