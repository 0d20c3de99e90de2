import type { StepInfo } from '../../../../src/engine/ruleset';
import { type BaseId, type CoralSide, defaultBox } from '../../../../src/games/coral-sea-solitaire/box';
import type { CoralEvent } from '../../../../src/games/coral-sea-solitaire/events';
import { surfaceHandlers } from '../../../../src/games/coral-sea-solitaire/rules/surface';
import { emptyCore } from '../../../../src/games/coral-sea-solitaire/state';
import type {
  AirUnitState,
  CoralOptions,
  CoralOrder,
  CoralState,
  ShipKey,
  ShipState,
  TaskForceState,
} from '../../../../src/games/coral-sea-solitaire/types';
import { namedDice } from '../dice';

/** A task force to put on the map: its counters by id (the side's), where, and whether identified. */
export interface TfSpec {
  readonly id: string;
  readonly side: CoralSide;
  readonly hex: string | null;
  readonly ships: readonly string[];
  readonly identified?: boolean;
  /** IJN counters face up from the start. */
  readonly faceUp?: boolean;
  readonly fatigued?: readonly string[];
}

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

const OPTIONS: CoralOptions = {
  biggerBattle: false,
  moreFighters: false,
  ijnBattleships: false,
  usnBattleships: false,
  historical: false,
  extendedRange: false,
  screening: false,
  fuelingGroup: false,
  optionalDeployment: false,
};

/** A Coral Sea position built by hand (until the core's setup): the task forces, their ships, air and bases given. */
export function world(spec: WorldSpec): CoralState {
  const ships: Record<ShipKey, ShipState> = {};
  const taskForces: Record<string, TaskForceState> = {};
  for (const tf of spec.taskForces) {
    const keys: ShipKey[] = [];
    for (const id of tf.ships) {
      const counter = defaultBox.ships.find((c) => c.id === id && c.side === tf.side);
      if (!counter) throw new Error(`no ${tf.side} counter ${id} in the default box`);
      const key: ShipKey = `${tf.side}:${id}`;
      ships[key] = {
        key,
        side: tf.side,
        id,
        type: counter.type.value,
        status: 'ok',
        fatigued: tf.fatigued?.includes(id) ?? false,
        faceUp: tf.side === 'usn' || tf.faceUp === true,
      };
      keys.push(key);
    }
    taskForces[tf.id] = { id: tf.id, side: tf.side, hex: tf.hex, ships: keys, identified: tf.identified ?? false };
  }
  // 30.3: the battleships wait off the map until a reveal places them
  if (spec.options?.ijnBattleships)
    for (const id of ['BB-1', 'BB-2'])
      ships[`ijn:${id}`] = { key: `ijn:${id}`, side: 'ijn', id, type: 'BB', status: 'ok', fatigued: false, faceUp: false };
  const bases = Object.fromEntries(
    Object.entries(defaultBox.bases).map(([b, e]) => [b, { strength: spec.bases?.[b as BaseId] ?? e.capacity.value }]),
  ) as CoralState['bases'];
  return {
    box: defaultBox,
    turn: spec.turn ?? 5,
    lastTurn: 14,
    step: 'surface',
    options: { ...OPTIONS, ...spec.options },
    cp: { available: 0, slots: { organization: 0, intelligence: 0, operations: 0, logistics: 0 } },
    chits: { usn: spec.chits?.usn ?? 0, ijn: spec.chits?.ijn ?? 0 },
    panic: { level: 0, panicked: false },
    weather: 'good',
    initiative: 'ijn',
    vp: { usn: 0, ijn: 0 },
    taskForces,
    ships,
    air: spec.air ?? [],
    bases,
    submarines: [],
    queue: [],
    core: { ...emptyCore(), usnChit: spec.usnChit ?? {} },
  };
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
