/**
 * Replacements (30.1-30.5), in the Reinforcement & Replacement Segment (1B): a side brings an
 * eliminated unit back by paying the enemy its VP (50.0 Victory Point Chart: TR and APD 10,
 * engineer 2, MAC 3); a die says how many turns later it arrives as a reinforcement (30.1), on the
 * own major base the order names (default: Rabaul, Espiritu Santo). Only transports and APD among
 * ships (30.2, one a turn), engineers among ground units (30.3, one a turn) and the US MAC unit
 * (30.4) come back; nothing else does (30.5). A unit is eliminated when it was the side's (set-up
 * or a reinforcement received) and is neither in play, nor due back (refit, repair, a replacement
 * already bought), nor withdrawn: a crippled ship comes back by the refit rule, a unit not yet
 * received is not eliminated (30.1). The VP the enemy got for the unit stay his (30.1).
 */
import type { Dice } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import { SIDE_NAME, type SolSide, type SolState } from '../state';
import type { SolFold } from './naval';
import type { Problem } from './planning';

const SHIP_TYPES = ['CV', 'CVL', 'CVE', 'BB', 'BC', 'B', 'CA', 'CL', 'DD', 'APD', 'OIL', 'TR', 'SS', 'PT'];
export const DEFAULT_BASE: Record<SolSide, string> = { japanese: 'Rabaul', us: 'Espiritu Santo' };

type Replace = Extract<SolOrder, { kind: 'replace' }>;
type What = 'TR' | 'APD' | 'engineer' | 'MAC';

/** A base as written (any case), as the state names it. */
export const baseNamed = (s: SolState, text: string | null, side: SolSide): string =>
  text === null ? DEFAULT_BASE[side] : (Object.keys(s.bases).find((b) => b.toUpperCase() === text.toUpperCase()) ?? text);

/** 30.1: the side's eliminated units of the kinds 30.2-30.4 name. */
export function eliminated(s: SolState, side: SolSide): { ships: string[]; engineers: string[]; mac: boolean } {
  const r = s.choices.data.replaceable[side];
  const f = s.forces[side];
  const due = s.arrivals.filter((a) => a.side === side);
  const dueShip = new Set(due.flatMap((a) => a.ships.map((x) => x.id)));
  const dueGround = new Set(due.flatMap((a) => a.ground.map((g) => g.id)));
  return {
    ships: r.ships.filter((id) => !f.ships[id] && !dueShip.has(id)).sort(),
    engineers: r.engineers
      .map((g) => g.id)
      .filter((id) => !f.ground.some((g) => g.id === id) && !dueGround.has(id) && !s.choices.withdrawn.includes(id))
      .sort(),
    mac: r.mac !== null && !f.air.some((a) => a.type === 'MAC' && a.points > 0) && !due.some((a) => a.air.some((x) => x.type === 'MAC')),
  };
}

/** Where a unit the side does not have to replace stands, for the refusal. */
function whereIs(s: SolState, side: SolSide, id: string): string {
  const f = s.forces[side];
  const at = f.ships[id]?.at ?? f.ground.find((g) => g.id === id)?.at;
  if (at) return `it is in play at ${at}`;
  const a = s.arrivals.find((x) => x.side === side && (x.ships.some((y) => y.id === id) || x.ground.some((g) => g.id === id)));
  if (a) return `it is due on turn ${a.turn} (${a.why === 'chart' ? 'a reinforcement or replacement not yet received' : a.why})`;
  return `it is none of ${SIDE_NAME[side]}'s units`;
}

/** The unit a REPLACE line names, with its kind, or the refusal. */
function unitOf(s: SolState, side: SolSide, o: Replace, taken: Set<string>): { unit: string; what: What } | string {
  const gone = eliminated(s, side);
  if (o.unit === 'MAC') {
    if (side !== 'us') return 'only the US may replace his MAC unit (30.4)';
    return gone.mac && !taken.has('MAC') ? { unit: 'MAC', what: 'MAC' } : 'the US MAC unit is not eliminated (30.4): nothing to replace';
  }
  if (o.unit === 'ENGINEER' || o.unit === 'ENG') {
    const id = gone.engineers.find((x) => !taken.has(x));
    return id ? { unit: id, what: 'engineer' } : `${SIDE_NAME[side]} has no eliminated engineer to replace (30.3)`;
  }
  const type = o.unit.split('-')[0];
  if (SHIP_TYPES.includes(type)) {
    if (type !== 'TR' && type !== 'APD') return `${o.unit}: among ships only APD and transports (TR) may be replaced (30.2, 30.5)`;
    return gone.ships.includes(o.unit) ? { unit: o.unit, what: type } : `${o.unit} is not eliminated: ${whereIs(s, side, o.unit)} (30.1)`;
  }
  if (gone.engineers.includes(o.unit)) return { unit: o.unit, what: 'engineer' };
  const g = [...s.forces[side].ground, ...s.choices.data.replaceable[side].engineers].find((x) => x.id === o.unit);
  if (g && g.type !== 'engineer') return `${o.unit}: among ground units only engineers may be replaced (30.3, 30.5)`;
  if (g) return `${o.unit} is not eliminated: ${whereIs(s, side, o.unit)} (30.1)`;
  return `${o.unit} is none of ${SIDE_NAME[side]}'s units: write REPLACE with an eliminated TR-n or APD-n, an engineer's id (or ENGINEER)${side === 'us' ? ' or MAC' : ''} (30.2-30.4)`;
}

/** The REPLACE lines, each with its unit or its problem. */
function sortOut(s: SolState, side: SolSide, orders: readonly SolOrder[]) {
  const taken = new Set<string>();
  const out: { index: number; order: Replace; unit?: string; what?: What; problem?: string; rule?: string }[] = [];
  let ships = 0;
  let engineers = 0;
  for (const [index, o] of orders.entries()) {
    if (o.kind !== 'replace') continue;
    const u = unitOf(s, side, o, taken);
    const at = baseNamed(s, o.at, side);
    if (typeof u === 'string') out.push({ index, order: o, problem: u, rule: u.match(/\((30\.\d)[^)]*\)$/)?.[1] ?? '30.1' });
    else if (s.bases[at]?.side !== side)
      out.push({ index, order: o, problem: `${at} is not one of your major bases: a replacement arrives on one (30.1, 1B)`, rule: '30.1' });
    else if ((u.what === 'TR' || u.what === 'APD') && ++ships > 1)
      out.push({ index, order: o, problem: 'one APD or transport a turn may be replaced (30.2)', rule: '30.2' });
    else if (u.what === 'engineer' && ++engineers > 1)
      out.push({ index, order: o, problem: 'one engineer a turn may be replaced (30.3)', rule: '30.3' });
    else {
      taken.add(u.unit);
      out.push({ index, order: o, ...u });
    }
  }
  return out;
}

export function checkReplacements(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  return sortOut(s, side, orders).flatMap((x) => (x.problem ? [{ index: x.index, problem: x.problem, rule: x.rule! }] : []));
}

/** 30.1: pay the enemy, roll the delay, put the unit on the schedule. */
export function replace(f: SolFold, dice: Dice, side: SolSide, orders: readonly SolOrder[]): void {
  const vp = f.s.choices.data.replaceVp;
  for (const x of sortOut(f.s, side, orders)) {
    if (!x.unit || !x.what) continue;
    const face = dice.d6(`replacement delay of ${x.unit}`, '30.1');
    f.emit({
      type: 'sol.replacement',
      data: {
        side,
        unit: x.unit,
        what: x.what,
        at: baseNamed(f.s, x.order.at, side),
        vp: vp[x.what],
        face,
        due: f.s.turn + face,
        lastTurn: f.s.lastTurn,
      },
    });
  }
}
