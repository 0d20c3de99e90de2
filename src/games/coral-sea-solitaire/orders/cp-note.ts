/**
 * Ruleset.ordersNote for Coral Sea: the command points a step's orders spend, slot by slot and
 * item by item from the USN Command Missions Chart (./costs.ts), and what each slot holds after
 * them (7.3-7.4), echoed in the acknowledgment. A step a command decision still comes before is
 * paid from the CP that decision shares out (7.2), so only the cost is told.
 */
import type { Side, StepInfo } from '../../../engine/ruleset';
import type { CoralOrder, CoralState, StaffSlots } from '../types';
import { cpKnown } from './board-after';
import { costBySlot, cpCosts } from './costs';

const SLOTS: readonly [keyof StaffSlots, string][] = [
  ['organization', 'Organization'],
  ['intelligence', 'Intelligence'],
  ['operations', 'Operations'],
  ['logistics', 'Logistics'],
];

export function cpNote(s: CoralState, side: Side, step: StepInfo, orders: readonly CoralOrder[]): string[] {
  if (side !== 'usn') return [];
  const items = cpCosts(s, orders);
  if (!items.length) return [];
  const by = costBySlot(items);
  const total = items.reduce((n, i) => n + i.cost, 0);
  const slots = SLOTS.filter(([k]) => by[k] > 0)
    .map(
      ([k, word]) =>
        `${word} ${by[k]}: ${items
          .filter((i) => i.slot === k)
          .map((i) => `${i.what} ${i.cost}`)
          .join(', ')}`,
    )
    .join('; ');
  const cost = `Command points: these orders cost ${total} CP (${slots}) (7.4).`;
  if (!cpKnown(s, step))
    return [cost, "They are paid from the CP the day's command decision shares out (7.2), checked when the step comes."];
  const left = SLOTS.map(([k, word]) => `${word} ${Math.max(0, s.cp.slots[k] - by[k])}`).join(', ');
  return [cost, `Left in the staff slots after them: ${left}.`];
}
