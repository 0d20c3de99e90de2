/**
 * The box's map as the kit's hex map (src/games/kit): the grid, the hexes of the terrain rows, each
 * hex's terrain, and what stops a ship: an all-land hexside (14.4, 14.8), which every side of an
 * all-land hex is. Pure; built from plain box data (withoutProvenance), default or a club's.
 */
import { type HexGrid, type HexMap, hexGrid, hexMap } from '../../kit';
import { TERRAIN } from './schema';

export type Terrain = (typeof TERRAIN)[keyof typeof TERRAIN];

export interface PlainMap {
  readonly grid: { readonly orientation: 'pointy'; readonly shifted: 'odd' | 'even' };
  readonly terrain: readonly string[];
  readonly allLandHexsides: readonly string[];
  readonly places: Readonly<Record<string, string>>;
  readonly toTruk: readonly string[];
}

export interface Board {
  readonly grid: HexGrid;
  readonly map: HexMap;
  readonly columns: number;
  readonly rows: number;
  terrainOf(hex: string): Terrain | null;
  /** True when a ship may not step from `from` to `to` (an all-land hexside, or off the map). */
  blockedForShips(from: string, to: string): boolean;
  /** Neighbours a ship may step to. */
  seaNeighbours(hex: string): string[];
}

export function buildBoard(plain: PlainMap): Board {
  const grid = hexGrid({ orientation: plain.grid.orientation, shifted: plain.grid.shifted });
  const rows = plain.terrain.length;
  const columns = Math.max(...plain.terrain.map((r) => r.length));
  const hexes: string[] = [];
  const terrain = new Map<string, Terrain>();
  plain.terrain.forEach((line, r) => {
    [...line].forEach((ch, c) => {
      const id = grid.format({ col: c + 1, row: r + 1 });
      hexes.push(id);
      terrain.set(id, TERRAIN[ch as keyof typeof TERRAIN]);
    });
  });
  const map = hexMap({ grid, hexes });
  const walls = new Set(plain.allLandHexsides);
  const blockedForShips = (from: string, to: string): boolean => {
    if (!map.onMap(from) || !map.onMap(to)) return true;
    if (terrain.get(from) === 'land' || terrain.get(to) === 'land') return true;
    const side = map.hexsideOf(from, to);
    return side === null || walls.has(side);
  };
  return {
    grid,
    map,
    columns,
    rows,
    terrainOf: (hex) => terrain.get(hex) ?? null,
    blockedForShips,
    seaNeighbours: (hex) => map.neighbours(hex).filter((n) => !blockedForShips(hex, n)),
  };
}
