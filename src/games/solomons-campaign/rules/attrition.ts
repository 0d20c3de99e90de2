/**
 * The Supply Attrition Segment (3B, 29.4-29.6, 50.0 Logistics Chart). In each land hex with own
 * ground units (not a major base, 8.4, 29.8; not aboard ship, 29.6), a supply point there keeps up
 * to 9 battalion equivalents from attrition; the side spends as many as the hex needs and has.
 * Supply covers loose battalions first (brief §5 default: they are the ones that can die), then
 * larger units, whole units only. Each battalion left uncovered rolls a die: 1-2 eliminated; an
 * uncovered regiment or brigade breaks into battalions, a division into regiments, and those
 * pieces do not roll (29.5). A unit eliminated this way counts for the enemy's VP (5.1, A28).
 */
import type { Dice } from '../../../engine/ruleset';
import type { SolSide } from '../state';
import { battalionsOf, breakDownOnce, smallFirst } from './echelons';
import type { SolFold } from './naval';

export function attritionSegment(f: SolFold, dice: Dice, side: SolSide): void {
  const per = f.s.logData.logistics.battalionsPerAttrition;
  const places = [...new Set(f.s.forces[side].ground.map((g) => g.at))].filter((at) => !(at in f.s.bases) && !at.startsWith('TF ')).sort();
  for (const at of places) {
    const fs = f.s.forces[side];
    const units = fs.ground.filter((g) => g.at === at).sort(smallFirst(f.s));
    const battalions = units.reduce((t, g) => t + battalionsOf(f.s, g), 0);
    const supply = Math.min(fs.supply[at] ?? 0, Math.ceil(battalions / per));
    let room = supply * per;
    const rolls: { unit: string; face: number; eliminated: boolean }[] = [];
    const broken: { unit: string; into: ReturnType<typeof breakDownOnce> }[] = [];
    for (const g of units) {
      const n = battalionsOf(f.s, g);
      if (n <= room) {
        room -= n;
        continue;
      }
      if (g.size === 'battalion') {
        const face = dice.d6(`supply attrition of ${g.id} at ${at}`, '29.5', { visibleTo: [side] });
        rolls.push({ unit: g.id, face, eliminated: face <= 2 });
      } else broken.push({ unit: g.id, into: breakDownOnce(f.s, { id: g.id, service: g.service, type: g.type, size: g.size }) });
    }
    if (supply || rolls.length || broken.length)
      f.emit({ type: 'sol.attrition', data: { side, at, battalions, supply, rolls, broken }, visibleTo: [side] });
  }
}
