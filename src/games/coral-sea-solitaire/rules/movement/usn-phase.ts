/**
 * 4b, the USN Naval Movement Phase: the player's MOVE orders carried out TF by TF in the order
 * written (13.6), each step entered with its identifications (28.2), and on a day turn the
 * submarine contacts of each hex entered (19.4, 26). A TF a submarine damaged goes on only with
 * the movement points its new allowance leaves (14.2: a damaged ship has 1; 14.3: no fast move),
 * a reading of 19.5(6); a TF with no ship left afloat stops. Unordered TFs stay (14.5).
 */
import type { StepHandler } from '../../../../engine/define';
import { Fold } from '../../../kit';
import type { CoralBox } from '../../box/schema';
import { type CoralEvent, evolve } from '../../events';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState } from '../../types';
import { type CoralFold, enter, stopped } from './enter';
import { submarineContacts } from './submarines';
import { planUsnMoves, type UsnMove } from './usn-plan';
import { allowance, boardFor, shipsOf } from './where';

function carryOut(f: CoralFold, box: CoralBox, move: UsnMove, dice: Parameters<StepHandler>[3]['dice']): void {
  const board = boardFor(box);
  const day = isDay(f.s.turn);
  if (move.cost > 0)
    f.emit({ type: 'coral.cp.spent', data: { slot: 'operations', cost: move.cost, what: `fast move of ${move.tf}`, rule: '14.3' } });
  for (const [i, step] of move.steps.entries()) {
    enter(f, box, f.s.taskForces[move.tf], step, i + 1);
    if (!day) continue;
    submarineContacts(f, box, board, dice, move.tf, step.to);
    const tf = f.s.taskForces[move.tf];
    if (i === move.steps.length - 1) break;
    if (!shipsOf(f.s, tf).length) return stopped(f, tf.id, { at: step.to, reason: 'no ship of it is left afloat', rule: '19.5' });
    const a = allowance(f.s, box, tf);
    const mp = a.ma + (move.fast && !a.noFast ? box.constants.fastMove.value : 0);
    if (i + 1 >= mp)
      return stopped(f, tf.id, {
        at: step.to,
        reason: `its allowance is now ${mp} MP${a.noFast ? ` (${a.noFast})` : ''}, all spent`,
        rule: '19.5(6), 14.2',
      });
  }
}

/** 4b: the handler of the movement-usn row. Orders were validated (movementProblems); one that fails here is a bug. */
export const movementUsn =
  (box: CoralBox): StepHandler<CoralState, CoralOrder> =>
  (state, _step, orders, ctx) => {
    const f: CoralFold = new Fold<CoralState, CoralEvent>(state, evolve, (e) => ctx.emit(e));
    const { moves, problems } = planUsnMoves(state, box, orders.usn ?? []);
    if (problems.length)
      throw new Error(
        `coral-sea-solitaire movement-usn: orders that validation should have refused: ${problems.map((p) => p.problem).join('; ')}`,
      );
    for (const move of moves) carryOut(f, box, move, ctx.dice);
    return f.s;
  };
