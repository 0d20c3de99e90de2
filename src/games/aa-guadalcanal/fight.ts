/**
 * Combat zone by zone, as written (CMB, CMB.2, CMB.4): for each step of the combat sequence the
 * first player chooses the next zone, after the results of the earlier ones; in that zone he
 * declares his ranged fire and airfield attacks and rolls, then the second player declares, having
 * seen those dice, and rolls; both sides' casualties go; a Command Decision there fights it again.
 * A decision nobody has (one zone left, no ranged unit that could fire into two of them, a side
 * with nothing to declare) is not asked. The option combat-declared-ahead keeps the older form
 * (combat.ts combatStep: board order, everything declared before the step).
 */
import type { StepInfo } from '../../engine/ruleset';
import { ZONE_IDS, type Category, type ZoneId } from './box';
import { airfieldOrder, canAttack, commandRepeats, fireOrder, openAirfield, rollSide, takeCasualties, targetsOf } from './combat';
import type { Play } from './play';
import { FIGHT_DEFS, fightStepId } from './steps';
import { other, type Fight, type GSide, type GState, type Order, type Piece } from './types';
import { adjacentZones, isAir, isIsland, isSea, isSeaZone } from './world';

const NO_RESULT = { fates: [], airfieldHits: [] };
const RULE: Record<Category, string> = { air: 'CMB.1', sea: 'CMB.2', land: 'CMB.4' };

const ofKind = (s: GState, cat: Category, z: ZoneId) => (cat === 'sea' ? isSeaZone(s, z) : cat === 'land' ? isIsland(s, z) : true);

/** The ranged units of `side` not yet declared this turn that could fire into `z` (CMB.2 artillery, CMB.4 cruisers and battleships). */
export function rangedFor(s: GState, side: GSide, z: ZoneId, cat: Category): Piece[] {
  if (cat === 'air') return [];
  const types = cat === 'sea' ? ['ART'] : ['CA', 'BB'];
  return s.pieces.filter(
    (u) =>
      u.side === side &&
      types.includes(u.type) &&
      u.on === null &&
      u.zone !== 'damaged' &&
      !u.fired &&
      u.zone !== z &&
      adjacentZones(s, u.zone).includes(z),
  );
}

/** Has `side` something to attack in `z` (units of the category, or for CMB.4 an undamaged airfield)? */
function hasTargets(s: GState, side: GSide, z: ZoneId, cat: Category): boolean {
  return targetsOf(s, other(side), z, cat).length > 0 || (cat === 'land' && openAirfield(s, other(side), z));
}

/** Zones still to be fought, in board order: a side can attack there, or has ranged units that could join an attack there. */
export function zonesToFight(s: GState, cat: Category, done: readonly ZoneId[]): ZoneId[] {
  return ZONE_IDS.filter(
    (z) =>
      !done.includes(z) &&
      ofKind(s, cat, z) &&
      (['axis', 'allies'] as const).some(
        (side) => canAttack(s, side, z, cat) || (rangedFor(s, side, z, cat).length > 0 && hasTargets(s, side, z, cat)),
      ),
  );
}

/** The choices `side` has in `z`: ranged units that may join, air units and ships that may attack the airfields or the land units. */
export function choicesIn(s: GState, side: GSide, z: ZoneId, cat: Category): { ranged: Piece[]; airfield: Piece[] } {
  if (!hasTargets(s, side, z, cat)) return { ranged: [], airfield: [] };
  const ranged = rangedFor(s, side, z, cat);
  // CMB.4: a real choice only with both enemy land units and an undamaged enemy airfield there
  const both = cat === 'land' && targetsOf(s, other(side), z, 'land').length > 0 && openAirfield(s, other(side), z);
  const airfield = both ? [...s.pieces.filter((u) => u.side === side && u.zone === z && isAir(u)), ...ranged] : [];
  return { ranged, airfield };
}

export const hasChoice = (s: GState, side: GSide, z: ZoneId, cat: Category) => {
  const c = choicesIn(s, side, z, cat);
  return c.ranged.length + c.airfield.length > 0;
};

/** Could the order of `left` change anything? Only when a ranged unit not yet declared could fire into two of them. */
export function orderMatters(s: GState, cat: Category, left: readonly ZoneId[]): boolean {
  if (left.length < 2 || cat === 'air') return false;
  const reach = new Map<string, number>();
  for (const z of left)
    for (const side of ['axis', 'allies'] as const)
      if (hasTargets(s, side, z, cat)) for (const u of rangedFor(s, side, z, cat)) reach.set(u.id, (reach.get(u.id) ?? 0) + 1);
  return [...reach.values()].some((n) => n > 1);
}

/** The decision a fight waits for, as a step, or null (the combat step resolves at once). */
export function fightDecision(s: GState): StepInfo | null {
  const f = s.fight;
  if (!f || f.cat === 'air') return null;
  const defs = FIGHT_DEFS[f.cat];
  const side = f.stage === 'second' ? other(s.first) : s.first;
  const def = f.zone ? defs.zone : defs.order;
  const id = f.zone ? fightStepId(s.turn, f.cat, { zone: f.zone }, side) : fightStepId(s.turn, f.cat, { order: f.done.length + 1 }, side);
  const what = f.zone ? `${def.title.replace(/the (sea zone|island)$/, f.zone)}` : def.title;
  return { id, turn: s.turn, title: `Turn ${s.turn}: ${side} ${what} (${def.rule})`, mode: 'sequential', owes: [side], rule: def.rule };
}

/**
 * Carries the fight on from where it stands until a side has a decision to make (recorded in
 * `gc.fight`, the step stays in play) or no zone is left (true: the step is over). `answered`: the
 * decision in play was just answered (its declarations are on the board).
 */
export function continueFight(p: Play, cat: Category, answered: boolean): boolean {
  let f: Fight = p.s.fight ?? { cat, done: [], zone: null, stage: 'order', pending: NO_RESULT };
  const stop = (next: Fight) => {
    if (JSON.stringify(next) !== JSON.stringify(p.s.fight)) p.emit({ type: 'gc.fight', data: { fight: next } });
    return false;
  };
  for (;;) {
    if (!f.zone) {
      const left = zonesToFight(p.s, cat, f.done);
      if (!left.length) {
        if (p.s.fight) p.emit({ type: 'gc.fight', data: { fight: null } });
        return true;
      }
      if (orderMatters(p.s, cat, left)) return stop({ ...f, stage: 'order' });
      f = { ...f, zone: left[0], stage: 'first' };
      answered = false;
    }
    const z = f.zone as ZoneId;
    if (f.stage === 'first') {
      if (!answered && hasChoice(p.s, p.s.first, z, cat)) return stop(f);
      f = { ...f, stage: 'second', pending: rollSide(p, z, cat, p.s.first) };
      answered = false;
    }
    if (!answered && hasChoice(p.s, other(p.s.first), z, cat)) return stop(f);
    takeCasualties(p, z, cat, [f.pending, rollSide(p, z, cat, other(p.s.first))]);
    commandRepeats(p, z, cat);
    f = { cat, done: [...f.done, z], zone: null, stage: 'order', pending: NO_RESULT };
    answered = false;
  }
}

const notThisStep = (o: Order) => `${o.kind.toUpperCase()} is not an order of this step`;

/** The first player's choice of the next zone (CMB): `ZONES J H ...`, the first listed still to be fought; NONE: board order. */
export function zoneOrderStep(p: Play, orders: readonly Order[]): void {
  const f = p.s.fight;
  if (!f || f.zone) {
    // checked ahead (a FOR section, before its fight is on the board): only the kind of order is known wrong
    for (const o of orders)
      if (o.kind !== 'none' && o.kind !== 'zones') p.fail(o, notThisStep(o), 'CMB', 'ZONES <zone> [<zone> ...]; NONE');
    return;
  }
  const rule = RULE[f.cat];
  const left = zonesToFight(p.s, f.cat, f.done);
  let next: ZoneId | null = null;
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind !== 'zones') {
      p.fail(
        o,
        `${o.kind.toUpperCase()} is not an order of this step: you choose the next zone to resolve`,
        rule,
        `ZONES <zone> [<zone> ...]; zones left: ${left.join(', ')}`,
      );
      continue;
    }
    const first = o.zones.find((z) => left.includes(z));
    if (!first) p.fail(o, `none of ${o.zones.join(', ')} is still to be fought`, rule, `zones left: ${left.join(', ')}`);
    else next ??= first;
  }
  p.emit({ type: 'gc.fight', data: { fight: { ...f, zone: next ?? left[0], stage: 'first' } } });
}

/** A side's declarations in the zone being fought (CMB.2 artillery fire; CMB.4 ship fire and airfield attacks). */
export function zoneDeclareStep(p: Play, orders: readonly Order[]): void {
  const f = p.s.fight;
  if (!f?.zone || f.cat === 'air') {
    // checked ahead (a FOR section, before its zone is fought): only the kind of order is known wrong
    for (const o of orders)
      if (o.kind !== 'none' && o.kind !== 'fire' && o.kind !== 'airfield')
        p.fail(o, notThisStep(o), 'CMB', 'FIRE <unit> AT <zone>; AIRFIELD <unit>; NONE');
    return;
  }
  const rule = RULE[f.cat];
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind === 'fire') fireOrder(p, o, f.cat, f.zone);
    else if (o.kind === 'airfield' && f.cat === 'land') airfieldOrder(p, o, f.zone);
    else
      p.fail(
        o,
        notThisStep(o),
        rule,
        f.cat === 'sea' ? `FIRE <artillery> AT ${f.zone}; NONE` : `FIRE <cruiser or battleship> AT ${f.zone}, AIRFIELD <unit>; NONE`,
      );
  }
}

/**
 * The combat decisions that may come (for orders sent ahead: `FOR J`, `FOR Guadalcanal`): for the
 * fight in play and the combat steps to come, each zone a side may be fought in with a choice there
 * as the board stands now, and the first player's choices of zone.
 */
export function fightStepsAhead(s: GState, cats: readonly ('sea' | 'land')[]): StepInfo[] {
  const out: StepInfo[] = [];
  for (const cat of cats) {
    const f = s.fight?.cat === cat ? s.fight : null;
    const done = f ? [...f.done, ...(f.zone ? [f.zone] : [])] : [];
    const left = ZONE_IDS.filter((z) => !done.includes(z) && ofKind(s, cat, z) && mayBeFought(s, cat, z));
    const def = FIGHT_DEFS[cat];
    // the fight in play: the second player's declarations in its zone are still to come
    if (f?.zone && f.stage === 'first' && hasChoice(s, other(s.first), f.zone, cat))
      out.push(
        info(
          s,
          cat,
          fightStepId(s.turn, cat, { zone: f.zone }, other(s.first)),
          def.zone.title.replace(/the (sea zone|island)$/, f.zone),
          other(s.first),
        ),
      );
    for (let k = done.length + (f && !f.zone ? 2 : 1); k <= done.length + left.length && left.length > 1; k++)
      out.push(info(s, cat, fightStepId(s.turn, cat, { order: k }, s.first), def.order.title, s.first));
    for (const z of left)
      for (const side of [s.first, other(s.first)])
        if (rangedNear(s, side, z, cat) || (cat === 'land' && s.pieces.some((u) => u.side === side && u.zone === z && isAir(u))))
          out.push(info(s, cat, fightStepId(s.turn, cat, { zone: z }, side), def.zone.title.replace(/the (sea zone|island)$/, z), side));
  }
  return out;
}

const info = (s: GState, cat: 'sea' | 'land', id: string, title: string, side: GSide): StepInfo => ({
  id,
  turn: s.turn,
  title: `Turn ${s.turn}: ${side} ${title} (${RULE[cat]})`,
  mode: 'sequential',
  owes: [side],
  rule: RULE[cat],
});

const rangedNear = (s: GState, side: GSide, z: ZoneId, cat: Category) => rangedFor(s, side, z, cat).length > 0;

/** A zone where both sides have pieces, or one side's pieces lie next to the other's ranged units: it may be fought. */
function mayBeFought(s: GState, cat: 'sea' | 'land', z: ZoneId): boolean {
  const here = (side: GSide) => s.pieces.some((u) => u.side === side && u.zone === z && (cat === 'sea' ? isSea(u) : !isSea(u)));
  return (['axis', 'allies'] as const).some((side) => here(other(side)) && (here(side) || rangedNear(s, side, z, cat)));
}
