import { pick } from '../../engine/dice';
import type { SystemMove, SystemPlayer } from '../../engine/players';
import type { Dice } from '../../engine/ruleset';
import { AREAS } from './box';
import type { FleetOrder, Posture } from './orders';
import type { FleetEvent } from './rules';
import type { FleetView } from './view';

/**
 * System blue (rule 7, option `system`): the umpire's player of blue, on the game contract's system
 * player (src/engine/players.ts). It reads blue's view and nothing else, and rolls the step's own
 * dice, sealed and seen by the referee alone until the game ends; each decision is recorded as a
 * SystemDecided event, hidden from red (`visibleTo: []`).
 */
const SECRET = { sealed: true, visibleTo: [] } as const;

type Decided = Extract<FleetEvent, { type: 'SystemDecided' }>;
const decided = (data: Decided['data']): Decided => ({ type: 'SystemDecided', data, visibleTo: [] });

export const systemBlue: SystemPlayer<FleetView, FleetOrder> = ({ view, step, dice }) =>
  step.id.endsWith('/retreat') ? retreatOrStand(dice) : fleetOrders(view, dice);

/** 7.1: blue's area picked among the sea areas, then 4+ on a d6 for aggressive (2.3: never with one ship left); its submarine stays put. */
function fleetOrders(view: FleetView, dice: Dice): SystemMove<FleetOrder> {
  const area = pick(dice, AREAS, 'blue (system) picks its area', '7.1', SECRET);
  const bold = dice.d6('blue (system) posture: 4+ aggressive', '7.1', SECRET) >= 4;
  const ships = (view.fleets as Readonly<Record<string, { readonly ships: number }>>).blue.ships;
  const posture: Posture = bold && ships > 1 ? 'aggressive' : 'cautious';
  return {
    orders: [
      { kind: 'move', area },
      { kind: 'posture', posture },
    ],
    records: [decided({ side: 'blue', rule: '7.1', area, posture })],
  };
}

/** 7.2: when blue lost the round, 1-3 on a d6 retreats, 4-6 stands. */
function retreatOrStand(dice: Dice): SystemMove<FleetOrder> {
  const retreat = dice.d6('blue (system) retreat: 1-3 retreat', '7.2', SECRET) <= 3;
  return { orders: [{ kind: 'retreat', retreat }], records: [decided({ side: 'blue', rule: '7.2', retreat })] };
}
