/**
 * The computer Japanese's way by sea (5.2, 11.0): the movement points from every sea square of its
 * view's map to the nearest square of a goal, by Dijkstra over the eight directions at 5.2B-C's
 * costs (2 a square north, south, east or west, 3 diagonally), never through land. A TF follows it
 * step by step, so it rounds the coasts (New Britain's, New Guinea's) that a straight course runs
 * into: the Coral Sea invasion force from Rabaul to Port Moresby (10.2B). Read from the Japanese
 * view alone (12.0).
 */
import type { Square } from '../box/range';
import { DIRS, type Dir } from '../orders';
import type { GcView } from '../view';

type Known = GcView['known'];

const SIZE = 40;
const key = (col: number, row: number) => (row - 1) * SIZE + (col - 1);
export const isLandOf = (k: Known, c: number, r: number) => c < 1 || c > SIZE || r < 1 || r > SIZE || k.rows[r - 1][c - 1] === '#';
export const stepCostOf = (d: Dir) => (d.length === 1 ? 2 : 3);

/** Movement points to the nearest goal square from every square (Infinity where the sea does not lead). */
export function pointsTo(k: Known, goals: readonly Square[]): Float64Array {
  const dist = new Float64Array(SIZE * SIZE).fill(Number.POSITIVE_INFINITY);
  // a bucket queue: costs are small whole numbers
  const buckets: number[][] = [];
  for (const g of goals) {
    if (isLandOf(k, g.col, g.row)) continue;
    dist[key(g.col, g.row)] = 0;
    (buckets[0] ??= []).push(key(g.col, g.row));
  }
  for (let cost = 0; cost < buckets.length; cost++)
    for (const at of buckets[cost] ?? []) {
      if (dist[at] < cost) continue;
      const col = (at % SIZE) + 1;
      const row = Math.floor(at / SIZE) + 1;
      for (const d of Object.keys(DIRS) as Dir[]) {
        const c = col + DIRS[d][0];
        const r = row + DIRS[d][1];
        if (isLandOf(k, c, r)) continue;
        const next = cost + stepCostOf(d);
        if (next < dist[key(c, r)]) {
          dist[key(c, r)] = next;
          (buckets[next] ??= []).push(key(c, r));
        }
      }
    }
  return dist;
}

export const pointsAt = (dist: Float64Array, sq: Square) => dist[key(sq.col, sq.row)] ?? Number.POSITIVE_INFINITY;

/** The sea squares of the map where `miss` is least (the goal ring a TF makes for). */
export function bestSquares(k: Known, miss: (sq: Square) => number): Square[] {
  let best = Number.POSITIVE_INFINITY;
  let out: Square[] = [];
  for (let row = 1; row <= SIZE; row++)
    for (let col = 1; col <= SIZE; col++) {
      if (isLandOf(k, col, row)) continue;
      const m = miss({ col, row });
      if (m < best) [best, out] = [m, [{ col, row }]];
      else if (m === best) out.push({ col, row });
    }
  return out;
}
