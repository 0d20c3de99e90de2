/**
 * Where an air mission may fly from and to (21.2-21.4, 22.1, 23.1-23.2, 24.2 (4), 11.4, 32.2, 8.1-8.2)
 * and the checks of the air lines of an Operations Phase or a defence step. A mission takes off from
 * a major base on the map, an own airfield hex held by own ground units (24.2 (4)), or a carrier
 * (its NAC, 21.3); it flies to a hex within its printed range, or twice that for units with extended
 * range (23.2: all Japanese LAC, US Army LAC from December I; strength halved); CAP flies over its
 * take-off hex only (52.0 Q&A). A land base spends a supply point for each 12 points a mission
 * (11.4, 50.0 Logistics Chart, also on major bases, A11); carriers none (21.9). No mission at
 * night (32.2) but the optional Japanese night strikes (48.1, rules/air-night.ts), none from or to
 * off-map bases (8.2: only air transfer reaches them), none at an enemy major base (A30). With
 * optional rule 45 a mission flies only points assigned to it (45.2, rules/air-assign.ts).
 */
import { hexGrid } from '../../kit';
import { GRID_SPEC } from '../box';
import { LOGISTICS } from '../box/charts';
import { AIR } from '../box/forces';
import { other, type SolSide, type SolState } from '../state';
import { type AirOrder, isAirOrder, kindName } from './air-orders';
import { eligible } from './air-events';
import { assignmentProblem } from './air-assign-events';
import { nightProblem } from './air-night';
import { hexOf, placeOfText } from './places';
import { multipleCombats } from './fatigue';
import type { Problem } from './planning';
import { isCrippled } from './crippled';

const GRID = hexGrid({ ...GRID_SPEC });
export const distance = (a: string, b: string) => GRID.distance(a, b);

/** 23.2, 2.11: kinds with extended range (from the turn named, for US Army LAC). */
export function extendedOk(s: SolState, side: SolSide, service: string, type: string): boolean {
  if (type !== 'LAC') return false;
  if (side === 'japanese') return AIR.extended.value.japaneseLac;
  const from = s.turnNames.indexOf(AIR.extended.value.usArmyLacFrom) + 1;
  return service === 'army' && from > 0 && s.turn >= from;
}

export const rangeOf = (side: SolSide, service: string, type: string): number =>
  (AIR.ranges.value[side] as Record<string, number>)[`${service}-${type}`] ?? 0;

/** Where a mission takes off from: the state's place (base name, hex id or carrier id), its hex, whether a carrier. */
export interface Source {
  readonly from: string;
  readonly hex: string;
  readonly carrier: boolean;
}

export function sourceOf(s: SolState, side: SolSide, text: string): Source | string {
  const f = s.forces[side];
  const ship = f.ships[text.trim().toUpperCase()];
  if (ship) {
    const hex = hexOf(s, ship.at);
    if (!hex) return `${ship.id} is at ${ship.at}, off the map: missions fly from the map (8.2)`;
    if (isCrippled(s, ship)) return `${ship.id} is crippled: a crippled carrier conducts no NAC operations (44.3)`;
    return { from: ship.id, hex, carrier: true };
  }
  const place = placeOfText(s, text);
  if (!place) return `${text} is no base, hex or carrier of yours`;
  const hex = hexOf(s, place);
  if (!hex) return `${place} is off the map: only air transfer reaches it (8.2)`;
  const base = s.bases[place];
  if (base && base.side !== side) return `${place} is an enemy major base`;
  if (!base) {
    if (!s.airfields.some((a) => a.hex === hex && a.side === side)) return `${text} has no airfield of yours (21.4)`;
    if (!f.ground.some((g) => g.at === hex)) return `the airfield at ${text} has no ground unit of yours: its air may not fly (24.2 (4))`;
  }
  return { from: place, hex, carrier: false };
}

/** Points a mission may take off with at a source (22.1, A15: CAP also by fatigued points, at printed strength; 46.0: `tired` strikes). */
export function availableAt(
  s: SolState,
  side: SolSide,
  src: Source,
  service: string,
  type: string,
  mission: string,
  tired = false,
): number {
  const f = s.forces[side];
  if (src.carrier) {
    const ship = f.ships[src.from];
    if (type !== 'NAC') return 0;
    if (tired) return mission === 'cap' ? 0 : (ship.nacTired ?? 0);
    const free = Math.max(0, ship.nac - (ship.nacTired ?? 0));
    return mission === 'cap' ? free : Math.max(0, free - (ship.nacCap ?? 0));
  }
  return f.air
    .filter((a) => a.at === src.from && a.service === service && a.type === type && eligible(a, mission as never, tired))
    .reduce((t, a) => t + a.points, 0);
}

/** The hex an air line targets: its TF's (an enemy TF marker, seen by all, 31.1 (2)), or its hex. */
export function targetHex(s: SolState, side: SolSide, o: AirOrder, src: Source): string | null {
  if (o.mission === 'cap') return src.hex;
  if (o.tf !== null) {
    const tf = s.forces[other(side)].taskForces[o.tf];
    return tf ? hexOf(s, tf.at) : null;
  }
  const place = o.hex ? placeOfText(s, o.hex) : null;
  return place ? hexOf(s, place) : null;
}

export const supplyFor = (points: number) => Math.ceil(points / LOGISTICS.value.airPointsPerMission);

/** The air lines' problems, each with its index in `orders`. */
export function checkAir(s: SolState, side: SolSide, orders: readonly { kind: string }[]): Problem[] {
  const problems: Problem[] = [];
  const used = new Map<string, number>();
  const supply = new Map<string, number>();
  const assigned = new Map<string, number>();
  for (const [index, raw] of orders.entries()) {
    if (!isAirOrder(raw)) continue;
    checkOne(raw, index);
  }
  return problems;

  function checkOne(o: AirOrder, index: number): void {
    const bad = (problem: string, rule: string): void => {
      problems.push({ index, problem, rule });
    };
    const night = nightProblem(s, side, o);
    if (night) return bad(night.problem, night.rule);
    // 28.3 (2), 50.0 Air Mission Chart: close air support, US Navy LAC with a US attack only
    if (o.mission === 'cas' && side !== 'us') return bad('only the US flies close air support (a US attack only)', '28.3 (2)');
    if (o.mission === 'cas' && (o.type !== 'LAC' || o.service !== 'navy'))
      return bad(`close air support is flown by US Navy LAC (LAC-N) only, not ${kindName(o.service, o.type)}`, '50.0 Air Mission Chart');
    const src = sourceOf(s, side, o.from);
    if (typeof src === 'string') return bad(src, src.endsWith('(44.3)') ? '44.3' : '21.4');
    if (src.carrier && o.type !== 'NAC') return bad('only NAC fly from carriers', '21.3');
    if (o.mission === 'counterstrike' && !src.carrier) return bad('a counterstrike is flown by carrier NAC', '50.0 Air Mission Chart');
    if (o.mission === 'cap' && o.type === 'SAC') return bad('SAC fly no CAP', '50.0 Air Mission Chart');
    const key = `${src.from}|${o.service}|${o.type}|${o.mission === 'cap' ? 'cap' : 'go'}`;
    const want = (used.get(key) ?? 0) + o.points;
    used.set(key, want);
    const have =
      availableAt(s, side, src, o.service, o.type, o.mission) +
      (o.mission === 'cap' || (o.mission !== 'recon' && multipleCombats(s))
        ? availableAt(s, side, src, o.service, o.type, o.mission, true)
        : 0);
    if (want > have)
      return bad(
        `${src.from} has ${have} ${kindName(o.service, o.type)} able to fly this ${o.mission === 'cap' ? 'CAP' : 'mission'}, not ${want}`,
        multipleCombats(s) ? '22.1, 21.8, 46.0' : '22.1, 21.8',
      );
    if (s.options.airMissionAssignment) {
      const k = `${src.from}|${o.service}|${o.type}|${o.mission}`;
      const flown = (assigned.get(k) ?? 0) + o.points;
      assigned.set(k, flown);
      const wrong = assignmentProblem(s, side, src.from, o.service, o.type, o.mission, flown);
      if (wrong) return bad(wrong.problem, wrong.rule);
    }
    const hex = targetHex(s, side, o, src);
    if (!hex) return bad(o.tf !== null ? `the enemy has no TF ${o.tf} on the map` : `${o.hex} is no hex of the map`, '2.1');
    if (Object.values(s.bases).some((b) => b.side !== side && b.hex === hex))
      return bad(`${hex} is an enemy major base: no mission flies there`, '8.1');
    const range = rangeOf(side, o.service, o.type);
    const far = distance(src.hex, hex);
    const reach = extendedOk(s, side, o.service, o.type) ? 2 * range : range;
    if (far > reach)
      return bad(
        `${hex} is ${far} hexes from ${src.from}; ${kindName(o.service, o.type)} reach ${reach}`,
        range === reach ? '21.2, 23.1' : '23.2',
      );
    if (!src.carrier) {
      const n = (supply.get(src.from) ?? 0) + supplyFor(o.points);
      supply.set(src.from, n);
      if (n > (s.forces[side].supply[src.from] ?? 0))
        return bad(
          `missions from ${src.from} need ${n} supply (one a 12 points a mission), ${s.forces[side].supply[src.from] ?? 0} there`,
          '11.4',
        );
    }
  }
}
