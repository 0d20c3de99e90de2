/**
 * Sets of hexes on a grid (./hex.ts): the straight line between two hexes, the ring and the
 * area at a given distance, and a straight move of n hexes that stops at a blocked hexside.
 * Every list comes in a fixed order, so a game that walks it gives the same result on every run.
 */
import { cube, cubeDistance, cubeRound, type HexDirection, type HexGrid } from './hex';

/**
 * The hexes a straight line from the centre of `a` to the centre of `b` passes through, both
 * ends included, `distance + 1` of them. Where the line runs exactly along a hexside it is nudged
 * by a fixed hair (the same on every machine) so one side is always taken. Throws HexIdError if
 * it crosses a hex with no id (only possible along the edge of a map numbered from 00).
 */
export function hexLine(grid: HexGrid, a: string, b: string): string[] {
  const from = grid.toCube(a);
  const to = grid.toCube(b);
  const n = cubeDistance(from, to);
  if (n === 0) return [a];
  const out: string[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const q = from.q + 1e-6 + (to.q - from.q) * t;
    const r = from.r + 2e-6 + (to.r - from.r) * t;
    const s = from.s - 3e-6 + (to.s - from.s) * t;
    out.push(grid.fromCube(cubeRound(q, r, s)));
  }
  return out;
}

/**
 * The hexes exactly `radius` from `centre`: starting `radius` hexes out in the grid's first
 * direction (N on flat-top, NE on pointy-top) and going round clockwise. Radius 0: the centre.
 * Hexes beyond the printable grid (a negative column or row) have no id and are left out.
 */
export function hexRing(grid: HexGrid, centre: string, radius: number): string[] {
  if (!Number.isInteger(radius) || radius < 0) throw new RangeError(`a ring's radius is a whole number ≥ 0, not ${radius}`);
  if (radius === 0) return [centre];
  const steps = grid.directions.map((d) => grid.step(d));
  const c = grid.toCube(centre);
  let q = c.q + steps[0][0] * radius;
  let r = c.r + steps[0][1] * radius;
  const out: string[] = [];
  for (let side = 0; side < 6; side++) {
    const [dq, dr] = steps[(side + 2) % 6];
    for (let k = 0; k < radius; k++) {
      const at = grid.toOffset(cube(q, r));
      if (grid.printable(at)) out.push(grid.format(at));
      q += dq;
      r += dr;
    }
  }
  return out;
}

/** Every hex at most `radius` from `centre`: the centre, then each ring outwards (hexRing's order). */
export function hexRange(grid: HexGrid, centre: string, radius: number): string[] {
  const out: string[] = [];
  for (let k = 0; k <= radius; k++) out.push(...hexRing(grid, centre, k));
  return out;
}

/**
 * Up to `steps` hexes straight on from `start` in `direction`, in the order entered (start not
 * included). It stops before a step `blocked` refuses (an all-land hexside, the map's edge: pass
 * `(a, b) => !map.onMap(b)`) and at the printable grid's edge, so the list may be shorter; the
 * last hex is where the move ends.
 */
export function hexWalk(
  grid: HexGrid,
  start: string,
  direction: HexDirection,
  steps: number,
  blocked: (from: string, to: string) => boolean = () => false,
): string[] {
  const out: string[] = [];
  let at = start;
  const [dq, dr] = grid.step(direction);
  for (let k = 0; k < steps; k++) {
    const c = grid.toCube(at);
    const beyond = grid.toOffset(cube(c.q + dq, c.r + dr));
    if (!grid.printable(beyond)) break;
    const next = grid.format(beyond);
    if (blocked(at, next)) break;
    out.push(next);
    at = next;
  }
  return out;
}
