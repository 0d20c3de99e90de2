/**
 * Random legal orders from a side's view alone (self-play's and the fuzzer's player): a random CP
 * split within the side's total (6.3); supply within the Logistics CP on an own major base, and now
 * and then a task force of ships in one base within the Operations CP (10.2; none for the US on
 * August I, 10.13). The Operations Phase gets no orders (its rules are not built yet).
 */
import type { Rng, StepInfo } from '../../../engine/ruleset';
import { kindOfStep, type SolOrder } from '../orders';
import type { SolView } from '../view';

export function randomSolOrders(view: SolView, step: StepInfo, rng: Rng): SolOrder[] {
  const k = view.known;
  const kind = kindOfStep(step);
  if (kind === 'cp' && k.cpTotal !== null) {
    const alloc = { combined: 0, intel: 0, ops: 0, log: 0 };
    const keys = ['combined', 'intel', 'ops', 'log'] as const;
    for (let i = rng.int(k.cpTotal + 1); i > 0; i--) alloc[rng.pick(keys)]++;
    return [{ kind: 'cp', alloc }];
  }
  if (kind === 'forces' && k.cp && k.own && k.bases.length) {
    const orders: SolOrder[] = [];
    if (k.cp.log > 0 && rng.int(4)) orders.push({ kind: 'supply', points: 1 + rng.int(k.cp.log * 3), at: rng.pick(k.bases) });
    const usTurnOne = k.side === 'us' && k.turn === 1;
    if (!usTurnOne && k.cp.ops > 0 && rng.int(2)) {
      const free = Object.values(k.own.ships)
        .filter((s) => s.tf === null && k.bases.includes(s.at) && !['BB', 'BC', 'B'].includes(s.type))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      const used = new Set(Object.keys(k.own.taskForces).map(Number));
      if (free.length) {
        const at = rng.pick(free).at;
        const here = free.filter((s) => s.at === at).sort((a, b) => (a.id < b.id ? -1 : 1));
        let tf = 1;
        while (used.has(tf)) tf++;
        orders.push({ kind: 'tf', tf, at, ships: here.slice(0, 1 + rng.int(here.length)).map((s) => s.id) });
      }
    }
    return orders.length ? orders : [{ kind: 'none' }];
  }
  return [{ kind: 'none' }];
}
