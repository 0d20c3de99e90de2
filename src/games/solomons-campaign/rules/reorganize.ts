/**
 * The Reorganization Segment (3D, 27.2-27.7, 50.0 reorganization charts and Logistics Chart).
 *
 *   COMBINE 1/5-MAR, 2/5-MAR, 3/5-MAR INTO 5-MAR     27.3: infantry of one side, service and hex, as the chart says
 *   BREAK 2-DIV | BREAK 2-DIV INTO BATTALIONS        27.5: one level down, or all the way (no supply)
 *
 * Combining (27.3, 27.6-27.7, charts): only infantry, one service (Japanese Navy infantry never), 3
 * battalions into a regiment, 4 Japanese Army battalions into a brigade, 3 regiments into a division
 * (never brigades); one level a segment: a unit combined this segment neither combines again nor
 * breaks, and a unit broken this segment does not combine (27.5). Cost, as read (brief A10, the
 * Logistics Chart over 27.3's "one a combination"): a supply point combines up to 9 battalions into
 * regiments or brigades, or 3 regiments into a division; twice that with enemy ground units in the
 * hex (27.3); nothing on a major base (the Logistics Chart's note). The cost is spent from the
 * hex's supply when the line is carried out; a line the state no longer allows (a unit lost to
 * attrition in 3B, the supply gone) is skipped with a note. Reorganization is sealed to its side
 * (stack contents, 31.1). Units under an entrenchment stay under it.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { GroundData } from '../box/deployment';
import { other, type SolSide, type SolState } from '../state';
import { battalionsOf, breakDownOnce } from './echelons';
import type { SolFold } from './naval';

export type ReorgOrder =
  | { readonly kind: 'combine'; readonly units: readonly string[]; readonly into: string }
  | { readonly kind: 'break'; readonly unit: string; readonly full: boolean };

export const isReorgOrder = (o: { kind: string }): o is ReorgOrder => o.kind === 'combine' || o.kind === 'break';

export function parseReorgLine(line: string): ReorgOrder | string | null {
  let m = /^COMBINE\s+(.+?)\s+INTO\s+([A-Za-z0-9/-]+)$/i.exec(line);
  if (m) {
    const units = m[1].split(',').map((x) => x.trim().toUpperCase());
    if (units.some((u) => !/^[A-Z0-9/-]+$/.test(u))) return 'COMBINE <unit>, <unit>, ... INTO <new id> (27.3)';
    return { kind: 'combine', units, into: m[2].toUpperCase() };
  }
  if (/^COMBINE\b/i.test(line)) return 'COMBINE <unit>, <unit>, ... INTO <new id> (27.3)';
  m = /^BREAK\s+([A-Za-z0-9/-]+)(\s+INTO\s+BATTALIONS)?$/i.exec(line);
  if (m) return { kind: 'break', unit: m[1].toUpperCase(), full: !!m[2] };
  if (/^BREAK\b/i.test(line)) return 'BREAK <unit> [INTO BATTALIONS] (27.5)';
  return null;
}

export const formatReorgOrder = (o: ReorgOrder): string =>
  o.kind === 'combine' ? `COMBINE ${o.units.join(', ')} INTO ${o.into}` : `BREAK ${o.unit}${o.full ? ' INTO BATTALIONS' : ''}`;

export type ReorgEvent = RulesEvent<
  'sol.reorganized',
  { side: SolSide; at: string; kind: 'combine' | 'break'; units: readonly string[]; into: readonly GroundData[]; supply: number }
>;
export const isReorgEvent = (e: RulesEvent): e is ReorgEvent => e.type === 'sol.reorganized';

export function evolveReorg(s: SolState, e: ReorgEvent): SolState {
  const d = e.data;
  const f = s.forces[d.side];
  const gone = new Set(d.units);
  const ground = [...f.ground.filter((g) => !gone.has(g.id)), ...d.into.map((u) => ({ ...u, at: d.at }))];
  const supply = d.supply ? { ...f.supply, [d.at]: (f.supply[d.at] ?? 0) - d.supply } : f.supply;
  const under = s.entrenched[d.side][d.at];
  const entrenched =
    under && d.units.some((u) => under.includes(u))
      ? {
          ...s.entrenched,
          [d.side]: { ...s.entrenched[d.side], [d.at]: [...under.filter((u) => !gone.has(u)), ...d.into.map((u) => u.id)].sort() },
        }
      : s.entrenched;
  return { ...s, forces: { ...s.forces, [d.side]: { ...f, ground, supply } }, entrenched };
}

export const narrateReorg = (e: ReorgEvent): string[] => [
  `${e.data.side === 'us' ? 'The US' : 'Japan'} ${e.data.kind === 'combine' ? 'combines' : 'breaks down'} ${e.data.units.join(', ')} into ${e.data.into.map((u) => u.id).join(', ')} at ${e.data.at}${e.data.supply ? ` (${e.data.supply} supply)` : ''} (3D, ${e.data.kind === 'combine' ? '27.3' : '27.5'}).`,
];

/** The chart row a combination fits, or why none does (27.3, 27.6, 27.7, 50.0). */
export function combineProblem(s: SolState, side: SolSide, units: readonly GroundData[], into: string): string | null {
  if (units.some((g) => g.type !== 'infantry')) return 'only infantry combines (27.2)';
  if (new Set(units.map((g) => g.service)).size > 1) return 'Army and Navy units never combine (27.7)';
  if (new Set(units.map((g) => g.size)).size > 1) return 'the units combined are all of one size (27.3: one level up)';
  if (s.forces[side].ground.some((g) => g.id === into)) return `${into} is in use already`;
  const size = units[0].size;
  const row = s.groundData.reorganization[side].find(
    (r) =>
      r.service === units[0].service &&
      ((size === 'battalion' && r.from.battalions === units.length) || (size === 'regiment' && r.from.regiments === units.length)),
  );
  if (!row)
    return size === 'brigade'
      ? 'brigades never combine into divisions (27.6)'
      : `${units.length} ${units[0].service} ${size}s make nothing on the ${side === 'us' ? 'US' : 'Japanese'} reorganization chart (50.0)`;
  return null;
}

type Note = (text: string, rule: string) => void;

/** 3D for one side, its lines in order. */
export function reorganizeSegment(f: SolFold, side: SolSide, orders: readonly ReorgOrder[]): void {
  const note: Note = (text, rule) => f.emit({ type: 'sol.log-note', data: { side, text, rule }, visibleTo: [side] });
  const made = new Set<string>();
  const broken = new Set<string>();
  const credit = new Map<string, number>();
  for (const o of orders) {
    const fs = f.s.forces[side];
    const onLand = (id: string) => fs.ground.find((g) => g.id === id && !g.at.startsWith('TF '));
    if (o.kind === 'break') {
      const g = onLand(o.unit);
      if (!g || g.size === 'battalion' || g.type !== 'infantry' || made.has(g.id)) {
        note(`BREAK ${o.unit}: no such larger infantry unit of yours on land, or it was combined this segment`, '27.5');
        continue;
      }
      let into = breakDownOnce(f.s, g);
      if (o.full) into = into.flatMap((p) => breakDownOnce(f.s, p));
      for (const p of into) broken.add(p.id);
      f.emit({ type: 'sol.reorganized', data: { side, at: g.at, kind: 'break', units: [g.id], into, supply: 0 }, visibleTo: [side] });
      continue;
    }
    const units = o.units.map(onLand);
    const at = units[0]?.at;
    const text = formatReorgOrder(o);
    if (units.some((g) => !g || g.at !== at) || new Set(o.units).size !== o.units.length) {
      note(`${text}: the units are not all yours, on land, in one hex`, '27.3');
      continue;
    }
    const list = units as GroundData[];
    const why = combineProblem(f.s, side, list, o.into);
    if (why || list.some((g) => made.has(g.id) || broken.has(g.id))) {
      note(`${text}: ${why ?? 'one level a segment: a unit combined or broken this segment does not combine (27.3, 27.5)'}`, '27.3');
      continue;
    }
    const row = f.s.groundData.reorganization[side].find(
      (r) =>
        r.service === list[0].service &&
        (list[0].size === 'battalion' ? r.from.battalions === list.length : r.from.regiments === list.length),
    )!;
    const free = at! in f.s.bases;
    const times = f.s.forces[other(side)].ground.some((g) => g.at === at) ? 2 : 1;
    const bns = list.reduce((t, g) => t + battalionsOf(f.s, g), 0);
    let supply = 0;
    if (!free && list[0].size === 'regiment') supply = times * (row.from.supply ?? 1);
    else if (!free) {
      const left = credit.get(at!) ?? 0;
      if (left < bns) {
        supply = times;
        credit.set(at!, left + f.s.logData.logistics.reorganizeBattalions - bns);
      } else credit.set(at!, left - bns);
    }
    if ((fs.supply[at!] ?? 0) < supply) {
      note(`${text}: ${supply} supply needed at ${at}, ${fs.supply[at!] ?? 0} there`, '27.3');
      if (supply && list[0].size === 'battalion') credit.set(at!, 0);
      continue;
    }
    const unit: GroundData = { id: o.into, service: list[0].service, type: 'infantry', size: row.to };
    made.add(o.into);
    f.emit({ type: 'sol.reorganized', data: { side, at: at!, kind: 'combine', units: o.units, into: [unit], supply }, visibleTo: [side] });
  }
}
