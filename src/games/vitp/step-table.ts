/**
 * VITP's step table (defineRuleset): one row per kind of step in the sequence of play (5.0) and
 * the combat sequence (5.3), with who owes orders, the rule and the deadline class the referee
 * sets lengths for: `placement` for land-based air placement one unit at a time (5.22, 12.11) and
 * submarine placement (5.25); `battle` for every decision of the combat sequence: picking the next
 * battle, the battle's own decisions (targets, day or night, retreat...), the Pearl Harbor and
 * Indonesia surprise choices and the harbour a ship turned back goes to (7.62, 10.2); `orders` the
 * rest. Step ids are made in steps.ts; rowOf reads them back.
 */
import type { StepRow, StepTable } from '../../engine/define';
import type { StepInfo } from '../../engine/ruleset';

const ROWS: readonly StepRow[] = [
  { id: 'pearl-harbor-raid-force', owes: 'one', rule: '4.2', title: 'Japanese choose the Pearl Harbor raid force', deadline: 'orders' },
  { id: 'removals', owes: 'one', rule: '4.42', title: 'British withdrawals: substitutes for sunk ships', deadline: 'orders' },
  { id: 'patrol', owes: 'one', rule: '5.21', title: 'patrol movement and repairs', deadline: 'orders' },
  { id: 'lba', owes: 'one', rule: '5.22', title: 'land-based air placement', deadline: 'placement', deadlineWords: 'an air placement' },
  { id: 'amphibious', owes: 'one', rule: '5.23', title: 'amphibious movement', deadline: 'orders' },
  { id: 'raiders', owes: 'one', rule: '5.24', title: 'raider movement', deadline: 'orders' },
  {
    id: 'submarine',
    owes: 'one',
    rule: '5.25',
    title: 'submarine placement',
    deadline: 'placement',
    deadlineWords: 'a submarine placement',
  },
  { id: 'pick-battle', owes: 'one', rule: '5.31', title: 'Japanese choose the next sea area to fight in', deadline: 'battle' },
  { id: 'pearl-harbor', owes: 'one', rule: '18.3', title: 'Pearl Harbor: stay or withdraw, sortie and retreat', deadline: 'battle' },
  { id: 'indonesia-surprise', owes: 'one', rule: '18.4', title: 'Indonesia surprise air raid targets', deadline: 'battle' },
  { id: 'task-forces', owes: 'one', rule: '20.2', title: 'task forces of a battle round (option)', deadline: 'battle' },
  { id: 'sighting', owes: 'none', rule: '20.4', title: 'sighting rolls (option)', deadline: 'battle' },
  { id: 'battle', owes: 'several', rule: '5.3', title: 'a decision of a battle', deadline: 'battle', deadlineWords: 'a battle decision' },
  { id: 'harbour', owes: 'one', rule: '10.2', title: 'harbour for the ships turned back', deadline: 'battle' },
  { id: 'invasions', owes: 'one', rule: '5.73', title: 'invasions', deadline: 'orders' },
  { id: 'return', owes: 'one', rule: '5.74', title: 'return to port', deadline: 'orders' },
];

/** The row of a step, from its id (t<turn>/<row>/...; a battle's task-force and sighting steps by their last parts). */
function rowOf(step: StepInfo): string {
  const parts = step.id.split('/').slice(1);
  if (parts[0] === 'battle') {
    if (parts.includes('sighting')) return 'sighting';
    if (parts.includes('task-forces')) return 'task-forces';
  }
  return parts[0];
}

export const VITP_STEPS: StepTable = { rows: ROWS, rowOf };
