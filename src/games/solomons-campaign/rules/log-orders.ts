/**
 * The orders of the Logistics Phase (3A-3F), one a line; the rest of the phase runs by itself
 * (refits, attrition supply to loose battalions first, recovery as supply allows: brief §5).
 *
 *   ENTRENCH Guadalcanal-W                      3E, 37.1: one supply point, every own ground unit there
 *   BUILD Guadalcanal-W WITH 11-ENG, 15-ENG     3F, 33.2: a supply point and a die for each engineer named
 *
 *   COMBINE 1/5-MAR, 2/5-MAR, 3/5-MAR INTO 5-MAR 3D, 27.3 (rules/reorganize.ts)
 *   BREAK 2-DIV [INTO BATTALIONS]                3D, 27.5
 *   STAY TF 3                                    3A, 42.2 (optional: rules/endurance.ts)
 *   TRAIN 3 NAC ON CVL-3                         3A, 47.1 (optional: rules/carrier-training.ts)
 */
import type { SolOrder } from '../orders';
import { other, type SolSide, type SolState } from '../state';
import { hexOf, placeOfText } from './places';
import type { Problem } from './planning';
import { formatReorgOrder, isReorgOrder, parseReorgLine, type ReorgOrder } from './reorganize';
import { checkStays, type EnduranceOrder, formatEnduranceOrder, parseStayLine } from './endurance';
import { checkTraining, formatTrainOrder, isTrainOrder, parseTrainLine, type TrainOrder } from './carrier-training';

export type LogOrder =
  | { readonly kind: 'entrench'; readonly hex: string }
  | { readonly kind: 'build'; readonly hex: string; readonly engineers: readonly string[] }
  | ReorgOrder
  | Extract<EnduranceOrder, { kind: 'stay' }>
  | TrainOrder;

export const LOG_NOT_BUILT: Readonly<Record<string, string>> = {};

export function parseLogLine(line: string): LogOrder | string {
  // 42.2 (optional): STAY TF <n> (rules/endurance.ts)
  const stay = parseStayLine(line);
  if (stay) return stay as LogOrder | string;
  // 47.1 (optional): TRAIN <n> NAC ON <carrier> (rules/carrier-training.ts)
  const train = parseTrainLine(line);
  if (train) return train;
  const reorg = parseReorgLine(line);
  if (reorg) return reorg;
  let m = /^ENTRENCH\s+(\S+)$/i.exec(line);
  if (m) return { kind: 'entrench', hex: m[1] };
  m = /^BUILD\s+(\S+)\s+WITH\s+(.+)$/i.exec(line);
  if (m) return { kind: 'build', hex: m[1], engineers: m[2].split(',').map((x) => x.trim().toUpperCase()) };
  return 'expected COMBINE <units> INTO <id> (27.3), BREAK <unit> [INTO BATTALIONS] (27.5), ENTRENCH <hex> (37.1), BUILD <hex> WITH <engineers> (33.2), STAY TF <n> (42.2) or TRAIN <n> NAC ON <carrier> (47.1)';
}

export function formatLogOrder(o: LogOrder): string {
  if (isReorgOrder(o)) return formatReorgOrder(o);
  if (o.kind === 'stay') return formatEnduranceOrder(o);
  if (o.kind === 'train') return formatTrainOrder(o);
  return o.kind === 'entrench' ? `ENTRENCH ${o.hex}` : `BUILD ${o.hex} WITH ${o.engineers.join(', ')}`;
}

export const isLogOrder = (o: SolOrder): o is LogOrder & SolOrder =>
  o.kind === 'entrench' || o.kind === 'build' || o.kind === 'stay' || isTrainOrder(o) || isReorgOrder(o);

/** An island hex (not a major base) the text names, or null. */
export function landHex(s: SolState, text: string): string | null {
  const at = placeOfText(s, text);
  if (!at || at in s.bases) return null;
  const hex = hexOf(s, at);
  return hex && Object.values(s.islands).some((h) => h.includes(hex)) ? hex : null;
}

/** What the state says against each order now (supply spent earlier in the phase is found at the time and noted). */
export function checkLog(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const problems: Problem[] = [];
  const f = s.forces[side];
  const seen = new Set<string>();
  // 3D: units an earlier line makes (COMBINE ... INTO, the pieces of a BREAK) may be named later
  const made = new Set<string>();
  const pieces: string[] = [];
  const one = (o: SolOrder, index: number): void => {
    if (!isLogOrder(o) || o.kind === 'stay' || o.kind === 'train') return;
    const bad = (problem: string, rule: string): void => {
      problems.push({ index, problem, rule });
    };
    if (isReorgOrder(o)) {
      // 3D: the units must be the side's; the rest is checked when the line is carried out (after 3B)
      const later = (id: string) => made.has(id) || pieces.some((p) => id.startsWith(`${p}/`));
      if (o.kind === 'combine') made.add(o.into);
      else pieces.push(o.unit);
      for (const id of o.kind === 'combine' ? o.units : [o.unit])
        if (!f.ground.some((g) => g.id === id) && !later(id))
          return bad(`${id} is not one of your ground units`, o.kind === 'combine' ? '27.3' : '27.5');
      return;
    }
    const hex = landHex(s, o.hex);
    if (!hex) return bad(`${o.hex} is no island hex`, o.kind === 'entrench' ? '37.1' : '33.2');
    if (!(f.supply[hex] > 0)) return bad(`no supply of yours at ${o.hex}`, o.kind === 'entrench' ? '37.1' : '33.2');
    if (o.kind === 'entrench') {
      if (!f.ground.some((g) => g.at === hex)) return bad(`no ground unit of yours at ${o.hex}`, '37.1');
      if (seen.has(`e${hex}`)) return bad(`${o.hex} is entrenched once a turn`, '37.1');
      seen.add(`e${hex}`);
      return;
    }
    if (seen.has(`b${hex}`)) return bad(`no airbase grows more than one step a turn: one BUILD line for ${o.hex}`, '33.2');
    seen.add(`b${hex}`);
    for (const id of o.engineers) {
      const g = f.ground.find((x) => x.id === id);
      if (g?.type !== 'engineer') return bad(`${id} is no engineer of yours`, '33.2');
      if (g.at !== hex) return bad(`${id} is not at ${o.hex}`, '33.2');
    }
    if (new Set(o.engineers).size !== o.engineers.length) return bad('an engineer is named twice', '33.2');
    const field = s.airfields.find((a) => a.hex === hex);
    if (field && field.side !== side) return bad(`an enemy airbase is at ${o.hex}`, '33.3');
    if (!field && s.forces[other(side)].ground.some((g) => g.at === hex)) return bad(`enemy ground units are at ${o.hex}`, '33.3');
    const values = s.logData.markerValues;
    if (field && field.value >= values[values.length - 1]) bad(`the airbase at ${o.hex} is as large as a marker goes`, '2.21');
  };
  orders.forEach((o, i) => {
    one(o, i);
  });
  // 42.2 (optional): the STAY lines (rules/endurance.ts)
  // 47.1-47.2 (optional): the TRAIN lines (rules/carrier-training.ts)
  return [...problems, ...checkStays(s, side, orders), ...checkTraining(s, side, orders)].sort((a, b) => a.index - b.index);
}
