/**
 * Hex grids as printed on wargame maps. A hex is named by its printed column and row, zero-padded
 * ("0812" = column 08, row 12); the maths runs on cube coordinates (q + r + s = 0, the system of
 * Amit Patel's "Hexagonal Grids" at redblobgames.com), so distance is half the summed coordinate
 * differences. A map says how its hexes stand:
 * - `flat`-top hexes stand in columns and have N and S sides (directions N NE SE S SW NW);
 * - `pointy`-top hexes stand in rows and have W and E sides (directions NE E SE SW W NW);
 * - `shifted` says which printed columns (flat) sit half a hex lower than their neighbours, or
 *   which printed rows (pointy) sit half a hex further right: odd or even printed numbers.
 * A hexside is named by the two hexes it divides, in code-unit order ("0812/0813"), so both hexes
 * give the same id. Pure: no clock, no randomness; floating point only in `line`, rounded the same
 * way on every machine (IEEE doubles).
 */

export type Orientation = 'flat' | 'pointy';
export type HexDirection = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

export interface HexGridSpec {
  readonly orientation: Orientation;
  readonly shifted: 'odd' | 'even';
  /** Digits for each of column and row in a printed id (default 2). */
  readonly digits?: number;
}

export interface Cube {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

export interface Offset {
  readonly col: number;
  readonly row: number;
}

/** A hex or hexside id that cannot be read, or a step that leaves the printable grid. */
export class HexIdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HexIdError';
  }
}

/** Unit steps clockwise from north on a flat-top grid (q to the east, r to the south-south-west). */
const STEPS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

/** The six directions of each orientation, clockwise, the first one at the top. */
export const HEX_DIRECTIONS: Readonly<Record<Orientation, readonly HexDirection[]>> = {
  flat: ['N', 'NE', 'SE', 'S', 'SW', 'NW'],
  pointy: ['NE', 'E', 'SE', 'SW', 'W', 'NW'],
};

/** A cube from q and r (never a negative zero, so equal hexes are equal objects). */
export const cube = (q: number, r: number): Cube => ({ q: q + 0, r: r + 0, s: 0 - q - r });

export const cubeDistance = (a: Cube, b: Cube): number => (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.s - b.s)) / 2;

/** The nearest hex to a fractional cube position (the coordinate that moved most is recomputed). */
export function cubeRound(q: number, r: number, s: number): Cube {
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return cube(rq, rr);
}

export interface HexGrid {
  readonly spec: Required<HexGridSpec>;
  /** The six directions, clockwise from the top. */
  readonly directions: readonly HexDirection[];
  /** "0812" → { col: 8, row: 12 }; throws HexIdError on anything else. */
  parse(id: string): Offset;
  /** { col: 8, row: 12 } → "0812"; throws HexIdError when a coordinate is negative or too long. */
  format(at: Offset): string;
  /** Whether a position has an id (no negative or over-long coordinate). */
  printable(at: Offset): boolean;
  toCube(id: string): Cube;
  fromCube(c: Cube): string;
  toOffset(c: Cube): Offset;
  fromOffset(at: Offset): Cube;
  /** The change in cube q and r one step in a direction makes. */
  step(direction: HexDirection): readonly [number, number];
  neighbour(id: string, direction: HexDirection): string;
  /** The six neighbours, clockwise from the top. */
  neighbours(id: string): string[];
  /** The direction from a hex to a neighbour, or null when they do not touch. */
  directionOf(from: string, to: string): HexDirection | null;
  distance(a: string, b: string): number;
  /** The hexside between two neighbours; throws when they do not touch. */
  hexside(a: string, b: string): string;
  /** The hexside on a hex's `direction` side. */
  hexsideAt(id: string, direction: HexDirection): string;
  /** "0812/0813" → the two hexes, in code-unit order; throws unless they touch. */
  hexsideHexes(hexside: string): [string, string];
  /** The direction `steps` sixths of a turn clockwise (negative: anticlockwise). */
  turn(direction: HexDirection, steps: number): HexDirection;
  opposite(direction: HexDirection): HexDirection;
}

export function hexGrid(spec: HexGridSpec): HexGrid {
  const full: Required<HexGridSpec> = { digits: 2, ...spec };
  const { orientation, digits } = full;
  if (!Number.isInteger(digits) || digits < 1) throw new RangeError(`digits must be a positive integer, not ${digits}`);
  const e = full.shifted === 'odd' ? 0 : 1;
  const directions = HEX_DIRECTIONS[orientation];
  const rotate = orientation === 'flat' ? 0 : 1;
  const stepOf = (d: HexDirection): readonly [number, number] => {
    const i = directions.indexOf(d);
    if (i < 0) throw new HexIdError(`${d} is not a direction on a ${orientation}-top grid (${directions.join(' ')})`);
    return STEPS[(i + rotate) % 6];
  };
  const pattern = new RegExp(`^(\\d{${digits}})(\\d{${digits}})$`);
  const limit = 10 ** digits;

  const parse = (id: string): Offset => {
    const m = pattern.exec(id);
    if (!m) {
      const eg = `${'0'.repeat(digits - 1)}8${'1'.padStart(digits, '0')}`;
      throw new HexIdError(`"${id}" is not a hex id: expected ${2 * digits} digits, the column's ${digits} then the row's (e.g. ${eg})`);
    }
    return { col: Number(m[1]), row: Number(m[2]) };
  };
  const fits = (v: number) => Number.isInteger(v) && v >= 0 && v < limit;
  const format = ({ col, row }: Offset): string => {
    if (!fits(col)) throw new HexIdError(`column ${col} cannot be printed in ${digits} digits`);
    if (!fits(row)) throw new HexIdError(`row ${row} cannot be printed in ${digits} digits`);
    return `${String(col).padStart(digits, '0')}${String(row).padStart(digits, '0')}`;
  };
  const fromOffset = ({ col, row }: Offset): Cube =>
    orientation === 'flat' ? cube(col, row - Math.floor((col + e) / 2)) : cube(col - Math.floor((row + e) / 2), row);
  const toOffset = (c: Cube): Offset =>
    orientation === 'flat' ? { col: c.q, row: c.r + Math.floor((c.q + e) / 2) } : { col: c.q + Math.floor((c.r + e) / 2), row: c.r };
  const toCube = (id: string) => fromOffset(parse(id));
  const fromCube = (c: Cube) => format(toOffset(c));
  const neighbour = (id: string, d: HexDirection): string => {
    const c = toCube(id);
    const [dq, dr] = stepOf(d);
    return fromCube(cube(c.q + dq, c.r + dr));
  };
  const directionOf = (from: string, to: string): HexDirection | null => {
    const a = toCube(from);
    const b = toCube(to);
    const i = STEPS.findIndex(([dq, dr]) => a.q + dq === b.q && a.r + dr === b.r);
    return i < 0 ? null : directions[(i - rotate + 6) % 6];
  };
  const hexside = (a: string, b: string): string => {
    if (directionOf(a, b) === null) throw new HexIdError(`${a} and ${b} do not touch: no hexside between them`);
    return a < b ? `${a}/${b}` : `${b}/${a}`;
  };
  const turn = (d: HexDirection, steps: number): HexDirection => {
    stepOf(d);
    return directions[(((directions.indexOf(d) + steps) % 6) + 6) % 6];
  };

  return {
    spec: full,
    directions,
    parse,
    format,
    printable: (at) => fits(at.col) && fits(at.row),
    toCube,
    fromCube,
    toOffset,
    fromOffset,
    step: stepOf,
    neighbour,
    neighbours: (id) => directions.map((d) => neighbour(id, d)),
    directionOf,
    distance: (a, b) => cubeDistance(toCube(a), toCube(b)),
    hexside,
    hexsideAt: (id, d) => hexside(id, neighbour(id, d)),
    hexsideHexes: (side) => {
      const parts = side.split('/');
      if (parts.length !== 2) throw new HexIdError(`"${side}" is not a hexside: expected two hex ids joined by "/" (e.g. 0812/0813)`);
      hexside(parts[0], parts[1]);
      return parts[0] < parts[1] ? [parts[0], parts[1]] : [parts[1], parts[0]];
    },
    turn,
    opposite: (d) => turn(d, 3),
  };
}
