/**
 * The one builder of hand-made Coral Sea positions for the unit specs (orders/fixture.ts,
 * surface/world.ts, air/world.ts): the default box, no option, Day 4 May (turn 3), every base at
 * its printed capacity, nothing spent, and the task forces and ships a spec names.
 */
import { type CoralSide, defaultBox } from '../../../src/games/coral-sea-solitaire/box';
import { emptyCore, STANDARD_OPTIONS } from '../../../src/games/coral-sea-solitaire/state';
import type { CoralOptions, CoralState, ShipKey, ShipState, TaskForceState } from '../../../src/games/coral-sea-solitaire/types';

/** Every option off (the rulebook's standard game). */
export const NO_OPTIONS: CoralOptions = STANDARD_OPTIONS;

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

/** A counter of the box as a ship in play: afloat, rested, the USN's face up. */
export function shipOf(side: CoralSide, id: string, extra: Partial<ShipState> = {}): ShipState {
  const counter = defaultBox.ships.find((c) => c.id === id && c.side === side);
  if (!counter) throw new Error(`no ${side} counter ${id} in the default box`);
  return { key: `${side}:${id}`, side, id, type: counter.type.value, status: 'ok', fatigued: false, faceUp: side === 'usn', ...extra };
}

/** Every counter of the box as a ship, face down for the IJN, nowhere until a TF holds it. */
export const allShips = (): Record<ShipKey, ShipState> =>
  Object.fromEntries(defaultBox.ships.map((c) => [`${c.side}:${c.id}`, shipOf(c.side, c.id)]));

/** The task forces of `specs` and their ships. */
export function forcesOf(specs: readonly TfSpec[]): Pick<CoralState, 'taskForces' | 'ships'> {
  const ships: Record<ShipKey, ShipState> = {};
  const taskForces: Record<string, TaskForceState> = {};
  for (const tf of specs) {
    for (const id of tf.ships)
      ships[`${tf.side}:${id}`] = shipOf(tf.side, id, {
        fatigued: tf.fatigued?.includes(id) ?? false,
        faceUp: tf.side === 'usn' || tf.faceUp === true,
      });
    taskForces[tf.id] = {
      id: tf.id,
      side: tf.side,
      hex: tf.hex,
      ships: tf.ships.map((id): ShipKey => `${tf.side}:${id}`),
      identified: tf.identified ?? false,
    };
  }
  return { taskForces, ships };
}

/** A position: the defaults above, then `over`. */
export function positionWith(over: Partial<CoralState> = {}): CoralState {
  return {
    box: defaultBox,
    turn: 3,
    lastTurn: 14,
    step: 'command-decision',
    options: NO_OPTIONS,
    cp: { available: 0, slots: { organization: 0, intelligence: 0, operations: 0, logistics: 0 } },
    chits: { usn: 0, ijn: 0 },
    panic: { level: 0, panicked: false },
    weather: 'good',
    initiative: null,
    vp: { usn: 0, ijn: 0 },
    taskForces: {},
    ships: {},
    air: [],
    bases: Object.fromEntries(Object.entries(defaultBox.bases).map(([b, e]) => [b, { strength: e.capacity.value }])) as CoralState['bases'],
    submarines: [],
    queue: [],
    core: emptyCore(),
    ...over,
  };
}
