/** Small pieces the core handlers share: the fold, the orders of a kind, chits, air as change, skipped orders. */
import type { AdjudicationContext, RollOptions, Side } from '../../../../engine/ruleset';
import { Fold } from '../../../kit';
import type { CoralSide } from '../../box/schema';
import { type CoralEvent, evolve } from '../../events';
import type { AirUnitState, CoralOrder, CoralState } from '../../types';

export type CoralFold = Fold<CoralState, CoralEvent>;

export const foldOf = (s: CoralState, ctx: AdjudicationContext): CoralFold =>
  new Fold<CoralState, CoralEvent>(s, evolve, (e) => ctx.emit(e));

/** Dice that decide a hidden IJN thing: sealed until the game's end, seen by the referee alone. */
export const SEALED: RollOptions = { sealed: true, visibleTo: [] };

/** A side's orders of one kind. */
export function ordersOf<K extends CoralOrder['kind']>(
  orders: Readonly<Record<Side, readonly CoralOrder[]>>,
  side: CoralSide,
  kind: K,
): Extract<CoralOrder, { kind: K }>[] {
  return (orders[side] ?? []).filter((o): o is Extract<CoralOrder, { kind: K }> => o.kind === kind);
}

/** An order the rules could not carry out when its step came: recorded for the player's report, visible to the USN. */
export function skip(f: CoralFold, order: CoralOrder, why: string, rule: string): void {
  f.emit({ type: 'coral.order.skipped', data: { order: order.kind, why, rule }, visibleTo: ['usn'] });
}

/** 8.3: chits gained (capped at the box's three) or spent. */
export function changeChits(f: CoralFold, side: CoralSide, delta: number, reason: string, rule: string): void {
  const max = f.s.box.constants.leadershipMax.value;
  const count = Math.max(0, Math.min(max, f.s.chits[side] + delta));
  if (count === f.s.chits[side]) return;
  f.emit({ type: 'coral.chits', data: { side, delta: count - f.s.chits[side], count, reason, rule } });
}

/** The unit id of a side's air of one type, home and box (air units are change, 21.7: one unit per kind). */
export const airId = (a: Pick<AirUnitState, 'side' | 'home' | 'type' | 'box'>): string =>
  `${a.side}:${a.home}:${a.type}${a.box === 'ready' ? '' : `:${a.box}`}`;

/**
 * Moves `n` squadrons of a unit to another box or home (a refit, a recovery roll, a split of
 * Australia's air), merging with a unit of the same kind already there (21.7).
 */
export function moveAir(
  f: CoralFold,
  unit: AirUnitState,
  n: number,
  to: Partial<Pick<AirUnitState, 'box' | 'home'>>,
  cause: string,
  rule: string,
  visibleTo?: readonly Side[],
): void {
  if (n <= 0) return;
  const target = { ...unit, ...to };
  const { flyingTo: _f, extendedRange: _e, ...plain } = target;
  const moved: AirUnitState = { ...(to.box && to.box !== unit.box ? plain : target), id: airId(target), strength: n };
  const existing = f.s.air.find((a) => a.id === moved.id && a !== unit);
  const add: AirUnitState[] = [];
  if (unit.strength > n) add.push({ ...unit, strength: unit.strength - n });
  add.push(existing ? { ...existing, strength: existing.strength + n } : moved);
  const remove = [unit.id, ...(existing ? [existing.id] : [])];
  f.emit({ type: 'coral.air.units', data: { remove, add, cause, rule }, ...(visibleTo ? { visibleTo } : {}) });
}
