/**
 * Moves on the board as a graph (MOV): air units count zones crossed over every border, sea units
 * cross only between sea zones (board and base-card sea zones). Breadth-first search on a graph of
 * 23 zones: small enough that a library would add nothing.
 */
import type { GuadalcanalBoxData, ZoneId } from './schema';

export type Zones = GuadalcanalBoxData['zones'];

const isSea = (zones: Zones, id: ZoneId) => zones[id].kind === 'sea' || zones[id].kind === 'base-sea';

export function neighbours(zones: Zones, id: ZoneId, by: 'air' | 'sea' = 'air'): ZoneId[] {
  const out = zones[id].adjacent;
  return by === 'air' ? [...out] : out.filter((n) => isSea(zones, n) && isSea(zones, id));
}

export function adjacent(zones: Zones, a: ZoneId, b: ZoneId): boolean {
  return zones[a].adjacent.includes(b);
}

/** Fewest moves from `from` to every zone it can reach (air: any border; sea: sea zones only). */
export function distances(zones: Zones, from: ZoneId, by: 'air' | 'sea' = 'air'): Map<ZoneId, number> {
  const dist = new Map<ZoneId, number>([[from, 0]]);
  const queue: ZoneId[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i];
    for (const n of neighbours(zones, at, by)) {
      if (!dist.has(n)) {
        dist.set(n, dist.get(at)! + 1);
        queue.push(n);
      }
    }
  }
  return dist;
}

/** Moves from a to b, or Infinity when b cannot be reached. */
export function distance(zones: Zones, a: ZoneId, b: ZoneId, by: 'air' | 'sea' = 'air'): number {
  return distances(zones, a, by).get(b) ?? Number.POSITIVE_INFINITY;
}
