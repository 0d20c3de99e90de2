/**
 * The turn as steps (MOV, CMB, REG). The list is the same every turn, in the first player's order;
 * `state.at` indexes it. A step whose side has nothing to decide owes nobody and resolves at once.
 */
import type { StepInfo } from '../../engine/ruleset';
import type { UnitType } from './box';
import { other, type GSide, type GState } from './types';

export type StepKind =
  | { kind: 'move'; type: UnitType; n: number; name: string }
  | { kind: 'hid-load' }
  | { kind: 'hid-sea' }
  | { kind: 'hid-subs' }
  | { kind: 'watched' }
  | { kind: 'quick-drop' }
  | { kind: 'command' }
  | { kind: 'air-combat' }
  | { kind: 'fire-sea' }
  | { kind: 'sea-combat' }
  | { kind: 'unload' }
  | { kind: 'fire-land' }
  | { kind: 'land-combat' }
  | { kind: 'control' }
  | { kind: 'landing' }
  | { kind: 'regroup' }
  | { kind: 'score' };

export interface StepDef {
  readonly slug: string;
  readonly kind: StepKind;
  /** 'first' / 'second': that side alone (sequential); 'both': simultaneous; 'none': automatic */
  readonly who: 'first' | 'second' | 'both' | 'none';
  readonly rule: string;
  readonly title: string;
  /** the word a player may write after FOR (`FOR FIGHTERS`) */
  readonly section?: string;
}

const MOVES: readonly [UnitType, string, string][] = [
  ['TR', 'transports', 'load and move transports'],
  ['BB', 'battleships', 'move battleships'],
  ['CV', 'carriers', 'move aircraft carriers'],
  ['CA', 'cruisers', 'move cruisers'],
  ['DD', 'destroyers', 'load and move destroyers'],
  ['SS', 'submarines', 'move and attack with submarines'],
  ['BMR', 'bombers', 'move bombers'],
  ['FTR', 'fighters', 'move fighters'],
];

const pair = (slug: string, kind: StepKind, rule: string, title: string, section: string): StepDef[] => [
  { slug: `${slug}/first`, kind, who: 'first', rule, title, section },
  { slug: `${slug}/second`, kind, who: 'second', rule, title, section },
];

/**
 * The end of Movement, both forms: the unit type Coast Watchers held back moves after all others
 * (ADV.coast-watchers), then Quick Drop (ADV.quick-drop). Nobody is asked without such a token.
 */
const MOVEMENT_END: readonly StepDef[] = [
  ...pair('mov/9-watched', { kind: 'watched' }, 'ADV.coast-watchers', 'move the unit type held back', 'WATCHED'),
  ...pair('mov/10-quick-drop', { kind: 'quick-drop' }, 'ADV.quick-drop', 'quick drop: unload from one sea zone', 'QUICK-DROP'),
];

const MOVEMENT: readonly StepDef[] = [
  ...MOVES.flatMap(([type, name, title], i) =>
    pair(`mov/${i + 1}-${name}`, { kind: 'move', type, n: i + 1, name }, `MOV.${i + 1}`, title, name.toUpperCase()),
  ),
  ...MOVEMENT_END,
];

/** Hidden movement (App. 1) replaces the Movement steps: loading, sealed sea moves revealed together, then the rest. */
const HIDDEN_MOVEMENT: readonly StepDef[] = [
  ...pair('hid/1-load', { kind: 'hid-load' }, 'HID.1', 'load transports and destroyers', 'LOADING'),
  { slug: 'hid/2-sea', kind: { kind: 'hid-sea' }, who: 'both', rule: 'HID.2', title: 'hidden sea movement (sealed)', section: 'SEA' },
  ...pair('hid/3-subs', { kind: 'hid-subs' }, 'HID.3', 'attack with submarines', 'SUBMARINES'),
  ...pair('hid/4-bombers', { kind: 'move', type: 'BMR', n: 7, name: 'bombers' }, 'HID.4', 'move bombers', 'BOMBERS'),
  ...pair('hid/5-fighters', { kind: 'move', type: 'FTR', n: 8, name: 'fighters' }, 'HID.5', 'move fighters', 'FIGHTERS'),
  ...MOVEMENT_END,
];

const COMBAT_AND_REGROUP: readonly StepDef[] = [
  ...pair('cmb/0-command', { kind: 'command' }, 'ADV.command-decision', 'command decision: a zone and category fought twice', 'COMMAND'),
  { slug: 'cmb/1-air', kind: { kind: 'air-combat' }, who: 'none', rule: 'CMB.1', title: 'attack air units' },
  ...pair('cmb/2-fire', { kind: 'fire-sea' }, 'CMB.2', 'declare artillery fire into sea zones', 'ARTILLERY'),
  { slug: 'cmb/2-sea', kind: { kind: 'sea-combat' }, who: 'none', rule: 'CMB.2', title: 'attack sea units' },
  ...pair('cmb/3-unload', { kind: 'unload' }, 'CMB.3', 'unload transports and destroyers', 'UNLOAD'),
  ...pair('cmb/4-fire', { kind: 'fire-land' }, 'CMB.4', 'declare ship fire into islands and airfield attacks', 'BOMBARD'),
  { slug: 'cmb/4-land', kind: { kind: 'land-combat' }, who: 'none', rule: 'CMB.4', title: 'attack land units and airfields' },
  { slug: 'reg/1-control', kind: { kind: 'control' }, who: 'none', rule: 'REG.1', title: 'island control and capture' },
  { slug: 'reg/2-land', kind: { kind: 'landing' }, who: 'both', rule: 'REG.2', title: 'land air units', section: 'LANDING' },
  ...pair('reg/4-regroup', { kind: 'regroup' }, 'REG.4', 'build airfields, reinforce, repair and deploy', 'REGROUP'),
  { slug: 'reg/5-score', kind: { kind: 'score' }, who: 'none', rule: 'REG.5', title: 'score victory points, pass the first-player marker' },
];

export const TURN_STEPS: readonly StepDef[] = [...MOVEMENT, ...COMBAT_AND_REGROUP];
export const HIDDEN_TURN_STEPS: readonly StepDef[] = [...HIDDEN_MOVEMENT, ...COMBAT_AND_REGROUP];

/** The turn's steps under the game's options. */
export const stepsOf = (s: GState): readonly StepDef[] => (s.options['hidden-movement'] === true ? HIDDEN_TURN_STEPS : TURN_STEPS);

export function sideOf(def: StepDef, first: GSide): GSide | null {
  if (def.who === 'first') return first;
  if (def.who === 'second') return other(first);
  return null;
}

export function stepId(turn: number, def: StepDef, first: GSide): string {
  const side = sideOf(def, first);
  return `t${turn}/${def.slug.replace(/\/(first|second)$/, '')}${side ? `/${side}` : ''}`;
}

/** The nominal owers of a step (upcoming steps); `owes` trims them to the sides with a choice. */
export function stepInfo(s: GState, index: number, owes: (def: StepDef, side: GSide) => boolean): StepInfo {
  const def = stepsOf(s)[index];
  const side = sideOf(def, s.first);
  const nominal: GSide[] = def.who === 'both' ? ['axis', 'allies'] : side ? [side] : [];
  return {
    id: stepId(s.turn, def, s.first),
    turn: s.turn,
    title: `Turn ${s.turn}: ${side ? `${side} ` : ''}${def.title} (${def.rule})`,
    mode: def.who === 'both' ? 'simultaneous' : 'sequential',
    owes: nominal.filter((x) => owes(def, x)),
    rule: def.rule,
  };
}

export function defOf(step: StepInfo): StepDef {
  const slug = step.id.replace(/^t\d+\//, '').replace(/\/(axis|allies)$/, '');
  const def = [...TURN_STEPS, ...HIDDEN_TURN_STEPS].find((d) => d.slug.replace(/\/(first|second)$/, '') === slug);
  if (!def) throw new Error(`aa-guadalcanal: no step ${step.id}`);
  return def;
}

export function sideOfStep(step: StepInfo): GSide | null {
  const m = /\/(axis|allies)$/.exec(step.id);
  return m ? (m[1] as GSide) : null;
}
