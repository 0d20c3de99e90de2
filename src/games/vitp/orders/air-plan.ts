/**
 * The standing AIR plan (5.22, 12.11, 12.13; 6.5 places land-based air before the battles): one
 * line per air unit, best first, each with an optional condition on what has been placed so far,
 * since the sides place one unit at a time in turn and a player by mail wants to answer the other's
 * placements without a mail each:
 *   AIR <air unit> TO <sea area>
 *   AIR <air unit> TO <sea area> IF ENEMY IN <sea area>       (any enemy air unit placed there)
 *   AIR <air unit> TO <sea area> IF NO ENEMY IN <sea area>    (none there yet)
 *   AIR <air unit> TO <sea area> IF <air unit> IN <sea area>  (that unit placed there; NOT IN: it is not)
 * At each of the side's placements the umpire places the first unit of the plan not yet placed
 * whose area is legal then and whose condition holds then; none: the side places no more (12.11).
 */
import type { LineError } from '../../../engine/ruleset';
import { airInGroups } from '../options';
import type { Order, Unit, VitpState, VSide } from '../types';
import { other } from '../types';
import { checkOrders } from './check';
import { matchArea, matchUnit } from './names';

/** A condition on the placements so far: `unit` null = any enemy air unit; `not` negates. */
export interface AirCondition {
  readonly unit: string | null;
  readonly area: string;
  readonly not: boolean;
}

export interface AirPlanLine {
  readonly unit: string;
  readonly to: string;
  readonly if?: AirCondition;
}

const HINT = 'AIR <air unit> TO <sea area> [IF ENEMY IN <sea area> | IF NO ENEMY IN <sea area> | IF <air unit> [NOT] IN <sea area>] (5.22)';

/** `t` is the line lower-cased without STANDING; null when it is no AIR line. */
export function parseAirLine(s: VitpState, t: string, line: number, text: string): AirPlanLine | LineError | null {
  const m = t.match(/^(?:air|lba) (.+?) (?:to|over) (.+?)(?: if (.+))?$/);
  if (!m) return null;
  const fail = (problem: string, hint?: string): LineError => ({ line, text, problem, hint: hint ?? HINT });
  const u = matchUnit(s, m[1]);
  if (!u.ok) return fail(u.problem, u.hint);
  if (u.value.kind !== 'lba') return fail(`${u.value.name} is no land-based air unit`);
  const a = matchArea(s, m[2]);
  if (!a.ok) return fail(a.problem, a.hint);
  if (!m[3]) return { unit: u.value.id, to: a.value };
  const cond = parseCondition(s, m[3]);
  if ('problem' in cond) return fail(`IF ${m[3]}: ${cond.problem}`, cond.hint);
  return { unit: u.value.id, to: a.value, if: cond };
}

function parseCondition(s: VitpState, c: string): AirCondition | { problem: string; hint?: string } {
  const enemy = c.match(/^(no )?enemy(?: air)? (not )?(?:in|over) (.+)$/);
  const named = enemy ? null : c.match(/^(.+?) (not )?(?:in|over) (.+)$/);
  const parts = enemy
    ? { who: null, not: !!enemy[1] !== !!enemy[2], area: enemy[3] }
    : named
      ? { who: named[1], not: !!named[2], area: named[3] }
      : null;
  if (!parts) return { problem: 'not a condition I know' };
  const a = matchArea(s, parts.area);
  if (!a.ok) return { problem: a.problem, hint: a.hint };
  if (parts.who === null) return { unit: null, area: a.value, not: parts.not };
  const u = matchUnit(s, parts.who);
  if (!u.ok) return { problem: u.problem, hint: u.hint };
  if (u.value.kind !== 'lba') return { problem: `${u.value.name} is no land-based air unit: a condition names air placed (5.22)` };
  return { unit: u.value.id, area: a.value, not: parts.not };
}

/** Is the condition true on the board now (`side` is the planner: ENEMY is the other side)? */
export function conditionHolds(s: VitpState, side: VSide, c: AirCondition): boolean {
  const there = s.units.some(
    (u) => u.kind === 'lba' && (c.unit === null ? u.side === other(side) : u.id === c.unit) && u.loc.at === 'sea' && u.loc.area === c.area,
  );
  return there !== c.not;
}

const L = { line: 0, text: '(standing instructions)' };

/**
 * The side's placements from its plan: one (5.22/12.11), or with option air-in-groups every unit
 * the plan places, line by line on the board the earlier lines leave.
 */
export function planPlacements(s: VitpState, side: VSide, plan: readonly AirPlanLine[]): Order[] {
  if (!airInGroups(s)) return [nextPlacement(s, side, plan)];
  const out: Order[] = [];
  let board = s;
  for (;;) {
    const o = nextPlacement(board, side, plan);
    if (o.t !== 'lba') break;
    out.push(o);
    const placed = (u: Unit): Unit => (u.id === o.unit ? { ...u, loc: { at: 'sea', area: o.to, mode: 'air' }, moved: true } : u);
    board = { ...board, units: board.units.map(placed) };
  }
  return out.length ? out : [{ line: L.line, text: L.text, t: 'lba-done' }];
}

/** 5.22/12.11: the first line of the plan that may be placed now and whose condition holds, else no more placements. */
export function nextPlacement(s: VitpState, side: VSide, plan: readonly AirPlanLine[]): Order {
  for (const p of plan) {
    if (p.if && !conditionHolds(s, side, p.if)) continue;
    const order: Order = { line: L.line, text: L.text, t: 'lba', unit: p.unit, to: p.to };
    if (checkOrders(s, side, [order]).length === 0) return order;
  }
  return { line: L.line, text: L.text, t: 'lba-done' };
}
