/**
 * US Special Intelligence (6.6, 4.5 1A, 50.0 CP Missions Chart). Once a turn the US may spend one
 * Intelligence CP (the chart's cost) at the CP Segment, after Japan has allocated its CP: at the
 * `t{n}/cp` step it writes SPECIAL INTEL instead of its CP line; the CP step then resolves Japan's
 * allocation, the US rolls on the Special column of the Intelligence Table (rebuilt: a 4-6 shows the
 * Japanese allocation, 51.0) and allocates the rest of its CP at `t{n}/cp/us` (A32: Japan first
 * when the US uses it; otherwise both at once). The die and the result are the US's alone. That a
 * step `t{n}/cp/us` comes is public: Japan can tell the US used special intelligence (the engine
 * shows every step), though never what it learnt.
 */
import type { Dice, RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import type { CpAllocation, SolSide, SolState } from '../state';
import { checkCp, defaultCp, type Problem } from './planning';

export type SpecialIntelEvent = RulesEvent<'sol.special-intel', { face: number; result: string; seen: CpAllocation | null; cost: number }>;

export const usesSpecial = (orders: readonly SolOrder[]): boolean => orders.some((o) => o.kind === 'special-intel');

/** The `t{n}/cp` step: Japan's CP line; the US's CP line or SPECIAL INTEL alone. */
export function checkCpStep(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const special = orders.findIndex((o) => o.kind === 'special-intel');
  if (special < 0) return checkCp(s, side, orders);
  if (side !== 'us') return [{ index: special, problem: 'special intelligence is the US player’s', rule: '6.6' }];
  const other = orders.findIndex((o, i) => i !== special && o.kind !== 'none');
  if (other >= 0) return [{ index: other, problem: 'with SPECIAL INTEL the US allocates its CP after the roll (step cp/us)', rule: '6.6' }];
  if (s.cpTotal.us < s.cpMissions.specialIntelCost)
    return [{ index: special, problem: 'special intelligence costs an Intelligence CP', rule: '6.6' }];
  return [];
}

/** What the US allocates at `t{n}/cp/us`: its CP less the one spent (6.6). */
const restOf = (s: SolState): SolState => ({ ...s, cpTotal: { ...s.cpTotal, us: s.cpTotal.us - s.cpMissions.specialIntelCost } });
export const checkCpRest = (s: SolState, orders: readonly SolOrder[]): Problem[] =>
  orders.some((o) => o.kind === 'special-intel')
    ? [{ index: orders.findIndex((o) => o.kind === 'special-intel'), problem: 'one special intelligence a turn', rule: '6.6' }]
    : checkCp(restOf(s), 'us', orders);
export const defaultCpRest = (s: SolState): CpAllocation => defaultCp(restOf(s), 'us');

/** 6.6: the roll on the Special column, after Japan's allocation `japanese`. */
export function specialIntel(s: SolState, japanese: CpAllocation, dice: Dice): SpecialIntelEvent {
  const face = dice.d6('special intelligence', '6.6', { visibleTo: ['us'] });
  const result = s.opsData.special?.[face - 1] ?? 'nothing';
  return {
    type: 'sol.special-intel',
    data: { face, result, seen: result === 'cp-allocation' ? japanese : null, cost: s.cpMissions.specialIntelCost },
    visibleTo: ['us'],
  };
}

export function narrateSpecial(e: SpecialIntelEvent): string[] {
  const d = e.data;
  const a = d.seen;
  return [
    `United States special intelligence (${d.cost} Intelligence CP), die ${d.face}: ${
      a ? `Japan assigns combined ${a.combined}, intelligence ${a.intel}, operations ${a.ops}, logistics ${a.log}` : 'nothing learnt'
    } (6.6).`,
  ];
}
