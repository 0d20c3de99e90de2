/** Returning to port or base (5.74, 10.1–10.2, 16.3, 17.x by nationality). */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import type { Order, OrderOf, Unit, VitpState, VSide } from './types';
import { SIDES } from './types';
import { eliminatedLoc } from './repairs';
import { submarineHome } from './submarines';
import { returnDestinations } from './world';
import { unitOf } from './events';

/** Units that must find a harbor: everything still at sea (5.74) and everything turned back earlier (10.2). */
export const mustReturn = (s: VitpState, side: VSide): Unit[] => [...afloatOf(s.units)[side].returning];

/**
 * Each side's ships and units at sea or in transit, and those in transit alone (turned back), in
 * list order: found in one pass once per unit list (a list is never changed once made; the combat
 * sequence asks who was turned back at every step of it).
 */
interface Afloat {
  readonly returning: readonly Unit[];
  readonly transit: readonly Unit[];
}
const afloat = new WeakMap<readonly Unit[], Record<VSide, Afloat>>();

function afloatOf(units: readonly Unit[]): Record<VSide, Afloat> {
  let found = afloat.get(units);
  if (!found) {
    const of = (side: VSide) => units.filter((u) => u.side === side && u.kind !== 'sub' && (u.loc.at === 'transit' || u.loc.at === 'sea'));
    const split = (returning: Unit[]): Afloat => ({ returning, transit: returning.filter((u) => u.loc.at === 'transit') });
    found = { japanese: split(of('japanese')), allied: split(of('allied')) };
    afloat.set(units, found);
  }
  return found;
}

const areaOf = (u: Unit): string | readonly string[] | null =>
  u.loc.at === 'transit' ? (u.loc.areas ?? u.loc.area) : u.loc.at === 'sea' ? u.loc.area : null;

export const destinationsFor = (s: VitpState, u: Unit): string[] => returnDestinations(s, u, areaOf(u));

/** The documented default: the port it sailed from if still open to it, else the first legal harbor. */
export function defaultDestination(s: VitpState, u: Unit): string | null {
  const legal = destinationsFor(s, u);
  if (u.sailedFrom && legal.includes(u.sailedFrom)) return u.sailedFrom;
  const home = u.arrivalAt;
  if (legal.includes(home)) return home;
  return legal[0] ?? null;
}

/**
 * 6.42, 7.62, 8.4, 12.24, 14.31, 18.31, 18.35-18.36: units turned back during the turn go to harbour
 * at once, not at the end of the turn: once the fighting that turned them back is over, before the
 * next battle (10.2). They are in transit (Loc 'transit') only until then.
 */
export const turnedBack = (s: VitpState, side: VSide): Unit[] => [...afloatOf(s.units)[side].transit];

/** Turned-back units whose owner has a harbour to choose (several legal, 10.1-10.16): asked in a harbour step. */
export const harbourChoices = (s: VitpState, side: VSide): Unit[] => turnedBack(s, side).filter((u) => destinationsFor(s, u).length > 1);

/** Turned-back units with one legal harbour go there now; with none, they leave the game (10.14). No choice, no step. */
export function placeTurnedBack(tx: Tx): void {
  for (const side of SIDES)
    for (const u of turnedBack(tx.s, side)) if (destinationsFor(tx.s, u).length <= 1) sendHome(tx, u, defaultDestination(tx.s, u), '10.2');
}

export function checkReturns(
  s: VitpState,
  side: VSide,
  orders: readonly Order[],
  pool: (s: VitpState, side: VSide) => Unit[] = mustReturn,
): LineError[] {
  const errors: LineError[] = [];
  const returning = pool(s, side);
  for (const o of orders.filter((x): x is OrderOf<'return'> => x.t === 'return')) {
    const list = o.units === 'all' ? returning : o.units.map((id) => unitOf(s.units, id)!);
    for (const u of list) {
      if (!returning.includes(u)) {
        errors.push({
          line: o.line,
          text: o.text,
          problem: pool === mustReturn ? `${u.name} is not at sea or returning` : `${u.name} was not turned back this turn`,
          rule: pool === mustReturn ? '5.74' : '10.2',
        });
      } else if (o.units !== 'all' && !destinationsFor(s, u).includes(o.to)) {
        errors.push({
          line: o.line,
          text: o.text,
          problem: `${u.name} cannot enter ${o.to}`,
          rule: ruleFor(s, u, o.to),
          hint: `${u.name} may return to: ${destinationsFor(s, u).join(', ') || 'nowhere (it will be removed, 10.14)'}`,
        });
      }
    }
  }
  return errors;
}

function ruleFor(s: VitpState, u: Unit, to: string): string {
  if (s.control[to] && s.control[to] !== u.side) return '10.11';
  if (u.nation === 'GB') return '10.13';
  if (u.nation === 'US' && to === 'Ceylon') return '10.12';
  return '10.1';
}

/** Later lines override earlier ones; RETURN ALL sends whoever can go there, the rest take the default. */
export function resolveReturns(
  tx: Tx,
  side: VSide,
  orders: readonly Order[],
  pool: (s: VitpState, side: VSide) => Unit[] = mustReturn,
): void {
  const chosen: Record<string, string> = {};
  for (const o of orders.filter((x): x is OrderOf<'return'> => x.t === 'return')) {
    const list = o.units === 'all' ? pool(tx.s, side) : o.units.map((id) => unitOf(tx.s.units, id)!);
    for (const u of list) if (destinationsFor(tx.s, u).includes(o.to)) chosen[u.id] = o.to;
  }
  for (const u of pool(tx.s, side)) sendHome(tx, u, chosen[u.id] ?? defaultDestination(tx.s, u), pool === mustReturn ? '10.1' : '10.2');
}

function sendHome(tx: Tx, u: Unit, to: string | null, rule: string): void {
  if (to) {
    tx.unit(u.id, { loc: { at: 'port', place: to } }, `returns to ${to}`, rule);
  } else if (u.kind === 'ship') {
    tx.unit(u.id, { loc: { at: 'removed' } }, 'has nowhere to return to and is removed from the game', '10.14');
  } else {
    tx.unit(u.id, { loc: eliminatedLoc(tx.s, u) }, 'has nowhere to return to and is lost', '10.14');
  }
}

/** 5.6 / 16.3: submarines still at sea go home. */
export function recallSubmarines(tx: Tx): void {
  for (const u of tx.s.units) {
    if (u.kind === 'sub' && u.loc.at === 'sea') submarineHome(tx, u, 'returns to port', '5.6');
  }
}
