import type { Ruleset } from '../engine/ruleset';
import { vitpRuleset } from './vitp';

/**
 * Every ruleset the umpire can run, by id. Add a game here once its src/games/<id>/index.ts
 * exports a Ruleset. (The engine's own test game, Fleet Duel, lives under test/support.)
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds rulesets of every state type
export const rulesets: Record<string, Ruleset<any, any, any>> = {
  [vitpRuleset.id]: vitpRuleset,
};
