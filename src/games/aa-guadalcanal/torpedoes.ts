/**
 * Submarines one at a time (MOV.6; HID.3 attacks without moving): each submarine moves, or stays,
 * then makes its 1-die attack on the enemy sea unit its owner chooses in its zone, and that torpedo
 * is rolled before the next submarine is ordered. Casualties wait until all the side's submarines
 * have attacked, so a unit hit may be attacked again. A mail may order several submarines, carried
 * out in the order written (the later ones ordered ahead, not knowing the earlier results); the side
 * is asked again for the submarines it has not named, until it writes NONE. The option
 * submarines-together takes one mail for all of them (those not named stay and do not attack).
 */
import { rollDice } from '../../engine/dice';
import { compareCodeUnits } from '../../shared/canonical';
import type { UnitType, ZoneId } from './box';
import { resolveBox, type Target } from './battle-box';
import { useAdvantage } from './advantages';
import { ownUnit, removeCasualties, seaMove } from './movement';
import { submarinesTogether } from './options';
import type { Play } from './play';
import type { Order, Torpedoes } from './types';
import { isSea, piece } from './world';

/** Is an enemy sea unit in the submarine's zone? */
function hasTarget(p: Play, id: string): boolean {
  const sub = piece(p.s, id);
  return !!sub && p.s.pieces.some((e) => e.side !== p.side && e.zone === sub.zone && isSea(e));
}

/** Does a face hit (1 or 2)? */
const isHit = (p: Play, face: number) => p.s.box.constants.hitFaces.includes(face);

/** The submarines of the side still to have their turn this step. */
export function subsToAct(s: Play['s'], side: Torpedoes['side']): string[] {
  const acted = s.torpedoes?.side === side ? s.torpedoes.acted : [];
  return s.pieces.filter((u) => u.side === side && u.type === 'SS' && u.zone !== 'damaged' && !acted.includes(u.id)).map((u) => u.id);
}

/**
 * One side's orders at a submarine decision: MOVE (MOV.6 only) then SUB ... ATTACK lines, each
 * torpedo rolled as its line comes. The step goes on (`gc.torpedoes`) while submarines not named
 * are left and the side named some and wrote no NONE; else the casualties go and it is over.
 */
export function submarineStep(p: Play, orders: readonly Order[], rule: string, kind: 'move' | 'hid-subs'): void {
  const t: Torpedoes = p.s.torpedoes?.side === p.side ? p.s.torpedoes : { side: p.side, round: 1, acted: [], hits: [] };
  const hits = new Map(t.hits.map(([id, faces]) => [id, [...faces]]));
  const named = new Set<string>();
  const attacked = new Set<string>();
  const moved = new Set<string>();
  let none = false;
  for (const o of orders) {
    if (o.kind === 'none') {
      none = true;
      continue;
    }
    if (o.kind === 'use' && kind === 'move') {
      useAdvantage(p, o, 'move-SS', 'SS');
      continue;
    }
    if (p.s.active.some((a) => a.side === p.side && a.advantage === 'coast-watchers' && a.type === 'SS') && rule !== 'ADV.coast-watchers') {
      p.fail(
        o,
        'Coast Watchers holds your SS back this turn: they move after all other units',
        'ADV.coast-watchers',
        'give these lines FOR WATCHED',
      );
      continue;
    }
    const id = o.kind === 'move' ? o.unit : o.kind === 'attack' ? o.sub : null;
    if (id && t.acted.includes(id)) {
      p.fail(o, `${id} has had its turn this step`, rule);
      continue;
    }
    if (o.kind === 'move' && kind === 'move') {
      if (attacked.has(o.unit)) p.fail(o, `${o.unit} has attacked: a submarine moves (or stays) before it attacks`, 'MOV.6');
      else if (seaMove(p, o, ['SS'], rule, moved)) named.add(o.unit);
    } else if (o.kind === 'attack') {
      if (torpedo(p, o, rule, hits)) {
        named.add(o.sub);
        attacked.add(o.sub);
      }
    } else
      p.fail(
        o,
        `${o.kind.toUpperCase()} is not an order of this step`,
        rule,
        kind === 'hid-subs' ? 'submarines moved in HID.2; here: SUB <sub> ATTACK <target>' : undefined,
      );
  }
  const next: Torpedoes = { ...t, round: t.round + 1, acted: [...t.acted, ...named], hits: [...hits.entries()] };
  // HID.3: only a submarine with a target where it lies has a choice left
  const left = subsToAct({ ...p.s, torpedoes: next }, p.side).filter((id) => kind === 'move' || hasTarget(p, id));
  const more = !none && named.size > 0 && !submarinesTogether(p.s) && left.length > 0;
  if (more) {
    p.emit({ type: 'gc.torpedoes', data: { torpedoes: next } });
    return;
  }
  if (p.dice && hits.size) torpedoCasualties(p, hits);
  if (p.s.torpedoes) p.emit({ type: 'gc.torpedoes', data: { torpedoes: null } });
}

/**
 * Torpedo attack (MOV.6): one die on the chosen enemy sea unit in the submarine's zone. With more
 * targets listed (`SUB SS4 ATTACK TR9 TR3`), the first that no earlier torpedo of the step has hit;
 * all hit: the last.
 */
function torpedo(p: Play, o: Extract<Order, { kind: 'attack' }>, rule: string, hits: Map<string, number[]>): boolean {
  const sub = ownUnit(p, o, o.sub, ['SS'], rule);
  if (!sub) return false;
  const listed = [o.target, ...(o.or ?? [])];
  const foes = p.s.pieces.filter((x) => x.side !== p.side && x.zone === sub.zone && isSea(x)).map((x) => x.id);
  const stray = listed.find((id) => !foes.includes(id));
  if (stray)
    return p.fail(
      o,
      `${stray} is no enemy sea unit in ${sub.zone}`,
      'MOV.6',
      foes.length ? `targets: ${foes.join(', ')}` : 'no target there',
    );
  const target = listed.find((id) => !(hits.get(id) ?? []).some((f) => isHit(p, f))) ?? listed[listed.length - 1];
  if (!p.dice) return true;
  const [face] = rollDice(p.dice, 1, `torpedo, ${sub.id} at ${target}`, 'MOV.6');
  const faces = [...(hits.get(target) ?? []), face];
  hits.set(target, faces);
  // the result shows at once (the next submarine is ordered knowing it); the unit goes after the last submarine
  const dice = resolveTorpedoes(p, target, faces).dice;
  p.emit({
    type: 'gc.roll',
    data: {
      step: 'MOV.6',
      zone: sub.zone as ZoneId,
      category: 'torpedo',
      by: p.side,
      dice: [{ ...dice[dice.length - 1], slot: 1 }],
      rule: 'MOV.6',
    },
  });
  return true;
}

/** Every torpedo die on one target, in order: heavy armor ignores the first hit, a 2 damages a resilient unit, a second hit destroys. */
function resolveTorpedoes(p: Play, id: string, faces: readonly number[]) {
  const t = piece(p.s, id)!;
  const spec = t.type === 'PT' ? null : p.s.box.units[t.type as UnitType];
  const target: Target = {
    id,
    type: t.type as UnitType,
    resilient: spec?.resilient ?? false,
    armor: !!spec?.heavyArmor && !t.armorUsed,
    load: 0,
  };
  return resolveBox(
    faces,
    faces.map(() => t.type as UnitType),
    [target],
  );
}

/** After all of a side's submarines attacked: each target's dice taken together (its rolls are in the narrative already). */
function torpedoCasualties(p: Play, hits: Map<string, number[]>): void {
  const destroyed: string[] = [];
  const damaged: string[] = [];
  for (const [id, faces] of [...hits.entries()].sort(([a], [b]) => compareCodeUnits(a, b))) {
    if (!piece(p.s, id)) continue;
    const res = resolveTorpedoes(p, id, faces);
    for (const a of res.armorSpent) p.emit({ type: 'gc.armor', data: { unit: a } });
    const fate = res.fates.get(id);
    if (fate === 'destroyed') destroyed.push(id);
    if (fate === 'damaged') damaged.push(id);
  }
  if (destroyed.length || damaged.length) removeCasualties(p, 'MOV.6', destroyed, damaged);
}
