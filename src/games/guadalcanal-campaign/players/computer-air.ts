/**
 * The computer Japanese in the air (11.0, 14.0): CAP with a half of the fighters once American
 * carriers are reported, a third before (7.1B); search with up to 8 bombers from a base and 2 from a
 * carrier (7.1C); strikes on the report's carriers first, then battleships, transports, cruisers
 * (7.3), escorted by up to a fighter a bomber; Henderson Field (TF 1, 7.3B) only from a base with 40
 * bombers in range; Zekes left over to the Shortlands while it has room (7.5E, 9.7B).
 */
import { keysOf } from '../keyed';
import type { Rng, StepInfo } from '../../../engine/ruleset';
import { AIRBASES } from '../box/map';
import { range } from '../box/range';
import { type GcOrder, isSearchStep } from '../orders';
import type { AirGroup } from '../state';
import type { GcView } from '../view';
import { americanCarriersReported, objectiveOf } from './computer-known';

type Known = GcView['known'];
type Holder = Known['air'][number];

export const AIR_DOCTRINE = { searchFromBase: 8, searchFromCarrier: 2, hendersonBombers: 40 } as const;
/** 14.0: the order of targets by the types reported. */
export const TARGET_ORDER = ['CV', 'CVL', 'BB', 'TR', 'CA'];
const HENDERSON_TF = 1;

const sum = (g: AirGroup) => Object.values(g).reduce((a, n) => a + n, 0);

export function computerAir(view: GcView, step: StepInfo, dice: Rng): GcOrder[] {
  const k = view.known;
  const out = isSearchStep(step) ? k.air.flatMap((at) => capAndSearch(k, at)) : strikes(k, dice);
  return out.length ? out : [{ kind: 'no-air' }];
}

const typesOf = (k: Known, at: Holder, role: string) => keysOf(at.free).filter((t) => k.aircraft[t].role === role);

function capAndSearch(k: Known, at: Holder): GcOrder[] {
  const out: GcOrder[] = [];
  const share = americanCarriersReported(k) ? 2 : 3;
  const cap = Object.fromEntries(
    typesOf(k, at, 'fighter')
      .map((t) => [t, Math.ceil(at.free[t] / share)] as const)
      .filter(([, n]) => n > 0),
  );
  if (sum(cap)) out.push({ kind: 'cap', from: at.name, planes: cap });
  // the longest-ranged bombers search (ties by name)
  const bomber = typesOf(k, at, 'bomber').sort((a, b) => k.aircraft[b].attack - k.aircraft[a].attack || (a < b ? -1 : 1))[0];
  if (bomber) {
    const n = Math.min(at.free[bomber], at.carrier ? AIR_DOCTRINE.searchFromCarrier : AIR_DOCTRINE.searchFromBase);
    out.push({ kind: 'search', from: at.name, planes: { [bomber]: n } });
  }
  return out;
}

/** A report's rank: the first of its types in TARGET_ORDER (others after). */
const rankOf = (reported: readonly string[]) => Math.min(...reported.map((t) => TARGET_ORDER.indexOf(t)).map((i) => (i < 0 ? 99 : i)), 99);

function strikes(k: Known, dice: Rng): GcOrder[] {
  const out: GcOrder[] = [];
  const escorting = new Map<string, number>();
  const h = objectiveOf(k);
  for (const at of k.air) {
    const bombers = typesOf(k, at, 'bomber');
    const reach = (sq: { col: number; row: number }) => bombers.filter((t) => k.aircraft[t].attack >= range(at, sq));
    const targets = k.sighted.filter((x) => reach(x).length);
    let target: { tf: number; col: number; row: number } | undefined;
    if (targets.length) {
      const key = (x: (typeof targets)[number]) => [rankOf(x.reported), range(at, x)];
      const best = targets.reduce((a, x) => (key(x)[0] < key(a)[0] || (key(x)[0] === key(a)[0] && key(x)[1] < key(a)[1]) ? x : a));
      const ties = targets.filter((x) => key(x)[0] === key(best)[0] && key(x)[1] === key(best)[1]);
      target = ties.length > 1 ? ties[dice.int(ties.length)] : best;
    } else if (!at.carrier && reach(h).reduce((a, t) => a + at.free[t], 0) >= AIR_DOCTRINE.hendersonBombers)
      target = { tf: HENDERSON_TF, ...h };
    if (!target) continue;
    const d = range(at, target);
    const planes: Record<string, number> = {};
    for (const t of reach(target)) planes[t] = at.free[t];
    let escorts = sum(planes);
    for (const t of typesOf(k, at, 'fighter').filter((x) => k.aircraft[x].attack >= d)) {
      const n = Math.min(at.free[t], escorts);
      if (n <= 0) continue;
      planes[t] = n;
      escorts -= n;
      if (t === 'Zeke') escorting.set(at.name, n);
    }
    out.push({ kind: 'strike', target: target.tf, from: at.name, planes });
  }
  const transfer = zekesToShortlands(k, escorting);
  return transfer ? [...out, transfer] : out;
}

/** 7.5E, 9.7B: Zekes a base has left over go to the Shortlands, within its room. */
function zekesToShortlands(k: Known, escorting: ReadonlyMap<string, number>): GcOrder | null {
  const to = k.air.find((x) => x.name === 'Shortlands');
  if (!to) return null;
  const room = AIRBASES.shortlandsCapacity.value - to.held;
  for (const from of k.air) {
    if (from.carrier || from === to) continue;
    const zekes = Math.min((from.free.Zeke ?? 0) - (escorting.get(from.name) ?? 0), room);
    if (zekes > 0 && range(from, to) <= k.aircraft.Zeke.attack * 3)
      return { kind: 'transfer', from: from.name, to: to.name, planes: { Zeke: zekes } };
  }
  return null;
}
