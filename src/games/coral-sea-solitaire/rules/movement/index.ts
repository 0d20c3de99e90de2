/**
 * The movement area of Coral Sea's rules (issue 26): its events, how they fold into the state, the
 * handlers of the step-table rows it owns (see ../../handlers.ts for who owns which row), scouting
 * (29), the IJN and USN naval movement phases (4a, 4b; 12, 14, 19) and the IJN landings (7; 20),
 * and the IJN's decisions at its rows (movementIjn: every TF's and submarine's move; scouting: the
 * 8.5 chit check).
 */
// the events first: ../../events.ts folds with evolveMovement as it loads, and the handlers below import it back
export { evolveMovement, type MovementEvent } from './events';

import type { IjnDeciders, RowHandlers } from '../../handlers';
import { movementIjn, movementIjnDecide } from './ijn-phase';
import { landingsPhase } from './landings';
import { scoutingIjnDecide, scoutingPhase } from './scouting';
import { movementUsn } from './usn-phase';

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
export { type Allowance, allowance } from './where';

export const movementHandlers: RowHandlers = {
  scouting: scoutingPhase,
  'movement-ijn': movementIjn,
  'movement-usn': movementUsn,
  landings: landingsPhase,
};

export const movementIjnDeciders: IjnDeciders = {
  scouting: scoutingIjnDecide,
  'movement-ijn': movementIjnDecide,
};
