import { withoutProvenance } from '../../engine/box';
import { defineRuleset, type RulesetDeclaration, type StepTable } from '../../engine/define';
import type { RulesEvent } from '../../engine/ruleset';
import { fleetDuelBox, AREAS, type Area, type FleetDuelBox } from './box';
import { type FleetView, viewFleet } from './view';
import { systemBlue } from './system';
import { formatFleetOrders, parseFleetOrders, parseFleetStanding, validateFleetOrders, type FleetOrder } from './orders';
import {
  adjudicateFleet,
  answerRetreatFromStanding,
  currentFleetStep,
  evolveFleet,
  SIDES,
  upcomingFleetSteps,
  type FleetEvent,
  type FleetSide,
  type FleetState,
} from './rules';

export type { FleetState, FleetOrder };

interface PlainBox {
  turns: number;
  fleets: Record<FleetSide, { ships: number; start: Area; sub: Area }>;
}

function narrateFleet(e: RulesEvent): string[] {
  const ev = e as FleetEvent;
  switch (ev.type) {
    case 'FleetMoved':
      return [`The ${ev.data.side} fleet moves to ${ev.data.area}, ${ev.data.posture}.`];
    case 'SubMoved':
      return [`The ${ev.data.side} submarine moves to ${ev.data.area}.`];
    case 'BattleJoined':
      return [`The fleets meet in ${ev.data.area}!`];
    case 'BattleRound':
      return [
        `Battle round ${ev.data.round}: red ${ev.data.totals.red}, blue ${ev.data.totals.blue}; ${ev.data.loser ? `${ev.data.loser} loses` : 'no loss'}.`,
      ];
    case 'ShipLost':
      return [`The ${ev.data.side} fleet loses a ship (${ev.data.left} left).`];
    case 'RetreatChosen':
      return [`The ${ev.data.side} fleet ${ev.data.retreat ? 'retreats' : 'stands and fights'}.`];
    case 'SubSearched':
      return [`The ${ev.data.side} submarine ${ev.data.found ? 'sights' : 'misses'} the enemy fleet in ${ev.data.area}.`];
    case 'Weather':
      return [`Turn ${ev.data.turn}: ${ev.data.storm ? 'a storm, no submarine searches' : 'fair weather'} (6.1).`];
    case 'ShipShadowed':
      return [`The ${ev.data.side} submarine shadows ship ${ev.data.ship} of ${ev.data.of} of the enemy fleet (6.2).`];
    case 'SystemDecided':
      return [
        `The umpire decides for ${ev.data.side} (${ev.data.rule}): ${ev.data.area ? `move to ${ev.data.area}, ${ev.data.posture}` : ev.data.retreat ? 'retreat' : 'stand'}.`,
      ];
    case 'PhaseEntered':
      return [];
    default: {
      const never: never = ev;
      throw new Error(`cannot narrate ${JSON.stringify(never)}`);
    }
  }
}

/**
 * The step table: each turn's orders (both fleets at once, 2.1), a retreat decision when a battle
 * leaves one (3.3), the submarine patrol nobody orders (4.1). With option `system` the umpire plays
 * blue, so blue never owes orders: its system player decides at the steps it would (7).
 */
const STEPS: StepTable<FleetState, FleetOrder> = {
  rows: [
    { id: 'orders', owes: 'several', rule: '2.1', title: 'fleet orders', for: 'ORDERS', deadline: 'orders' },
    {
      id: 'retreat',
      owes: 'one',
      rule: '3.3',
      title: 'retreat or stand',
      for: 'RETREAT',
      deadline: 'battle',
      deadlineWords: 'a battle decision',
    },
    { id: 'patrol', owes: 'none', rule: '4.1', title: 'submarine patrol', deadline: 'orders' },
  ],
  rowOf: (step) => step.id.split('/')[1],
};

/**
 * Fleet Duel: the engine's own small game (two fleets, four sea areas, a few turns), the smallest
 * complete example of the game contract (docs/new-game.md walks through it).
 */
export const fleetDuelDeclaration: RulesetDeclaration<FleetState, FleetOrder, FleetDuelBox, FleetView> = {
  id: 'fleet-duel',
  name: 'Fleet Duel',
  sides: SIDES,
  options: [
    { id: 'short', title: 'Short game: one turn', rule: '1.2', default: false },
    { id: 'scouting', title: 'Scouting: weather on a d10, submarines shadow a ship picked at random', rule: '6', default: false },
    { id: 'system', title: 'System blue: the umpire plays blue with sealed dice', rule: '7', default: false },
  ],
  systemSides: (options) => (options.system ? ['blue'] : []),
  // 7: blue's system player, run by the engine at each step where blue decides (StepInfo.system)
  players: { system: { blue: systemBlue } },
  sealedDice: (options) => options.system === true,
  engineVersion: 'fleet-duel/1',
  box: fleetDuelBox,
  steps: STEPS,
  // option short: one turn (1.2); otherwise the box's turns
  length: (options, box) => ({ turns: options.short ? 1 : withoutProvenance<PlainBox>(box).turns }),

  setup({ options, box }) {
    const b = withoutProvenance<PlainBox>(box);
    return {
      turn: 1,
      lastTurn: options.short ? 1 : b.turns,
      phase: 'orders',
      fleets: {
        red: { area: b.fleets.red.start, ships: b.fleets.red.ships, posture: 'cautious' },
        blue: { area: b.fleets.blue.start, ships: b.fleets.blue.ships, posture: 'cautious' },
      },
      subs: { red: b.fleets.red.sub, blue: b.fleets.blue.sub },
      retreatDecision: null,
      sightings: { red: null, blue: null },
      ...(options.scouting ? { scouting: true as const } : {}),
      ...(options.system ? { system: true as const } : {}),
    };
  },
  currentStep: currentFleetStep,
  upcomingSteps: upcomingFleetSteps,
  parseOrders: (_s, _side, text, step) => parseFleetOrders(text, step),
  validateOrders: (s, side, orders, step) => validateFleetOrders(orders, step, s.fleets[side as FleetSide].ships),
  defaultOrders(s, side, step) {
    if (step.id.endsWith('/retreat')) return [{ kind: 'retreat', retreat: true }];
    return [
      { kind: 'move', area: s.fleets[side as FleetSide].area },
      { kind: 'posture', posture: 'cautious' },
    ];
  },
  answerFromStanding: answerRetreatFromStanding,
  parseStanding: (_s, _side, text) => parseFleetStanding(text),
  adjudicate: adjudicateFleet,
  evolve: evolveFleet,
  view: viewFleet,
  narrate: (e) => narrateFleet(e),
  formatOrders: formatFleetOrders,
  help: (_s, _side, step) =>
    step?.id.endsWith('/retreat')
      ? 'RETREAT or STAND (3.3). Default: RETREAT.'
      : `MOVE <area>, POSTURE <aggressive|cautious>, SUB <area> (2.1; one ship left: never aggressive, 2.3). Areas: ${AREAS.join(', ')}. Default: stay, cautious. FOR <step id> (say FOR t2/orders) starts orders for a later step.`,
  // from the side's view: its own fleet's strength is all the orders depend on
  randomOrders(view, side, step, rng) {
    if (step.id.endsWith('/retreat')) return [{ kind: 'retreat', retreat: rng.int(2) === 0 }];
    const postures =
      (view.fleets as Readonly<Record<string, { ships: number }>>)[side].ships > 1
        ? (['aggressive', 'cautious'] as const)
        : (['cautious'] as const);
    const orders: FleetOrder[] = [
      { kind: 'move', area: rng.pick(AREAS) },
      { kind: 'posture', posture: rng.pick(postures) },
    ];
    if (rng.int(2) === 0) orders.push({ kind: 'sub', area: rng.pick(AREAS) });
    return orders;
  },
  result(s) {
    const { red, blue } = s.fleets;
    const summary = `red ${red.ships} ship(s), blue ${blue.ships} ship(s) after turn ${s.turn}`;
    return { winner: red.ships === blue.ships ? 'draw' : red.ships > blue.ships ? 'red' : 'blue', summary };
  },
};

export const fleetDuel = defineRuleset(fleetDuelDeclaration);
