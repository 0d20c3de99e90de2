/**
 * Issue 28 for Coral Sea: the board a USN mail's orders for one step leave for its later FOR
 * sections (Ruleset.boardAfter), so each section is checked as it arrives against what the earlier
 * ones did. The orders are walked without dice: the day's allocation shares the CP (7.2-7.3, the
 * defaults when the section gives none); what the orders cost comes out of their slots (7.4,
 * ./costs.ts); DEPLOY places a TF and BASE splits Australia's air (4.2); NEW TF and TRANSFER move
 * ships between TFs (13.3); TRANSFER AIR moves squadrons, fatigued (21.5); MOVE and STAY leave a TF
 * where its path on the board as it is ends (14). What dice decide (intelligence, 30.1's CV-3,
 * submarines on the way, the IJN's moves, combat) comes between and is checked again when the
 * step comes. `cpKnown` tells the checks whether a command decision (7.2: the CP reset) still
 * comes before a step, so its CP cannot be judged yet.
 */
import type { Side, StepInfo } from '../../../engine/ruleset';
import { Fold } from '../../kit';
import type { CoralEvent } from '../events';
import { evolve } from '../events';
import { defaultSlots } from '../rules/core/turn';
import { moveAir } from '../rules/core/util';
import { planUsnMoves } from '../rules/movement';
import { hexOf } from '../state';
import { isDay } from '../steps';
import type { AirUnitState, CoralOrder, CoralState, ShipKey, StaffSlots, TaskForceState } from '../types';
import { costBySlot, cpCosts } from './costs';
import { dayCp, homeOf, usnKey } from './knowledge';

/** A board walked ahead of the game: the last step whose orders were walked (never set in a game's own state). */
type Walked = CoralState & { readonly walked?: { readonly turn: number; readonly step: string } };

/** `t3/air-missions` → `air-missions` (a row instance such as `surface/1808` kept whole). */
const stepOfId = (id: string) => id.slice(id.indexOf('/') + 1);

export function boardAfter(s: CoralState, side: Side, step: StepInfo, orders: readonly CoralOrder[]): CoralState {
  if (side !== 'usn') return s;
  let next: Walked = { ...allocated(s, step, orders), walked: { turn: step.turn, step: stepOfId(step.id) } };
  next = spent(next, orders);
  next = { ...next, taskForces: placed(next, orders) };
  return { ...next, air: airMoved(next, orders) };
}

/** 7.2-7.3: the allocation the section gives, or at a command decision without one the defaults (turn.ts `command`). */
function allocated(s: CoralState, step: StepInfo, orders: readonly CoralOrder[]): CoralState {
  const asked = orders.filter((o): o is Extract<CoralOrder, { kind: 'allocate' }> => o.kind === 'allocate').at(-1);
  if (!asked && stepOfId(step.id) !== 'command-decision') return s;
  const slots: StaffSlots = asked?.slots ?? defaultSlots(dayCp(s));
  const sum = slots.organization + slots.intelligence + slots.operations + slots.logistics;
  return { ...s, cp: { available: Math.max(0, dayCp(s) - sum), slots } };
}

/** 7.4: each slot less what the orders cost from it (never below 0: an order the slot cannot pay is refused by the checks). */
function spent(s: Walked, orders: readonly CoralOrder[]): Walked {
  const by = costBySlot(cpCosts(s, orders));
  const slots = { ...s.cp.slots };
  for (const k of Object.keys(slots) as (keyof StaffSlots)[]) slots[k] = Math.max(0, slots[k] - by[k]);
  return { ...s, cp: { ...s.cp, slots } };
}

/** Where the USN's TFs stand and what they hold after DEPLOY (4.2), NEW TF and TRANSFER (13.3), MOVE (14). */
function placed(s: CoralState, orders: readonly CoralOrder[]): CoralState['taskForces'] {
  const tfs: Record<string, TaskForceState> = { ...s.taskForces };
  const ours = (id: string) => (tfs[id]?.side === 'usn' ? tfs[id] : undefined);
  const shift = (from: TaskForceState, to: TaskForceState, ships: readonly string[]) => {
    const keys = new Set<ShipKey>(ships.map(usnKey));
    tfs[from.id] = { ...from, ships: from.ships.filter((k) => !keys.has(k)) };
    tfs[to.id] = { ...to, hex: to.hex ?? from.hex, ships: [...to.ships.filter((k) => !keys.has(k)), ...keys] };
  };
  for (const o of orders) {
    if (o.kind === 'deploy' && ours(o.tf) && isPlace(s, o.hex)) tfs[o.tf] = { ...tfs[o.tf], hex: hexOf(s.box, o.hex) };
    if (o.kind === 'new-tf' && ours(o.from))
      shift(ours(o.from)!, ours(o.tf) ?? { id: o.tf, side: 'usn', hex: null, ships: [], identified: false }, o.ships);
    if (o.kind === 'transfer' && ours(o.from) && ours(o.to)) shift(ours(o.from)!, ours(o.to)!, o.ships);
  }
  const moved = { ...s, taskForces: tfs };
  for (const m of planUsnMoves(moved, orders).moves) {
    const end = m.steps.at(-1);
    if (end) tfs[m.tf] = { ...tfs[m.tf], hex: end.to };
  }
  return tfs;
}

const isPlace = (s: CoralState, at: string) => /^\d{4}$/.test(at) || at in s.box.map.places;

/** BASE (4.2: Australia's air split between its bases) and TRANSFER AIR (21.5: at the new home, fatigued), as the rules move them. */
function airMoved(s: CoralState, orders: readonly CoralOrder[]): readonly AirUnitState[] {
  const f = new Fold<CoralState, CoralEvent>(s, evolve);
  const take = (home: string, air: Partial<Record<string, number>>, to: Partial<Pick<AirUnitState, 'box' | 'home'>>) => {
    for (const [type, n] of Object.entries(air)) {
      const unit = f.s.air.find((a) => a.side === 'usn' && a.home === home && a.type === type && a.box === 'ready');
      if (unit && n && n <= unit.strength) moveAir(f, unit, n, to, 'walked ahead', '');
    }
  };
  for (const o of orders) {
    if (o.kind === 'base-air') take('Australia', o.air, { home: o.base });
    if (o.kind === 'air-transfer') take(homeOf(o.from), o.air, { home: homeOf(o.to) as AirUnitState['home'], box: 'recovery' });
  }
  return f.s.air;
}

/**
 * 7.2: whether the CP on board `s` are those `step` will spend from: no command decision (the day's
 * reset) comes between the steps the board has been walked through and `step`. A step of a later
 * turn is judged so only when no day turn begins before it (a night spends the day's CP, 7.2).
 */
export function cpKnown(s: CoralState, step: StepInfo): boolean {
  const w = (s as Walked).walked;
  if (step.turn !== s.turn) {
    for (let t = s.turn + 1; t <= step.turn; t++) if (isDay(t)) return false;
    return step.turn > s.turn;
  }
  const order = [s.step, ...s.queue];
  const at = order.indexOf(stepOfId(step.id));
  if (at < 0) return false;
  const from = w && w.turn === s.turn ? order.indexOf(w.step) + 1 : 0;
  return !order.slice(Math.max(0, from), at).includes('command-decision');
}
