/**
 * The emit-and-fold every air handler works on (the kit's Fold with the game's one evolve), the
 * refusal of an order the rules cannot carry out, CP paid from the Operations slot at the Command
 * Missions Chart's cost (5.2, 7.4, the core's spendCp), and the decision steps the air rules put in
 * at the front of the turn (the core's insertSteps).
 */
import type { AdjudicationContext } from '../../../../engine/ruleset';
import { Fold } from '../../../kit';
import type { CoralBox } from '../../box/schema';
import { type CoralEvent, evolve } from '../../events';
import type { CoralState } from '../../types';
import { insertSteps, spendCp as spendFrom } from '../core';

export type AirFold = Fold<CoralState, CoralEvent>;

/** A fold whose events go to the engine (`ctx.emit`), or nowhere (checking orders before they are sent). */
export const airFold = (state: CoralState, ctx?: Pick<AdjudicationContext, 'emit'>): AirFold =>
  new Fold<CoralState, CoralEvent>(state, evolve, ctx ? (e) => ctx.emit(e) : undefined);

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

/** Spends Operations CP (checked first with lacksCp). */
export function spendCp(f: AirFold, amount: number, forWhat: string, rule: string): void {
  if (!spendFrom(f, 'operations', amount, forWhat, rule)) throw new Error(`${forWhat}: ${amount} Operations CP not there (checked before)`);
}

/** A decision step (`air-losses/<suffix>`, `basing-choice/<suffix>`) put in next, before the rest of the turn. */
export const decisionStep = (f: AirFold, row: 'air-losses' | 'basing-choice', suffix: string, rule: string): void =>
  insertSteps(f, [`${row}/${suffix}`], rule);
