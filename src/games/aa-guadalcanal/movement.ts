/** Phase 1, Movement (MOV.1-MOV.8): loading, sea moves, submarine attacks, air moves. */
import type { UnitType, ZoneId } from './box';
import { useAdvantage } from './advantages';
import { submarineStep } from './torpedoes';
import type { Play } from './play';
import type { Order, Piece } from './types';
import {
  adjacentZones,
  airDistance,
  airRange,
  baseOf,
  cargoOf,
  cargoSpaces,
  CARGO,
  enemyBase,
  isIsland,
  isSea,
  piece,
  seaMoves,
} from './world';

/** The unit an order names, the mover's own and of the step's type, or a refusal. */
export function ownUnit(p: Play, o: Order, id: string, types: readonly string[], rule: string): Piece | null {
  const u = piece(p.s, id);
  if (!u || u.side !== p.side) {
    const mine = p.s.pieces.filter((x) => x.side === p.side && types.includes(x.type) && x.zone !== 'damaged').map((x) => x.id);
    p.fail(o, `you have no unit ${id}`, rule, mine.length ? `yours here: ${mine.slice(0, 12).join(', ')}` : undefined);
    return null;
  }
  if (!types.includes(u.type)) {
    p.fail(o, `${id} is not a ${types.join('/')} unit: this step moves ${types.join(', ')}`, rule);
    return null;
  }
  if (u.zone === 'damaged') {
    p.fail(o, `${id} is damaged at its base until repaired`, 'REG.4b');
    return null;
  }
  return u;
}

/** Loading (MOV.1, MOV.5, REG.4a): cargo from adjacent islands, or the base's land zone in the base's sea zone. */
export function load(p: Play, o: Extract<Order, { kind: 'load' }>, rule: string, moved: Set<string>): boolean {
  const ship = ownUnit(p, o, o.ship, ['TR', 'DD', 'CV'], rule);
  if (!ship) return false;
  if (moved.has(ship.id)) return p.fail(o, `${ship.id} has moved: no loading after moving`, rule);
  const base = baseOf(p.s, p.side);
  const capacity = ship.type === 'CV' ? p.s.box.units.CV.flightDeck : cargoSpaces(p.s, ship.type);
  const aboard = cargoOf(p.s, ship.id).length;
  if (aboard + o.cargo.length > capacity)
    return p.fail(
      o,
      `${ship.id} has ${capacity - aboard} space(s) free, not ${o.cargo.length}`,
      ship.type === 'CV' ? 'UNIT.CV' : `UNIT.${ship.type}`,
    );
  for (const id of o.cargo) {
    const c = piece(p.s, id);
    if (!c || c.side !== p.side) return p.fail(o, `you have no ${id} to load`, rule);
    const fits = ship.type === 'CV' ? c.type === 'FTR' : CARGO.includes(c.type);
    if (!fits)
      return p.fail(
        o,
        `${id} cannot go aboard a ${ship.type}`,
        rule,
        ship.type === 'CV' ? 'carriers take fighters' : 'cargo is infantry, artillery, AA guns, supplies',
      );
    if (c.on) return p.fail(o, `${id} is aboard ${c.on} already`, rule);
    const from = c.zone as ZoneId;
    const ok =
      (ship.zone === base.sea && from === base.land) || (isIsland(p.s, from) && adjacentZones(p.s, ship.zone as ZoneId).includes(from));
    if (!ok) return p.fail(o, `${id} is in ${c.zone}, not on an island next to ${ship.id} in ${ship.zone}`, rule);
  }
  p.emit({ type: 'gc.loaded', data: { ship: ship.id, cargo: [...o.cargo], zone: ship.zone as ZoneId } });
  return true;
}

export function seaMove(p: Play, o: Extract<Order, { kind: 'move' }>, types: readonly string[], rule: string, moved: Set<string>): boolean {
  const u = ownUnit(p, o, o.unit, types, rule);
  if (!u) return false;
  if (moved.has(u.id)) return p.fail(o, `${u.id} has moved already this step`, rule);
  const legal = seaMoves(p.s, p.side, u.zone as ZoneId);
  if (!legal.includes(o.to))
    return p.fail(o, `${u.id} in ${u.zone} cannot reach ${o.to}: sea units move 1 sea zone`, 'MOV', `from ${u.zone}: ${legal.join(', ')}`);
  moved.add(u.id);
  p.emit({ type: 'gc.moved', data: { unit: u.id, from: u.zone, to: o.to, carried: cargoOf(p.s, u.id).map((c) => c.id) } });
  return true;
}

function fly(p: Play, o: Extract<Order, { kind: 'fly' }>, type: UnitType, rule: string, moved: Set<string>): boolean {
  const u = ownUnit(p, o, o.unit, [type], rule);
  if (!u) return false;
  if (moved.has(u.id)) return p.fail(o, `${u.id} has flown already this step`, rule);
  const range = airRange(p.s, type, p.side);
  const dist = airDistance(p.s, u.zone as ZoneId, o.to);
  if (dist > range) return p.fail(o, `${u.id} in ${u.zone} is ${dist} zones from ${o.to}; it flies up to ${range}`, rule);
  if (enemyBase(p.s, p.side, o.to)) return p.fail(o, `${o.to} is the enemy's base card: no unit enters it`, 'MOV');
  moved.add(u.id);
  p.emit({ type: 'gc.moved', data: { unit: u.id, from: u.zone, to: o.to, carried: [] } });
  return true;
}

/** Carries out one side's orders for a movement step. */
export function movementStep(p: Play, type: UnitType, rule: string, orders: readonly Order[], watched = false): void {
  const moved = new Set<string>();
  if (type === 'SS' && !heldBackType(p, type, watched)) {
    submarineStep(p, orders, rule, 'move');
    return;
  }
  const heldBack = () => heldBackType(p, type, watched);
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind === 'use') useAdvantage(p, o, `move-${type}`, type);
    else if (heldBack())
      p.fail(
        o,
        `Coast Watchers holds your ${type} back this turn: they move after all other units`,
        'ADV.coast-watchers',
        'give these lines FOR WATCHED',
      );
    else if (o.kind === 'load' && (type === 'TR' || type === 'DD')) {
      const ship = piece(p.s, o.ship);
      if (ship && ship.type !== type) p.fail(o, `${o.ship} is not a ${type}: this step loads ${type}`, rule);
      else load(p, o, rule, moved);
    } else if (o.kind === 'move' && !['BMR', 'FTR'].includes(type)) seaMove(p, o, type === 'DD' ? ['DD', 'PT'] : [type], rule, moved);
    else if (o.kind === 'fly' && ['BMR', 'FTR'].includes(type)) fly(p, o, type, rule, moved);
    else p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, rule);
  }
}

/** Coast Watchers (ADV.coast-watchers) holds `type` back this turn, outside the step that moves it after all others. */
const heldBackType = (p: Play, type: UnitType, watched: boolean) =>
  !watched && p.s.active.some((a) => a.side === p.side && a.advantage === 'coast-watchers' && a.type === type);

/**
 * Hidden movement (App. 1): HID.1 loading (transports and destroyers), HID.2 every sea unit's move
 * (sealed, both sides at once, carried out together when revealed), HID.3 torpedoes without moving.
 */
export function hiddenStep(p: Play, kind: 'hid-load' | 'hid-sea' | 'hid-subs', orders: readonly Order[]): void {
  const rule = kind === 'hid-load' ? 'HID.1' : kind === 'hid-sea' ? 'HID.2' : 'HID.3';
  if (kind === 'hid-subs') {
    submarineStep(p, orders, rule, 'hid-subs');
    return;
  }
  const moved = new Set<string>();
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (kind === 'hid-load' && o.kind === 'use') useAdvantage(p, o, 'hid-load');
    else if (kind === 'hid-load' && o.kind === 'load') {
      const ship = piece(p.s, o.ship);
      if (ship && ship.type !== 'TR' && ship.type !== 'DD') p.fail(o, `${o.ship} is no transport or destroyer`, rule);
      else load(p, o, rule, moved);
    } else if (kind === 'hid-sea' && o.kind === 'move') {
      const u = piece(p.s, o.unit);
      if (u && !isSea(u))
        p.fail(
          o,
          `${u.id} is not a sea unit: this step moves sea units only`,
          rule,
          'bombers fly in HID.4 (FOR BOMBERS), fighters in HID.5 (FOR FIGHTERS)',
        );
      else if (u && heldBackType(p, u.type === 'PT' ? 'DD' : (u.type as UnitType), false))
        p.fail(
          o,
          `Coast Watchers holds your ${u.type === 'PT' ? 'DD' : u.type} back this turn: they move after all other units`,
          'ADV.coast-watchers',
          'give these lines FOR WATCHED',
        );
      else seaMove(p, o, [u ? u.type : 'TR'], rule, moved);
    } else p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, rule);
  }
}

/** Casualties out (ATK.damage, ATK.cargo): destroyed and their cargo gone, damaged home; capital ships score. */
export function removeCasualties(p: Play, rule: string, destroyed: string[], damaged: string[]): void {
  const lostCargo = [...destroyed, ...damaged].flatMap((id) => cargoOf(p.s, id).filter((c) => c.type !== 'FTR')).map((c) => c.id);
  const zone = piece(p.s, destroyed[0] ?? damaged[0])!.zone as ZoneId;
  const capitals = destroyed
    .map((id) => piece(p.s, id)!)
    .filter((u) => u.type !== 'SUP' && u.type !== 'PT' && p.s.box.units[u.type as UnitType].capital);
  p.emit({ type: 'gc.casualties', data: { zone, destroyed, damaged, lostCargo, rule } });
  for (const c of capitals) {
    const scorer = c.side === 'axis' ? 'allies' : 'axis';
    const total = p.s.vp[scorer] + p.s.box.constants.vpPerCapitalShip;
    p.emit({
      type: 'gc.vp',
      data: { side: scorer, delta: p.s.box.constants.vpPerCapitalShip, total, why: `${c.id} destroyed (UNIT.capital)` },
    });
  }
}
