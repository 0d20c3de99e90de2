/**
 * The IJN's air decisions as pure functions of what the IJN may know (2.1, 27-28): its own
 * carriers, bases and ready squadrons, and of the USN only each TF's hex, whether it is identified
 * and whether it carries carriers (the counters' backs show it, 27.1(1)), and the USN bases. Each
 * is a table lookup of ijn/doctrine.ts (5a-c land-based doctrine, 5a-d carrier doctrine, 5a1d
 * fighter commitment); targets the table leaves open are chosen by rank (carriers, then identified
 * TFs, then the nearest) and, among equals, at random (2.2). 22.3: only squadrons in range of the
 * target fly; 32.0: the IJN flies extended range only when nothing is in reach at normal range.
 */
import type { Dice, RollOptions } from '../../../../engine/ruleset';
import { chooseAtRandom, type RandomChoice } from '../../../kit';
import type { AirType, BaseId, CoralBox } from '../../box/schema';
import { carrierDoctrine, type Decision, type FighterSplit, fighterCommitment, type IjnContext, landAirDoctrine } from '../../ijn/doctrine';
import type { Facts } from '../../ijn/modifiers';
import type { AirCounts } from './state';
import { extendedOf, printedRange } from './units';

/** A USN TF as the IJN knows it. */
export interface UsnTfFact {
  readonly id: string;
  readonly hex: string;
  readonly identified: boolean;
  readonly carriers: boolean;
}

export interface UsnBaseFact {
  readonly id: BaseId;
  readonly hex: string;
  readonly kind: 'major' | 'minor';
}

/** What the IJN knows of the USN when it decides its air (and the map's distances, public). */
export interface IjnAirView {
  readonly usnTfs: readonly UsnTfFact[];
  readonly usnBases: readonly UsnBaseFact[];
  readonly badWeather: boolean;
  readonly extendedRange: boolean;
  readonly distance: (a: string, b: string) => number;
}

/** One IJN air origin: a base, or a carrier TF (its carriers' ready squadrons together). */
export interface IjnOrigin {
  readonly name: string;
  readonly hex: string;
  /** Ready squadrons by type (its own, 27). */
  readonly ready: AirCounts;
}

export interface IjnTarget {
  readonly kind: 'tf' | 'base';
  readonly id: string;
  readonly hex: string;
  readonly distance: number;
  /** 32.0: reached only at extended range. */
  readonly extended: boolean;
}

/** Facts for a doctrine table's modifiers (28.3): distances from `hex` to the nearest USN TF of each kind. */
export function factsFrom(hex: string, view: IjnAirView): Facts {
  const near = (pick: (t: UsnTfFact) => boolean) => {
    const ds = view.usnTfs.filter(pick).map((t) => view.distance(hex, t.hex));
    return ds.length ? Math.min(...ds) : undefined;
  };
  const out: Record<string, number | undefined> = {
    nearestIdentifiedUsnCarrier: near((t) => t.identified && t.carriers),
    nearestIdentifiedUsnTf: near((t) => t.identified),
    nearestUnidentifiedUsnTf: near((t) => !t.identified),
    nearestUsnCarrier: near((t) => t.carriers),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Facts;
}

const STRIKERS = (t: AirType) => t !== 'VF' && t !== 'LF';

/** The farthest a set of types reaches (normal or extended), 2 in bad weather (36 result 6); 0 when none. */
export function reach(box: CoralBox, types: readonly AirType[], extended: boolean, view: IjnAirView): number {
  if (!types.length) return 0;
  const r = Math.max(...types.map((t) => (extended ? extendedOf(box, printedRange(box, 'ijn', t)) : printedRange(box, 'ijn', t))));
  return view.badWeather ? Math.min(2, r) : r;
}

/** Targets within a reach, ranked: carrier TFs, then identified TFs, then other TFs, nearest first; bases apart. */
function targetsWithin(
  hex: string,
  r: number,
  view: IjnAirView,
  extended: boolean,
  bases: 'any' | 'minor',
): { tfs: IjnTarget[]; bases: IjnTarget[] } {
  const d = (h: string) => view.distance(hex, h);
  const tfs = view.usnTfs
    .filter((t) => d(t.hex) <= r)
    .map((t) => ({ kind: 'tf' as const, id: t.id, hex: t.hex, distance: d(t.hex), extended, fact: t }));
  const bs = view.usnBases
    .filter((b) => (bases === 'any' || b.kind === 'minor') && d(b.hex) <= r)
    .map((b) => ({ kind: 'base' as const, id: b.id, hex: b.hex, distance: d(b.hex), extended }));
  return { tfs, bases: bs };
}

type Ranked = IjnTarget & { fact?: UsnTfFact };
const rank = (t: Ranked) => (t.fact?.carriers && t.fact.identified ? 0 : t.fact?.identified ? 1 : 2);

/** The first rank's nearest, at random among equals (2.2). */
function best(
  dice: Dice,
  list: readonly Ranked[],
  purpose: string,
  options?: RollOptions,
  by: (t: Ranked) => number = rank,
): { target: IjnTarget; choice?: RandomChoice<string> } | null {
  if (!list.length) return null;
  const key = (t: Ranked) => [by(t), t.distance] as const;
  const top = key([...list].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1])[0]);
  const equal = list.filter((t) => key(t)[0] === top[0] && key(t)[1] === top[1]).sort((a, b) => (a.id < b.id ? -1 : 1));
  const strip = ({ fact: _f, ...t }: Ranked): IjnTarget => t;
  if (equal.length === 1) return { target: strip(equal[0]) };
  const choice = chooseAtRandom(
    dice,
    equal.map((t) => t.id),
    purpose,
    '2.2',
    options,
  );
  return { target: strip(equal[choice.index]), choice };
}

export interface IjnStrikePlan<R> {
  readonly decision: Decision<R> | null;
  readonly facts: Facts;
  readonly target: IjnTarget | null;
  readonly choice?: RandomChoice<string>;
}

/** Normal range first; extended only when nothing at normal range and rule 32 is in play (32.0). */
function candidates(box: CoralBox, origin: IjnOrigin, view: IjnAirView, bases: 'any' | 'minor') {
  const types = (Object.entries(origin.ready) as [AirType, number][]).filter(([t, n]) => n > 0 && STRIKERS(t)).map(([t]) => t);
  const normal = targetsWithin(origin.hex, reach(box, types, false, view), view, false, bases);
  if (normal.tfs.length || normal.bases.length || !view.extendedRange) return normal;
  return targetsWithin(origin.hex, reach(box, types, true, view), view, true, bases);
}

/** True when an origin has strike squadrons ready and something to strike in reach: it rolls its doctrine. */
export function hasTargets(box: CoralBox, origin: IjnOrigin, view: IjnAirView, bases: 'any' | 'minor'): boolean {
  const c = candidates(box, origin, view, bases);
  return c.tfs.length + c.bases.length > 0;
}

/** 5a-c: one IJN base's land-based air: the doctrine roll, then the target it names (TF by rank, else a USN base). */
export function planLandAir(
  dice: Dice,
  box: CoralBox,
  origin: IjnOrigin,
  view: IjnAirView,
  ctx: IjnContext,
): IjnStrikePlan<'none' | 'base' | 'task-force' | 'task-force-else-base'> {
  const facts = factsFrom(origin.hex, view);
  if (!hasTargets(box, origin, view, 'any')) return { decision: null, facts, target: null };
  const decision = landAirDoctrine(dice, box, origin.name, facts, ctx);
  const c = candidates(box, origin, view, 'any');
  const purpose = `IJN air target, ${origin.name}`;
  const r = decision.roll.result;
  const pick =
    r === 'none'
      ? null
      : r === 'base'
        ? best(dice, c.bases, purpose, ctx.options, () => 0)
        : (best(dice, c.tfs, purpose, ctx.options) ??
          (r === 'task-force-else-base' ? best(dice, c.bases, purpose, ctx.options, () => 0) : null));
  return { decision, facts, target: pick?.target ?? null, ...(pick?.choice ? { choice: pick.choice } : {}) };
}

/**
 * 5a-d: a carrier TF (CSF, CG) within reach of a USN TF or the USN minor base rolls the carrier
 * doctrine: `identified-tf` strikes the best identified TF, `nearest-tf` the nearest TF identified
 * or not (carriers first among equals); either, with no such TF, the minor base in reach.
 */
export function planCarrierAir(
  dice: Dice,
  box: CoralBox,
  origin: IjnOrigin,
  view: IjnAirView,
  ctx: IjnContext,
): IjnStrikePlan<'no-launch' | 'identified-tf' | 'nearest-tf'> {
  const facts = factsFrom(origin.hex, view);
  if (!hasTargets(box, origin, view, 'minor')) return { decision: null, facts, target: null };
  const decision = carrierDoctrine(dice, box, origin.name as never, facts, ctx);
  const c = candidates(box, origin, view, 'minor');
  const purpose = `IJN carrier target, ${origin.name}`;
  const r = decision.roll.result;
  const tfs = r === 'identified-tf' ? c.tfs.filter((t) => (t as Ranked).fact?.identified) : c.tfs;
  const byNearest = (t: Ranked) => (r === 'nearest-tf' ? 0 : rank(t));
  const pick =
    r === 'no-launch' ? null : (best(dice, tfs, purpose, ctx.options, byNearest) ?? best(dice, c.bases, purpose, ctx.options, () => 0));
  return { decision, facts, target: pick?.target ?? null, ...(pick?.choice ? { choice: pick.choice } : {}) };
}

/** 22.3: of an origin's ready squadrons, the strike types that reach the target (fighters are 5a1d's). */
export function strikersInRange(box: CoralBox, ready: AirCounts, target: IjnTarget, view: IjnAirView): AirCounts {
  const out: AirCounts = {};
  for (const [t, n] of Object.entries(ready) as [AirType, number][]) {
    if (!n || !STRIKERS(t)) continue;
    if (target.distance <= reach(box, [t], target.extended, view)) out[t] = n;
  }
  return out;
}

/**
 * 5a1d: a carrier's or base's ready fighters split by the Fighter Commitment Table. With a strike
 * to escort, the escorts that reach its target fly with it and the rest fly CAP (22.3: fighters out
 * of range switch to CAP); with none, the escort share stays Ready and the rest fly CAP.
 */
export function splitFighters(
  dice: Dice,
  box: CoralBox,
  who: string,
  hex: string,
  fighters: { readonly type: AirType; readonly ready: number },
  strike: IjnTarget | null,
  view: IjnAirView,
  options?: RollOptions,
): FighterSplit & { readonly flyEscort: number; readonly stayReady: number } {
  const split = fighterCommitment(dice, box, who, fighters.ready, factsFrom(hex, view), options);
  const reaches = strike !== null && strike.distance <= reach(box, [fighters.type], strike.extended, view);
  const flyEscort = strike && reaches ? split.escort : 0;
  const stayReady = strike ? 0 : split.escort;
  return { ...split, flyEscort, stayReady, cap: fighters.ready - flyEscort - stayReady };
}
