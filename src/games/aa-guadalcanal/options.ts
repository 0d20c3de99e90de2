/**
 * Relaxations for play by mail (issue 27): by default the game runs as the rulebook orders it, and
 * economy comes from standing instructions and orders sent ahead (README "Standing instructions").
 * Each merged or up-front form is an option, off by default, named with the section it departs from.
 */
import type { OptionSpec } from '../../engine/ruleset';
import type { GState } from './types';

export const relaxingOptions: readonly OptionSpec[] = [
  {
    id: 'combat-declared-ahead',
    title:
      'Relaxed for play by mail: zones fought in board order; each side declares its ranged fire and airfield attacks for the whole step before the attacks (departs from CMB, CMB.2 and CMB.4)',
    rule: 'CMB.2',
    default: false,
  },
  {
    id: 'submarines-together',
    title:
      'Relaxed for play by mail: all of a side’s submarines are ordered in one mail; those it does not name stay and do not attack (departs from MOV.6)',
    rule: 'MOV.6',
    default: false,
  },
  {
    id: 'regroup-in-one-step',
    title:
      'Relaxed for play by mail: building, buying, repair and deployment in one step per side, in the order written (departs from REG.3 and REG.4a-c)',
    rule: 'REG.4',
    default: false,
  },
];

const on = (s: Pick<GState, 'options'>, id: string): boolean => s.options[id] === true;
/** Option combat-declared-ahead (departs from CMB, CMB.2, CMB.4). */
export const declaredAhead = (s: Pick<GState, 'options'>) => on(s, 'combat-declared-ahead');
/** Option submarines-together (departs from MOV.6). */
export const submarinesTogether = (s: Pick<GState, 'options'>) => on(s, 'submarines-together');
/** Option regroup-in-one-step (departs from REG.3, REG.4a-c). */
export const regroupInOneStep = (s: Pick<GState, 'options'>) => on(s, 'regroup-in-one-step');
