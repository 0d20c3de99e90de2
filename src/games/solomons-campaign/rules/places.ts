/**
 * Places on the map (2.1, 8.1-8.2): what a player writes (a major base, a hex name, a hex id) as
 * the state keeps it (bases by name, hexes by id), the hex a place stands in (Truk and Australia:
 * none, they are off the map), and routes over the grid that never enter an enemy major base (8.1).
 */
import { hexGrid } from '../../kit';
import { GRID_SPEC } from '../box';
import { other, type SolSide, type SolState } from '../state';

const GRID = hexGrid({ ...GRID_SPEC });

/** The state's name for a place written by a player, or null when it is none. */
export function placeOfText(s: SolState, text: string): string | null {
  const t = text.trim().toLowerCase();
  const base = Object.keys(s.bases).find((b) => b.toLowerCase() === t);
  if (base) return base;
  const named = Object.entries(s.hexNames).find(([n]) => n.toLowerCase() === t);
  if (named) return named[1];
  const island = Object.entries(s.islands).find(([n, hexes]) => n.toLowerCase() === t && hexes.length === 1);
  if (island) return island[1][0];
  return /^\d{4}$/.test(t) && onMap(s, t) ? t : null;
}

export function onMap(s: SolState, hex: string): boolean {
  const { col, row } = GRID.parse(hex);
  return col >= 1 && col <= s.opsData.cols && row >= 1 && row <= s.opsData.rows;
}

/** The hex a place stands in; null for an off-map base (8.2). */
export const hexOf = (s: SolState, place: string): string | null => (place in s.bases ? s.bases[place].hex : place);

/** A hex as a side's place: its own major base's name when the hex holds one, else the hex. */
export function placeAtHex(s: SolState, side: SolSide, hex: string): string {
  const base = Object.entries(s.bases).find(([, b]) => b.side === side && b.hex === hex);
  return base ? base[0] : hex;
}

export const enemyBaseHexes = (s: SolState, side: SolSide): Set<string> =>
  new Set(
    Object.values(s.bases)
      .filter((b) => b.side === other(side) && b.hex)
      .map((b) => b.hex!),
  );

export const neighbours = (s: SolState, hex: string): string[] => GRID.neighbours(hex).filter((h) => onMap(s, h));
export const adjacent = (a: string, b: string): boolean => GRID.directionOf(a, b) !== null;

/** The hexes a place is reached at: its own hex, or the edge hexes an off-map base touches (8.2). */
export const goalHexes = (s: SolState, place: string): readonly string[] => {
  const hex = hexOf(s, place);
  return hex ? [hex] : (s.opsData.touches[place] ?? []);
};

/**
 * The shortest route from `from` to any of `goals` (the hexes after `from`, in order), never
 * through an enemy major base (8.1); ties go to the first neighbour clockwise from the top, so the
 * route is the same on every replay. Null when no route exists.
 */
export function route(s: SolState, side: SolSide, from: string, goals: readonly string[]): string[] | null {
  const goal = new Set(goals);
  if (goal.has(from)) return [];
  const barred = enemyBaseHexes(s, side);
  const came = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    for (const next of neighbours(s, at)) {
      if (came.has(next) || barred.has(next)) continue;
      came.set(next, at);
      if (goal.has(next)) {
        const path = [next];
        for (let h = at; h !== from; h = came.get(h)!) path.unshift(h);
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** Island hexes (9.1): where ground units stand and transports unload. */
export const islandOf = (s: SolState, hex: string): string | null =>
  Object.entries(s.islands).find(([, hexes]) => hexes.includes(hex))?.[0] ?? null;

/** 32.1: odd Execution Phases are day, even ones night. */
export const isDay = (s: SolState): boolean => s.x % 2 === 1;
