/** Who owes orders at each step, and each step carried out (validation and adjudication share the walk). */
import type { StepHandler } from '../../engine/define';
import type { AdjudicationContext, Dice, LineError, StepInfo } from '../../engine/ruleset';
import type { ZoneId } from './box';
import { usable, windowOf } from './advantages';
import { commandStep, quickDropStep, watchedStep } from './adv-steps';
import { combatStep, declareStep } from './combat';
import { conflictsIn } from './conflicts';
import { continueFight, fightDecision, fightStepsAhead, zoneDeclareStep, zoneOrderStep } from './fight';
import { hiddenStep, movementStep } from './movement';
import { declaredAhead } from './options';
import { subsToAct } from './torpedoes';
import { Fold } from '../kit';
import { evolveGuadalcanal } from './evolve';
import { Play } from './play';
import { landingStep } from './landing';
import { controlStep, regroupChoice, regroupStep, scoreStep } from './regroup';
import { defOf, fightCat, sideOfStep, stepInfo, stepsOf, torpedoStepId, type StepDef } from './steps';
import { other, type GEvent, type GSide, type GState, type Order } from './types';
import { adjacentZones, isAir, isIsland, isSea, isSeaZone } from './world';

const onBoard = (s: GState, side: GSide, type: string) =>
  s.pieces.filter((p) => p.side === side && p.type === type && p.zone !== 'damaged');

/** A side owes a step only when it has a choice there (else the step passes without asking). */
export function owes(s: GState, def: StepDef, side: GSide): boolean {
  const k = def.kind;
  const tokens = usable(s, side, windowOf(k)).filter(
    (a) => a !== 'coast-watchers' || (k.kind === 'move' && onBoard(s, side, k.type).length),
  );
  if (tokens.length) return true;
  switch (k.kind) {
    case 'watched': {
      const held = s.active.find((a) => a.side === side && a.advantage === 'coast-watchers');
      return !!held?.type && onBoard(s, side, held.type).length > 0;
    }
    case 'quick-drop':
      return false;
    case 'move':
      return (
        onBoard(s, side, k.type).length + (k.type === 'DD' ? onBoard(s, side, 'PT').length : 0) > 0 &&
        !s.active.some((a) => a.side === side && a.advantage === 'coast-watchers' && a.type === k.type)
      );
    case 'hid-load':
      return onBoard(s, side, 'TR').length + onBoard(s, side, 'DD').length > 0;
    case 'hid-sea':
      return s.pieces.some((p) => p.side === side && isSea(p) && p.zone !== 'damaged');
    case 'hid-subs':
      return onBoard(s, side, 'SS').some((sub) => s.pieces.some((e) => e.side !== side && e.zone === sub.zone && isSea(e)));
    case 'fire-sea':
      // as written, the step before CMB.2 is owed only for an advantage (above): ranged fire is declared zone by zone
      return (
        declaredAhead(s) &&
        onBoard(s, side, 'ART').some(
          (a) =>
            a.on === null &&
            !a.fired &&
            adjacentZones(s, a.zone as ZoneId).some(
              (z) => isSeaZone(s, z) && s.pieces.some((e) => e.side !== side && e.zone === z && isSea(e)),
            ),
        )
      );
    case 'unload':
      return s.pieces.some(
        (c) => c.side === side && c.on !== null && c.type !== 'FTR' && adjacentZones(s, c.zone as ZoneId).some((z) => isIsland(s, z)),
      );
    case 'fire-land':
      return (
        declaredAhead(s) &&
        (s.pieces.some(
          (u) =>
            u.side === side &&
            (u.type === 'CA' || u.type === 'BB') &&
            u.zone !== 'damaged' &&
            adjacentZones(s, u.zone as ZoneId).some((z) => isIsland(s, z)),
        ) ||
          s.pieces.some((u) => u.side === side && isAir(u) && s.airfields.some((a) => a.island === u.zone && a.side !== side)))
      );
    case 'landing':
      return s.pieces.some((u) => u.side === side && isAir(u));
    case 'build':
    case 'reinforce':
    case 'repair':
    case 'deploy':
      return regroupChoice(s, side, k.kind);
    case 'regroup':
      return true;
    default:
      return false;
  }
}

export function currentStepOf(s: GState): StepInfo | null {
  if (s.winner || s.at >= stepsOf(s).length) return null;
  const step = stepInfo(s, s.at, (def, side) => owes(s, def, side));
  // a combat step fought zone by zone waits on its decisions; a submarine step goes one submarine at a time
  const decision = fightDecision(s);
  if (decision) return decision;
  const t = s.torpedoes;
  if (t) return { ...step, id: torpedoStepId(step.id, t.round), title: `${step.title}: the submarines still to act`, owes: [t.side] };
  return step;
}

/** Upcoming steps: every step may be owed, but an advantage's own step only by a side holding (or having used, Coast Watchers) its token. */
function mayOwe(s: GState, def: StepDef, side: GSide): boolean {
  const k = def.kind.kind;
  if (k === 'watched')
    return (s.tokens[side]['coast-watchers'] ?? 0) > 0 || s.active.some((a) => a.side === side && a.advantage === 'coast-watchers');
  if (k === 'quick-drop' || k === 'command') return usable(s, side, k).length > 0;
  return true;
}

export function upcomingStepsOf(s: GState): StepInfo[] {
  if (s.winner) return [];
  const out: StepInfo[] = [];
  const steps = stepsOf(s);
  const t = s.torpedoes;
  // the submarine step in play: its next decision may come
  if (t && subsToAct(s, t.side).length > 0) {
    const step = stepInfo(s, s.at, () => true);
    out.push({ ...step, id: torpedoStepId(step.id, t.round + 1), owes: [t.side] });
  }
  for (let i = s.at + 1; i < steps.length; i++) {
    out.push(stepInfo(s, i, (def, side) => mayOwe(s, def, side)));
    const def = steps[i];
    const k = def.kind.kind;
    if (k === 'move' && def.kind.type === 'SS') out.push(...laterSubmarineSteps(s, out[out.length - 1]));
    if (k === 'hid-subs') out.push(...laterSubmarineSteps(s, out[out.length - 1]));
  }
  const cats = steps.slice(s.at).flatMap((d) => {
    const cat = fightCat(d);
    return cat === 'sea' || cat === 'land' ? [cat] : [];
  });
  // the decisions of combat fought zone by zone, for orders sent ahead to them (FOR J, FOR Guadalcanal)
  const now = currentStepOf(s)?.id;
  if (!declaredAhead(s)) out.push(...fightStepsAhead(s, cats).filter((x) => x.id !== now));
  return out.filter((x) => x.owes.length);
}

/** The later decisions of a submarine step to come (one a submarine still to act, at most): for orders sent ahead to them. */
function laterSubmarineSteps(s: GState, first: StepInfo): StepInfo[] {
  const side = sideOfStep(first);
  if (!side || !first.owes.includes(side)) return [];
  const n = s.pieces.filter((u) => u.side === side && u.type === 'SS' && u.zone !== 'damaged').length;
  return Array.from({ length: Math.max(0, n - 1) }, (_, k) => ({ ...first, id: torpedoStepId(first.id, k + 2) }));
}

/** One side's orders for a step walked on the position: the problems, and the events. */
function walk(s: GState, side: GSide, step: StepInfo, all: readonly Order[], dice: Dice | null): Play {
  const p = new Play(s, side, dice);
  const def = defOf(step);
  // one unit, two orders: both lines named, the set refused (conflicts.ts)
  const { errors, rest } = conflictsIn(all, def.rule);
  p.errors.push(...errors);
  // ATK.cargo: a HITS list rides with the orders of a step the side plays alone and stands until
  // replaced (seen by its side only)
  for (const o of rest) if (o.kind === 'hits') hitsOrder(p, step, o.units, o);
  const orders = rest.filter((o) => o.kind !== 'hits');
  const k = def.kind;
  if (k.kind === 'move') movementStep(p, k.type, def.rule, orders);
  else if (k.kind === 'hid-load' || k.kind === 'hid-sea' || k.kind === 'hid-subs') hiddenStep(p, k.kind, orders);
  else if (k.kind === 'fire-sea') declareStep(p, 'sea', orders);
  else if (k.kind === 'fire-land') declareStep(p, 'land', orders);
  else if (k.kind === 'unload') unloadStep(p, orders);
  else if (k.kind === 'watched') watchedStep(p, orders);
  else if (k.kind === 'quick-drop') quickDropStep(p, orders);
  else if (k.kind === 'command') commandStep(p, orders);
  else if (k.kind === 'landing') landingStep(p, orders);
  else if (k.kind === 'regroup') regroupStep(p, orders);
  else if (k.kind === 'build' || k.kind === 'reinforce' || k.kind === 'repair' || k.kind === 'deploy') regroupStep(p, orders, k.kind);
  else if (k.kind === 'zone-order') zoneOrderStep(p, orders);
  else if (k.kind === 'zone-fire') zoneDeclareStep(p, orders);
  else if (orders.length) p.fail(orders[0], 'this step takes no orders', def.rule);
  return p;
}

/**
 * ATK.cargo: a side's new casualty priority; every id must be a unit on the board (a typo would be
 * a silent no-op). The list is the side's own: a step both sides play at once reveals its orders
 * whole to the other side when it resolves (so both can check the sealed commitments), so only a
 * step the side plays alone takes a HITS line. Such a step is checked and carried out on the same
 * board (queued orders are checked again when their step comes), so no listed unit can vanish in
 * between.
 */
function hitsOrder(p: Play, step: StepInfo, units: readonly string[], o: Order): void {
  if (step.mode === 'simultaneous') {
    p.fail(
      o,
      'a HITS list is yours alone, and the orders of a step both sides play at once are shown to the other side when it resolves',
      'ATK.cargo',
      'send HITS with the orders of a step you play alone, or in its FOR section (e.g. FOR FIGHTERS)',
    );
    return;
  }
  const onBoard = (id: string) => p.s.pieces.some((x) => x.id === id);
  const unknown = units.filter((id) => !onBoard(id));
  if (unknown.length) {
    p.fail(
      o,
      `${unknown.join(', ')}: no such unit on the board`,
      'ATK.cargo',
      'unit ids are in every report; HITS DEFAULT clears the list',
    );
    return;
  }
  p.emit({ type: 'gc.hits', data: { side: p.side, units: [...units] }, visibleTo: [p.side] });
}

export function validate(s: GState, side: GSide, orders: readonly Order[], step: StepInfo): LineError[] {
  return walk(s, side, step, orders, null).errors;
}

/**
 * The board a side's orders for `step` leave for its later FOR sections of the same mail (issue 28):
 * the same walk without dice, so a transport loaded and moved (MOV.1) carries its cargo to its new
 * sea zone for CMB.3 unloading, a unit loaded aboard one ship is not free for another (MOV.5), a
 * ship unloaded is empty. Orders the walk refuses leave the board as it was. The other side's
 * moves, combat and dice come in between and are checked again when the step comes.
 */
export function boardAfter(s: GState, side: GSide, step: StepInfo, orders: readonly Order[]): GState {
  return walk(s, side, step, orders, null).s;
}

/** CMB.3 unloading; Quick Drop (ADV.quick-drop) calls it with its rule for the ships of its sea zone. */
export function unloadStep(p: Play, orders: readonly Order[], rule = 'CMB.3'): boolean {
  const before = p.errors.length;
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind !== 'unload') {
      p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, rule);
      continue;
    }
    const ship = p.s.pieces.find((x) => x.id === o.ship);
    if (!ship || ship.side !== p.side || (ship.type !== 'TR' && ship.type !== 'DD') || ship.zone === 'damaged') {
      p.fail(o, `${o.ship} is not one of your transports or destroyers afloat`, rule);
      continue;
    }
    if (!adjacentZones(p.s, ship.zone as ZoneId).includes(o.to)) {
      const near = adjacentZones(p.s, ship.zone as ZoneId).filter((z) => isIsland(p.s, z));
      p.fail(o, `${o.to} is not next to ${ship.id} in ${ship.zone}`, rule, `islands next to ${ship.zone}: ${near.join(', ')}`);
      continue;
    }
    const aboard = p.s.pieces.filter((c) => c.on === ship.id).map((c) => c.id);
    const cargo = o.cargo.length ? o.cargo : aboard;
    const stray = cargo.find((c) => !aboard.includes(c));
    if (stray || !cargo.length) {
      p.fail(
        o,
        stray ? `${stray} is not aboard ${ship.id}` : `${ship.id} carries nothing`,
        rule,
        `aboard: ${aboard.join(', ') || 'nothing'}`,
      );
      continue;
    }
    for (const c of cargo) p.emit({ type: 'gc.unloaded', data: { unit: c, from: ship.id, to: o.to } });
  }
  return p.errors.length === before;
}

/** The kinds of step the rules play out with nobody's orders: air combat, island control, scoring. */
const AUTOMATIC: ReadonlySet<StepDef['kind']['kind']> = new Set(['air-combat', 'control', 'score']);
/** Sea and land combat, fought zone by zone, and their decisions (fight.ts). */
const FIGHT: ReadonlySet<StepDef['kind']['kind']> = new Set(['sea-combat', 'land-combat', 'zone-order', 'zone-fire']);

/** The handler of a step-table row of this kind (each row's `resolve`). */
export function resolverOf(kind: StepDef['kind']['kind']): StepHandler<GState, Order> {
  return AUTOMATIC.has(kind) ? resolveAutomatic : FIGHT.has(kind) ? resolveFight : resolveOrders;
}

/** Any step, by its row's handler (the mail player looks ahead with it). */
export function adjudicateGuadalcanal(
  s: GState,
  step: StepInfo,
  orders: Readonly<Record<string, readonly Order[]>>,
  ctx: AdjudicationContext,
): GState {
  return resolverOf(defOf(step).kind.kind)(s, step, orders, ctx) as GState;
}

/** CMB.1 combat (CMB.2, CMB.4 under combat-declared-ahead), REG.1 control, REG.5 scoring (WIN ends the game): the rules alone, with dice. */
function resolveAutomatic(s: GState, step: StepInfo, _orders: unknown, ctx: AdjudicationContext): GState {
  const k = defOf(step).kind.kind;
  const tx = new Fold<GState, GEvent>(s, evolveGuadalcanal, (e) => ctx.emit(e));
  const auto = new Play(tx.s, tx.s.first, ctx.dice);
  let winner: GSide | null = null;
  if (k === 'air-combat') combatStep(auto, 'air');
  if (k === 'sea-combat') combatStep(auto, 'sea');
  if (k === 'land-combat') combatStep(auto, 'land');
  if (k === 'control') controlStep(auto);
  if (k === 'score') winner = scoreStep(auto);
  tx.merge(auto);
  if (winner) {
    tx.emit({ type: 'gc.won', data: { winner, vp: { ...tx.s.vp } } });
    return tx.s;
  }
  return nextStep(s, tx);
}

/** A step of orders: each side's orders carried out (the walk validation shares), first player first. */
function resolveOrders(s: GState, step: StepInfo, orders: Readonly<Record<string, readonly Order[]>>, ctx: AdjudicationContext): GState {
  const def = defOf(step);
  const tx = new Fold<GState, GEvent>(s, evolveGuadalcanal, (e) => ctx.emit(e));
  const run = (side: GSide, os: readonly Order[]) => {
    const p = walk(tx.s, side, step, os, ctx.dice);
    if (p.errors.length) throw new Error(`aa-guadalcanal ${step.id}: orders refused at adjudication: ${JSON.stringify(p.errors)}`);
    tx.merge(p);
  };
  const sides = def.who === 'both' ? (['axis', 'allies'] as GSide[]) : [sideOfStep(step)!];
  for (const side of sides) if (step.owes.includes(side) || def.kind.kind === 'landing') run(side, orders[side] ?? []);
  // MOV.6: submarines still to act, asked again
  if (tx.s.torpedoes) return tx.s;
  return nextStep(s, tx);
}

/**
 * CMB.2, CMB.4 fought zone by zone (fight.ts), and each of their decisions: the decision answered,
 * the fight goes on to the next decision or its end. Under combat-declared-ahead the whole step at once.
 */
function resolveFight(s: GState, step: StepInfo, orders: Readonly<Record<string, readonly Order[]>>, ctx: AdjudicationContext): GState {
  const def = defOf(step);
  const k = def.kind.kind;
  if (declaredAhead(s) && (k === 'sea-combat' || k === 'land-combat')) return resolveAutomatic(s, step, orders, ctx);
  const tx = new Fold<GState, GEvent>(s, evolveGuadalcanal, (e) => ctx.emit(e));
  const side = sideOfStep(step);
  if (side && (k === 'zone-order' || k === 'zone-fire')) {
    const p = walk(tx.s, side, step, orders[side] ?? [], ctx.dice);
    if (p.errors.length) throw new Error(`aa-guadalcanal ${step.id}: orders refused at adjudication: ${JSON.stringify(p.errors)}`);
    tx.merge(p);
  }
  const cat = def.kind.kind === 'zone-order' || def.kind.kind === 'zone-fire' ? def.kind.cat : k === 'sea-combat' ? 'sea' : 'land';
  const auto = new Play(tx.s, tx.s.first, ctx.dice);
  const over = continueFight(auto, cat, k === 'zone-fire');
  tx.merge(auto);
  return over ? nextStep(s, tx) : tx.s;
}

/** On to the next step of the turn, or the next turn with the first-player marker passed (REG.5). */
function nextStep(s: GState, tx: Fold<GState, GEvent>): GState {
  const last = s.at + 1 >= stepsOf(s).length;
  tx.emit({
    type: 'gc.next',
    data: { at: last ? 0 : s.at + 1, turn: last ? s.turn + 1 : s.turn, first: last ? other(s.first) : s.first },
  });
  return tx.s;
}
