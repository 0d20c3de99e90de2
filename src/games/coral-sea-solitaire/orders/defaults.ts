/**
 * What the USN does at a step it sends nothing for (the brief's defaults, HELP DEFAULTS): the
 * deployment of 4.2 at its first places, CP ORG 0 INTEL 4 OPS 6 LOG 10, no reorganization,
 * transfer, intelligence or movement, CAP with every carrier's fighters while Operations CP pay,
 * assignment as committed, no bombardment, and in logistics carriers refitted first, then every TF
 * at sea refuelled, then bases refitted and fatigue removed, while Logistics CP pay. Decisions in
 * combat: losses at random, no screening, no chit, the rules' own choice where a carrier's air lands.
 */
import type { Side, StepInfo } from '../../../engine/ruleset';
import type { BaseId } from '../box';
import { isDay } from '../steps';
import type { CoralOrder, CoralState, StaffSlots } from '../types';
import { costBySlot, cpCosts } from './costs';
import { isLive } from '../state';
import { atSea, dayCp, placeHex, squadrons, usnCarriers, usnOrigins, usnTaskForces } from './knowledge';
import { rowOfStep } from './rows';

/** The brief's allocation when the player says nothing (7.3). */
export const DEFAULT_SLOTS: StaffSlots = { organization: 0, intelligence: 4, operations: 6, logistics: 10 };

/** An allocation cut to the CP there are (RE 5): Logistics gives first, then Operations, Intelligence, Organization. */
export function fitAllocation(slots: StaffSlots, available: number): StaffSlots {
  const out = { ...slots };
  let over = out.organization + out.intelligence + out.operations + out.logistics - Math.max(0, available);
  for (const k of ['logistics', 'operations', 'intelligence', 'organization'] as const) {
    const cut = Math.min(over, out[k]);
    out[k] -= cut;
    over -= cut;
  }
  return out;
}

/** Orders added one by one while their slot still pays. */
function whilePaid(
  s: CoralState,
  slot: keyof StaffSlots,
  candidates: readonly CoralOrder[],
  start: readonly CoralOrder[] = [],
): CoralOrder[] {
  const out = [...start];
  for (const o of candidates) {
    const cost = costBySlot(cpCosts(s, [...out, o]))[slot];
    if (cost <= s.cp.slots[slot]) out.push(o);
  }
  return out;
}

/** 4.2: the four TFs at New Caledonia, TF-44 at North Australia, Australia's air there too. */
function deployment(s: CoralState): CoralOrder[] {
  const out: CoralOrder[] = [];
  if (!s.options.optionalDeployment) {
    for (const id of ['TF-11', 'TF-17', 'TF-6', 'TF-9', 'TF-44']) {
      const tf = s.taskForces[id];
      if (tf?.side !== 'usn' || tf.gone || tf.hex !== null || tf.arrives !== undefined) continue;
      out.push({ kind: 'deploy', tf: id, hex: placeHex(s, id === 'TF-44' ? 'North-Australia' : 'New-Caledonia') });
    }
  }
  const australia = squadrons(s, 'Australia');
  if (Object.keys(australia).length) out.push({ kind: 'base-air', base: 'North-Australia' as BaseId, air: australia });
  return out;
}

/** 5a: CAP with each carrier's ready fighters, carriers in the order of their ids, while Operations pay. */
export function defaultCap(s: CoralState): CoralOrder[] {
  const caps: CoralOrder[] = [];
  for (const ship of usnCarriers(s)) {
    // 15.1: a damaged carrier launches nothing
    if (ship.status !== 'ok') continue;
    const vf = squadrons(s, ship.id).VF ?? 0;
    if (vf > 0) caps.push({ kind: 'mission', mission: 'cap', from: ship.id, air: { VF: vf }, extended: false });
  }
  return whilePaid(s, 'operations', caps);
}

/** 9a: refit carriers, refuel TFs at sea (night), refit bases, rest fatigued TFs, while Logistics pay. */
export function defaultLogistics(s: CoralState): CoralOrder[] {
  const recovering = (origin: string) => Object.keys(squadrons(s, origin, 'recovery')).length > 0;
  const carrierIds = usnCarriers(s).map((c) => c.id);
  const carriers = carrierIds.filter(recovering).map((id): CoralOrder => ({ kind: 'refit', at: id }));
  const refuels = isDay(s.turn)
    ? []
    : usnTaskForces(s).flatMap((tf): CoralOrder[] => (atSea(s, tf) ? [{ kind: 'refuel', tf: tf.id }] : []));
  const bases = usnOrigins(s)
    .filter((o) => !carrierIds.includes(o) && /^[A-Z][a-z]/.test(o) && recovering(o))
    .map((o): CoralOrder => ({ kind: 'refit', at: o }));
  const rests = usnTaskForces(s)
    .filter((tf) => tf.ships.some((k) => s.ships[k] && isLive(s.ships[k]) && s.ships[k].fatigued))
    .map((tf): CoralOrder => ({ kind: 'rest', tf: tf.id }));
  return whilePaid(s, 'logistics', [...carriers, ...refuels, ...bases, ...rests]);
}

export function defaultOrders(s: CoralState, side: Side, step: StepInfo): readonly CoralOrder[] {
  if (side !== 'usn') return [];
  switch (rowOfStep(step.id)?.id) {
    case 'deployment':
      return deployment(s);
    case 'command-decision':
      return [{ kind: 'allocate', slots: fitAllocation(DEFAULT_SLOTS, dayCp(s)) }];
    case 'air-missions':
      return defaultCap(s);
    case 'air-assign':
      return [{ kind: 'assign-committed' }];
    case 'bombard-usn':
      return [{ kind: 'no-bombard' }];
    case 'logistics-usn':
      return defaultLogistics(s);
    case 'leadership':
      return [{ kind: 'leadership', use: false }];
    default:
      // organization, air transfer, intelligence, movement: nothing; losses at random, no screening,
      // the intelligence choice and a lost carrier's landing by the rules' own default
      return [];
  }
}
