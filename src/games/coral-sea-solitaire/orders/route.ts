/**
 * A USN move order as the hexes it enters (14.4): a path as written; directions walked hex by
 * hex from where the TF stands; `TO <hex>` the shortest sea path there (no all-land hexside, 14.4),
 * ties to the hex of lower id, cut at the TF's allowance. Whether each step is allowed (blocked
 * hexsides, enemy TFs, the allowance) is the movement rules' to say.
 */
import { type HexDirection, type HexGrid, shortestPath } from '../../kit';
import type { CoralOrder, CoralState } from '../types';
import { boardFor } from './knowledge';

type Move = Extract<CoralOrder, { kind: 'move' }>;

/** The hexes `order` enters from `from`, at most `allowance` of them (the movement rules give it: 14.1-14.3). */
export function routeOf(s: CoralState, order: Move, from: string, allowance: number): string[] {
  const board = boardFor(s);
  if (order.to) {
    const found = shortestPath((h: string) => board.seaNeighbours(h), from, order.to);
    return (found?.path ?? [from]).slice(1, allowance + 1);
  }
  if (order.directions?.length) {
    const out: string[] = [];
    let at = from;
    for (const d of order.directions) {
      const next = stepFrom(board.grid, at, d);
      if (next === null) break;
      out.push(next);
      at = next;
    }
    return out;
  }
  return [...order.path];
}

/** The neighbour in a direction, or null past the printable grid (the map edge, 14.10). */
function stepFrom(grid: HexGrid, at: string, d: HexDirection): string | null {
  try {
    return grid.neighbour(at, d);
  } catch {
    return null;
  }
}
