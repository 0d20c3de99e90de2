/**
 * The rules events of the Operations Phase (2A) and how each folds into the state. Public: TF
 * markers moving and leaving the map (31.1 (2)), a hex searched (2A1), coast watching (31.1 (5)),
 * contacts. Sealed to their side: intelligence results, loads, unloads, ground moves, plans and
 * their notes (31.0, 52.0 Q&A 3-4).
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { SolSide, SolState } from '../state';
import type { Contact } from './contacts';
import type { IntelResult } from './intel';
import type { PlanLine } from './plans';

export const aboardOf = (tf: number) => `TF ${tf}`;

export type OpsEvent =
  | RulesEvent<'sol.searched', { side: SolSide; hex: string }>
  | RulesEvent<'sol.intel', { side: SolSide; hex: string; face: number; result: IntelResult; seen: readonly string[] }>
  | RulesEvent<'sol.tf-moved', { side: SolSide; tf: number; path: readonly string[]; to: string; stop: string | null }>
  | RulesEvent<'sol.tf-removed', { side: SolSide; tf: number; at: string; rule: string }>
  | RulesEvent<'sol.coast-watch', { side: SolSide; tf: number; hex: string; surface: number }>
  | RulesEvent<
      'sol.loaded',
      { side: SolSide; tf: number; at: string; units: readonly string[]; supply: readonly { ship: string; points: number }[] }
    >
  | RulesEvent<
      'sol.unloaded',
      {
        side: SolSide;
        tf: number;
        at: string;
        units: readonly string[];
        supply: readonly { ship: string; points: number }[];
        /** 43.1 (optional): landed by amphibious assault at the end of the TF's move */
        assault?: boolean;
      }
    >
  | RulesEvent<'sol.ground-moved', { side: SolSide; units: readonly string[]; from: string; to: string; supply: number }>
  | RulesEvent<'sol.contacts', { side: SolSide; contacts: readonly Contact[] }>
  | RulesEvent<'sol.plan-set', { side: SolSide; lines: readonly PlanLine[] }>
  | RulesEvent<'sol.plan-line-ended', { side: SolSide; tf: number | null; done: boolean; note: string; rule: string }>
  | RulesEvent<'sol.plan-asked', { side: SolSide }>
  | RulesEvent<'sol.ops-note', { side: SolSide; text: string; rule: string }>;

const OPS_TYPES = new Set([
  'sol.searched',
  'sol.intel',
  'sol.tf-moved',
  'sol.tf-removed',
  'sol.coast-watch',
  'sol.loaded',
  'sol.unloaded',
  'sol.ground-moved',
  'sol.contacts',
  'sol.plan-set',
  'sol.plan-line-ended',
  'sol.plan-asked',
  'sol.ops-note',
]);
export const isOpsEvent = (e: RulesEvent): e is OpsEvent => OPS_TYPES.has(e.type);

type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces): SolState => ({ ...s, forces: { ...s.forces, [side]: f } });

function shipSupply(f: Forces, moves: readonly { ship: string; points: number }[], sign: 1 | -1): Forces {
  const ships = { ...f.ships };
  for (const m of moves) ships[m.ship] = { ...ships[m.ship], supply: ships[m.ship].supply + sign * m.points };
  return { ...f, ships };
}

const total = (moves: readonly { points: number }[]) => moves.reduce((t, m) => t + m.points, 0);

export function evolveOps(s: SolState, e: OpsEvent): SolState {
  switch (e.type) {
    case 'sol.searched':
      return { ...s, searched: { ...s.searched, [e.data.side]: [...s.searched[e.data.side], e.data.hex] } };
    case 'sol.intel': {
      const cp = s.cp[e.data.side]!;
      return { ...s, cp: { ...s.cp, [e.data.side]: { ...cp, intel: cp.intel - 1 } } };
    }
    case 'sol.tf-moved': {
      const f = s.forces[e.data.side];
      const tf = f.taskForces[e.data.tf];
      const ships = { ...f.ships };
      for (const id of tf.ships) ships[id] = { ...ships[id], at: e.data.to };
      // 20.5: the ships went to sea this turn and refit in the Refit Segment (3A)
      const sailed = { ...s.sailed, [e.data.side]: [...new Set([...s.sailed[e.data.side], ...tf.ships])] };
      return {
        ...withForces(s, e.data.side, { ...f, ships, taskForces: { ...f.taskForces, [e.data.tf]: { ...tf, at: e.data.to } } }),
        sailed,
      };
    }
    case 'sol.tf-removed': {
      const f = s.forces[e.data.side];
      const { [e.data.tf]: _gone, ...rest } = f.taskForces;
      return withForces(s, e.data.side, { ...f, taskForces: rest });
    }
    case 'sol.loaded':
    case 'sol.unloaded': {
      const d = e.data;
      const loading = e.type === 'sol.loaded';
      const f = shipSupply(s.forces[d.side], d.supply, loading ? 1 : -1);
      const units = new Set(d.units);
      const ground = f.ground.map((g) => (units.has(g.id) ? { ...g, at: loading ? aboardOf(d.tf) : d.at } : g));
      const onLand = (f.supply[d.at] ?? 0) + (loading ? -1 : 1) * total(d.supply);
      const supply = { ...f.supply, [d.at]: onLand };
      if (onLand === 0) delete supply[d.at];
      return withForces(s, d.side, { ...f, ground, supply });
    }
    case 'sol.ground-moved': {
      const d = e.data;
      const f = s.forces[d.side];
      const units = new Set(d.units);
      const supply = { ...f.supply, [d.from]: (f.supply[d.from] ?? 0) - d.supply };
      if (supply[d.from] === 0) delete supply[d.from];
      return withForces(s, d.side, { ...f, supply, ground: f.ground.map((g) => (units.has(g.id) ? { ...g, at: d.to } : g)) });
    }
    case 'sol.plan-set': {
      const old = s.plans[e.data.side]?.lines ?? [];
      const lines = [...old.filter((l) => !e.data.lines.some((n) => n.tf === l.tf)), ...e.data.lines];
      return { ...s, plans: { ...s.plans, [e.data.side]: { lines } } };
    }
    case 'sol.plan-line-ended': {
      const plan = s.plans[e.data.side]!;
      const own = plan.lines.some((l) => l.tf === e.data.tf);
      // a TF following the ALL line ends on its own: it gets a line of its own, ended
      const all = own ? [] : plan.lines.filter((l) => l.tf === null).map((l) => ({ ...l, tf: e.data.tf, ended: true }));
      const lines = [...plan.lines.map((l) => (own && l.tf === e.data.tf ? { ...l, ended: true } : l)), ...all];
      return { ...s, plans: { ...s.plans, [e.data.side]: { lines } } };
    }
    case 'sol.plan-asked': {
      const plan = s.plans[e.data.side];
      return plan ? { ...s, plans: { ...s.plans, [e.data.side]: { lines: plan.lines.filter((l) => !l.ended) } } } : s;
    }
    case 'sol.coast-watch':
    case 'sol.contacts':
    case 'sol.ops-note':
      return s;
  }
}
