/**
 * Advantage tokens (App. 1, ADV.<name>): one game option per advantage (`adv-banzai-charge` ...).
 * A token is spent with `USE <ADVANTAGE> [AT <zone>]` in the step that is its window. Implemented:
 * Banzai Charge, Night Fighting, Good Logistics, Amphibious Assault; the others are refused at game creation, loudly.
 */
import type { GameOptions, OptionSpec } from '../../engine/ruleset';
import { ADVANTAGES, boxData, type Advantage, type ZoneId } from './box';
import type { Play } from './play';
import type { GState, Order } from './types';
import { isIsland } from './world';

export const IMPLEMENTED: readonly Advantage[] = ['banzai-charge', 'night-fighting', 'good-logistics', 'amphibious-assault'];

/** The step kind in which each advantage is used (its window). */
export const WINDOW: Partial<Record<Advantage, string>> = {
  'banzai-charge': 'fire-land',
  'night-fighting': 'fire-sea',
  'good-logistics': 'regroup',
  'amphibious-assault': 'fire-land',
};

export const advantageOptions: OptionSpec[] = ADVANTAGES.map((a) => ({
  id: `adv-${a}`,
  title: `Advantage: ${a.replace(/-/g, ' ')} (App. 1)`,
  rule: `ADV.${a}`,
  default: false,
}));

/** Options across options: implemented advantages only; each side as many tokens as the other (App. 1). */
export function advantageProblems(options: GameOptions): string[] {
  const on = ADVANTAGES.filter((a) => options[`adv-${a}`] === true);
  const problems = on
    .filter((a) => !IMPLEMENTED.includes(a))
    .map((a) => `option adv-${a}: rule ADV.${a} is not implemented yet in aa-guadalcanal; the game cannot be played with it`);
  const box = boxData();
  const count = (side: 'axis' | 'allies') => on.reduce((n, a) => n + box.advantages[a][side], 0);
  if (count('axis') !== count('allies'))
    problems.push(
      `advantages: each player should get the same number of tokens (App. 1); these give the Axis ${count('axis')} and the Allies ${count('allies')}`,
    );
  return problems;
}

export const usable = (s: GState, side: 'axis' | 'allies', kind: string) =>
  (Object.keys(s.tokens[side]) as Advantage[]).filter((a) => (s.tokens[side][a] ?? 0) > 0 && WINDOW[a] === kind);

/** USE <advantage> in its window: a token left, the zone of the right kind. */
export function useAdvantage(p: Play, o: Extract<Order, { kind: 'use' }>, kind: string): boolean {
  const rule = `ADV.${o.advantage}`;
  const left = p.s.tokens[p.side][o.advantage] ?? 0;
  if (left < 1) return p.fail(o, `you have no ${o.advantage} token left`, rule);
  if (WINDOW[o.advantage] !== kind) return p.fail(o, `${o.advantage} is not used in this step`, rule);
  const zoneNeeded = o.advantage === 'good-logistics' ? null : o.advantage === 'night-fighting' ? 'sea zone' : 'island';
  if (zoneNeeded && (!o.at || (zoneNeeded === 'island' ? !isIsland(p.s, o.at) : p.s.box.zones[o.at].kind !== 'sea')))
    return p.fail(o, `${o.advantage} needs a ${zoneNeeded}: USE ${o.advantage.toUpperCase().replace(/-/g, ' ')} AT <${zoneNeeded}>`, rule);
  if (p.s.active.some((a) => a.side === p.side && a.advantage === o.advantage && a.at === o.at))
    return p.fail(o, `${o.advantage} is in force there already this turn`, rule);
  p.emit({
    type: 'gc.advantage',
    data: { side: p.side, advantage: o.advantage, at: zoneNeeded ? (o.at as ZoneId) : null, left: left - 1 },
  });
  return true;
}

export const inForce = (s: GState, side: 'axis' | 'allies', advantage: Advantage, at: ZoneId | null = null) =>
  s.active.some((a) => a.side === side && a.advantage === advantage && (at === null || a.at === at));
