/**
 * Air search (7.1C-G, 7.2): float planes, and the bombers a side puts on search or sub search (7.1C). Every AM turn each active airbase's 10 float planes
 * and the float planes of each task force's undamaged BB, CA, CL, CLAA and CS search by themselves
 * (7.1D-E), out to the float planes' 20 squares (7.1F-G). Each search group rolls once for each enemy
 * surface TF in its range until one sights it; a sighting reports the TF's number and square and its
 * ship types, which may be wrong in kind and in number (7.2B). The odds are rebuilt (box/search.ts).
 * The report and every die are the searching side's alone (a failed roll would betray a TF in
 * range): the dice are the referee's, the report event the searching side's. Bombers search
 * separately from float planes (7.1D-E), after them, out to the shortest search range among the
 * bomber types of their base or carrier (7.1G), on the same odds (box/search.ts); sub search finds
 * submarine TFs only, a normal search surface TFs only (7.1C).
 */
import { entriesOf, keysOf, valuesOf } from '../keyed';
import type { AdjudicationContext } from '../../../engine/ruleset';
import { range } from '../box/range';
import { holderOf, opsOf } from './air';
import { overcastSpoils } from './weather';
import { dateOf, type GcSide, type GcState, other, type Sighting, type TaskForce } from '../state';

interface Group {
  readonly name: string;
  readonly col: number;
  readonly row: number;
  readonly planes: number;
  /** how far it searches: the float planes' 20, or the shortest bomber range of its group (7.1G) */
  readonly range?: number;
}

/** 7.1C, 7.1G: the bombers the side put on search (or sub search) this turn, by base or carrier. */
function bomberGroups(s: GcState, side: GcSide, key: 'search' | 'subSearch'): Group[] {
  return entriesOf(opsOf(s, side)[key]).flatMap(([name, planes]) => {
    const at = holderOf(s, side, name);
    if (typeof at === 'string') return [];
    const types = keysOf(planes);
    const reach = Math.min(...types.map((t) => s.aircraft[t].search ?? 0));
    return [
      {
        name: `${key === 'search' ? 'search' : 'sub search'} bombers of ${at.name}`,
        col: at.col,
        row: at.row,
        range: reach,
        planes: types.reduce((n, t) => n + planes[t], 0),
      },
    ];
  });
}

const HIDDEN = { visibleTo: [] as const };

/** 7.1D-E: the side's search groups this turn, bases first, then TFs by number. */
export function searchGroups(s: GcState, side: GcSide): Group[] {
  const date = dateOf(s, s.turn);
  const bases = s.airbases
    .filter((b) => b.side === side && (b.from === null || date >= b.from))
    .map((b) => ({ name: b.name, col: b.col, row: b.row, planes: 10 }));
  const tfs = valuesOf(s.taskForces)
    .filter((t) => t.side === side)
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ name: `TF ${t.id}`, col: t.col, row: t.row, planes: floatPlanes(s, t) }));
  return [...bases, ...tfs].filter((g) => g.planes > 0);
}

function floatPlanes(s: GcState, tf: TaskForce): number {
  return tf.ships
    .map((n) => s.ships[n])
    .filter((ship) => ship.damage === 0)
    .reduce((sum, ship) => sum + (s.search.threePlaneClasses.includes(ship.cls) ? 3 : (s.search.shipFloatPlanes[ship.type] ?? 0)), 0);
}

/** 7.1C: a normal search finds surface TFs only. */
const surface = (s: GcState, tf: TaskForce) => tf.ships.some((n) => s.ships[n].type !== 'SS');

/** 7.2B: the ship types as the searchers report them. */
function report(s: GcState, tf: TaskForce, ctx: AdjudicationContext): string[] {
  const types = tf.ships.map((n) => {
    const t = s.ships[n].type;
    const roll = ctx.dice.d6(`report of TF ${tf.id}: ${n}`, '7.2B', HIDDEN);
    return roll <= s.search.misidentifyOn ? (s.search.mistaken[t] ?? t) : t;
  });
  const count = ctx.dice.d6(`report of TF ${tf.id}: number of ships`, '7.2B', HIDDEN);
  if (count === 1 && types.length > 1) return types.slice(0, -1);
  if (count === 6) return [...types, 'DD'];
  return types;
}

/** The side's air search (float planes 7.1D-G, then bombers 7.1C) and its report (7.2A-B), as one event only that side sees. */
export function airSearch(s: GcState, side: GcSide, ctx: AdjudicationContext): void {
  const floats = searchGroups(s, side);
  const search = [...floats, ...bomberGroups(s, side, 'search')];
  const subSearch = bomberGroups(s, side, 'subSearch');
  const sightings: Sighting[] = [];
  const enemy = valuesOf(s.taskForces)
    .filter((t) => t.side === other(side))
    .sort((a, b) => a.id - b.id);
  const hunted = [
    ...enemy.filter((t) => surface(s, t)).map((tf) => ({ tf, groups: search })),
    ...enemy.filter((t) => !surface(s, t)).map((tf) => ({ tf, groups: subSearch })),
  ];
  for (const { tf, groups } of hunted) {
    for (const g of groups) {
      if (range(g, tf) > (g.range ?? s.search.floatRange)) continue;
      const need = Math.min(s.search.maxPips, Math.ceil(g.planes / s.search.planesPerPip));
      const rule = floats.includes(g) ? '7.1D' : '7.1C';
      if (ctx.dice.d6(floats.includes(g) ? `float planes of ${g.name} search` : `${g.name} search`, rule, HIDDEN) > need) continue;
      if (overcastSpoils(s, range(g, tf), ctx.dice, `TF ${tf.id} from ${g.name}`)) continue;
      sightings.push({ tf: tf.id, col: tf.col, row: tf.row, reported: report(s, tf, ctx) });
      break;
    }
  }
  ctx.emit({ type: 'gcc.sighted', data: { side, turn: s.turn, sightings }, visibleTo: [side] });
}
