/**
 * 4b, the USN Naval Movement Phase: the player's MOVE orders carried out TF by TF in the order
 * written (13.6), each step entered with its identifications (28.2), and on a day turn the
 * submarine contacts of each hex entered (19.4, 26). A TF a submarine damaged goes on only with
 * the movement points its new allowance leaves (14.2: a damaged ship has 1; 14.3: no fast move),
 * a reading of 19.5(6); a TF with no ship left afloat stops. Unordered TFs stay (14.5).
 */
import type { StepHandler } from '../../../../engine/define';
import { shipsOf } from '../../state';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState } from '../../types';
import { spendCp } from '../core/organization';
import { type CoralFold, foldOf } from '../core/util';
import { enter, stopped } from './enter';
import { submarineContacts } from './submarines';
import { planUsnMoves, type UsnMove } from './usn-plan';
import { allowance } from './where';

function carryOut(f: CoralFold, move: UsnMove, dice: Parameters<StepHandler>[3]['dice']): void {
  const day = isDay(f.s.turn);
  if (!spendCp(f, 'operations', move.cost, `fast move of ${move.tf}`, '14.3'))
    throw new Error(`coral-sea-solitaire movement-usn: ${move.tf}'s fast move was validated with Operations CP the slot lacks`);
  for (const [i, step] of move.steps.entries()) {
    enter(f, f.s.taskForces[move.tf], step, i + 1);
    if (!day) continue;
    submarineContacts(f, dice, move.tf, step.to);
    const tf = f.s.taskForces[move.tf];
    if (i === move.steps.length - 1) break;
    if (!shipsOf(f.s, tf, true).length) return stopped(f, tf.id, { at: step.to, reason: 'no ship of it is left afloat', rule: '19.5' });
    const a = allowance(f.s, tf);
    const mp = a.ma + (move.fast && !a.noFast ? f.s.box.constants.fastMove.value : 0);
    if (i + 1 >= mp)
      return stopped(f, tf.id, {
        at: step.to,
        reason: `its allowance is now ${mp} MP${a.noFast ? ` (${a.noFast})` : ''}, all spent`,
        rule: '19.5(6), 14.2',
      });
  }
}

/** 4b: the handler of the movement-usn row. Orders were validated (planUsnMoves); one that fails here is a bug. */
export const movementUsn: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const { moves, problems } = planUsnMoves(state, orders.usn ?? []);
  if (problems.length)
    throw new Error(
      `coral-sea-solitaire movement-usn: orders that validation should have refused: ${problems.map((p) => p.problem).join('; ')}`,
    );
  for (const move of moves) carryOut(f, move, ctx.dice);
  return f.s;
};
