/**
 * What the box's constraint checks share (./constraints.ts): the box read without provenance, the
 * values the rulebook prints, and the map's measures (sea distance; 4.3's hexes to the south).
 */
import { withoutProvenance } from '../../../engine/box';
import { distance } from '../../kit';
import type { Board, PlainMap } from './board';
import { defaultBox } from './default-box';
import type { CoralBox } from './schema';

export interface Problem {
  /** The value at fault, e.g. `$.map.places.Port-Moresby` (provenance left out). */
  readonly path: string;
  /** The rule that imposes the constraint. */
  readonly rule: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

export type Plain = ReturnType<typeof plainOf>;
export const plainOf = (box: CoralBox) =>
  withoutProvenance<{
    constants: Record<string, number>;
    calendar: { firstDay: number; lastDay: number };
    map: PlainMap;
    bases: Record<string, { side: string; kind: string; capacity: number; aa: number }>;
    ships: { id: string; side: string; type: string; capacity?: number }[];
    airRanges: { usn: Record<string, number>; ijn: Record<string, number> };
    ijnTaskForces: Record<string, { ma: number; objective: string | null }>;
    setup: {
      usn: { carrierAir: Record<string, Record<string, number>>; baseAir: Record<string, Record<string, number>> };
      ijn: {
        carrierAir: Record<string, Record<string, number>>;
        baseAir: Record<string, Record<string, number>>;
        reinforcementAir: { base: string; air: Record<string, number> }[];
      };
      biggerBattle: { ijn: { ship: string; air: Record<string, number> }; usn: { ships: string[]; air: Record<string, number> } };
    };
    tables: {
      movementDoctrine: {
        table: { columns: { id: string; entries: { rolls: number | [number, number]; result: { kind: string; fast: boolean } }[] }[] };
      };
    };
    vp: { levels: { strategic: number; tactical: number; marginal: number } };
    panicPoints: Record<string, number>;
    commandMissions: Record<string, { cost: number }>;
  }>(box);

export const sum = (load: Record<string, number> | undefined) => Object.values(load ?? {}).reduce((a, b) => a + b, 0);

export interface Check {
  readonly id: string;
  readonly rule: string;
  readonly text: string;
  check(box: Plain, board: Board, raw: CoralBox): Omit<Problem, 'rule' | 'severity'>[];
  readonly severity?: 'warning';
}

const isProvenanced = (x: unknown): x is { value: unknown; source: { kind: string; rule?: string } } =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && 'value' in x && 'source' in x;

/** Every rulebook value of the default box, by path (tables' entries included). */
export function printedValues(): { path: PropertyKey[]; value: unknown; rule: string }[] {
  const out: { path: PropertyKey[]; value: unknown; rule: string }[] = [];
  const walk = (x: unknown, path: PropertyKey[]) => {
    if (x === null || typeof x !== 'object') return;
    if (isProvenanced(x)) {
      if (x.source.kind === 'rulebook') out.push({ path, value: withoutProvenance(x.value), rule: x.source.rule ?? '' });
      return;
    }
    if (Array.isArray(x)) {
      x.forEach((v, i) => {
        walk(v, [...path, i]);
      });
    } else for (const [k, v] of Object.entries(x)) walk(v, [...path, k]);
  };
  walk(defaultBox, []);
  return out;
}
export const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((x, k) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[k as string] : undefined), data);

export const seaDistance = (board: Board, a: string, b: string) => distance(board.seaNeighbours, a, b);

/** The hexes `n` south of `hex` (4.3): straight down when n is even, the two at the hexside when odd (west, east). */
export function southOptions(board: Board, hex: string, n: number): (string | null)[] {
  const { col, row } = board.grid.parse(hex);
  const x =
    col + (row % 2 === 0 && board.grid.spec.shifted === 'even' ? 0.5 : row % 2 === 1 && board.grid.spec.shifted === 'odd' ? 0.5 : 0);
  const r = row + n;
  const shift = (r % 2 === 0 && board.grid.spec.shifted === 'even') || (r % 2 === 1 && board.grid.spec.shifted === 'odd') ? 0.5 : 0;
  const at = (c: number) => {
    if (c < 1 || r < 1) return null;
    const id = board.grid.format({ col: c, row: r });
    return board.map.onMap(id) ? id : null;
  };
  const c = x - shift;
  return Number.isInteger(c) ? [at(c)] : [at(Math.floor(c)), at(Math.ceil(c))];
}
