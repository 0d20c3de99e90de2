/**
 * The movement area of Coral Sea's rules (issue 26): its events, how they fold into the state, and the
 * handlers of the step-table rows it owns (see ../../handlers.ts for who owns which row): scouting
 * (29), the IJN and USN naval movement phases (4a, 4b; 12, 14, 19) and the IJN landings (7; 20).
 */
import { defaultBox } from '../../box';
import type { CoralBox } from '../../box/schema';
import type { RowHandlers } from '../../handlers';
import { movementIjn } from './ijn-phase';
import { landingsPhase } from './landings';
import { scoutingPhase } from './scouting';
import { movementUsn } from './usn-phase';

export { evolveMovement, type MovementEvent } from './events';
export {
  decideIjnMove,
  decideSubMove,
  doctrineFacts,
  type IjnMove,
  type IjnMoveFacts,
  type SubMoveFacts,
  type UsnTfSeen,
} from './ijn-decide';
export { ijnMoveFacts, usnAsSeen } from './ijn-phase';
export { aswShifts, SUB_ATTACK_COLUMN } from './submarines';
export { type MoveProblem, planUsnMoves, type UsnMove } from './usn-plan';
export { allowance, type Allowance } from './where';

/** The handlers of the movement area's rows, reading `box` (a club's, or the default). */
export function movementHandlersFor(box: CoralBox): RowHandlers {
  return {
    scouting: scoutingPhase(box),
    'movement-ijn': movementIjn(box),
    'movement-usn': movementUsn(box),
    landings: landingsPhase(box),
  };
}

export const movementHandlers: RowHandlers = movementHandlersFor(defaultBox);
