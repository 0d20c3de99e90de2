/**
 * Moves on the board as a graph (MOV): air units count zones crossed over every border, sea units
 * cross only between sea zones (board and base-card sea zones). The searches are the shared game
 * kit's (src/games/kit); this file keeps only which borders each kind of move may cross. It reads
 * the box's own adjacency lists, so the constraint checks can run it on a club's box before they
 * have found it well formed.
 */
import { distance as kitDistance, distances as kitDistances } from '../../kit';
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
  return kitDistances((z: ZoneId) => neighbours(zones, z, by), from);
}

/** Moves from a to b, or Infinity when b cannot be reached. */
export function distance(zones: Zones, a: ZoneId, b: ZoneId, by: 'air' | 'sea' = 'air'): number {
  return kitDistance((z: ZoneId) => neighbours(zones, z, by), a, b);
}
