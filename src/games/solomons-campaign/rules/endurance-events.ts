/**
 * Task Force Endurance (42.0, optional): its rules events, how each folds into the state, and
 * their narration. Each is sealed to its side (a TF's contents and the CP spent are hidden, 31.1,
 * 52.0 Q&A 3); a TF made by a split shows its marker as a TF formed does.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import { SIDE_NAME, type SolSide, type SolState } from '../state';
import { isStayOrder, isTfReorgOrder, stayCost, TF_REORG_CP } from './endurance';
import type { SolFold } from './naval';
import { aboardOf } from './ops-events';

export type EnduranceEvent =
  | RulesEvent<'sol.tf-stays', { side: SolSide; tf: number; at: string; ships: number; cost: number }>
  | RulesEvent<'sol.tfs-combined', { side: SolSide; tf: number; with: number; at: string; ships: readonly string[]; cost: number }>
  | RulesEvent<'sol.tf-split', { side: SolSide; tf: number; into: number; at: string; ships: readonly string[]; cost: number }>;

const TYPES = new Set(['sol.tf-stays', 'sol.tfs-combined', 'sol.tf-split']);
export const isEnduranceEvent = (e: RulesEvent): e is EnduranceEvent => TYPES.has(e.type);

/** 3A, 42.2: the STAY lines paid, before the Refit Segment cripples what is left outside a major base. */
export function staySegment(f: SolFold, side: SolSide, orders: readonly SolOrder[]): void {
  for (const o of orders.filter(isStayOrder)) {
    const tf = f.s.forces[side].taskForces[o.tf];
    f.emit({
      type: 'sol.tf-stays',
      data: { side, tf: o.tf, at: tf.at, ships: tf.ships.length, cost: stayCost(f.s, tf) },
      visibleTo: [side],
    });
  }
}

/** 42.2: the TF was paid for this turn and stays at sea (the Refit Segment leaves its ships be). */
export const staysAtSea = (s: SolState, side: SolSide, tf: number | null): boolean =>
  tf !== null && s.forces[side].taskForces[tf]?.stayed === s.turn;

/** 1C, 42.4: the events of the side's COMBINE and SPLIT lines (checked), read against the state before them. */
export function tfReorgEvents(s: SolState, side: SolSide, orders: readonly SolOrder[]): RulesEvent[] {
  const out: RulesEvent[] = [];
  const f = s.forces[side];
  for (const o of orders.filter(isTfReorgOrder)) {
    const tf = f.taskForces[o.tf];
    if (o.kind === 'tf-combine')
      out.push({
        type: 'sol.tfs-combined',
        data: { side, tf: o.tf, with: o.with, at: tf.at, ships: f.taskForces[o.with].ships, cost: TF_REORG_CP },
        visibleTo: [side],
      });
    else
      out.push({
        type: 'sol.tf-split',
        data: { side, tf: o.tf, into: o.into, at: tf.at, ships: o.ships, cost: TF_REORG_CP },
        visibleTo: [side],
      });
  }
  return out;
}

type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces, ops: number, log: number): SolState => {
  const cp = s.cp[side];
  return {
    ...s,
    cp: cp ? { ...s.cp, [side]: { ...cp, ops: cp.ops - ops, log: cp.log - log } } : s.cp,
    forces: { ...s.forces, [side]: f },
  };
};

export function evolveEndurance(s: SolState, e: EnduranceEvent): SolState {
  const d = e.data;
  const f = s.forces[d.side];
  const tf = f.taskForces[d.tf];
  if (e.type === 'sol.tf-stays')
    return withForces(s, d.side, { ...f, taskForces: { ...f.taskForces, [d.tf]: { ...tf, stayed: s.turn } } }, 0, e.data.cost);
  const ships = { ...f.ships };
  if (e.type === 'sol.tfs-combined') {
    for (const id of e.data.ships) ships[id] = { ...ships[id], tf: d.tf };
    const { [e.data.with]: _gone, ...rest } = f.taskForces;
    const ground = f.ground.map((g) => (g.at === aboardOf(e.data.with) ? { ...g, at: aboardOf(d.tf) } : g));
    const joined = { ...tf, ships: [...tf.ships, ...e.data.ships] };
    return withForces(s, d.side, { ...f, ships, ground, taskForces: { ...rest, [d.tf]: joined } }, e.data.cost, 0);
  }
  const into = e.data.into;
  for (const id of e.data.ships) ships[id] = { ...ships[id], tf: into };
  const kept = { ...tf, ships: tf.ships.filter((id) => !e.data.ships.includes(id)) };
  const made = { id: into, at: tf.at, ships: e.data.ships, kind: 'normal' as const };
  return withForces(s, d.side, { ...f, ships, taskForces: { ...f.taskForces, [d.tf]: kept, [into]: made } }, e.data.cost, 0);
}

export function narrateEndurance(e: EnduranceEvent): string[] {
  const who = SIDE_NAME[e.data.side];
  const name = (tf: number) => (tf === 0 ? 'the Tokyo Express' : `TF ${tf}`);
  if (e.type === 'sol.tf-stays')
    return [
      `${who} pays ${e.data.cost} Logistics CP for ${name(e.data.tf)} (${e.data.ships} ships) to stay at sea at ${e.data.at} (42.2).`,
    ];
  if (e.type === 'sol.tfs-combined')
    return [`${who} combines TF ${e.data.with} into TF ${e.data.tf} at ${e.data.at}: ${e.data.ships.join(', ')} join it (42.4, 1 CP).`];
  return [`${who} splits TF ${e.data.into} off TF ${e.data.tf} at ${e.data.at}: ${e.data.ships.join(', ')} (42.4, 1 CP).`];
}
