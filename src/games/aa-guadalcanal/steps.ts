/**
 * The turn as steps (MOV, CMB, REG). The list is the same every turn, in the first player's order;
 * `state.at` indexes it. A step whose side has nothing to decide owes nobody and resolves at once.
 */
import type { StepInfo } from '../../engine/ruleset';
import type { Category, UnitType, ZoneId } from './box';
import { regroupInOneStep } from './options';
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
  | { kind: 'build' }
  | { kind: 'reinforce' }
  | { kind: 'repair' }
  | { kind: 'deploy' }
  | { kind: 'regroup' }
  | { kind: 'score' }
  /** CMB as written: the first player's choice of the next zone, a side's declarations in one zone (fight.ts) */
  | { kind: 'zone-order'; cat: 'sea' | 'land' }
  | { kind: 'zone-fire'; cat: 'sea' | 'land' };

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

const COMBAT: readonly StepDef[] = [
  ...pair('cmb/0-command', { kind: 'command' }, 'ADV.command-decision', 'command decision: a zone and category fought twice', 'COMMAND'),
  { slug: 'cmb/1-air', kind: { kind: 'air-combat' }, who: 'none', rule: 'CMB.1', title: 'attack air units' },
  // as written, owed only for an advantage used before CMB.2 (night fighting, PT boats); with the
  // option combat-declared-ahead, also each side's artillery fire for the whole step
  ...pair('cmb/2-fire', { kind: 'fire-sea' }, 'CMB.2', 'before the attack on sea units', 'ARTILLERY'),
  { slug: 'cmb/2-sea', kind: { kind: 'sea-combat' }, who: 'none', rule: 'CMB.2', title: 'attack sea units' },
  ...pair('cmb/3-unload', { kind: 'unload' }, 'CMB.3', 'unload transports and destroyers', 'UNLOAD'),
  ...pair('cmb/4-fire', { kind: 'fire-land' }, 'CMB.4', 'before the attack on land units and airfields', 'BOMBARD'),
  { slug: 'cmb/4-land', kind: { kind: 'land-combat' }, who: 'none', rule: 'CMB.4', title: 'attack land units and airfields' },
  { slug: 'reg/1-control', kind: { kind: 'control' }, who: 'none', rule: 'REG.1', title: 'island control and capture' },
  { slug: 'reg/2-land', kind: { kind: 'landing' }, who: 'both', rule: 'REG.2', title: 'land air units', section: 'LANDING' },
];

/** REG.3, REG.4a-c as the rulebook orders them: each starting with the first player. */
const REGROUP_AS_WRITTEN: readonly StepDef[] = [
  ...pair('reg/3-build', { kind: 'build' }, 'REG.3', 'build airfields', 'BUILD'),
  ...pair('reg/4a-reinforce', { kind: 'reinforce' }, 'REG.4a', 'buy reinforcements (and load them at your base)', 'REINFORCE'),
  ...pair('reg/4b-repair', { kind: 'repair' }, 'REG.4b', 'repair sea units and airfields', 'REPAIR'),
  ...pair('reg/4c-deploy', { kind: 'deploy' }, 'REG.4c', 'deploy sea units from your base', 'DEPLOY'),
];

/** The option regroup-in-one-step: REG.3 and REG.4a-c in one step per side, in the order written. */
const REGROUP_ONE_STEP: readonly StepDef[] = pair(
  'reg/4-regroup',
  { kind: 'regroup' },
  'REG.4',
  'build airfields, reinforce, repair and deploy',
  'REGROUP',
);

const SCORE: StepDef = {
  slug: 'reg/5-score',
  kind: { kind: 'score' },
  who: 'none',
  rule: 'REG.5',
  title: 'score victory points, pass the first-player marker',
};

const turn = (movement: readonly StepDef[], regroup: readonly StepDef[]): readonly StepDef[] => [...movement, ...COMBAT, ...regroup, SCORE];
export const TURN_STEPS: readonly StepDef[] = turn(MOVEMENT, REGROUP_AS_WRITTEN);
export const HIDDEN_TURN_STEPS: readonly StepDef[] = turn(HIDDEN_MOVEMENT, REGROUP_AS_WRITTEN);
const ONE_STEP_TURN = turn(MOVEMENT, REGROUP_ONE_STEP);
const HIDDEN_ONE_STEP_TURN = turn(HIDDEN_MOVEMENT, REGROUP_ONE_STEP);

/**
 * The decisions of a combat step fought zone by zone (fight.ts): not steps of the turn's list (the
 * step in play stays the combat step while they last) but steps players answer, with ids of their
 * own: `t3/cmb/2-sea/order-2/axis` (the first player's choice of the second zone), `t3/cmb/2-sea/J/allies`
 * (the Allies' declarations in J), `t3/cmb/4-land/Guadalcanal/axis`.
 */
export const FIGHT_DEFS: Readonly<Record<'sea' | 'land', { readonly order: StepDef; readonly zone: StepDef; readonly slug: string }>> = {
  sea: {
    slug: 'cmb/2-sea',
    order: {
      slug: 'cmb/2-sea/order',
      kind: { kind: 'zone-order', cat: 'sea' },
      who: 'first',
      rule: 'CMB.2',
      title: 'choose the next sea zone to resolve',
      section: 'ZONES',
    },
    zone: {
      slug: 'cmb/2-sea/zone',
      kind: { kind: 'zone-fire', cat: 'sea' },
      who: 'first',
      rule: 'CMB.2',
      title: 'declare artillery fire into the sea zone',
    },
  },
  land: {
    slug: 'cmb/4-land',
    order: {
      slug: 'cmb/4-land/order',
      kind: { kind: 'zone-order', cat: 'land' },
      who: 'first',
      rule: 'CMB.4',
      title: 'choose the next island to resolve',
      section: 'ZONES',
    },
    zone: {
      slug: 'cmb/4-land/zone',
      kind: { kind: 'zone-fire', cat: 'land' },
      who: 'first',
      rule: 'CMB.4',
      title: 'declare ship fire and airfield attacks on the island',
    },
  },
};

/** Every step definition, of every form of the turn and the combat decisions: the step table's rows. */
export const ALL_DEFS: readonly StepDef[] = [
  ...new Map(
    [
      ...TURN_STEPS,
      ...HIDDEN_TURN_STEPS,
      ...ONE_STEP_TURN,
      ...HIDDEN_ONE_STEP_TURN,
      ...Object.values(FIGHT_DEFS).flatMap((f) => [f.order, f.zone]),
    ].map((d) => [d.slug, d]),
  ).values(),
];

/** The turn's steps under the game's options. */
export function stepsOf(s: GState): readonly StepDef[] {
  const hidden = s.options['hidden-movement'] === true;
  if (regroupInOneStep(s)) return hidden ? HIDDEN_ONE_STEP_TURN : ONE_STEP_TURN;
  return hidden ? HIDDEN_TURN_STEPS : TURN_STEPS;
}

/** The combat category a combat step fights (CMB.1, CMB.2, CMB.4), or null. */
export function fightCat(def: StepDef): Category | null {
  const k = def.kind.kind;
  return k === 'air-combat' ? 'air' : k === 'sea-combat' ? 'sea' : k === 'land-combat' ? 'land' : null;
}

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

/** The step id of a combat decision (FIGHT_DEFS): the choice of the k-th zone, or a side's declarations in a zone. */
export function fightStepId(turn: number, cat: 'sea' | 'land', what: { order: number } | { zone: ZoneId }, side: GSide): string {
  return `t${turn}/${FIGHT_DEFS[cat].slug}/${'order' in what ? `order-${what.order}` : what.zone}/${side}`;
}

/** The step id of a later submarine decision of the same step (MOV.6 one at a time): `t3/mov/6-submarines/2/axis`. */
export function torpedoStepId(first: string, round: number): string {
  return round <= 1 ? first : first.replace(/\/(axis|allies)$/, `/${round}/$1`);
}

/** The slug a step id names (its turn and side taken off), with a combat decision's or a later submarine decision's part read. */
function slugOf(id: string): string {
  const slug = id.replace(/^t\d+\//, '').replace(/\/(axis|allies)$/, '');
  const fight = /^(cmb\/2-sea|cmb\/4-land)\/(.+)$/.exec(slug);
  if (fight) return `${fight[1]}/${/^order-\d+$/.test(fight[2]) ? 'order' : 'zone'}`;
  return slug.replace(/^(mov\/6-submarines|hid\/3-subs|mov\/9-watched)\/\d+$/, '$1');
}

export function defOf(step: StepInfo): StepDef {
  const slug = slugOf(step.id);
  const def = ALL_DEFS.find((d) => d.slug.replace(/\/(first|second)$/, '') === slug);
  if (!def) throw new Error(`aa-guadalcanal: no step ${step.id}`);
  return def;
}

/** The zone a combat decision's step id names (`t3/cmb/2-sea/J/allies` -> J), else null. */
export function zoneOfStep(step: StepInfo): ZoneId | null {
  const m = /^t\d+\/cmb\/(?:2-sea|4-land)\/([^/]+)\/(?:axis|allies)$/.exec(step.id);
  return m && !/^order-\d+$/.test(m[1]) ? (m[1] as ZoneId) : null;
}

export function sideOfStep(step: StepInfo): GSide | null {
  const m = /\/(axis|allies)$/.exec(step.id);
  return m ? (m[1] as GSide) : null;
}
