/**
 * Submarine combat (8.3, 9.3F), after surface combat in 8.0 (2). Each submarine TF (mission U) with
 * endurance left (9.3F) patrols 2 squares around it (8.3A). US TFs first, each by number; each sub
 * in it, in its TF's order, rolls once for each enemy TF in its area, nearest first then by number:
 * about 10% against a surface TF, 2% against a sub TF (8.3B), cut by the defenders' escorts (DD,
 * DMS, APD: 8.3C) and by a sighting of it in the enemy's sub search report (8.3D). An attacking sub
 * picks a ship by DF (as 8.2B), fires min(6, torpedoes left) (8.3E), Japanese torpedoes 2.5 times
 * as accurate (8.3F), each hit 21-inch (9.1A) and maybe a critical; then every escort of the TF
 * attacked drops depth charges on it, US ones twice as effective, a sighted sub easier (8.3D, 8.3G).
 * A sub attacks once a turn. The odds are in box/submarine.ts. Fog (12.0): the attacked side sees
 * the attack on its TF (`gcc.sub-attacked`), the sub's side the result (`gcc.sub-result`); the dice
 * are the referee's (a roll that fails would betray a sub nearby).
 */
import { pick, rollDie } from '../../../engine/dice';
import type { AdjudicationContext, Dice } from '../../../engine/ruleset';
import { Fold } from '../../kit';
import { range } from '../box/range';
import { valuesOf } from '../keyed';
import { type GcState, other, type Ship, type TaskForce } from '../state';
import { critical } from './critical';
import { evolveGc, type GcEvent } from './events';
import type { SubHit } from './sub-result';

type Stop = (rule: string, what: string) => never;
const HIDDEN = { visibleTo: [] as const };

export function resolveSubmarines(s: GcState, ctx: AdjudicationContext, stop: Stop): GcState {
  const fold = new Fold<GcState>(s, evolveGc, (e) => ctx.emit(e));
  for (const side of ['american', 'japanese'] as const) {
    const subTfs = valuesOf(s.taskForces)
      .filter((t) => t.side === side && t.mission === 'U')
      .map((t) => t.id)
      .sort((a, b) => a - b);
    for (const id of subTfs) {
      const tf = fold.s.taskForces[id];
      const b = fold.s.submarine;
      const area = (t: TaskForce) => range(t, tf) <= (b?.patrolSquares ?? 2);
      if (!tf || !valuesOf(fold.s.taskForces).some((t) => t.side === other(side) && area(t))) continue;
      if (!b) stop('8.3', `submarine attacks of TF ${tf.id} (this box has no submarine data)`);
      if (tf.endurance <= 0) continue; // 9.3F: no endurance, no torpedoes
      for (const name of tf.ships) {
        const targets = valuesOf(fold.s.taskForces)
          .filter((t) => t.side === other(side) && area(t))
          .sort((x, y) => range(x, tf) - range(y, tf) || x.id - y.id);
        for (const t of targets) {
          const sub = fold.s.ships[name];
          const target = fold.s.taskForces[t.id];
          if (!sub || sub.sunk || !(sub.tt ?? 0) || !target) continue;
          const events = attack(fold.s, tf, sub, target, ctx.dice, stop);
          if (!events) continue;
          for (const e of events) fold.emit(e);
          break;
        }
      }
    }
  }
  return fold.s;
}

const isSubTf = (s: GcState, t: TaskForce) => t.ships.every((n) => s.ships[n].type === 'SS');

/** One sub's roll against one TF: null when it does not attack, else the two sides' events. */
function attack(s: GcState, tf: TaskForce, sub: Ship, target: TaskForce, dice: Dice, stop: Stop): GcEvent[] | null {
  const b = s.submarine!;
  const sinkAt = (x: Ship) => x.df * (s.strike?.sinkAtDf ?? 1);
  const defenders = target.ships.map((n) => s.ships[n]);
  const escorts = defenders.filter((x) => b.escortTypes.includes(x.type));
  const sighted = s.sighted[target.side].some((x) => x.tf === tf.id);
  // 8.3B-D: the chance to attack
  const base = isSubTf(s, target) ? b.attackSubPercent : b.attackSurfacePercent;
  const screen = Math.max(b.escortFloor, 1 - b.perEscort * escorts.length);
  const chance = base * screen * (sighted ? b.sightedAttack : 1);
  if (rollDie(dice, 1000, `${sub.name} attacks TF ${target.id} or not`, '8.3B', HIDDEN) > Math.round(chance * 10)) return null;
  // 8.3E-F: the salvo at a ship picked by DF
  const aim = pick(
    dice,
    defenders.flatMap((x) => Array<Ship>(x.df).fill(x)),
    `${sub.name} picks its target`,
    '8.3B',
    HIDDEN,
  );
  const salvo = Math.min(b.salvo, sub.tt ?? 0);
  const perMille = b.torpedoPerMille * (sub.side === 'american' ? b.usTorpedo : 1);
  const hits: SubHit[] = [];
  let damage = aim.damage;
  for (let i = 0; i < salvo; i++) {
    if (rollDie(dice, 1000, `torpedo ${i + 1} of ${sub.name} at ${aim.name}`, '8.3F', HIDDEN) > Math.round(perMille)) continue;
    const extra = critical(s, dice, { ...aim, damage }, b.torpedoDamage, stop);
    hits.push({ ship: aim.name, damage: b.torpedoDamage, critical: extra, knots: b.torpedoKnots });
    damage += b.torpedoDamage + extra;
  }
  const sunk = damage >= sinkAt(aim) ? [aim.name] : [];
  // 8.3G, 8.3D: the escorts afloat depth-charge the sub
  const dcPercent = b.depthChargePercent * (target.side === 'japanese' ? b.japaneseDepthCharge : 1) * (sighted ? b.sightedDepthCharge : 1);
  const firing = escorts.filter((x) => !sunk.includes(x.name));
  let subDamage = 0;
  for (const x of firing)
    if (rollDie(dice, 1000, `depth charges of ${x.name} on ${sub.name}`, '8.3G', HIDDEN) <= Math.round(dcPercent * 10))
      subDamage += b.depthChargeDamage;
  const subSunk = sub.damage + subDamage >= sinkAt(sub);
  return [
    {
      type: 'gcc.sub-attacked',
      data: { side: target.side, turn: s.turn, tf: target.id, torpedoes: salvo, hits, sunk, escorts: firing.length },
      visibleTo: [target.side],
    },
    {
      type: 'gcc.sub-result',
      data: { side: tf.side, turn: s.turn, tf: tf.id, sub: sub.name, target: target.id, torpedoes: salvo, hits, sunk, subDamage, subSunk },
      visibleTo: [tf.side],
    },
  ];
}
