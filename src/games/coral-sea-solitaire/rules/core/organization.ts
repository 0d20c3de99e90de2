/**
 * USN task force organization (13.3-13.4, 13.10, 7.4): a new TF for 3 Organization CP, transfers
 * between TFs for 2 CP per hex, an emptied TF removed at no cost. IJN TFs never change (13.2).
 */
import type { StepHandler } from '../../../../engine/define';
import { freeMarkers, shipKey } from '../../state';
import type { CoralOrder, CoralState, ShipKey, StaffSlots } from '../../types';
import { type CoralFold, foldOf, skip } from './util';

/** Spends CP from a staff slot (7.4); false (nothing spent) when the slot holds too few. */
export function spendCp(f: CoralFold, slot: keyof StaffSlots, cp: number, forWhat: string, rule: string): boolean {
  if (cp === 0) return true;
  if (f.s.cp.slots[slot] < cp) return false;
  const slots = { ...f.s.cp.slots, [slot]: f.s.cp.slots[slot] - cp };
  f.emit({
    type: 'coral.cp',
    data: { available: f.s.cp.available, slots, spent: { slot, cp, for: forWhat }, cause: forWhat, rule },
    visibleTo: ['usn'],
  });
  return true;
}

/** A USN ship named by an order: a ShipKey (`usn:CA-1`) or a counter id (`CA-1`). */
export const usnShip = (name: string): ShipKey => (name.includes(':') ? (name as ShipKey) : shipKey('usn', name));

/** The cost of a command mission (the box's USN Command Missions Chart). */
export const costOf = (s: CoralState, mission: string): number => s.box.commandMissions[mission]?.cost.value ?? 0;

function removeIfEmpty(f: CoralFold, tf: string): void {
  if (f.s.taskForces[tf].ships.length === 0) f.emit({ type: 'coral.tf.removed', data: { tf, why: 'emptied', rule: '13.3' } });
}

/** 1e, 13.3: the player's organization orders, in the order written. */
export const organization: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const paidHexes = new Set<string>();
  for (const o of orders.usn ?? []) {
    if (o.kind === 'new-tf') newTf(f, o);
    else if (o.kind === 'transfer') transfer(f, o, paidHexes);
  }
  return f.s;
};

/** The ships an order names that are in TF `from`, or a reason they are not. */
function shipsIn(f: CoralFold, from: string, ids: readonly string[]): ShipKey[] | string {
  const tf = f.s.taskForces[from];
  if (tf?.side !== 'usn' || tf.hex === null || tf.gone) return `${from} is no USN TF on the map`;
  const keys = ids.map(usnShip);
  const missing = keys.filter((k) => !tf.ships.includes(k)).map((k) => k.slice(4));
  if (missing.length) return `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not in ${from}`;
  if (!keys.length) return 'name one ship or more';
  return keys;
}

function newTf(f: CoralFold, o: Extract<CoralOrder, { kind: 'new-tf' }>): void {
  const keys = shipsIn(f, o.from, o.ships);
  if (typeof keys === 'string') return skip(f, o, keys, '13.3');
  if (!freeMarkers(f.s.box, f.s).includes(o.tf))
    return skip(f, o, `${o.tf} is no free TF marker (free: ${freeMarkers(f.s.box, f.s).join(', ') || 'none'})`, '13.3');
  const cost = costOf(f.s, 'new-tf');
  if (!spendCp(f, 'organization', cost, `new ${o.tf}`, '13.3'))
    return skip(f, o, `a new TF costs ${cost} Organization CP; ${f.s.cp.slots.organization} left`, '13.3');
  const from = f.s.taskForces[o.from];
  f.emit({
    type: 'coral.tf.ships',
    data: { tf: from.id, ships: from.ships.filter((k) => !keys.includes(k)), cause: `to ${o.tf}`, rule: '13.3' },
  });
  f.emit({
    type: 'coral.tf.created',
    data: { tf: { id: o.tf, side: 'usn', hex: from.hex, ships: keys, identified: false }, cause: `formed from ${o.from}`, rule: '13.3' },
  });
  removeIfEmpty(f, from.id);
}

function transfer(f: CoralFold, o: Extract<CoralOrder, { kind: 'transfer' }>, paid: Set<string>): void {
  const keys = shipsIn(f, o.from, o.ships);
  if (typeof keys === 'string') return skip(f, o, keys, '13.3');
  const from = f.s.taskForces[o.from];
  const to = f.s.taskForces[o.to];
  if (to?.side !== 'usn' || to.gone || to.hex !== from.hex) return skip(f, o, `${o.to} is no USN TF in ${from.hex}`, '13.3');
  if (!paid.has(from.hex as string)) {
    const cost = costOf(f.s, 'reorganize-hex');
    if (!spendCp(f, 'organization', cost, `transfers in ${from.hex}`, '13.3'))
      return skip(f, o, `transfers in a hex cost ${cost} Organization CP; ${f.s.cp.slots.organization} left`, '13.3');
    paid.add(from.hex as string);
  }
  f.emit({
    type: 'coral.tf.ships',
    data: { tf: from.id, ships: from.ships.filter((k) => !keys.includes(k)), cause: `to ${to.id}`, rule: '13.3' },
  });
  f.emit({ type: 'coral.tf.ships', data: { tf: to.id, ships: [...to.ships, ...keys], cause: `from ${from.id}`, rule: '13.3' } });
  removeIfEmpty(f, from.id);
}
