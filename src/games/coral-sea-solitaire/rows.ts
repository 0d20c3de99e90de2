/**
 * The step table with its handlers (issue 25's contract): every row resolves through the area
 * that owns it (handlers.ts), then the core settles what every step leaves (27.3, 28.2, 13.10) and
 * moves the game on (5.6). At a row that owes `system`, the engine first runs the IJN's system
 * player (`ijnPlayer`, players.system.ijn) on the IJN's own view: the row's IjnDecider, fed
 * `ijnKnowledge(view)`, and its decisions come to the handler as `orders.ijn`.
 */
import type { StepHandler, StepRow, StepTable } from '../../engine/define';
import type { AdjudicationContext, StepInfo } from '../../engine/ruleset';
import { type CoralEvent, evolve } from './events';
import { handlerFor, type IjnDeciders, type IjnMove, type RowHandlers } from './handlers';
import { airHandlers, airIjn } from './rules/air';
import { advance, coreHandlers, coreIjn, sweep } from './rules/core';
import { movementHandlers, movementIjnDeciders } from './rules/movement';
import { surfaceHandlers } from './rules/surface';
import { Fold } from '../kit';
import { ROWS, rowIdOf } from './steps';
import type { CoralOrder, CoralState } from './types';
import { type CoralView, ijnKnowledge } from './view';

export const HANDLERS: RowHandlers = { ...coreHandlers, ...movementHandlers, ...airHandlers, ...surfaceHandlers };

/** The IJN's decisions at each row, by area (a row not listed: the IJN decides nothing before the rules run). */
export const IJN_DECIDERS: IjnDeciders = { ...coreIjn, ...movementIjnDeciders, ...airIjn };

const NOTHING: IjnMove = { orders: [], records: [] };

/** The IJN system side's player: its decisions at the step from its view and the step's dice alone. */
export function ijnPlayer(turn: {
  readonly view: CoralView;
  readonly step: StepInfo;
  readonly dice: AdjudicationContext['dice'];
}): IjnMove {
  const decide = IJN_DECIDERS[rowIdOf(turn.step.id)];
  return decide ? decide(ijnKnowledge(turn.view), turn.step, turn.dice) : NOTHING;
}

function resolver(row: StepRow<CoralState, CoralOrder>): StepHandler<CoralState, CoralOrder> {
  const handler = handlerFor(row.id, HANDLERS);
  return (state, step, orders, ctx) => {
    const s = state;
    const given = orders;
    const emitted: CoralEvent[] = [];
    const out = handler(s, step, given, {
      dice: ctx.dice,
      emit: (e) => {
        emitted.push(e as CoralEvent);
        ctx.emit(e);
      },
    });
    const after = out ?? emitted.reduce<CoralState>((acc, e) => evolve(acc, e), s);
    const f = new Fold<CoralState, CoralEvent>(after, evolve, (e) => ctx.emit(e));
    sweep(f, ctx.dice);
    advance(f);
    return f.s;
  };
}

export const STEPS: StepTable<CoralState, CoralOrder> = {
  rows: ROWS.map((row) => ({ ...row, resolve: resolver(row as StepRow<CoralState, CoralOrder>) })),
  rowOf: (step) => rowIdOf(step.id),
};
