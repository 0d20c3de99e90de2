/**
 * The emit-and-fold every air handler works on (the kit's Fold with the game's one evolve), the
 * refusal of an order the rules cannot carry out, and CP paid from the Operations slot at the
 * Command Missions Chart's cost (5.2, 7.4).
 */
import type { AdjudicationContext } from '../../../../engine/ruleset';
import { Fold } from '../../../kit';
import type { CoralBox } from '../../box/schema';
import { type CoralEvent, evolve } from '../../events';
import type { CoralState } from '../../types';
import type { CommonEvent } from '../common';

export type AirFold = Fold<CoralState, CoralEvent>;

/** A fold whose events go to the engine (`ctx.emit`), or nowhere (checking orders before they are sent). */
export const airFold = (state: CoralState, ctx?: Pick<AdjudicationContext, 'emit'>): AirFold =>
  new Fold<CoralState, CoralEvent>(state, evolve, ctx ? (e) => ctx.emit(e) : undefined);

/** The fold as the shared helpers (recordHit, addPanic) type it: every common event is one of the game's. */
export const asCommon = (f: AirFold): Fold<CoralState, CommonEvent> => f as unknown as Fold<CoralState, CommonEvent>;

/** A problem with an order: what is wrong and what would be right, and the rule. */
export interface Problem {
  readonly problem: string;
  readonly rule: string;
}

export const problem = (text: string, rule: string): Problem => ({ problem: text, rule });

/** Records that an order was not carried out, and why (visible to the USN, whose order it was). */
export function refuse(f: AirFold, order: string, p: Problem): void {
  f.emit({ type: 'coral.air.refused', data: { order, problem: p.problem, rule: p.rule }, visibleTo: ['usn'] });
}

/** The cost of a Command Missions Chart entry (5.2). */
export function costOf(box: CoralBox, mission: string): number {
  const m = box.commandMissions[mission];
  if (!m) throw new Error(`no "${mission}" on the Command Missions Chart of the box (5.2)`);
  return m.cost.value;
}

/** Null when the Operations slot holds `amount` CP, else the problem (7.4: a slot spends only what was put in it). */
export function lacksCp(s: CoralState, amount: number, forWhat: string): Problem | null {
  const left = s.cp.slots.operations;
  return left >= amount
    ? null
    : problem(
        `${forWhat} costs ${amount} Operations CP and ${left} ${left === 1 ? 'is' : 'are'} left; put more CP in Operations at 1d (CP OPS n)`,
        '7.4',
      );
}

export function spendCp(f: AirFold, amount: number, forWhat: string, rule: string): void {
  if (amount > 0) f.emit({ type: 'coral.air.cp', data: { slot: 'operations', amount, for: forWhat, rule }, visibleTo: ['usn'] });
}
