/**
 * Advantage tokens (App. 1, ADV.<name>): one game option per advantage (`adv-banzai-charge` ...).
 * A token is spent with `USE <ADVANTAGE> [AT <zone>] [AIR|SEA|LAND]` in the step that is its window.
 * All nine advantages are implemented.
 */
import type { GameOptions, OptionSpec } from '../../engine/ruleset';
import { ADVANTAGES, boxData, ZONE_IDS, type Advantage, type UnitType, type ZoneId } from './box';
import type { Play } from './play';
import type { StepKind } from './steps';
import type { GState, Order, Piece } from './types';
import { isIsland } from './world';

const MOVE_WINDOWS = ['TR', 'BB', 'CV', 'CA', 'DD', 'SS', 'BMR', 'FTR'].map((t) => `move-${t}`);

/** The windows (step kinds, a movement step as `move-<type>`) in which each advantage is used. */
export const WINDOW: Partial<Record<Advantage, readonly string[]>> = {
  'banzai-charge': ['fire-land'],
  'night-fighting': ['fire-sea'],
  'good-logistics': ['regroup', 'reinforce'],
  'amphibious-assault': ['fire-land'],
  'superior-fighters': ['move-FTR'],
  // with hidden movement, in HID.1 (before every sea unit moves in HID.2), naming the type
  'coast-watchers': [...MOVE_WINDOWS, 'hid-load'],
  'quick-drop': ['quick-drop'],
  'command-decision': ['command'],
  'pt-boats': ['fire-sea'],
};

/** The zone an advantage is aimed at: none, an island, a sea zone, or any zone. */
const TARGET: Record<Advantage, 'island' | 'sea zone' | 'zone' | null> = {
  'banzai-charge': 'island',
  'night-fighting': 'sea zone',
  'good-logistics': null,
  'amphibious-assault': 'island',
  'superior-fighters': null,
  'coast-watchers': null,
  'quick-drop': 'sea zone',
  'command-decision': 'zone',
  'pt-boats': 'sea zone',
};

export const windowOf = (k: StepKind): string => (k.kind === 'move' ? `move-${k.type}` : k.kind);

/** The zones an advantage may be aimed at (null: none is named). */
export function targetZones(s: GState, a: Advantage): ZoneId[] | null {
  const t = TARGET[a];
  if (!t) return null;
  return ZONE_IDS.filter((z) => t === 'zone' || (t === 'island' ? isIsland(s, z) : s.box.zones[z].kind === 'sea'));
}

export const advantageOptions: OptionSpec[] = ADVANTAGES.map((a) => ({
  id: `adv-${a}`,
  title: `Advantage: ${a.replace(/-/g, ' ')} (App. 1)`,
  rule: `ADV.${a}`,
  default: false,
}));

/** Options across options: each side as many tokens as the other (App. 1). */
export function advantageProblems(options: GameOptions): string[] {
  const on = ADVANTAGES.filter((a) => options[`adv-${a}`] === true);
  const problems: string[] = [];
  const box = boxData();
  const count = (side: 'axis' | 'allies') => on.reduce((n, a) => n + box.advantages[a][side], 0);
  if (count('axis') !== count('allies'))
    problems.push(
      `advantages: each player should get the same number of tokens (App. 1); these give the Axis ${count('axis')} and the Allies ${count('allies')}`,
    );
  return problems;
}

/** The advantages `side` holds a token of whose window is `window` (see windowOf). */
export const usable = (s: GState, side: 'axis' | 'allies', window: string) =>
  (Object.keys(s.tokens[side]) as Advantage[]).filter((a) => (s.tokens[side][a] ?? 0) > 0 && (WINDOW[a] ?? []).includes(window));

/** USE <advantage> in its window: a token left, the zone of the right kind; `held` is the step's unit type (Coast Watchers). */
export function useAdvantage(p: Play, o: Extract<Order, { kind: 'use' }>, window: string, held?: UnitType): boolean {
  const rule = `ADV.${o.advantage}`;
  const left = p.s.tokens[p.side][o.advantage] ?? 0;
  if (left < 1) return p.fail(o, `you have no ${o.advantage} token left`, rule);
  if (!(WINDOW[o.advantage] ?? []).includes(window)) return p.fail(o, `${o.advantage} is not used in this step`, rule);
  const zoneNeeded = TARGET[o.advantage];
  const zones = targetZones(p.s, o.advantage);
  const form = `USE ${o.advantage.toUpperCase()}${zoneNeeded ? ` AT <${zoneNeeded}>` : ''}${o.advantage === 'command-decision' ? ' AIR|SEA|LAND' : ''}`;
  if (zones && (!o.at || !zones.includes(o.at))) return p.fail(o, `${o.advantage} needs a ${zoneNeeded}: ${form}`, rule);
  if (o.advantage === 'command-decision' && !commandFits(p.s, o))
    return p.fail(o, `Command Decision ${o.category ?? ''} needs ${o.category === 'land' ? 'an island' : 'a sea zone'}`, rule, form);
  if (p.s.active.some((a) => a.side === p.side && a.advantage === o.advantage && a.at === (o.at ?? null)))
    return p.fail(o, `${o.advantage} is in force ${o.at ? 'there ' : ''}already this turn`, rule);
  if (o.advantage === 'pt-boats' && !p.s.pieces.some((x) => x.side === p.side && x.zone === o.at))
    return p.fail(o, `a PT boat goes into a sea zone where you have at least one unit; you have none in ${o.at}`, rule);
  if (o.advantage === 'coast-watchers' && p.s.active.some((a) => a.advantage === 'coast-watchers'))
    return p.fail(o, 'Coast Watchers holds one unit type back per turn, and one is held back already', rule);
  if (o.advantage === 'coast-watchers' && held && o.type && o.type !== held)
    return p.fail(o, `this step moves ${held}: Coast Watchers holds back the type of the step it is used in`, rule, 'USE COAST-WATCHERS');
  if (o.advantage === 'coast-watchers' && !held && !o.type)
    return p.fail(o, 'name the unit type to hold back', rule, 'USE COAST-WATCHERS <type>: TR, BB, CV, CA, DD, SS, BMR or FTR');
  const heldType = held ?? o.type;
  p.emit({
    type: 'gc.advantage',
    data: {
      side: p.side,
      advantage: o.advantage,
      at: zoneNeeded ? (o.at as ZoneId) : null,
      left: left - 1,
      ...(o.advantage === 'coast-watchers' && heldType ? { type: heldType } : {}),
      ...(o.category ? { category: o.category } : {}),
    },
  });
  // ADV.pt-boats: the token becomes a sea unit (1 sea attack, moves with the destroyers) until hit
  if (o.advantage === 'pt-boats') {
    const pt: Piece = {
      id: `PT${p.s.nextNumber}`,
      side: p.side,
      type: 'PT',
      zone: o.at as ZoneId,
      on: null,
      armorUsed: false,
      fired: null,
      vsAirfield: false,
    };
    p.emit({ type: 'gc.placed', data: { side: p.side, pieces: [pt], why: 'PT boat placed (ADV.pt-boats)' } });
  }
  return true;
}

/** Command Decision: air units fight in any zone, sea units in sea zones, land units on islands. */
function commandFits(s: GState, o: Extract<Order, { kind: 'use' }>): boolean {
  if (!o.at || !o.category) return false;
  if (o.category === 'land') return isIsland(s, o.at);
  if (o.category === 'sea') return s.box.zones[o.at].kind === 'sea';
  return true;
}

export const inForce = (s: GState, side: 'axis' | 'allies', advantage: Advantage, at: ZoneId | null = null) =>
  s.active.some((a) => a.side === side && a.advantage === advantage && (at === null || a.at === at));
