/**
 * A hex map as a graph: the hexes printed on it (a rectangle of columns and rows, or a list for
 * an irregular sheet) plus off-map boxes that touch some edge hexes (Solomons 8.2: Truk and
 * Australia). The graph's neighbours are the on-map neighbours and boxes, so the searches of
 * ./search.ts (distances, ranges, shortest paths, components) run on it; what blocks a step
 * (all-land hexsides for ships, an enemy base) is the game's `blocked` predicate, by hexside id.
 */
import { byCodeUnit, type Graph, graphFromEdges } from './graph';
import { cube, type HexDirection, type HexGrid } from './hex';
import { hexLine } from './hex-shapes';

export interface HexMapSpec {
  readonly grid: HexGrid;
  /** The hexes on the map, by id. */
  readonly hexes: readonly string[];
  /** Off-map boxes by name, each with the map hexes it touches. */
  readonly boxes?: Readonly<Record<string, readonly string[]>>;
}

export interface HexMap extends Graph<string> {
  readonly grid: HexGrid;
  readonly hexes: readonly string[];
  /** True for a hex printed on the map (not a box, not a hex beyond the edge). */
  onMap(id: string): boolean;
  /** The step's hexside, or null when a box is at either end. */
  hexsideOf(from: string, to: string): string | null;
}

/** Every hex of printed columns `cols[0]..cols[1]` and rows `rows[0]..rows[1]`, column by column. */
export function hexRectangle(grid: HexGrid, cols: readonly [number, number], rows: readonly [number, number]): string[] {
  const out: string[] = [];
  for (let col = cols[0]; col <= cols[1]; col++) for (let row = rows[0]; row <= rows[1]; row++) out.push(grid.format({ col, row }));
  return out;
}

/** Throws GraphError for a box that touches a hex not on the map or shares an id with a hex, HexIdError for a bad hex id. */
export function hexMap(spec: HexMapSpec): HexMap {
  const { grid } = spec;
  const hexes = [...spec.hexes].sort(byCodeUnit);
  const on = new Set(hexes);
  for (const h of hexes) grid.parse(h);
  const edges: [string, string][] = [];
  for (const h of hexes) {
    const c = grid.toCube(h);
    for (const d of grid.directions) {
      const [dq, dr] = grid.step(d);
      const at = grid.toOffset(cube(c.q + dq, c.r + dr));
      if (!grid.printable(at)) continue;
      const n = grid.format(at);
      if (on.has(n) && h < n) edges.push([h, n]);
    }
  }
  const boxes = spec.boxes ?? {};
  for (const [box, touches] of Object.entries(boxes)) for (const h of touches) edges.push([box, h]);
  const graph = graphFromEdges([...hexes, ...Object.keys(boxes)], edges);
  return {
    ...graph,
    grid,
    hexes,
    onMap: (id) => on.has(id),
    hexsideOf: (from, to) => (on.has(from) && on.has(to) ? grid.hexside(from, to) : null),
  };
}

/**
 * A `prefer` for shortestPath on a hex map: of equally short next steps, the direction earlier in
 * `order` first (e.g. Coral Sea 14.8's "nearer the original direction", SSI's N, NE, E, ...);
 * steps into or out of a box come after every direction, in code-unit order.
 */
export function preferDirections(map: HexMap, order: readonly HexDirection[]): (at: string, a: string, b: string) => number {
  const rank = (at: string, n: string) => {
    const d = map.onMap(at) && map.onMap(n) ? map.grid.directionOf(at, n) : null;
    const i = d === null ? -1 : order.indexOf(d);
    return i < 0 ? order.length : i;
  };
  return (at, a, b) => rank(at, a) - rank(at, b) || byCodeUnit(a, b);
}

/**
 * A `prefer` for shortestPath toward `goal` on a hex map: of equally short next steps, the hex
 * nearer the goal as the crow flies (grid distance) first, then the one the straight line from
 * `at` to the goal enters (hexLine), so a path keeps to the line where the sea allows (e.g. Coral
 * Sea's IJN task forces steering for an objective, 14.8); then the direction earlier in `order`,
 * as preferDirections. Boxes count as farthest.
 */
export function preferToward(
  map: HexMap,
  goal: string,
  order: readonly HexDirection[] = map.grid.directions,
): (at: string, a: string, b: string) => number {
  const byDirection = preferDirections(map, order);
  const away = (n: string) => (map.onMap(n) && map.onMap(goal) ? map.grid.distance(n, goal) : Number.POSITIVE_INFINITY);
  const onLine = (at: string, n: string) =>
    map.onMap(at) && map.onMap(goal) && at !== goal && hexLine(map.grid, at, goal)[1] === n ? 0 : 1;
  return (at, a, b) => away(a) - away(b) || onLine(at, a) - onLine(at, b) || byDirection(at, a, b);
}
