/**
 * Night bombing (optional rule 48.0). Without it no air mission flies at night (32.2 (1)). With
 * it, from the December I turn, Japanese NAC and LAC (Navy or Army) may fly strikes in night
 * Execution Phases (48.1), resolved as by day with three changes: strikes only, never CAP, recon or
 * counterstrike (48.1 (1)); no defensive CAP, so the defence step (2A3b) is never asked at night,
 * while AA fires as by day (48.1 (2)); the strikers' strength halved, rounded down, on top of any
 * other halving (48.1 (3)). Read here: "bombing attacks" are strikes on a TF and on the ground
 * alike (the same strike mission, 50.0 Air Mission Chart), both halved.
 */
import type { SolSide, SolState } from '../state';
import type { AirOrder } from './air-orders';
import { isDay } from './places';

/** 48.1: the turn night bombing starts. */
export const NIGHT_BOMBING_FROM = 'Dec I';

/** 48.1: the side may fly night strikes this turn (option on, Japan, from December I). */
export function nightBombingOpen(s: SolState, side: SolSide): boolean {
  if (!s.options.nightBombing || side !== 'japanese') return false;
  const from = s.turnNames.indexOf(NIGHT_BOMBING_FROM) + 1;
  return from > 0 && s.turn >= from;
}

/** 48.1: kinds that bomb at night: NAC and LAC (not SAC, not MAC). */
export const bombsAtNight = (type: string) => type === 'NAC' || type === 'LAC';

/** Why an air line may not fly in a night phase, or null when it may (32.2 (1), 48.1). */
export function nightProblem(s: SolState, side: SolSide, o: Pick<AirOrder, 'mission' | 'type'>): { problem: string; rule: string } | null {
  if (isDay(s)) return null;
  if (!s.options.nightBombing) return { problem: 'no air mission flies at night', rule: '32.2' };
  if (side !== 'japanese')
    return { problem: 'only Japanese air bombs at night (night bombing, 48.1); no US mission flies at night', rule: '48.1, 32.2' };
  if (!nightBombingOpen(s, side))
    return {
      problem: `night bombing starts on the ${NIGHT_BOMBING_FROM} turn; no air mission flies at night before it`,
      rule: '48.1, 32.2',
    };
  if (o.mission !== 'strike') return { problem: 'only strike missions fly at night (no CAP, recon or counterstrike)', rule: '48.1 (1)' };
  if (!bombsAtNight(o.type)) return { problem: 'only NAC and LAC bomb at night', rule: '48.1' };
  return null;
}

/** 48.1 (3): the strength of a night strike, halved (round down) after any other halving. */
export const nightHalved = (strength: number, night: boolean | undefined) => (night ? Math.floor(strength / 2) : strength);
