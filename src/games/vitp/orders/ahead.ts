/**
 * Random legal orders for the steps a side sends ahead in one mail (5.21-5.25): the demo bots'
 * "whole turn at once". Each step's orders are drawn from the board as the side's own earlier
 * orders in the same mail leave it: a ship patrolling or repairing has moved (6.11), a ship turned
 * white side up in patrol may raid (5.21, 5.24), an amphibious unit sent has sailed. The other side's
 * moves in between can still make an order illegal when its step comes; it is then dropped and the
 * side asked (engine/queue.ts). Seeded Rng only.
 */
import type { Rng } from '../../../engine/ruleset';
import type { Order, Phase, Unit, VitpState, VSide } from '../types';
import { randomOrdersFor } from './random';

/** The units `orders` move or fix, the ships they turn white side up, and those that sail for Pearl Harbor (4.2). */
function effects(orders: readonly Order[]): { moved: Set<string>; raiders: Set<string>; raid: Set<string> } {
  const moved = new Set<string>();
  const raiders = new Set<string>();
  const raid = new Set<string>();
  for (const o of orders) {
    if (o.t === 'move') for (const id of o.units) moved.add(id);
    if (o.t === 'repair' || o.t === 'rebuild') moved.add(o.unit);
    if (o.t === 'raiders') for (const id of o.units) raiders.add(id);
    if (o.t === 'raid-force') for (const id of o.units) raid.add(id);
  }
  return { moved, raiders, raid };
}

/** The board after the side's own orders `orders` (who has moved, who may raid, who sailed with the raid force); no dice, no enemy. */
export function after(s: VitpState, orders: readonly Order[]): VitpState {
  const { moved, raiders, raid } = effects(orders);
  if (!moved.size && !raiders.size && !raid.size) return s;
  const units = s.units.map(
    (u): Unit =>
      raid.has(u.id)
        ? { ...u, loc: { at: 'sea', area: 'Hawaiian Islands', mode: 'patrol' } }
        : moved.has(u.id)
          ? { ...u, moved: true }
          : raiders.has(u.id)
            ? { ...u, raider: true }
            : u,
  );
  return { ...s, units };
}

/** Orders for each of `phases` (the side's steps to come, in turn order), each drawn from the board the earlier ones leave. */
export function randomTurnOrders(s: VitpState, side: VSide, phases: readonly Phase[], rng: Rng): Order[][] {
  let board = s;
  return phases.map((phase) => {
    const orders = randomOrdersFor({ ...board, phase }, side, rng);
    board = after(board, orders);
    return orders;
  });
}
