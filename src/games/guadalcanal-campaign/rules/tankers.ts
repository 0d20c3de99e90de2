/**
 * 10.2F, Coral Sea: a US tanker at sea refuels each US TF in its square whose endurance is under 20
 * to 25, twice in the game (Tippecanoe once: she refuelled TF #5 before play). Read: at the end of
 * each turn, TFs by number, each from the first tanker (by name) with a refuelling left; the
 * Americans' own to see.
 */
import type { AdjudicationContext } from '../../../engine/ruleset';
import { valuesOf } from '../keyed';
import type { GcEvent } from './events';
import type { GcState } from '../state';

export function refuel(start: GcState, odds: { below: number; to: number }, ctx: AdjudicationContext): void {
  const left = { ...(start.refuels ?? {}) };
  const tfs = valuesOf(start.taskForces)
    .filter((t) => t.side === 'american' && t.endurance < odds.below)
    .sort((a, b) => a.id - b.id);
  for (const tf of tfs) {
    const tanker = Object.keys(left)
      .sort()
      .map((n) => start.ships[n])
      .find((x) => x && !x.sunk && x.tf !== null && left[x.name] > 0 && sameSquare(start, x.tf, tf.col, tf.row));
    if (!tanker) continue;
    left[tanker.name] -= 1;
    const e: GcEvent = {
      type: 'gcc.refuelled',
      data: { tf: tf.id, tanker: tanker.name, endurance: odds.to, left: left[tanker.name] },
      visibleTo: ['american'],
    };
    ctx.emit(e);
  }
}

const sameSquare = (s: GcState, tf: number, col: number, row: number) => s.taskForces[tf]?.col === col && s.taskForces[tf]?.row === row;
