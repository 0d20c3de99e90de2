/**
 * The Airbase Construction Segment (3F, 33.2-33.3): each engineer named spends a supply point in
 * its hex and rolls a die, all declared before the first roll; a US engineer builds on 1-4, a
 * Japanese one on 1-2. The first success builds a new airbase (the smallest marker, 3) or raises
 * the side's one there a marker step (2.21: 3, 6, 12, 24); the dice after it are not rolled but
 * their supply is spent (one step a turn). Engineers short of supply at the time do not try.
 */
import type { Dice } from '../../../engine/ruleset';
import type { SolSide } from '../state';
import { landHex, type LogOrder } from './log-orders';
import type { SolFold } from './naval';

export function constructionSegment(f: SolFold, dice: Dice, side: SolSide, orders: readonly LogOrder[]): void {
  for (const o of orders) {
    if (o.kind !== 'build') continue;
    const hex = landHex(f.s, o.hex)!;
    const engineers = o.engineers.slice(0, f.s.forces[side].supply[hex] ?? 0);
    if (engineers.length < o.engineers.length)
      f.emit({
        type: 'sol.log-note',
        data: { side, text: `BUILD ${o.hex}: supply for ${engineers.length} engineers only`, rule: '33.2' },
        visibleTo: [side],
      });
    if (!engineers.length) continue;
    const best = side === 'us' ? 4 : 2;
    const faces: number[] = [];
    for (const id of engineers) {
      const face = dice.d6(`airbase construction by ${id} at ${hex}`, '33.2', { visibleTo: [side] });
      faces.push(face);
      if (face <= best) break;
    }
    const built = faces[faces.length - 1] <= best;
    const values = f.s.logData.markerValues;
    const field = f.s.airfields.find((a) => a.hex === hex);
    const value = !built ? null : field ? (values.find((v) => v > field.value) ?? field.value) : values[0];
    f.emit({ type: 'sol.airbase-built', data: { side, at: hex, engineers, faces, value }, visibleTo: [side] });
  }
}
