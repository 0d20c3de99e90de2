/**
 * The Intelligence Segment (2A1, 6.5, 50.0 CP Missions Chart): for one Intelligence CP a side
 * names a hex and rolls a die on the Intelligence Table (rebuilt, box/forces.ts). A hex is searched
 * once a turn by a side (the chart's limit of one CP a hex a turn, as read for every mission). The
 * die and what it shows are the searcher's alone (the die names the hex, the result names units);
 * the other side learns only that the hex was searched (31.1 (4)). A successful mission takes off
 * the map the enemy TFs there with no ships (10.4).
 */
import type { Dice } from '../../../engine/ruleset';
import { other, type SolSide } from '../state';
import { groundAt } from './contacts';
import type { SolFold } from './naval';
import { hexOf } from './places';

export type IntelResult = 'nothing' | 'one-stack' | 'whole-hex';

/** What the searcher sees: TF contents and ground units, as text lines. */
export function seenIn(f: SolFold, side: SolSide, hex: string, result: IntelResult): string[] {
  const s = f.s;
  const enemy = other(side);
  const tfs = Object.values(s.forces[enemy].taskForces)
    .filter((t) => hexOf(s, t.at) === hex)
    .sort((a, b) => a.id - b.id)
    .map((t) => `${t.id === 0 ? 'TE' : `TF ${t.id}`}: ${t.ships.length ? t.ships.join(', ') : 'no ships'}`);
  const ground = groundAt(s, enemy, hex)
    .map((g) => `${g.size} ${g.id}`)
    .sort();
  const stacks = [...tfs, ...(ground.length ? [`ground: ${ground.join(', ')}`] : [])];
  if (result === 'nothing') return [];
  return result === 'one-stack' ? stacks.slice(0, 1) : stacks;
}

export function search(f: SolFold, dice: Dice, side: SolSide, hex: string): void {
  f.emit({ type: 'sol.searched', data: { side, hex } });
  const face = dice.d6(`intelligence mission on ${hex}`, '2A1', { visibleTo: [side] });
  const result = f.s.opsData.intelligence[face - 1] as IntelResult;
  f.emit({ type: 'sol.intel', data: { side, hex, face, result, seen: seenIn(f, side, hex, result) }, visibleTo: [side] });
  if (result === 'nothing') return;
  const enemy = other(side);
  for (const t of Object.values(f.s.forces[enemy].taskForces).sort((a, b) => a.id - b.id))
    if (t.ships.length === 0 && hexOf(f.s, t.at) === hex)
      f.emit({ type: 'sol.tf-removed', data: { side: enemy, tf: t.id, at: t.at, rule: '10.4' } });
}
