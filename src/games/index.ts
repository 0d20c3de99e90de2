import type { Ruleset } from '../engine/ruleset';
import { withStepKinds } from '../engine/step-kinds';
import { guadalcanalRuleset } from './aa-guadalcanal';
import { vitpRuleset } from './vitp';
import { vitpStepKind } from './vitp/step-kinds';

/**
 * Every ruleset the umpire can run, by id. Add a game here once its src/games/<id>/index.ts
 * exports a Ruleset. (The engine's own test game, Fleet Duel, lives under test/support.)
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds rulesets of every state type
export const rulesets: Record<string, Ruleset<any, any, any>> = {
  // with its steps' kinds, for the deadline lengths per kind (engine/step-kinds.ts)
  [vitpRuleset.id]: withStepKinds(vitpRuleset, vitpStepKind),
  [guadalcanalRuleset.id]: guadalcanalRuleset,
};
