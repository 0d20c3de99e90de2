/**
 * The Planning Phase (4.4-4.5, 1A-1C): the CP allocation (6.1-6.4), supply bought with Logistics
 * CP (50.0 Command Point Missions Chart) and task forces formed (10.2-10.4, 10.13). Each check
 * returns the problems of the side's orders; `plan` turns valid orders into rules events.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import { type CpAllocation, MISSIONS, type SolSide, type SolState } from '../state';
import type { SolEvent } from './events';
import { placeOfText } from './places';
import { planLinesOf } from './plans';
import { isTfReorgOrder, newTfReorgSeen, TF_REORG_CP, tfReorgProblem } from './endurance';
import { tfReorgEvents } from './endurance-events';

export interface Problem {
  readonly index: number;
  readonly problem: string;
  readonly rule: string;
}

const sum = (a: CpAllocation) => MISSIONS.reduce((t, m) => t + a[m], 0);

/** 6.2-6.3: one allocation, none negative, the total within the CP received. */
export function checkCp(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const none = orders.findIndex((o) => o.kind !== 'cp');
  if (none >= 0) return [{ index: none, problem: 'the CP segment takes one CP line', rule: '6.2' }];
  const cps = orders.map((o, index) => ({ o, index })).filter((x) => x.o.kind === 'cp');
  if (cps.length > 1) return [{ index: cps[1].index, problem: 'one CP allocation a turn', rule: '6.2' }];
  return cps.flatMap(({ o, index }) => {
    if (o.kind !== 'cp') return [];
    if (MISSIONS.some((m) => !Number.isInteger(o.alloc[m]) || o.alloc[m] < 0))
      return [{ index, problem: 'CP are whole numbers, none below 0', rule: '6.2' }];
    const total = s.cpTotal[side];
    return sum(o.alloc) > total
      ? [
          {
            index,
            problem: `${sum(o.alloc)} CP assigned, but ${side === 'us' ? 'the US' : 'Japan'} receives ${total} this turn`,
            rule: '6.3',
          },
        ]
      : [];
  });
}

/** Default allocation (brief §5): Operations as many as the side's TFs (at least 1), the rest Logistics. */
export function defaultCp(s: SolState, side: SolSide): CpAllocation {
  const total = s.cpTotal[side];
  const ops = Math.min(total, Math.max(1, Object.keys(s.forces[side].taskForces).length));
  return { combined: 0, intel: 0, ops, log: total - ops };
}

const ownBase = (s: SolState, side: SolSide, at: string) => s.bases[at]?.side === side;

/** 1B-1C, 10.2-10.4, 10.13, 50.0 CP chart: supply within 3 a Logistics CP, task forces within the Operations CP. */
export function checkForces(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const cp = s.cp[side] ?? { combined: 0, intel: 0, ops: 0, log: 0 };
  const m = s.cpMissions;
  const f = s.forces[side];
  const problems: Problem[] = [];
  let supply = 0;
  let ops = 0;
  const used = new Set<string>();
  // 42.1 (optional): TFs that stayed at sea keep their numbers, and the Tokyo Express its marker
  const numbers = new Set<number>(Object.keys(f.taskForces).map(Number));
  let express = '0' in f.taskForces;
  const reorg = newTfReorgSeen();
  const one = (o: SolOrder, index: number): void => {
    const bad = (problem: string, rule: string): void => {
      problems.push({ index, problem, rule });
    };
    if (o.kind === 'none') return;
    if (o.kind === 'cp') return bad('the CP allocation belongs to the CP segment', '1A');
    // 1B: REPLACE, WITHDRAW, ANNOUNCE are checked by rules/additional-forces.ts
    if (o.kind === 'replace' || o.kind === 'withdraw' || o.kind === 'announce') return;
    if (o.kind === 'plan') {
      plans.push({ o, index });
      return;
    }
    if (o.kind === 'supply') {
      if (!ownBase(s, side, o.at)) return bad(`${o.at} is not one of your major bases`, '50.0 CP chart');
      if (!Number.isInteger(o.points) || o.points < 1) return bad('supply comes in whole points', '29.2');
      supply += o.points;
      if (supply > cp.log * m.supplyPerLogisticsCp)
        bad(`${supply} supply needs ${Math.ceil(supply / m.supplyPerLogisticsCp)} Logistics CP; ${cp.log} assigned`, '50.0 CP chart');
      return;
    }
    // 1C, 42.4 (optional): TFs at sea combined or split (rules/endurance.ts)
    if (isTfReorgOrder(o)) {
      const no = tfReorgProblem(s, side, o, reorg, numbers);
      if (no) return bad(no.problem, no.rule);
      ops += TF_REORG_CP;
      if (ops > cp.ops) bad(`these task forces cost ${ops} Operations CP; ${cp.ops} assigned`, '42.4');
      return;
    }
    if (o.kind !== 'tf' && o.kind !== 'tokyo-express' && o.kind !== 'deception')
      return bad('this order belongs to the Operations Phase', '2A');
    if (side === 'us' && s.turn === 1) return bad('on August I the US task forces are the set-up ones; no others may be formed', '10.13');
    if (!ownBase(s, side, o.at)) return bad(`${o.at} is not one of your major bases`, '10.2');
    const tf = o.kind === 'tokyo-express' ? 0 : o.tf;
    if (o.kind !== 'tokyo-express') {
      if (tf < 1 || numbers.has(tf)) return bad(`TF ${tf}: a TF number once, from 1`, '10.1');
      // 44.1 (optional): a TF of crippled ships kept at sea holds its number
      if (String(tf) in f.taskForces) return bad(`TF ${tf} is still on the map (crippled ships at sea)`, '10.1, 44.1');
      numbers.add(tf);
    }
    if (o.kind === 'deception') {
      ops += m.tfCost;
    } else {
      if (o.kind === 'tokyo-express') {
        if (side !== 'japanese') return bad('only Japan has the Tokyo Express', '10.3');
        if (express) return bad('one Tokyo Express marker', '10.3');
        express = true;
        if (o.at !== 'Rabaul') return bad('the Tokyo Express starts in Rabaul', '10.3 (4)');
        if (o.ships.some((id) => !id.startsWith('DD-'))) return bad('the Tokyo Express holds destroyers only', '10.3 (1)');
      }
      for (const id of o.ships) {
        const ship = f.ships[id];
        if (!ship) return bad(`${id} is not one of your ships`, '2.9');
        if (ship.at !== o.at) return bad(`${id} is at ${ship.at}, not ${o.at}: a TF forms from ships in one major base`, '10.2');
        if (used.has(id)) return bad(`${id} is in two task forces`, '10.5');
        // 20.4, A25: a ship waiting for a refit berth stays in port until refitted
        if (s.sailed[side].includes(id)) return bad(`${id} waits for a refit at ${ship.at}`, '20.4');
        used.add(id);
      }
      ops += o.ships.some((id) => m.capitalTypes.includes(id.split('-')[0] as never)) ? m.capitalTfCost : m.tfCost;
    }
    if (ops > cp.ops) bad(`these task forces cost ${ops} Operations CP; ${cp.ops} assigned`, o.kind === 'deception' ? '10.4' : '10.2');
  };
  const plans: { o: Extract<SolOrder, { kind: 'plan' }>; index: number }[] = [];
  for (const [index, o] of orders.entries()) one(o, index);
  // plans sent with the forces: for TFs formed here or already on the map, to places of the map
  for (const { o, index } of plans) {
    if (o.tf !== null && !numbers.has(o.tf) && !(o.tf === 0 && express) && !(String(o.tf) in f.taskForces))
      problems.push({ index, problem: `PLAN for TF ${o.tf}: no such TF is formed`, rule: '10.1' });
    else if (o.to !== null && !placeOfText(s, o.to)) problems.push({ index, problem: `${o.to} is no place of the map`, rule: '2.1' });
  }
  return problems;
}

/** Default forces (brief §5): every Logistics CP bought as supply on the side's first major base, no task force. */
export function defaultForces(s: SolState, side: SolSide): SolOrder[] {
  const log = s.cp[side]?.log ?? 0;
  const at = side === 'japanese' ? 'Rabaul' : 'Espiritu Santo';
  return log > 0 ? [{ kind: 'supply', points: log * s.cpMissions.supplyPerLogisticsCp, at }] : [{ kind: 'none' }];
}

/** The rules events of a side's forces orders: each sealed to its side but the markers (52.0 Q&A 3). */
export function forceEvents(s: SolState, side: SolSide, orders: readonly SolOrder[]): RulesEvent[] {
  const out: SolEvent[] = [];
  const m = s.cpMissions;
  const capital = (ships: readonly string[]) => ships.some((id) => m.capitalTypes.includes(id.split('-')[0] as never));
  for (const o of orders) {
    if (o.kind === 'supply') out.push({ type: 'sol.supply-bought', data: { side, at: o.at, points: o.points }, visibleTo: [side] });
    if (o.kind === 'tf' || o.kind === 'tokyo-express') {
      const tf = o.kind === 'tf' ? o.tf : 0;
      const cost = capital(o.ships) ? m.capitalTfCost : m.tfCost;
      out.push({
        type: 'sol.tf-formed',
        data: { side, tf, at: o.at, ships: o.ships, kind: o.kind === 'tf' ? 'normal' : 'tokyo-express', cost },
        visibleTo: [side],
      });
    }
    if (o.kind === 'deception')
      out.push({
        type: 'sol.tf-formed',
        data: { side, tf: o.tf, at: o.at, ships: [], kind: 'deception', cost: m.tfCost },
        visibleTo: [side],
      });
  }
  // 1C, 42.4 (optional): TFs at sea combined or split; a TF split off shows its marker as one formed
  const reorg = tfReorgEvents(s, side, orders);
  out.push(...(reorg as SolEvent[]));
  const markers = [
    ...out.flatMap((e) => (e.type === 'sol.tf-formed' ? [{ tf: e.data.tf, at: e.data.at }] : [])),
    ...reorg.flatMap((e) =>
      e.type === 'sol.tf-split' ? [{ tf: (e.data as { into: number }).into, at: (e.data as { at: string }).at }] : [],
    ),
  ];
  if (markers.length) out.push({ type: 'sol.tf-markers', data: { side, markers } });
  const lines = planLinesOf(
    s,
    orders.filter((o) => o.kind === 'plan'),
  );
  return lines.length ? [...out, { type: 'sol.plan-set', data: { side, lines }, visibleTo: [side] }] : out;
}
