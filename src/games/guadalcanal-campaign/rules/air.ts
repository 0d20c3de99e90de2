/**
 * Air operations of an AM turn (7.0): CAP and search (7.1A-C) in the first air step; strikes (7.3),
 * counterstrikes (7.4) and one transfer (7.5) in the second, after the search report (7.2). Aircraft
 * fly from an active airbase of the side (7.6) or a carrier at sea that may launch (9.1B). A plane
 * flies one mission a turn (7.1A); the orders are walked in the order written, each on what the ones
 * before it left. Every event is the flying side's alone: the enemy learns of a strike when it is
 * attacked (8.1), of a CAP when it meets it.
 */
import { entriesOf, keysOf, valuesOf } from '../keyed';
import { Fold } from '../../kit';
import { range } from '../box/range';
import { type GcOrder, planesText } from '../orders';
import { type AirGroup, type AirOps, dateOf, type GcSide, type GcState, isMini, noAirOps } from '../state';
import { evolveGc, type GcEvent } from './events';
import type { Problem } from './movement';
import { struckBase } from './islands';

export interface Holder {
  readonly name: string;
  readonly carrier: boolean;
  readonly col: number;
  readonly row: number;
}

/** This turn's air operations of the side (those of an earlier turn are spent). */
export const opsOf = (s: GcState, side: GcSide): AirOps => (s.airOps[side].turn === s.turn ? s.airOps[side] : noAirOps(s.turn));

/** 9.1B: a carrier with 26% damage or more, or slower than 15 knots, may neither launch nor land aircraft. */
export const carrierMayFly = (s: GcState, name: string) => s.ships[name].damage * 100 < 26 * s.ships[name].df && s.ships[name].ms >= 15;

/** The side's bases (7.6, from their dates) and carriers at sea, by name, case-blind; or why not. */
export function holderOf(s: GcState, side: GcSide, name: string): Holder | string {
  const key = name.trim().toLowerCase();
  const base = s.airbases.find((b) => b.side === side && b.name.toLowerCase() === key);
  if (base) {
    if (base.from && dateOf(s, s.turn) < base.from) return `${base.name} is not active until ${base.from} (7.6)`;
    return { name: base.name, carrier: false, col: base.col, row: base.row };
  }
  const ship = valuesOf(s.ships).find((x) => x.side === side && x.name.toLowerCase() === key && (x.type === 'CV' || x.type === 'CVL'));
  if (ship) {
    if (ship.tf === null) return `${ship.name} is in port: carriers fly from sea (as read of 7.3A, 4.5)`;
    if (!carrierMayFly(s, ship.name))
      return `${ship.name} has 26% damage or more, or makes under 15 knots: it may not launch aircraft (9.1B)`;
    const tf = s.taskForces[ship.tf];
    return { name: ship.name, carrier: true, col: tf.col, row: tf.row };
  }
  return `"${name}" is none of your airbases or carriers at sea: ${flyingFrom(s, side).join(', ') || 'none'} (7.6, 7.3A)`;
}

/** 9.4B: Henderson Field flies no mission with fewer than 3 US supply dumps on Guadalcanal (its float planes still search, as read of 7.1D). */
export const HENDERSON_DUMPS = 3;
export function grounded(s: GcState, name: string): string | null {
  const sup = s.ashore.american.sup;
  return name === 'Henderson Field' && !isMini(s) && sup < HENDERSON_DUMPS
    ? `Henderson Field has ${sup} supply dump(s), under ${HENDERSON_DUMPS}: no air operations from it (9.4B)`
    : null;
}

/** The names the side's aircraft may fly from now. */
export function flyingFrom(s: GcState, side: GcSide): string[] {
  const date = dateOf(s, s.turn);
  const bases = s.airbases.filter((b) => b.side === side && (!b.from || date >= b.from) && !grounded(s, b.name)).map((b) => b.name);
  const carriers = valuesOf(s.ships)
    .filter((x) => x.side === side && (x.type === 'CV' || x.type === 'CVL') && x.tf !== null && carrierMayFly(s, x.name))
    .map((x) => x.name)
    .sort();
  return [...bases, ...carriers];
}

/** Aircraft at a base or carrier not yet given a mission this turn (7.1A). */
export function freeAt(s: GcState, side: GcSide, holder: string): Record<string, number> {
  const ops = opsOf(s, side);
  const free: Record<string, number> = { ...(s.air[holder] ?? {}) };
  const take = (g: AirGroup | undefined) => {
    for (const [t, n] of entriesOf(g ?? {})) free[t] = (free[t] ?? 0) - n;
  };
  for (const k of ['cap', 'lrcap', 'search', 'subSearch', 'counter'] as const) take(ops[k][holder]);
  for (const x of ops.strikes) if (x.from === holder) take(x.planes);
  return free;
}

/** The rule a refusal's text ends with, "(7.5C, 4.5)" giving 7.5C. */
const ruleOf = (text: string, fallback: string) =>
  text
    .match(/\(([0-9.A-G]+)[,)]/g)
    ?.pop()
    ?.slice(1, -1) ?? fallback;

/** The events of a side's air step, or the problems that refuse its orders. */
export function walkAir(s: GcState, side: GcSide, orders: readonly GcOrder[]): { events: GcEvent[]; problems: Problem[]; state: GcState } {
  const fold = new Fold<GcState>(s, evolveGc);
  const events: GcEvent[] = [];
  const problems: Problem[] = [];
  for (const [index, o] of orders.entries()) walk(o, index);
  return { events, problems, state: fold.s };

  function walk(o: GcOrder, index: number): void {
    const refuse = (problem: string, rule: string): void => {
      problems.push({ index, problem, rule });
    };
    if (o.kind === 'no-air' || o.kind === 'train' || !('planes' in o)) return;
    const at = fold.s;
    const from = holderOf(at, side, o.from);
    if (typeof from === 'string') return refuse(from, ruleOf(from, '7.6'));
    const short9 = grounded(at, from.name);
    if (short9) return refuse(short9, '9.4B');
    const types = keysOf(o.planes);
    const fighters = types.filter((t) => at.aircraft[t].role === 'fighter');
    const foreign = types.find((t) => at.aircraft[t].side !== side);
    if (foreign) return refuse(`${foreign} is not one of your aircraft types (7.1F)`, '7.1F');
    const free = freeAt(at, side, from.name);
    const short = types.find((t) => o.planes[t] > (free[t] ?? 0));
    if (short)
      return refuse(
        `${from.name} has ${Math.max(0, free[short] ?? 0)} ${short} free, not ${o.planes[short]}: a plane flies one mission a turn (7.1A); free: ${planesText(positive(free)) || 'none'}`,
        '7.1A',
      );
    const emit = (e: GcEvent): void => {
      events.push(e);
      fold.emit(e);
    };
    if (o.kind === 'cap' || o.kind === 'lrcap') {
      if (fighters.length !== types.length)
        return refuse(
          `CAP is flown by fighters only (Wildcat, Zeke), not ${types.filter((t) => !fighters.includes(t)).join(', ')} (7.1A-B)`,
          '7.1A',
        );
    } else if (o.kind === 'search' || o.kind === 'subsearch') {
      if (fighters.length) return refuse(`search is flown by bombers only, not ${fighters.join(', ')} (7.1A, 7.1C)`, '7.1A');
    } else if (o.kind === 'counterstrike') {
      if (!from.carrier) return refuse(`${from.name} is an airbase: only carriers prepare counterstrikes (7.4C)`, '7.4C');
    } else if (o.kind === 'strike') {
      const problem = strikeProblem(at, side, from, o.target, o.planes);
      if (problem) return refuse(problem[0], problem[1]);
      const target = targetSquare(at, side, o.target)!;
      return emit({
        type: 'gcc.strike-launched',
        data: { side, turn: at.turn, from: from.name, target: o.target, range: range(from, target), planes: { ...o.planes } },
        visibleTo: [side],
      });
    } else if (o.kind === 'transfer') {
      const to = transferTo(at, side, from, o.to, o.planes);
      if (typeof to === 'string') return refuse(to, ruleOf(to, '7.5'));
      return emit({
        type: 'gcc.transferred',
        data: { side, turn: at.turn, from: from.name, to: to.name, planes: { ...o.planes } },
        visibleTo: [side],
      });
    }
    emit({
      type: 'gcc.air-assigned',
      data: { side, turn: at.turn, kind: o.kind, from: from.name, planes: { ...o.planes } },
      visibleTo: [side],
    });
  }
}

const positive = (g: Record<string, number>) => Object.fromEntries(entriesOf(g).filter(([, n]) => n > 0));

/** 7.3A-B: the square of a strike's target: a TF of this turn's report, or the enemy base TF 1 / TF 11. */
function targetSquare(s: GcState, side: GcSide, target: number): { col: number; row: number } | null {
  const baseTf = side === 'japanese' ? 1 : 11;
  // 10.2C: in Coral Sea the Japanese TF 1 is the Port Moresby base (rules/islands.ts)
  if (target === baseTf) return struckBase(s, baseTf) ?? null;
  const seen = s.sighted[side].find((x) => x.tf === target);
  return seen && s.taskForces[target] ? { col: s.taskForces[target].col, row: s.taskForces[target].row } : null;
}

function strikeProblem(s: GcState, side: GcSide, from: Holder, target: number, planes: AirGroup): [string, string] | null {
  const baseTf = side === 'japanese' ? 1 : 11;
  const square = targetSquare(s, side, target);
  if (!square) {
    const seen = s.sighted[side].map((x) => `TF ${x.tf}`);
    return [
      `TF ${target} is not on this turn's search report: strike a sighted TF (${[...seen, `TF ${baseTf}, the enemy base`].join(', ')}) (7.3, 7.3B)`,
      target === 1 || target === 11 ? '7.3B' : '7.3',
    ];
  }
  if (opsOf(s, side).strikes.some((x) => x.from === from.name))
    return [`${from.name} has launched its strike this turn: one a base or carrier (7.3A)`, '7.3A'];
  const d = range(from, square);
  const short = keysOf(planes).filter((t) => s.aircraft[t].attack < d);
  if (short.length)
    return [
      `TF ${target} is ${d} squares from ${from.name}, beyond the attack range of ${short.map((t) => `${t} (${s.aircraft[t].attack})`).join(', ')} (7.3D)`,
      '7.3D',
    ];
  if (keysOf(planes).every((t) => s.aircraft[t].role === 'fighter'))
    return ['fighters only escort (Zeke, Wildcat never attack ships): a strike needs bombers (7.3E)', '7.3E'];
  return null;
}

/** 7.5A-E (and 9.1B for a carrier that receives): where the aircraft go, or why not. */
function transferTo(s: GcState, side: GcSide, from: Holder, toName: string, planes: AirGroup): Holder | string {
  if (opsOf(s, side).transferred) return 'one air transfer a turn, and it has been made (7.5A)';
  if (planes.Fortress) return 'Fortresses never transfer (7.5B)';
  const to = holderOf(s, side, toName);
  if (typeof to === 'string') return to;
  if (to.name === from.name) return `${from.name} to itself is no transfer (7.5)`;
  if (!from.carrier && to.carrier) return `aircraft never transfer from an airbase to a carrier: that is pilot training (7.5C, 4.5)`;
  if (side === 'japanese' && to.name === 'Shortlands' && keysOf(planes).some((t) => t !== 'Zeke'))
    return 'only Zekes transfer into the Shortlands (7.5E)';
  const d = range(from, to);
  const short = keysOf(planes).filter((t) => s.aircraft[t].attack * s.transferRangeFactor < d);
  if (short.length)
    return `${to.name} is ${d} squares from ${from.name}, beyond the transfer range (3 x attack range) of ${short.map((t) => `${t} (${s.aircraft[t].attack * s.transferRangeFactor})`).join(', ')} (7.5D)`;
  if (to.carrier) {
    if (keysOf(planes).some((t) => !s.aircraft[t].carrier))
      return `${keysOf(planes).find((t) => !s.aircraft[t].carrier)} never flies from carriers (4.5E)`;
    const aboard = valuesOf(s.air[to.name] ?? {}).reduce((a, b) => a + b, 0);
    const adding = valuesOf(planes).reduce((a, b) => a + b, 0);
    if (aboard + adding > s.ships[to.name].cc) return `${to.name} carries ${s.ships[to.name].cc} aircraft at most and has ${aboard} (4.5)`;
  }
  const most = s.capacity?.[to.name];
  const based = valuesOf(s.air[to.name] ?? {}).reduce((a, b) => a + b, 0) + valuesOf(planes).reduce((a, b) => a + b, 0);
  if (most !== undefined && based > most) return `${to.name} holds ${most} aircraft at most (9.7, 10.2D): that would make ${based}`;
  return to;
}
