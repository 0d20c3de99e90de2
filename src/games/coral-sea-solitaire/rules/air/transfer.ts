/**
 * 1f, 21.5: the USN's air transfer. Ready squadrons fly from one carrier or base to another at up
 * to triple their printed range (never extended, 32.0), fight nothing on the way, and arrive
 * fatigued (the Air Missions Chart: transfer fatigues; 21.8). A damaged carrier neither launches
 * nor lands them (15.1); land-based air lands only on airbases (21.3); the destination must hold
 * them (12.1, 23.4). Each carrier or base flown from costs the Command Missions Chart's CP, and
 * squadrons flying from a carrier or base not their own (21.4) the extra CP.
 */
import { AIR_TYPES, type AirType, type CoralBox, isNaval } from '../../box/schema';
import type { AirUnitState, CoralOrder, CoralState } from '../../types';
import { type AirFold, costOf, lacksCp, type Problem, problem, refuse, spendCp } from './fold';
import type { AirCounts, AirHome } from './state';
import {
  type AirMove,
  airDistance,
  capacityOf,
  orderCounts,
  groundedAt,
  homeHex,
  homeName,
  homeNamed,
  isCarrier,
  mayLandOn,
  operates,
  printedRange,
  shown,
  total,
} from './units';

type TransferOrder = Extract<CoralOrder, { kind: 'air-transfer' }>;

/** Ready squadrons of a type at a carrier or base, those flying from their own first. */
export function readyUnits(s: CoralState, home: AirHome, type: AirType): AirUnitState[] {
  return s.air
    .filter((u) => u.home === home && u.box === 'ready' && u.type === type)
    .sort((a, b) => Number(a.original !== undefined) - Number(b.original !== undefined) || (a.id < b.id ? -1 : 1));
}

/** `n` squadrons taken from units in order, as (unit, squadrons) pairs. */
export function take(units: readonly AirUnitState[], n: number): { unit: AirUnitState; strength: number }[] {
  const out: { unit: AirUnitState; strength: number }[] = [];
  let left = n;
  for (const unit of units) {
    if (left <= 0) break;
    const k = Math.min(left, unit.strength);
    out.push({ unit, strength: k });
    left -= k;
  }
  return out;
}

export const orderText = (o: TransferOrder): string => `TRANSFER AIR ${orderCounts(o.air)} FROM ${shown(o.from)} TO ${shown(o.to)}`;

/** The plan of one transfer order, or the problem with it. `paid`: origins already paid for this phase. */
export function planTransfer(
  s: CoralState,
  box: CoralBox,
  o: TransferOrder,
  paid: ReadonlySet<string>,
): { moves: AirMove[]; from: AirHome; to: AirHome; cost: number; air: AirCounts } | Problem {
  o = { ...o, from: shown(o.from), to: shown(o.to) };
  const from = homeNamed(s, box, 'usn', o.from);
  const to = homeNamed(s, box, 'usn', o.to);
  if (!from) return problem(`${o.from} is not a USN carrier or airbase: name a carrier (CV-1) or a base (Port-Moresby)`, '21.5');
  if (!to) return problem(`${o.to} is not a USN carrier or airbase: name a carrier (CV-2) or a base (North-Australia)`, '21.5');
  if (from === to) return problem(`the squadrons are already at ${o.to}: name another carrier or base`, '21.5');
  if (!operates(s, box, from))
    return problem(`${o.from} cannot launch aircraft now (damaged, crippled or sunk carriers cannot, 15.1)`, '15.1');
  if (!operates(s, box, to))
    return problem(`${o.to} cannot take aircraft now (a damaged carrier cannot land them, 15.1; a base at 0 is closed, 23.3)`, '15.1');
  const fromHex = homeHex(s, box, from);
  const toHex = homeHex(s, box, to);
  if (!fromHex || !toHex) return problem(`${!fromHex ? o.from : o.to} is not on the map`, '21.5');
  const counts = Object.entries(o.air).filter(([, n]) => (n ?? 0) > 0) as [AirType, number][];
  if (!counts.length) return problem('name the squadrons to transfer, e.g. TRANSFER AIR 2 LF FROM South-Australia TO Port-Moresby', '21.5');
  const distance = airDistance(box, fromHex, toHex);
  const times = box.constants.airTransferRangeMultiplier.value;
  const moves: AirMove[] = [];
  let stranger = false;
  for (const [type, n] of counts) {
    if (!(AIR_TYPES as readonly string[]).includes(type))
      return problem(`${type} is not an air type (VF, VB, VT, LF, LD, LMB, LHB)`, '3.11');
    if (!mayLandOn(type, to)) return problem(`${type} is land-based and may land only on an airbase, not on ${o.to}`, '21.3');
    const ready = readyUnits(s, from, type);
    const have = ready.reduce((k, u) => k + u.strength, 0);
    if (have < n) return problem(`${o.from} has ${have} ready ${type} (fatigued squadrons cannot fly, 21.6), not ${n}`, '21.6');
    const reach = printedRange(box, 'usn', type) * times;
    if (distance > reach)
      return problem(
        `${o.to} is ${distance} hexes from ${o.from}; ${type} transfer at most ${reach} (${times} × range ${printedRange(box, 'usn', type)})`,
        '21.5',
      );
    for (const { unit, strength } of take(ready, n)) {
      const original = isNaval(type) ? (unit.original ?? (isCarrier(from) ? from : undefined)) : undefined;
      stranger ||= unit.original !== undefined;
      const fatigued = box.airMissions.transfer.value.fatigues;
      moves.push({
        id: unit.id,
        strength,
        to: { home: to, box: fatigued ? 'recovery' : 'ready', ...(original && original !== to ? { original } : {}) },
      });
    }
  }
  const landing = total(o.air);
  const room = capacityOf(s, box, to) - groundedAt(s, to);
  if (landing > room) return problem(`${o.to} has room for ${Math.max(0, room)} more squadrons, not ${landing} (12.1, 23.4)`, '12.1');
  const cost = (paid.has(from) ? 0 : costOf(box, 'air-transfer')) + (stranger ? costOf(box, 'fly-from-other-base') : 0);
  const short = lacksCp(s, cost, `a transfer from ${homeName(from)}`);
  if (short) return short;
  return { moves, from, to, cost, air: Object.fromEntries(counts) };
}

/** Carries out the phase's transfer orders in the order given, refusing any the rules do not allow. */
export function runTransfers(f: AirFold, box: CoralBox, orders: readonly CoralOrder[]): void {
  const paid = new Set<string>();
  for (const o of orders) {
    if (o.kind !== 'air-transfer') continue;
    const plan = planTransfer(f.s, box, o, paid);
    if ('problem' in plan) {
      refuse(f, orderText(o), plan);
      continue;
    }
    spendCp(f, plan.cost, `air transfer from ${homeName(plan.from)}`, '5.6 1f');
    paid.add(plan.from);
    f.emit({ type: 'coral.air.transferred', data: { from: plan.from, to: plan.to, air: plan.air, moves: plan.moves }, visibleTo: ['usn'] });
  }
}
