/**
 * Amphibious assault (43.0, optional): a TF's transports unload combat units at the end of its
 * move in the same Naval Movement Sub-Segment (43.1, 43.2 (2)), written as MOVE and UNLOAD for the
 * TF in one phase. It spends an Operations CP, and a Combined CP too when Army units come off the
 * Navy's ships (43.2 (1); every ship is the Navy's, 7.0). Combat units only, never supply, and only
 * from transports (43.2 (3)): ground units aboard are not assigned to ships (19.2 counts the TF),
 * so we read "embarked on a TR" as the TF's TR capacity covering every battalion aboard. Where
 * the TF's move ends (at its goal, or stopped on contact, 12.7) it assaults if that is an island hex;
 * elsewhere nothing is unloaded and the CP are kept.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { SolSide, SolState } from '../state';
import { battalionsOf } from './echelons';
import type { SolFold } from './naval';
import { aboardOf } from './ops-events';
import { hexOf, islandOf } from './places';
import { unload } from './transport';

export type AssaultEvent = RulesEvent<'sol.assault-cp', { side: SolSide; tf: number; combined: boolean; rule: string }>;
export const isAssaultEvent = (e: RulesEvent): e is AssaultEvent => e.type === 'sol.assault-cp';

export function evolveAssault(s: SolState, e: AssaultEvent): SolState {
  const cp = s.cp[e.data.side];
  if (!cp) return s;
  return { ...s, cp: { ...s.cp, [e.data.side]: { ...cp, ops: cp.ops - 1, combined: cp.combined - (e.data.combined ? 1 : 0) } } };
}

const armyAboard = (s: SolState, side: SolSide, tf: number) =>
  s.forces[side].ground.some((g) => g.at === aboardOf(tf) && g.service === 'army');

/** 43.2: why the TF cannot assault this phase (null: it can), read when the order is checked. */
export function assaultProblem(s: SolState, side: SolSide, tf: number): { problem: string; rule: string } | null {
  if (!s.options.amphibiousAssault)
    return {
      problem: `TF ${tf} has one order a phase (unloading after a move is amphibious assault, optional rule 43, not chosen)`,
      rule: '19.3',
    };
  const f = s.forces[side];
  const task = f.taskForces[tf];
  const aboard = f.ground.filter((g) => g.at === aboardOf(tf));
  if (!aboard.length) return { problem: `TF ${tf} has no combat unit aboard to land: supply is never landed by assault`, rule: '43.2 (3)' };
  const tr = task.ships.filter((id) => f.ships[id].type === 'TR').length * s.opsData.transport.TR;
  const bn = aboard.reduce((t, g) => t + battalionsOf(s, g), 0);
  if (bn > tr)
    return { problem: `TF ${tf}'s transports (TR) carry ${tr} battalions, ${bn} are aboard: only units on TR assault`, rule: '43.2 (3)' };
  const cp = s.cp[side];
  if (!cp || cp.ops < 1) return { problem: 'an amphibious assault spends an Operations CP: you have none left', rule: '43.2 (1)' };
  if (armyAboard(s, side, tf) && cp.combined < 1)
    return { problem: 'Army units landing from Navy ships need a Combined CP too: you have none left', rule: '43.2 (1)' };
  return null;
}

/** 43.2 (2): at the end of the TF's move, its combat units go ashore where it is, if that is an island or an own base. */
export function assault(f: SolFold, side: SolSide, tf: number, note: (text: string, rule: string) => void): void {
  const task = f.s.forces[side].taskForces[tf];
  if (!task) return;
  const hex = hexOf(f.s, task.at);
  const ashore = f.s.bases[task.at]?.side === side || (hex !== null && islandOf(f.s, hex) !== null);
  if (!ashore || !f.s.forces[side].ground.some((g) => g.at === aboardOf(tf)))
    return note(`TF ${tf} ends its move at ${task.at}, where no one can land: no assault, no CP spent`, '43.2 (2)');
  f.emit({ type: 'sol.assault-cp', data: { side, tf, combined: armyAboard(f.s, side, tf), rule: '43.2 (1)' }, visibleTo: [side] });
  unload(f, side, tf, note, 'units');
}

export const narrateAssault = (e: AssaultEvent): string[] => [
  `${e.data.side === 'us' ? 'US' : 'Japanese'} TF ${e.data.tf} spends an Operations CP${e.data.combined ? ' and a Combined CP' : ''} on an amphibious assault (43.2 (1)).`,
];
