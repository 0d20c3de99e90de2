/**
 * Optional rules 19–23, chosen when the game is created, and relaxations of the rulebook's strict
 * sequence that mail clubs play with (each names the rule it departs from; off by default).
 */
import type { OptionSpec } from '../../engine/ruleset';

export const vitpOptions: readonly OptionSpec[] = [
  {
    id: 'turn-9',
    title: 'Optional ninth turn with kamikaze attacks (19.1-19.22)',
    rule: '19.1',
    default: false,
  },
  {
    id: 'japanese-islands-bonus',
    title: 'Japanese get 1 extra POC each turn they control the Japanese Islands (19.3)',
    rule: '19.3',
    default: false,
  },
  { id: 'task-forces', title: 'Task forces and sighting (20.1-20.8)', rule: '20.1', default: false },
  {
    id: 'us-battleship-bonus',
    title: 'US battleships get the gunnery attack bonus from turn 7 (21)',
    rule: '21',
    default: false,
  },
  {
    id: 'island-combat',
    title: 'Invasions fought out on the island (22.1-22.4)',
    rule: '22.1',
    default: false,
  },
  {
    id: 'airstrike-damage',
    title: 'Carrier airstrikes damaged separately and rebuilt (23.1-23.5)',
    rule: '23.1',
    default: false,
  },
  {
    id: 'air-in-groups',
    title:
      'Relaxed for play by mail: each side places all its land-based air in one order, Japanese first, instead of one unit at a time in turn (departs from 5.22 and 12.11)',
    rule: '5.22',
    default: false,
  },
  {
    id: 'battle-start-ports',
    title:
      "Relaxed for play by mail: a battle's ports are those of its start; a unit disabled in a battle goes to harbour when the battle is over, out of reach of that battle's later air raids (departs from 7.62 and 9.11)",
    rule: '7.62',
    default: false,
  },
];

/** The relaxing options (not in the rulebook): named with the rule each departs from wherever the game's options are shown. */
export const RELAXING_OPTIONS: readonly string[] = ['air-in-groups', 'battle-start-ports'];

/** Is `id` on in this game? */
export const airInGroups = (s: { readonly options: Readonly<Record<string, unknown>> }): boolean => s.options['air-in-groups'] === true;

/** Option battle-start-ports: units disabled in a battle reach harbour only once it is over (departs from 7.62, 9.11). */
export const battleStartPorts = (s: { readonly options: Readonly<Record<string, unknown>> }): boolean =>
  s.options['battle-start-ports'] === true;
