/** The six scenarios (3.1): the data is in campaigns.ts and mini-games.ts, built with scenario-kit.ts. */
import { CAMPAIGN, CAMPAIGN_2 } from './campaigns';
import { MINI_GAMES } from './mini-games';

export { SCENARIOS, type ScenarioId, type StartMission, type StartTf } from './scenario-kit';

/** The six scenarios, by the id of the option (3.1 menu keys 5-9 and 0). */
export const SCENARIO_DATA = {
  campaign: CAMPAIGN,
  ...MINI_GAMES,
  'campaign-2': CAMPAIGN_2,
};
