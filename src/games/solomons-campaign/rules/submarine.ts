/**
 * Japanese submarines (36.1-36.3, 36.5-36.6): units of their own, never in a task force (36.1),
 * kept apart from the ships. The Japanese Submarine Deployment Segment (1D, step `t{n}/subs`)
 * comes when Japan has a submarine on the map or one to place: fatigued subs recover (36.5), subs
 * whose fourth turn on station has ended go off the map to refit for three turns (36.6; A6), then
 * Japan places the subs it has (36.2: any map hex, at most one a hex, none with a US airbase or on a
 * US major base) and moves those on station at most one hex (36.3, read with 36.2: a sub may stay
 * where it is only while the hex is still allowed, else it leaves the map and is placed again the
 * next turn). The same step takes the standing answer to attack chances (36.4): SUB ATTACK
 * ALWAYS, NEVER or ASK. Where subs are is Japan's alone (the US learns of a sub when it attacks).
 * The attack itself: rules/sub-attack.ts.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import type { Problem } from './planning';
import { adjacent, onMap } from './places';
import type { SolSide, SolState } from '../state';

export interface Sub {
  readonly id: string;
  /** a map hex, or null off the map (not arrived, refitting, or waiting to be placed) */
  readonly at: string | null;
  /** the turn the sub may be placed from (its arrival, or its return from refit) */
  readonly back: number;
  /** the turn it came on station (36.6), null off the map */
  readonly since: number | null;
  /** 36.5: it attacked this turn */
  readonly fatigued: boolean;
}

/** A US TF that entered a sub's hex by day this Operations Phase (36.4). */
export interface SubChance {
  readonly sub: string;
  readonly hex: string;
  readonly tf: number;
}

export type SubAnswer = 'always' | 'never' | 'ask';

export interface SubState {
  readonly boats: Readonly<Record<string, Sub>>;
  /** Japan's standing answer to a chance (36.4); `ask`: the umpire asks (step `…/us/sub`) */
  readonly standing: SubAnswer;
  readonly chances: readonly SubChance[];
  /** the US Operations Phase paused for Japan's answer: the US orders still to carry out */
  /** 36.4: the US phase's orders (moves, attacks, air missions) held while Japan answers */
  readonly waiting: { readonly orders: readonly SolOrder[] } | null;
}

export type SubOrder =
  | { readonly kind: 'sub-place'; readonly sub: string; readonly at: string }
  | { readonly kind: 'sub-standing'; readonly answer: SubAnswer }
  | { readonly kind: 'sub-attack'; readonly sub: string | null }
  | { readonly kind: 'sub-wait'; readonly sub: string | null };

const isSub = (id: string) => /^SS-\d+$/.test(id);

export function parseSubLine(line: string): SubOrder | string {
  const up = line.toUpperCase().replace(/\s+/g, ' ').trim();
  let m = /^SUB (SS-?\d+) AT (.+)$/.exec(up);
  if (m) return { kind: 'sub-place', sub: m[1].replace(/^SS-?/, 'SS-'), at: line.replace(/^.*\bAT\s+/i, '').trim() };
  m = /^SUB ATTACK (ALWAYS|NEVER|ASK)$/.exec(up);
  if (m) return { kind: 'sub-standing', answer: m[1].toLowerCase() as SubAnswer };
  m = /^SUB (ATTACK|WAIT)(?: (SS-?\d+|ALL))?$/.exec(up);
  if (m) {
    const sub = m[2] && m[2] !== 'ALL' ? m[2].replace(/^SS-?/, 'SS-') : null;
    return m[1] === 'ATTACK' ? { kind: 'sub-attack', sub } : { kind: 'sub-wait', sub };
  }
  return 'expected SUB SS-<n> AT <hex> (36.2), SUB ATTACK ALWAYS|NEVER|ASK (36.4), or at a chance SUB ATTACK [SS-<n>|ALL] or SUB WAIT [SS-<n>]';
}

export function formatSubOrder(o: SubOrder): string {
  switch (o.kind) {
    case 'sub-place':
      return `SUB ${o.sub} AT ${o.at}`;
    case 'sub-standing':
      return `SUB ATTACK ${o.answer.toUpperCase()}`;
    case 'sub-attack':
      return `SUB ATTACK${o.sub ? ` ${o.sub}` : ''}`;
    case 'sub-wait':
      return `SUB WAIT${o.sub ? ` ${o.sub}` : ''}`;
  }
}

export const isSubOrder = (o: { kind: string }): o is SubOrder => o.kind.startsWith('sub-');

/** Subs on the map by hex. */
export const subAt = (s: SolState, hex: string): Sub | null => Object.values(s.subs.boats).find((b) => b.at === hex) ?? null;

/** 36.6: a sub's station ends with the fourth turn (placed on turn t: off the map at 1D of t+4). */
const dueRefit = (s: SolState, b: Sub) => b.at !== null && b.since !== null && s.turn - b.since >= 4;
/** Subs Japan may place this 1D: off the map and back. */
export const availableSubs = (s: SolState): Sub[] =>
  Object.values(s.subs.boats)
    .filter((b) => b.at === null && b.back <= s.turn)
    .sort((a, b) => (a.id < b.id ? -1 : 1));

/** Whether 1D comes this turn: Japan has a sub on the map or one to place. */
export const subsDue = (s: SolState): boolean => Object.values(s.subs.boats).some((b) => b.at !== null || b.back <= s.turn);

/** 36.2: where a sub may be: a map hex with no US airbase and no US major base. */
export function subHexProblem(s: SolState, hex: string): string | null {
  if (!/^\d{4}$/.test(hex) || !onMap(s, hex)) return `${hex} is no hex of the map (subs are placed on the map, 36.2)`;
  if (Object.values(s.bases).some((b) => b.side === 'us' && b.hex === hex)) return `${hex} is a US major base (36.2)`;
  if (s.airfields.some((a) => a.side === 'us' && a.hex === hex)) return `${hex} holds a US airbase (36.2)`;
  return null;
}

const hexOfText = (s: SolState, text: string): string => {
  const named = s.hexNames[text] ?? Object.entries(s.hexNames).find(([n]) => n.toLowerCase() === text.toLowerCase())?.[1];
  return named ?? text;
};

/** The 1D orders: each sub placed (available) or moved (on station, one hex) to an allowed hex, one a hex. */
export function checkSubs(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const problems: Problem[] = [];
  const bad = (index: number, problem: string, rule: string) => problems.push({ index, problem, rule });
  if (side !== 'japanese')
    return orders.some((o) => o.kind !== 'none') ? [{ index: 0, problem: 'only Japan has submarines', rule: '1D' }] : [];
  const seen = new Set<string>();
  const target = new Map<string, string>();
  const one = (o: SolOrder): [string, string] | null => {
    if (o.kind === 'none' || o.kind === 'sub-standing') return null;
    if (o.kind !== 'sub-place') return ['the Submarine Deployment Segment takes SUB lines', '1D'];
    const p = o;
    const b = s.subs.boats[p.sub];
    if (!b) return [`${p.sub} is no Japanese submarine`, '36.1'];
    if (seen.has(p.sub)) return [`${p.sub} is ordered twice`, '36.2'];
    seen.add(p.sub);
    const hex = hexOfText(s, p.at);
    const where = subHexProblem(s, hex);
    if (where) return [where, '36.2'];
    if (b.at === null && b.back > s.turn) return [`${p.sub} is not available before turn ${b.back}`, '36.6'];
    if (b.at !== null && !dueRefit(s, b) && hex !== b.at && !adjacent(b.at, hex))
      return [`${p.sub} is at ${b.at}: a submarine moves one hex a turn`, '36.3'];
    target.set(p.sub, hex);
    return null;
  };
  orders.forEach((o, index) => {
    const p = one(o);
    if (p) bad(index, p[0], p[1]);
  });
  // 36.2: one sub a hex, counting the subs that stay
  const final = new Map<string, string>();
  for (const b of Object.values(s.subs.boats)) {
    const at = target.get(b.id) ?? (b.at !== null && !dueRefit(s, b) ? b.at : null);
    if (at) final.set(b.id, at);
  }
  const byHex = new Map<string, string[]>();
  for (const [id, hex] of final) byHex.set(hex, [...(byHex.get(hex) ?? []), id]);
  for (const [hex, ids] of byHex)
    if (ids.length > 1)
      bad(
        orders.findIndex((o) => o.kind === 'sub-place'),
        `${ids.sort().join(', ')} would share ${hex}: one submarine a hex`,
        '36.2',
      );
  return problems;
}

export type SubEvent =
  | RulesEvent<'sol.subs-ready', { recovered: readonly string[]; refit: readonly { sub: string; back: number }[]; left: readonly string[] }>
  | RulesEvent<'sol.sub-placed', { sub: string; at: string; from: string | null }>
  | RulesEvent<'sol.sub-standing', { answer: SubAnswer }>
  | RulesEvent<'sol.sub-chance', SubChance>
  | RulesEvent<'sol.sub-wait', { orders: readonly SolOrder[] }>
  | RulesEvent<'sol.sub-done', Record<string, never>>;

/** 1D: recovery, refit, placement and the standing answer, as events (all Japan's alone). */
export function subEvents(s: SolState, orders: readonly SolOrder[], refitTurns: number): SubEvent[] {
  const J = ['japanese'] as const;
  const boats = Object.values(s.subs.boats).sort((a, b) => (a.id < b.id ? -1 : 1));
  const recovered = boats.filter((b) => b.fatigued).map((b) => b.id);
  const refit = boats.filter((b) => dueRefit(s, b)).map((b) => ({ sub: b.id, back: s.turn - 1 + refitTurns }));
  const placed = new Map(orders.flatMap((o) => (o.kind === 'sub-place' ? [[o.sub, hexOfText(s, o.at)] as const] : [])));
  // a sub left in a hex no longer allowed (a US airbase built there, 36.2) leaves the map and is placed again next turn
  const left = boats.filter((b) => b.at !== null && !dueRefit(s, b) && !placed.has(b.id) && subHexProblem(s, b.at)).map((b) => b.id);
  const out: SubEvent[] = [];
  if (recovered.length || refit.length || left.length)
    out.push({ type: 'sol.subs-ready', data: { recovered, refit, left }, visibleTo: [...J] });
  for (const [sub, at] of [...placed].sort(([a], [b]) => (a < b ? -1 : 1)))
    out.push({ type: 'sol.sub-placed', data: { sub, at, from: s.subs.boats[sub].at }, visibleTo: [...J] });
  for (const o of orders)
    if (o.kind === 'sub-standing') out.push({ type: 'sol.sub-standing', data: { answer: o.answer }, visibleTo: [...J] });
  return out;
}

const SUB_TYPES = new Set(['sol.subs-ready', 'sol.sub-placed', 'sol.sub-standing', 'sol.sub-chance', 'sol.sub-wait', 'sol.sub-done']);
export const isSubEvent = (e: { type: string }): e is SubEvent => SUB_TYPES.has(e.type);

export function evolveSub(s: SolState, event: SubEvent): SolState {
  const subs = s.subs;
  const boat = (id: string, patch: Partial<Sub>) => ({ ...subs.boats[id], ...patch });
  switch (event.type) {
    case 'sol.subs-ready': {
      const boats = { ...subs.boats };
      for (const id of event.data.recovered) boats[id] = { ...boats[id], fatigued: false };
      for (const r of event.data.refit) boats[r.sub] = { ...boats[r.sub], at: null, since: null, back: r.back };
      for (const id of event.data.left) boats[id] = { ...boats[id], at: null, since: null, back: s.turn + 1 };
      return { ...s, subs: { ...subs, boats } };
    }
    case 'sol.sub-placed': {
      const d = event.data;
      const since = d.from === null ? s.turn : subs.boats[d.sub].since;
      return { ...s, subs: { ...subs, boats: { ...subs.boats, [d.sub]: boat(d.sub, { at: d.at, since }) } } };
    }
    case 'sol.sub-standing':
      return { ...s, subs: { ...subs, standing: event.data.answer } };
    case 'sol.sub-chance':
      return { ...s, subs: { ...subs, chances: [...subs.chances, event.data] } };
    case 'sol.sub-wait':
      return { ...s, subs: { ...subs, waiting: { orders: event.data.orders } } };
    case 'sol.sub-done':
      return { ...s, subs: { ...subs, chances: [], waiting: null } };
  }
}

export function narrateSub(event: SubEvent): string[] {
  const d = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'sol.subs-ready': {
      const e = event.data;
      return [
        ...(e.recovered.length ? [`Japan: ${e.recovered.join(', ')} ready to attack again (36.5).`] : []),
        ...e.refit.map((r) => `Japan: ${r.sub} leaves the map to refit, back on turn ${r.back} (36.6).`),
        ...(e.left.length ? [`Japan: ${e.left.join(', ')} leave a hex no longer allowed, placed again next turn (36.2).`] : []),
      ];
    }
    case 'sol.sub-placed':
      return [`Japan ${d.from ? `moves ${d.sub} from ${d.from}` : `places ${d.sub}`} to ${d.at} (${d.from ? '36.3' : '36.2'}).`];
    case 'sol.sub-standing':
      return [`Japan's submarines: attack chances answered ${String(d.answer).toUpperCase()} (36.4).`];
    case 'sol.sub-chance':
      return [`US TF ${d.tf} enters ${d.hex}, where ${d.sub} waits (36.4).`];
    default:
      return [];
  }
}

export const isSubId = isSub;
