/**
 * Where a hex map's hexes go in a picture: each hex's centre and six corners (a polygon an SVG
 * renderer can draw), for hexes of a given size, shifted so the picture starts at (0, 0). Units
 * are the caller's (src/mail/map-svg.ts counts in map units of 10 px). Coordinates are rounded
 * to 1/1000 so the same map always prints the same bytes.
 */
import type { HexGrid } from './hex';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface HexCell {
  readonly id: string;
  readonly centre: Point;
  /** Clockwise from the east corner (flat-top) or the south-east corner (pointy-top), y downwards. */
  readonly corners: readonly Point[];
}

export interface HexLayout {
  /** In the order of the hexes given. */
  readonly cells: readonly HexCell[];
  readonly width: number;
  readonly height: number;
}

const round = (v: number) => Math.round(v * 1000) / 1000 + 0;

/** `size`: centre to corner. */
export function hexLayout(grid: HexGrid, hexes: readonly string[], size: number): HexLayout {
  if (!(size > 0)) throw new RangeError(`hex size must be positive, not ${size}`);
  const flat = grid.spec.orientation === 'flat';
  const root3 = Math.sqrt(3);
  const raw = hexes.map((id) => {
    const { q, r } = grid.toCube(id);
    const cx = flat ? 1.5 * size * q : root3 * size * (q + r / 2);
    const cy = flat ? root3 * size * (r + q / 2) : 1.5 * size * r;
    const corners = [0, 1, 2, 3, 4, 5].map((i) => {
      const angle = (Math.PI / 180) * (60 * i + (flat ? 0 : 30));
      return { x: cx + size * Math.cos(angle), y: cy + size * Math.sin(angle) };
    });
    return { id, centre: { x: cx, y: cy }, corners };
  });
  const all = raw.flatMap((c) => c.corners);
  const minX = Math.min(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  const at = (p: Point): Point => ({ x: round(p.x - minX), y: round(p.y - minY) });
  const cells = raw.map((c) => ({ id: c.id, centre: at(c.centre), corners: c.corners.map(at) }));
  const points = cells.flatMap((c) => c.corners);
  return {
    cells,
    width: points.length ? Math.max(...points.map((p) => p.x)) : 0,
    height: points.length ? Math.max(...points.map((p) => p.y)) : 0,
  };
}
