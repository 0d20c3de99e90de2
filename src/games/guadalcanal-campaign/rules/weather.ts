/**
 * Weather (9.6): clear, light or heavy overcast, one level of change a turn at most (9.6B), on the
 * rebuilt d6 of box/turn-end.ts; overcast spoils sightings beyond 1.5 squares (9.6A).
 */
import type { AdjudicationContext, Dice } from '../../../engine/ruleset';
import type { GcState } from '../state';

const LEVELS = ['clear', 'light', 'heavy'] as const;
const HIDDEN = { visibleTo: [] as const };

/** 9.6B: the weather at the end of the turn; an event only when it changes (both sides see the sky). */
export function changeWeather(s: GcState, odds: NonNullable<GcState['turnEnd']>['weather'], ctx: AdjudicationContext): void {
  const roll = ctx.dice.d6('the weather changes', '9.6B');
  const i = LEVELS.indexOf(s.weather);
  const to = roll <= odds.worse ? Math.min(2, i + 1) : roll >= odds.better ? Math.max(0, i - 1) : i;
  if (to !== i) ctx.emit({ type: 'gcc.weather', data: { turn: s.turn, weather: LEVELS[to] } });
}

/** 9.6A: a sighting beyond 1.5 squares in overcast fails on a d6 at or under the weather's spoils (1/3 light, 2/3 heavy). */
export function overcastSpoils(s: GcState, squares: number, dice: Dice, what: string): boolean {
  const spoils = s.turnEnd?.weather.spoils[s.weather] ?? 0;
  if (squares <= 1.5 || spoils === 0) return false;
  return dice.d6(`overcast over ${what}`, '9.6A', HIDDEN) <= spoils;
}
