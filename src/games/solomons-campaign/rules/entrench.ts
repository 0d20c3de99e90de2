/**
 * The Entrenchment Segment (3E, 37.1-37.4): for a supply point in the hex, every own ground unit
 * there goes under the side's one entrenchment marker of the hex (placed, or joined). A hex whose
 * supply was spent earlier in the phase is skipped with a note.
 */
import type { SolSide } from '../state';
import { landHex, type LogOrder } from './log-orders';
import type { SolFold } from './naval';

export function entrenchSegment(f: SolFold, side: SolSide, orders: readonly LogOrder[]): void {
  for (const o of orders) {
    if (o.kind !== 'entrench') continue;
    const hex = landHex(f.s, o.hex)!;
    const fs = f.s.forces[side];
    const units = fs.ground.filter((g) => g.at === hex).map((g) => g.id);
    if (!(fs.supply[hex] > 0) || !units.length) {
      f.emit({
        type: 'sol.log-note',
        data: { side, text: `ENTRENCH ${o.hex}: no supply or no unit left there`, rule: '37.1' },
        visibleTo: [side],
      });
      continue;
    }
    const under = [...new Set([...(f.s.entrenched[side][hex] ?? []), ...units])].sort();
    f.emit({ type: 'sol.entrenched', data: { side, at: hex, units: under, supply: 1 }, visibleTo: [side] });
  }
}
