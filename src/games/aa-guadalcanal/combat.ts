/**
 * Phase 2, Combat (CMB.1-CMB.4), zone by zone in board order: in each zone the first player rolls,
 * then the second, then both sides' casualties go (fire is in effect simultaneous).
 */
import { rollDice } from '../../engine/dice';
import { ZONE_IDS, type Category, type UnitType, type ZoneId } from './box';
import { airfieldHits, resolveBox, type Target } from './battle-box';
import { inForce, useAdvantage } from './advantages';
import { removeCasualties } from './movement';
import { declaredAhead } from './options';
import type { Play } from './play';
import { other, type GSide, type GState, type Order, type Piece, type ZoneResult } from './types';
import { adjacentZones, attackOf, cargoOf, combatants, costOf, isAir, isIsland, isLand, isSea, isSeaZone } from './world';

const CATEGORY_RULE: Record<Category, string> = { air: 'CMB.1', sea: 'CMB.2', land: 'CMB.4' };

const ofCategory = (p: Piece, cat: Category) => (cat === 'air' ? isAir(p) : cat === 'sea' ? isSea(p) : isLand(p));

/** The units of `side` firing at `cat` in zone `z`: present units with dice, plus ranged units declared into it. */
export function firers(s: GState, side: GSide, z: ZoneId, cat: Category): Piece[] {
  const present = combatants(s, z, side).filter((p) => attackOf(s, p.type, cat) > 0 && (cat !== 'land' || isIsland(s, z)));
  const ranged = s.pieces.filter(
    (p) =>
      p.side === side && p.fired === z && p.zone !== 'damaged' && (cat === 'sea' ? p.type === 'ART' : cat === 'land' && p.type !== 'ART'),
  );
  return [...present, ...ranged];
}

export function targetsOf(s: GState, side: GSide, z: ZoneId, cat: Category): Target[] {
  return combatants(s, z, side)
    .filter((p) => ofCategory(p, cat))
    .map((p) => {
      const spec = p.type === 'PT' ? null : s.box.units[p.type as UnitType];
      return {
        id: p.id,
        type: p.type as UnitType,
        resilient: spec?.resilient ?? false,
        armor: !!spec?.heavyArmor && !p.armorUsed,
        load: cargoOf(s, p.id).reduce((sum, c) => sum + costOf(s, c.type), 0),
      };
    });
}

/** Air units and ships (not land units) may attack airfields (CMB.4). */
const mayAttackAirfields = (u: Piece) => isAir(u) || u.type === 'CA' || u.type === 'BB';

/** Does `side` hold an undamaged airfield on `z` (a target of CMB.4)? */
export const openAirfield = (s: GState, side: GSide, z: ZoneId) => s.airfields.some((a) => a.island === z && a.side === side && !a.damaged);

/**
 * The units of `side` attacking the airfields on `z` in CMB.4: those declared against them, and by
 * default (issue 27, README) every air unit and ship in the attack when no enemy land unit is there
 * to attack and the enemy has an undamaged airfield.
 */
export function airfieldAttackers(s: GState, side: GSide, z: ZoneId, shooters: readonly Piece[]): Piece[] {
  const noLandTargets = targetsOf(s, other(side), z, 'land').length === 0;
  return shooters.filter((u) => mayAttackAirfields(u) && (u.vsAirfield || (noLandTargets && openAirfield(s, other(side), z))));
}

/** One side's attack on `cat` in zone `z` (ATK.1-ATK.3): its dice rolled, the fates of its targets (casualties wait for the other side's roll). */
export function rollSide(p: Play, z: ZoneId, cat: Category, side: GSide, again = ''): ZoneResult {
  const rule = CATEGORY_RULE[cat];
  const fates: [string, 'destroyed' | 'damaged'][] = [];
  const onAirfields: { side: GSide; hits: number }[] = [];
  const enemy = other(side);
  const shooters = firers(p.s, side, z, cat);
  const targets = targetsOf(p.s, enemy, z, cat);
  const vsAirfields = cat === 'land' ? airfieldAttackers(p.s, side, z, shooters) : [];
  const vsUnits = shooters.filter((u) => !vsAirfields.includes(u));
  const n = vsUnits.reduce((sum, u) => sum + attackOf(p.s, u.type, cat), 0);
  if (n > 0 && targets.length) {
    const chart = p.s.box.battleBox[cat];
    const labels = Array.from({ length: n }, (_, k) => `${side} ${cat} attack in ${z}${again}, slot ${(k % 12) + 1} (${chart[k % 12]})`);
    const faces = rollDice(p.dice!, n, `${side} ${cat} attack in ${z}${again}`, again ? 'ADV.command-decision' : 'ATK.2', labels);
    const banzai = cat === 'land' && inForce(p.s, side, 'banzai-charge', z);
    const night = cat === 'sea' && inForce(p.s, side, 'night-fighting', z);
    const hitFaces = banzai ? [...p.s.box.constants.hitFaces, 3] : p.s.box.constants.hitFaces;
    const choosers = { attacker: p.s.hits?.[side], defender: p.s.hits?.[enemy] };
    const res = resolveBox(faces, chart, targets, { hitFaces, asOne: night ? [2] : [], choosers });
    p.emit({
      type: 'gc.roll',
      data: { step: rule, zone: z, category: cat, by: side, dice: res.dice, rule: again ? 'ADV.command-decision' : 'ATK.3' },
    });
    for (const a of res.armorSpent) p.emit({ type: 'gc.armor', data: { unit: a } });
    fates.push(...res.fates);
  }
  const m = vsAirfields.reduce((sum, u) => sum + attackOf(p.s, u.type, 'land'), 0);
  if (m > 0 && openAirfield(p.s, enemy, z)) {
    const faces = rollDice(p.dice!, m, `${side} airfield attack on ${z}${again}`, 'CMB.4');
    const res = airfieldHits(faces, p.s.box.constants.hitFaces);
    p.emit({ type: 'gc.roll', data: { step: rule, zone: z, category: 'airfield', by: side, dice: res.dice, rule: 'CMB.4' } });
    onAirfields.push({ side: enemy, hits: res.hits });
  }
  return { fates, airfieldHits: onAirfields };
}

/** Both sides' casualties in `z` after both have rolled: destroyed and damaged units out, 2 hits damage an airfield. */
export function takeCasualties(p: Play, z: ZoneId, cat: Category, results: readonly ZoneResult[]): void {
  const fates = new Map<string, 'destroyed' | 'damaged'>();
  for (const r of results) for (const [id, fate] of r.fates) if (fates.get(id) !== 'destroyed') fates.set(id, fate);
  const of = (f: string) =>
    [...fates]
      .filter(([, x]) => x === f)
      .map(([id]) => id)
      .sort();
  const destroyed = of('destroyed');
  const damaged = of('damaged');
  if (destroyed.length || damaged.length) removeCasualties(p, CATEGORY_RULE[cat], destroyed, damaged);
  for (const { side, hits } of results.flatMap((r) => r.airfieldHits)) {
    let left = Math.floor(hits / p.s.box.constants.airfieldHitsPerDamage);
    p.s.airfields.forEach((a, index) => {
      if (left > 0 && a.island === z && a.side === side && !a.damaged) {
        left--;
        p.emit({ type: 'gc.airfield', data: { island: z, index, airfield: { ...a, damaged: true }, why: 'damaged (CMB.4)' } });
      }
    });
  }
}

/** One category in one zone: the first player rolls, then the second, then casualties go. */
export function fightZone(p: Play, z: ZoneId, cat: Category, again = ''): void {
  const first = rollSide(p, z, cat, p.s.first, again);
  const second = rollSide(p, z, cat, other(p.s.first), again);
  takeCasualties(p, z, cat, [first, second]);
}

/** Command Decision (ADV.command-decision) on the zone and category: it is fought again after its casualties, once per token. */
export function commandRepeats(p: Play, z: ZoneId, cat: Category): void {
  const decisions = p.s.active.filter((a) => a.advantage === 'command-decision' && a.at === z && a.category === cat);
  for (const [i, d] of decisions.entries()) fightZone(p, z, cat, ` (${d.side} command decision${decisions.length > 1 ? ` ${i + 1}` : ''})`);
}

/** Can `side` attack `cat` in `z` with the units there and the ranged units declared into it? */
export function canAttack(s: GState, side: GSide, z: ZoneId, cat: Category): boolean {
  const shooters = firers(s, side, z, cat);
  const fields = cat === 'land' ? airfieldAttackers(s, side, z, shooters) : [];
  const units = targetsOf(s, other(side), z, cat).length > 0 && shooters.some((u) => !fields.includes(u));
  return units || (fields.length > 0 && openAirfield(s, other(side), z));
}

/** Zones in board order (A-M, islands) where `cat` can be fired at, ranged fire declared ahead (option combat-declared-ahead). */
function zonesFor(s: GState, cat: Category): ZoneId[] {
  return ZONE_IDS.filter((z) => {
    if (cat === 'sea' && !isSeaZone(s, z)) return false;
    if (cat === 'land' && !isIsland(s, z)) return false;
    return (['axis', 'allies'] as const).some((side) => canAttack(s, side, z, cat));
  });
}

/** The whole step in board order, each zone with its Command Decision repeats (CMB.1; CMB.2, CMB.4 under combat-declared-ahead). */
export function combatStep(p: Play, cat: Category): void {
  for (const z of zonesFor(p.s, cat)) {
    fightZone(p, z, cat);
    commandRepeats(p, z, cat);
  }
}

/**
 * Amphibious Assault (ADV.amphibious-assault), between CMB.3 and CMB.4: the units unloaded on the
 * island this turn attack its land units; no return fire; casualties at once.
 */
function amphibiousAssault(p: Play, z: ZoneId): void {
  const shooters = p.s.pieces.filter(
    (u) => u.side === p.side && u.zone === z && u.on === null && u.unloadedTo === z && attackOf(p.s, u.type, 'land') > 0,
  );
  const targets = targetsOf(p.s, other(p.side), z, 'land');
  const n = shooters.reduce((sum, u) => sum + attackOf(p.s, u.type, 'land'), 0);
  if (!n || !targets.length) return;
  const faces = rollDice(p.dice!, n, `${p.side} amphibious assault on ${z}`, 'ADV.amphibious-assault');
  const choosers = { attacker: p.s.hits?.[p.side], defender: p.s.hits?.[other(p.side)] };
  const res = resolveBox(faces, p.s.box.battleBox.land, targets, { hitFaces: p.s.box.constants.hitFaces, choosers });
  p.emit({
    type: 'gc.roll',
    data: { step: 'ADV.amphibious-assault', zone: z, category: 'land', by: p.side, dice: res.dice, rule: 'ADV.amphibious-assault' },
  });
  const destroyed = [...res.fates.keys()].sort();
  if (destroyed.length) removeCasualties(p, 'ADV.amphibious-assault', destroyed, []);
}

/**
 * FIRE <unit> AT <zone> (CMB.2 artillery into an adjacent sea zone, CMB.4 a cruiser or battleship
 * into an adjacent island), once a turn. `zone`: the zone being fought (as written, declared zone by
 * zone), or null when every zone is declared ahead (combat-declared-ahead).
 */
export function fireOrder(p: Play, o: Extract<Order, { kind: 'fire' }>, cat: 'sea' | 'land', zone: ZoneId | null): boolean {
  const rule = cat === 'sea' ? 'CMB.2' : 'CMB.4';
  const u = p.s.pieces.find((x) => x.id === o.unit);
  const kinds = cat === 'sea' ? ['ART'] : ['CA', 'BB'];
  if (!u || u.side !== p.side || !kinds.includes(u.type)) return p.fail(o, `${o.unit} is not your ${kinds.join(' or ')}`, rule);
  if (u.fired) return p.fail(o, `${u.id} has fired into ${u.fired} this turn: one adjacent zone a turn`, rule);
  const from = u.zone;
  const ok =
    from !== 'damaged' &&
    u.on === null &&
    adjacentZones(p.s, from).includes(o.at) &&
    (cat === 'sea' ? isSeaZone(p.s, o.at) : isIsland(p.s, o.at));
  if (!ok) {
    const where = from === 'damaged' ? [] : adjacentZones(p.s, from).filter((z) => (cat === 'sea' ? isSeaZone(p.s, z) : isIsland(p.s, z)));
    return p.fail(o, `${u.id} in ${from} cannot fire into ${o.at}`, rule, where.length ? `adjacent: ${where.join(', ')}` : undefined);
  }
  if (zone && o.at !== zone)
    return p.fail(
      o,
      `this step is the attack in ${zone}: ${cat === 'sea' ? 'artillery' : 'ship'} fire is declared zone by zone`,
      rule,
      `FIRE ${u.id} AT ${o.at} when ${o.at} is fought (FOR ${o.at})`,
    );
  p.emit({ type: 'gc.fired', data: { unit: u.id, at: o.at } });
  return true;
}

/** AIRFIELD <unit> (CMB.4): an air unit, or a ship firing into the island, attacks the airfields there instead of the land units. */
export function airfieldOrder(p: Play, o: Extract<Order, { kind: 'airfield' }>, zone: ZoneId | null): boolean {
  const u = p.s.pieces.find((x) => x.id === o.unit);
  if (!u || u.side !== p.side || !mayAttackAirfields(u)) return p.fail(o, `${o.unit} is not your air unit, cruiser or battleship`, 'CMB.4');
  if (zone) {
    const there = isAir(u) ? u.zone === zone : u.fired === zone;
    if (!there)
      return p.fail(
        o,
        isAir(u) ? `${u.id} is in ${u.zone}, not over ${zone}` : `${u.id} attacks airfields only when it fires into ${zone}`,
        'CMB.4',
        isAir(u) ? undefined : `FIRE ${u.id} AT ${zone} on a line before it`,
      );
    if (!openAirfield(p.s, other(p.side), zone)) return p.fail(o, `the enemy has no undamaged airfield on ${zone}`, 'CMB.4');
  }
  p.emit({ type: 'gc.vs-airfield', data: { unit: u.id } });
  return true;
}

/**
 * The steps before CMB.2 and CMB.4: the advantages used then (night fighting, PT boats; banzai
 * charge, amphibious assault), and, under combat-declared-ahead, each side's ranged fire and airfield
 * attacks for the whole step. As written those are declared zone by zone (fight.ts).
 */
export function declareStep(p: Play, cat: 'sea' | 'land', orders: readonly Order[]): void {
  const rule = cat === 'sea' ? 'CMB.2' : 'CMB.4';
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind === 'use') {
      if (useAdvantage(p, o, cat === 'sea' ? 'fire-sea' : 'fire-land') && o.advantage === 'amphibious-assault' && p.dice)
        amphibiousAssault(p, o.at as ZoneId);
      continue;
    }
    if ((o.kind === 'fire' || o.kind === 'airfield') && !declaredAhead(p.s)) {
      const at = o.kind === 'fire' ? o.at : null;
      p.fail(
        o,
        `${o.kind === 'fire' ? 'ranged fire' : 'an airfield attack'} is declared zone by zone, when its zone is fought (${rule})`,
        rule,
        at ? `send it for that zone: FOR ${at}` : 'send it with the FIRE line, for that island: FOR <island>',
      );
    } else if (o.kind === 'fire') fireOrder(p, o, cat, null);
    else if (o.kind === 'airfield' && cat === 'land') airfieldOrder(p, o, null);
    else p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, rule);
  }
  if (!declaredAhead(p.s)) return;
  for (const o of orders) {
    if (o.kind !== 'airfield') continue;
    const u = p.s.pieces.find((x) => x.id === o.unit);
    if (u && (u.type === 'CA' || u.type === 'BB') && !u.fired)
      p.fail(o, `${u.id} attacks airfields only when it fires into the island: add FIRE ${u.id} AT <island>`, 'CMB.4');
  }
}
