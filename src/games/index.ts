import type { DefinedRuleset } from '../engine/define';
import { guadalcanalRuleset } from './aa-guadalcanal';
import { coralSeaSolitaire } from './coral-sea-solitaire';
import { fleetDuel } from './fleet-duel';
import { guadalcanalCampaign } from './guadalcanal-campaign';
import { solomonsCampaign } from './solomons-campaign';
import { vitpRuleset } from './vitp';

/**
 * Every game the umpire can run: the one registry (docs/new-game.md). A game is one folder,
 * src/games/<id>/, whose index.ts exports the value of defineRuleset, and one line here. The CLI,
 * the services, `umpire box check`, self-play and the demo all find games here and nowhere else.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds games of every state type
const GAMES: readonly DefinedRuleset<any, any, any>[] = [
  vitpRuleset,
  guadalcanalRuleset,
  fleetDuel,
  coralSeaSolitaire,
  guadalcanalCampaign,
  solomonsCampaign,
];

// biome-ignore lint/suspicious/noExplicitAny: as above
export const rulesets: Record<string, DefinedRuleset<any, any, any>> = Object.fromEntries(GAMES.map((g) => [g.id, g]));

/** The game `npm run demo` plays when none is named: the first registered. */
export const DEFAULT_GAME = GAMES[0].id;
