/**
 * Which area of the rules resolves which row of the step table (steps.ts), and the one lookup the
 * ruleset's rows use. Each row has exactly one owner; a row nobody has built yet fails loudly with
 * its rule number (RuleNotImplementedError), never passes silently.
 *
 *   core      deployment, ijn-setup, random-event, reinforcements, command, organization,
 *             intelligence, intelligence-choice, initiative, leadership, logistics-usn,
 *             logistics-ijn, end                               (rules 4-11, 13, 27-28 intel, 30-31, 34-35)
 *   movement  scouting, movement-ijn, movement-usn, landings    (rules 12, 14, 19, 20, 26, 28.2, 29)
 *   air       air-transfer, air-missions, air-ijn, air-assign, air-ijn-fighters, air-combat,
 *             air-losses, basing, basing-choice                 (rules 15, 21, 22, 24, 25, 32)
 *   surface   surface, screen, bombard-usn, bombard-ijn        (rules 16, 17, 23, 33)
 */
import type { StepHandler } from '../../engine/define';
import type { CoralOrder, CoralState } from './types';

export type RowHandlers = Readonly<Record<string, StepHandler<CoralState, CoralOrder>>>;
