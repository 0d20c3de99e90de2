/**
 * 11.0 in solitaire: the computer Japanese as the umpire's side (Ruleset.systemSides). At each
 * Japanese step it plays on the Japanese view, its ties drawn on the step's dice, hidden from the
 * American (visibleTo: nobody but the referee), and records its plan, the orders as text, for the
 * referee alone.
 */
import { rollDie } from '../../../engine/dice';
import type { SystemPlayer } from '../../../engine/players';
import type { Rng } from '../../../engine/ruleset';
import { formatGcOrders, type GcOrder } from '../orders';
import type { GcView } from '../view';
import { computerGcOrders } from './computer';

export const computerSystemPlayer: SystemPlayer<GcView, GcOrder> = ({ view, step, dice }) => {
  const ties: Rng = {
    int: (n) => rollDie(dice, n, 'computer Japanese: a tie', '11.0', { visibleTo: [] }) - 1,
    pick: (items) => items[ties.int(items.length)],
  };
  const orders: GcOrder[] = computerGcOrders(view, step, ties);
  const plan = formatGcOrders(orders).split('\n').filter(Boolean);
  return { orders, records: [{ type: 'gcc.computer-plan', data: { step: step.id, rule: step.rule ?? '11.0', plan }, visibleTo: [] }] };
};
