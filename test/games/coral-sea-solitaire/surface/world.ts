import type { StepInfo } from '../../../../src/engine/ruleset';
import type { BaseId, CoralSide } from '../../../../src/games/coral-sea-solitaire/box';
import type { CoralEvent } from '../../../../src/games/coral-sea-solitaire/events';
import { surfaceHandlers } from '../../../../src/games/coral-sea-solitaire/rules/surface';
import type { AirUnitState, CoralOptions, CoralOrder, CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { forcesOf, NO_OPTIONS, positionWith, shipOf, type TfSpec } from '../build';
import { namedDice } from '../dice';

export type { TfSpec };

export interface WorldSpec {
  readonly turn?: number;
  readonly taskForces: readonly TfSpec[];
  readonly air?: readonly AirUnitState[];
  readonly options?: Partial<CoralOptions>;
  readonly chits?: Partial<Record<CoralSide, number>>;
  /** The core's record of the functions a USN chit is committed to (8.4). */
  readonly usnChit?: Readonly<Record<string, boolean>>;
  readonly bases?: Partial<Record<BaseId, number>>;
}

/** A Coral Sea position built by hand (until the core's setup): the task forces, their ships, air and bases given. */
export function world(spec: WorldSpec): CoralState {
  const base = positionWith();
  const forces = forcesOf(spec.taskForces);
  // 30.3: the battleships wait off the map until a reveal places them
  const battleships: CoralState['ships'] = spec.options?.ijnBattleships
    ? { 'ijn:BB-1': shipOf('ijn', 'BB-1'), 'ijn:BB-2': shipOf('ijn', 'BB-2') }
    : {};
  const { taskForces } = forces;
  const ships = { ...forces.ships, ...battleships };
  const bases = { ...base.bases };
  for (const [b, n] of Object.entries(spec.bases ?? {})) bases[b as BaseId] = { strength: n as number };
  return positionWith({
    turn: spec.turn ?? 5,
    step: 'surface',
    options: { ...NO_OPTIONS, ...spec.options },
    chits: { usn: spec.chits?.usn ?? 0, ijn: spec.chits?.ijn ?? 0 },
    initiative: 'ijn',
    taskForces,
    ships,
    air: spec.air ?? [],
    bases,
    core: { ...base.core, usnChit: spec.usnChit ?? {} },
  });
}

export const step = (id: string): StepInfo => ({
  id,
  turn: Number(/^t(\d+)/.exec(id)?.[1] ?? 1),
  title: id,
  mode: 'sequential',
  owes: [],
  rule: '5.6',
});

/** Runs one of the surface area's handlers with named dice: the state after, the events, the dice rolled. */
export function run(
  row: 'surface' | 'screen' | 'bombard-usn' | 'bombard-ijn',
  s: CoralState,
  dice: Parameters<typeof namedDice>[0],
  usn: readonly CoralOrder[] = [],
  stepId = `t${s.turn}/${row}`,
) {
  const d = namedDice(dice);
  const events: CoralEvent[] = [];
  const handler = surfaceHandlers[row];
  const after = handler(s, step(stepId), { usn, ijn: [] }, { dice: d.dice, emit: (e) => events.push(e as CoralEvent) }) as CoralState;
  return {
    s: after,
    events,
    rolled: d.rolled(),
    rolls: d.dice.rolls,
    unused: d.queue.remaining,
    of: <T extends CoralEvent['type']>(t: T) => events.filter((e) => e.type === t) as Extract<CoralEvent, { type: T }>[],
  };
}

export const airUnit = (
  id: string,
  side: CoralSide,
  type: AirUnitState['type'],
  strength: number,
  home: AirUnitState['home'],
): AirUnitState => ({
  id,
  side,
  type,
  strength,
  home,
  box: 'ready',
});
