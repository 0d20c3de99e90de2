/**
 * The VITP mail player's plan: the standing instructions each side sends with its first mail, and
 * whether it sends orders ahead (plain: the one-step-a-mail player of before issue 10, DEMO_BOTS=plain;
 * newcomer: no standing instructions and no orders ahead of its own, DEMO_BOTS=newcomer).
 */
import type { PlayerMode } from '../../../engine/players';
import type { Side } from '../../../engine/ruleset';

/** What the bots sent before issue 10's mail economy: battle answers, target priorities, an AIR plan. */
const BEFORE: Record<string, readonly string[]> = {
  japanese: [
    'ACTION BY STRENGTH',
    'RETREAT WHEN OUTGUNNED',
    'PURSUE NONE',
    'TARGETS carriers, battleships, cruisers',
    'BATTLE ORDER DEFAULT',
    'HARBOUR DEFAULT',
    'AIR 21st Air Flotilla TO Marshall Islands',
    'AIR 22nd Air Flotilla TO Indonesia',
    'AIR 23rd Air Flotilla TO Marianas Islands',
    'AIR 24th Air Flotilla TO Marshall Islands',
    'AIR 25th Air Flotilla TO Indonesia',
    'AIR 26th Air Flotilla TO Japanese Islands',
  ],
  allied: [
    'NIGHT',
    'RETREAT WHEN OUTGUNNED',
    'PURSUE NONE',
    'TARGETS battleships, carriers, cruisers',
    'HARBOUR DEFAULT',
    'AIR 7th Air Force TO Hawaiian Islands',
    'AIR Far East Air Force TO Indonesia',
  ],
};

/** Air placements answering the other side's, ahead of the plain AIR plan (5.22: best first). */
const PRIORITY: Record<string, readonly string[]> = {
  japanese: ['AIR 26th Air Flotilla TO Marshall Islands IF ENEMY IN Marshall Islands'],
  allied: ['AIR Far East Air Force TO Marianas Islands IF ENEMY IN Marianas Islands'],
};

/** Every other decision point, answered ahead as a skilled mail player does. */
const MORE: Record<string, readonly string[]> = {
  japanese: [
    'RETURN DEFAULT',
    'INVADE ALL',
    'PEARL HARBOR STAY',
    'SUBMARINE FIRST CHANCE',
    'CARRIERS FIRE ALL',
    'KAMIKAZE ALL',
    'NO LANDINGS',
    'NO AIRRAIDS',
    'NO SPLIT',
    'BREAK OFF',
  ],
  allied: [
    'RETURN DEFAULT',
    'SUBSTITUTES DEFAULT',
    'INVADE ALL',
    'SUBMARINE LAST CHANCE',
    'CARRIERS FIRE NONE',
    'NO LANDINGS',
    'NO AIRRAIDS',
    'NO SPLIT',
    'KEEP PURSUING',
  ],
};

export interface BotPlan {
  readonly standing: string;
  /** orders for the side's later steps of the turn in FOR sections of the same mail */
  readonly ahead: boolean;
  /** steps never sent ahead: land-based air, invasions and the return follow standing instructions (AIR plan, INVADE ALL, RETURN DEFAULT) */
  readonly skip: (stepId: string) => boolean;
}

export function botPlan(side: Side, mode: PlayerMode = 'skilled'): BotPlan {
  const lines =
    mode === 'newcomer'
      ? []
      : mode === 'plain'
        ? (BEFORE[side] ?? [])
        : [...(PRIORITY[side] ?? []), ...(BEFORE[side] ?? []), ...(MORE[side] ?? [])];
  return {
    standing: lines.map((l) => `STANDING ${l}`).join('\n'),
    ahead: mode === 'skilled',
    skip: (id) => /\/(lba|invasions|return)\//.test(id),
  };
}
