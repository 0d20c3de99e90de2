/**
 * Phase 2, Combat (CMB.1-CMB.4), zone by zone in board order: in each zone the first player rolls,
 * then the second, then both sides' casualties go (fire is in effect simultaneous).
 */
import { rollDice } from '../../engine/dice';
import { ZONE_IDS, type Category, type UnitType, type ZoneId } from './box';
import { airfieldHits, resolveBox, type Target } from './battle-box';
import { inForce, useAdvantage } from './advantages';
import { removeCasualties } from './movement';
import type { Play } from './play';
import { other, type GSide, type GState, type Order, type Piece } from './types';
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

function targetsOf(s: GState, side: GSide, z: ZoneId, cat: Category): Target[] {
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

/** One category in one zone: both sides roll, then casualties go. */
function fightZone(p: Play, z: ZoneId, cat: Category, again = ''): void {
  const rule = CATEGORY_RULE[cat];
  const fates = new Map<string, 'destroyed' | 'damaged'>();
  const airfieldDamage: { side: GSide; hits: number }[] = [];
  for (const side of [p.s.first, other(p.s.first)]) {
    const enemy = other(side);
    const shooters = firers(p.s, side, z, cat);
    const targets = targetsOf(p.s, enemy, z, cat);
    const vsAirfields = cat === 'land' ? shooters.filter((u) => u.vsAirfield) : [];
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
      for (const [id, fate] of res.fates) if (fates.get(id) !== 'destroyed') fates.set(id, fate);
    }
    const m = vsAirfields.reduce((sum, u) => sum + attackOf(p.s, u.type, 'land'), 0);
    if (m > 0 && p.s.airfields.some((a) => a.island === z && a.side === enemy && !a.damaged)) {
      const faces = rollDice(p.dice!, m, `${side} airfield attack on ${z}${again}`, 'CMB.4');
      const res = airfieldHits(faces, p.s.box.constants.hitFaces);
      p.emit({ type: 'gc.roll', data: { step: rule, zone: z, category: 'airfield', by: side, dice: res.dice, rule: 'CMB.4' } });
      airfieldDamage.push({ side: enemy, hits: res.hits });
    }
  }
  const destroyed = [...fates]
    .filter(([, f]) => f === 'destroyed')
    .map(([id]) => id)
    .sort();
  const damaged = [...fates]
    .filter(([, f]) => f === 'damaged')
    .map(([id]) => id)
    .sort();
  if (destroyed.length || damaged.length) removeCasualties(p, rule, destroyed, damaged);
  for (const { side, hits } of airfieldDamage) {
    let left = Math.floor(hits / p.s.box.constants.airfieldHitsPerDamage);
    p.s.airfields.forEach((a, index) => {
      if (left > 0 && a.island === z && a.side === side && !a.damaged) {
        left--;
        p.emit({ type: 'gc.airfield', data: { island: z, index, airfield: { ...a, damaged: true }, why: 'damaged (CMB.4)' } });
      }
    });
  }
}

/** Zones in board order (A-M, islands) where `cat` can be fired at (CMB: the first player's order, README). */
function zonesFor(s: GState, cat: Category): ZoneId[] {
  return ZONE_IDS.filter((z) => {
    if (cat === 'sea' && !isSeaZone(s, z)) return false;
    if (cat === 'land' && !isIsland(s, z)) return false;
    return (['axis', 'allies'] as const).some((side) => {
      const shooters = firers(s, side, z, cat);
      const units = targetsOf(s, other(side), z, cat).length > 0 && shooters.some((u) => !u.vsAirfield || cat !== 'land');
      const fields =
        cat === 'land' && shooters.some((u) => u.vsAirfield) && s.airfields.some((a) => a.island === z && a.side !== side && !a.damaged);
      return units || fields;
    });
  });
}

/** Zone by zone; a Command Decision on the zone and category (ADV.command-decision) fights it again after its casualties. */
export function combatStep(p: Play, cat: Category): void {
  for (const z of zonesFor(p.s, cat)) {
    fightZone(p, z, cat);
    const decisions = p.s.active.filter((a) => a.advantage === 'command-decision' && a.at === z && a.category === cat);
    for (const [i, d] of decisions.entries())
      fightZone(p, z, cat, ` (${d.side} command decision${decisions.length > 1 ? ` ${i + 1}` : ''})`);
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

/** CMB.2 / CMB.4 declarations: which ranged units fire where; which units attack airfields. */
export function declareStep(p: Play, cat: 'sea' | 'land', orders: readonly Order[]): void {
  const rule = cat === 'sea' ? 'CMB.2' : 'CMB.4';
  const used = new Set<string>();
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind === 'use') {
      if (useAdvantage(p, o, cat === 'sea' ? 'fire-sea' : 'fire-land') && o.advantage === 'amphibious-assault' && p.dice)
        amphibiousAssault(p, o.at as ZoneId);
      continue;
    }
    if (o.kind === 'fire') {
      const u = p.s.pieces.find((x) => x.id === o.unit);
      const kinds = cat === 'sea' ? ['ART'] : ['CA', 'BB'];
      if (!u || u.side !== p.side || !kinds.includes(u.type)) {
        p.fail(o, `${o.unit} is not your ${kinds.join(' or ')}`, rule);
        continue;
      }
      if (u.fired || used.has(u.id)) {
        p.fail(o, `${u.id} has fired into another zone this turn`, rule);
        continue;
      }
      const from = u.zone;
      const ok =
        from !== 'damaged' &&
        u.on === null &&
        adjacentZones(p.s, from).includes(o.at) &&
        (cat === 'sea' ? isSeaZone(p.s, o.at) : isIsland(p.s, o.at));
      if (!ok) {
        const where =
          from === 'damaged' ? [] : adjacentZones(p.s, from).filter((z) => (cat === 'sea' ? isSeaZone(p.s, z) : isIsland(p.s, z)));
        p.fail(o, `${u.id} in ${from} cannot fire into ${o.at}`, rule, where.length ? `adjacent: ${where.join(', ')}` : undefined);
        continue;
      }
      used.add(u.id);
      p.emit({ type: 'gc.fired', data: { unit: u.id, at: o.at } });
    } else if (o.kind === 'airfield' && cat === 'land') {
      const u = p.s.pieces.find((x) => x.id === o.unit);
      if (!u || u.side !== p.side || !(isAir(u) || u.type === 'CA' || u.type === 'BB'))
        p.fail(o, `${o.unit} is not your air unit, cruiser or battleship`, 'CMB.4');
      else p.emit({ type: 'gc.vs-airfield', data: { unit: u.id } });
    } else p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, rule);
  }
  const fireOnly = orders.filter((o) => o.kind === 'airfield');
  for (const o of fireOnly) {
    const u = p.s.pieces.find((x) => x.id === (o as { unit: string }).unit);
    if (u && (u.type === 'CA' || u.type === 'BB') && !used.has(u.id) && !u.fired)
      p.fail(o, `${u.id} attacks airfields only when it fires into the island: add FIRE ${u.id} AT <island>`, 'CMB.4');
  }
}
