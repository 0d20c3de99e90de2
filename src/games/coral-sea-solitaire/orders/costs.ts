/**
 * What a step's orders cost in command points (5.2, 7.3-7.4), from the box's USN Command Missions
 * Chart: the slot each is paid from and how much, item by item. The same reckoning serves the
 * validation ("8 Operations CP asked, 6 left"), the defaults (as much as the slot pays) and the
 * rules that spend them.
 */
import type { CoralOrder, CoralState, StaffSlots } from '../types';
import { atSea, missionCost } from './knowledge';

export interface CpItem {
  readonly slot: keyof StaffSlots;
  readonly cost: number;
  /** What it pays for, in the player's words. */
  readonly what: string;
  readonly rule: string;
}

const RULES: Readonly<Record<string, string>> = {
  'new-tf': '13.3',
  'reorganize-hex': '13.3',
  'intelligence-roll': '28.2',
  'intelligence-roll-historical': '31.1',
  'unidentify-usn-tf': '28.6',
  'fast-move': '14.3',
  'land-air-mission': '5.6 5a-a',
  'carrier-air-mission': '5.6 5a-b',
  'air-transfer': '5.6 1f',
  'refit-carrier-or-base': '9a1',
  'remove-fatigue-tf': '9a1',
  'repair-ship': '9a1',
  'refuel-tf': '9a2',
  'refuel-tf-with-b': '30.4',
};

function item(s: CoralState, mission: string, what: string, times = 1): CpItem {
  const m = missionCost(s, mission);
  if (!m) throw new Error(`the box's Command Missions Chart has no "${mission}"`);
  return { slot: m.slot, cost: m.cost * times, what, rule: RULES[mission] ?? '7.3' };
}

const hexOfTf = (s: CoralState, id: string) => s.taskForces[id]?.hex ?? null;

/** 5.6 5a-a/b, reading (I) 10 of the brief: one mission per origin and target (a strike and its escorts), CAP one per origin. */
function missions(s: CoralState, orders: readonly CoralOrder[]): CpItem[] {
  const seen = new Set<string>();
  const out: CpItem[] = [];
  for (const o of orders) {
    if (o.kind !== 'mission') continue;
    const target = o.mission === 'cap' ? 'CAP' : (o.target ?? strikeTargetOf(orders, o.from) ?? 'its strike');
    const key = `${o.from}>${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const carrier = /^[A-Z]+-\d+$/.test(o.from);
    out.push(item(s, carrier ? 'carrier-air-mission' : 'land-air-mission', `${o.from} ${o.mission === 'cap' ? 'CAP' : `at ${target}`}`));
  }
  return out;
}

/** The target of an origin's strike, when it has one strike (an ESCORT without AT flies with it). */
export function strikeTargetOf(orders: readonly CoralOrder[], from: string): string | undefined {
  const targets = new Set(
    orders.flatMap((o) => (o.kind === 'mission' && o.mission === 'strike' && o.from === from && o.target ? [o.target] : [])),
  );
  return targets.size === 1 ? [...targets][0] : undefined;
}

/** 13.3: 3 per new TF; 2 per hex where ships pass between TFs that were there before. */
function organization(s: CoralState, orders: readonly CoralOrder[]): CpItem[] {
  const out: CpItem[] = [];
  const created = new Set<string>();
  const hexes = new Set<string>();
  for (const o of orders) {
    if (o.kind === 'new-tf') {
      created.add(o.tf);
      out.push(item(s, 'new-tf', `new ${o.tf}`));
    }
    if (o.kind === 'transfer' && !created.has(o.to) && !created.has(o.from)) {
      const hex = hexOfTf(s, o.from) ?? o.from;
      if (!hexes.has(hex)) out.push(item(s, 'reorganize-hex', `reorganization in ${hex}`));
      hexes.add(hex);
    }
  }
  return out;
}

function logistics(s: CoralState, orders: readonly CoralOrder[]): CpItem[] {
  const out: CpItem[] = [];
  for (const o of orders) {
    if (o.kind === 'refit') out.push(item(s, 'refit-carrier-or-base', `refit ${o.at}`));
    if (o.kind === 'rest') out.push(item(s, 'remove-fatigue-tf', `rest ${o.tf}`));
    if (o.kind === 'repair') out.push(item(s, 'repair-ship', `repair ${o.ship}`));
    if (o.kind === 'refuel') out.push(...refuelCost(s, o.tf));
  }
  return out;
}

/** 9a2, 30.4, 34.1: a TF's refuelling: its cost, one more with a USN B, nothing in port or with TF-6 in the hex (option 34). */
export function refuelCost(s: CoralState, tf: string): CpItem[] {
  const t = s.taskForces[tf];
  // in port a TF needs no fuel (9a2)
  if (t && !atSea(s, t)) return [];
  if (s.options.fuelingGroup && t) {
    const oiler = s.taskForces['TF-6'];
    if (tf === 'TF-6' || (oiler && !oiler.gone && oiler.hex !== null && oiler.hex === t.hex)) return [];
  }
  const withB = !!t?.ships.some((k) => s.ships[k]?.type === 'B');
  return [item(s, 'refuel-tf', `refuel ${tf}`), ...(withB ? [item(s, 'refuel-tf-with-b', `${tf} has a battleship`)] : [])];
}

/** The CP `orders` cost, item by item (orders of other rows cost nothing here). */
export function cpCosts(s: CoralState, orders: readonly CoralOrder[]): CpItem[] {
  const intel = s.options.historical ? 'intelligence-roll-historical' : 'intelligence-roll';
  const out: CpItem[] = [...organization(s, orders), ...missions(s, orders), ...logistics(s, orders)];
  const origins = new Set<string>();
  for (const o of orders) {
    if (o.kind === 'intelligence') out.push(item(s, intel, `intelligence on ${o.target}`));
    if (o.kind === 'unidentify') out.push(item(s, 'unidentify-usn-tf', `unidentify ${o.tf}`));
    if (o.kind === 'move' && o.fast) out.push(item(s, 'fast-move', `fast move of ${o.tf}`));
    if (o.kind === 'air-transfer' && !origins.has(o.from)) {
      origins.add(o.from);
      out.push(item(s, 'air-transfer', `air transfer from ${o.from}`));
    }
  }
  return out;
}

/** Each slot's total. */
export function costBySlot(items: readonly CpItem[]): Record<keyof StaffSlots, number> {
  const t: Record<keyof StaffSlots, number> = { organization: 0, intelligence: 0, operations: 0, logistics: 0 };
  for (const i of items) t[i.slot] += i.cost;
  return t;
}
