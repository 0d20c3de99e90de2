/**
 * Which area of the rules resolves which row of the step table (steps.ts), and the one lookup the
 * ruleset's rows use. Each row has exactly one owner; a row nobody has built yet fails loudly with
 * its rule number (RuleNotImplementedError), never passes silently.
 *
 *   core      deployment-rolls, deployment, ijn-setup, random-event, reinforcements, command-decision, organization,
 *             intelligence, intelligence-choice, initiative, leadership, logistics-usn,
 *             logistics-ijn, end-of-turn                            (rules 4-11, 13, 27-28 intel, 30-31, 34-35)
 *   movement  scouting, movement-ijn, movement-usn, landings    (rules 12, 14, 19, 20, 26, 28.2, 29)
 *   air       air-transfer, air-missions, air-ijn, air-assign, air-ijn-fighters, air-combat,
 *             air-losses, basing, basing-choice                 (rules 15, 21, 22, 24, 25, 32)
 *   surface   surface, screen, bombard-usn, bombard-ijn        (rules 16, 17, 23, 33)
 *
 * The IJN is a system side: at each row that owes `system` its decisions are made first, from the
 * IJN's own knowledge (view.ts IjnKnowledge) and the step's dice, by the area's `IjnDecider` for
 * the row; they come to the row's handler as the IJN's orders (`orders.ijn`), each decision
 * recorded as a rules event (IjnDecided). A row with no decider decides nothing before the handler.
 */
import type { StepHandler } from '../../engine/define';
import { type Dice, RuleNotImplementedError, type RulesEvent, type StepInfo } from '../../engine/ruleset';
import { ROWS } from './steps';
import type { CoralOrder, CoralState } from './types';
import type { IjnKnowledge } from './view';

export type RowHandlers = Readonly<Record<string, StepHandler<CoralState, CoralOrder>>>;

/** What the IJN decides at a step: its orders for the row's handler and a record of each decision. */
export interface IjnMove {
  readonly orders: readonly CoralOrder[];
  readonly records: readonly RulesEvent[];
}

/** The IJN's decisions at one row's step, from what it may know and the step's dice (pure). */
export type IjnDecider = (knowledge: IjnKnowledge, step: StepInfo, dice: Dice) => IjnMove;
export type IjnDeciders = Readonly<Record<string, IjnDecider>>;

const ruleOf = new Map(ROWS.map((r) => [r.id, r.rule]));

/** The handler of a row, or a handler that stops the game citing the row's rule when no area has built it yet. */
export function handlerFor(rowId: string, handlers: RowHandlers): StepHandler<CoralState, CoralOrder> {
  const h = handlers[rowId];
  if (h) return h;
  return (_s, step) => {
    throw new RuleNotImplementedError('coral-sea-solitaire', ruleOf.get(rowId) ?? rowId, `step ${step.id} (row ${rowId})`);
  };
}
