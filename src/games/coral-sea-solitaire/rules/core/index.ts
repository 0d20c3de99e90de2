/**
 * The core area of Coral Sea's rules (issue 26): its events, how they fold into the state, and the
 * handlers of the step-table rows it owns (see ../../handlers.ts for who owns which row), with the
 * IJN's decisions at its rows (8.5 at the initiative, 9b's recovery rolls).
 */
import type { IjnDeciders, RowHandlers } from '../../handlers';
import { endOfTurn } from './end';
import { intelligence, intelligenceChoice } from './intelligence';
import { logisticsIjn, logisticsIjnDecide, logisticsUsn } from './logistics';
import { organization } from './organization';
import { deployment, deploymentRolls, ijnSetup } from './setup';
import { command, initiative, initiativeIjn, leadership, randomEventStep, reinforcements } from './turn';

export { type CoreEvent, evolveCore } from './events';
export { advance, CHIT_FUNCTIONS, chitDecisionBefore, currentStep, DUE, insertSteps, stepInfoOf, upcomingSteps } from './flow';
export { checkBattleships, revealTf } from './intelligence';
export { costOf, spendCp } from './organization';
export { ratioResult, suddenDeath, sweep } from './end';

export const coreHandlers: RowHandlers = {
  deployment,
  'deployment-rolls': deploymentRolls,
  'ijn-setup': ijnSetup,
  'random-event': randomEventStep,
  reinforcements,
  'command-decision': command,
  organization,
  intelligence,
  'intelligence-choice': intelligenceChoice,
  initiative,
  leadership,
  'logistics-usn': logisticsUsn,
  'logistics-ijn': logisticsIjn,
  'end-of-turn': endOfTurn,
};

/** The IJN's decisions at the core rows (the rest of the core's IJN acts are rules, not choices). */
export const coreIjn: IjnDeciders = {
  initiative: initiativeIjn,
  'logistics-ijn': logisticsIjnDecide,
};
