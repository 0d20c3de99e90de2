/**
 * The core area's events (setup, the turn's flow, command points, organization, intelligence,
 * random events, chits, panic, weather, initiative, logistics, victory) and how they fold.
 */
import type { Visibility } from '../../../../engine/ruleset';
import type { RandomChoice, TableRoll } from '../../../kit';
import type { CoralSide, IjnTf } from '../../box/schema';
import type { AirUnitState, CoralState, CoreState, ShipKey, StaffSlots, SubmarineState, TaskForceState } from '../../types';

type Ev<T extends string, D> = { readonly type: T; readonly data: D; readonly visibleTo?: Visibility };

export type CoreEvent =
  /** The next step in play (5.6): a new turn's sequence, or the next instance of this one's. */
  | Ev<'coral.step', { readonly turn: number; readonly step: string; readonly queue: readonly string[] }>
  /** Steps put in at the front of the turn's queue (a decision, a per-hex step). */
  | Ev<'coral.steps.inserted', { readonly steps: readonly string[]; readonly rule: string }>
  /** A TF placed on the map or taken off it (deployment, reinforcement, 4.2-4.3, 11, 30.1, 35), or its arrival set. */
  | Ev<
      'coral.tf.placed',
      {
        readonly tf: string;
        readonly hex: string | null;
        readonly arrives?: number;
        readonly at?: string;
        readonly cause: string;
        readonly rule: string;
      }
    >
  /** A TF's ships set (the IJN's face-down draws are referee-only; organization is the USN's). */
  | Ev<'coral.tf.ships', { readonly tf: string; readonly ships: readonly ShipKey[]; readonly cause: string; readonly rule: string }>
  /** A new TF marker (13.3(1), 30.1, 30.4). */
  | Ev<'coral.tf.created', { readonly tf: TaskForceState; readonly cause: string; readonly rule: string }>
  /** A TF removed: emptied (13.3(3)), all ships lost (13.2, 13.10), or gone off the map (14.10). */
  | Ev<'coral.tf.removed', { readonly tf: string; readonly why: 'emptied' | 'eliminated' | 'withdrawn'; readonly rule: string }>
  /** A dummy flipped face up is removed (27.3). */
  | Ev<'coral.dummy.removed', { readonly ship: ShipKey; readonly tf: string; readonly rule: string }>
  /** Air units replaced (air units are change, 21.7): setup splits, reinforcements, refits, recovery. */
  | Ev<
      'coral.air.units',
      { readonly remove: readonly string[]; readonly add: readonly AirUnitState[]; readonly cause: string; readonly rule: string }
    >
  /** Submarine markers: their counters (referee-only) or their hexes (public) (4.3, 19.8). */
  | Ev<'coral.subs', { readonly submarines: readonly SubmarineState[]; readonly cause: string; readonly rule: string }>
  /** Submarine markers placed on the map (public: the markers are seen, 4.3, 19.8). */
  | Ev<
      'coral.subs.placed',
      { readonly placed: readonly { readonly marker: number; readonly hex: string }[]; readonly cause: string; readonly rule: string }
    >
  /** USN command points: the day's reset and allocation (7.2-7.3), a spending (7.4), the forfeit. */
  | Ev<
      'coral.cp',
      {
        readonly available: number;
        readonly slots: StaffSlots;
        readonly spent?: { readonly slot: keyof StaffSlots; readonly cp: number; readonly for: string };
        readonly cause: string;
        readonly rule: string;
      }
    >
  /** Leadership chits gained or spent (8.1-8.6). */
  | Ev<
      'coral.chits',
      { readonly side: CoralSide; readonly delta: number; readonly count: number; readonly reason: string; readonly rule: string }
    >
  /** 8.4: the USN commits a chit to a function, or not; `spent`: the committed chit was used (8.6), the function is closed for the turn. */
  | Ev<'coral.usn-chit', { readonly fn: string; readonly use: boolean; readonly spent?: boolean }>
  /** 35: a USN TF's place and arrival turn as its dice gave them, before the USN deploys. */
  | Ev<'coral.deployment-rolled', { readonly tf: string; readonly place: string; readonly arrives?: number; readonly rule: string }>
  /** A roll on a table that is nobody's decision (30.1, 35): what it settled. */
  | Ev<'coral.roll', { readonly what: string; readonly rolls: readonly TableRoll<unknown>[] }>
  /** A roll on the Random Events Table (10, 36). */
  | Ev<'coral.random-event', { readonly roll: TableRoll<string> }>
  /** 36 result 5. */
  | Ev<'coral.foul-up', { readonly cp: number; readonly rule: string }>
  /** 36 result 6, 10c. */
  | Ev<'coral.weather', { readonly weather: 'good' | 'bad'; readonly rule: string }>
  /** 3: the operational initiative for the turn. */
  | Ev<'coral.initiative', { readonly side: CoralSide; readonly roll: TableRoll<CoralSide>; readonly chits: readonly CoralSide[] }>
  /** A USN intelligence roll (28, 36). */
  | Ev<'coral.intelligence', { readonly target: IjnTf; readonly hex: string; readonly roll: TableRoll<string>; readonly cp: number }>
  /** 36 results 4-5 waiting for the player's choice, or settled. */
  | Ev<'coral.intel-choice', { readonly pending: CoreState['intelChoice'] }>
  /** 30.3: a TF's first identification of contents checked for battleships. */
  | Ev<
      'coral.battleships',
      { readonly tf: IjnTf; readonly roll: TableRoll<number>; readonly placed: readonly ShipKey[]; readonly pick?: RandomChoice<string> }
    >
  /** 9.3: panic has set in. */
  | Ev<'coral.panicked', { readonly level: number; readonly rule: string }>
  /** 10: per-turn markers cleared (19.6 submarines, 8.4 chits committed). */
  | Ev<
      'coral.turn-ended',
      { readonly turn: number /** 19.6: the submarine markers flipped back face down. */; readonly subsFlipped?: readonly number[] }
    >
  /** An order the rules could not carry out when its step came (its reason, for the player's report). */
  | Ev<'coral.order.skipped', { readonly order: string; readonly why: string; readonly rule: string }>
  /** A position set up whole for an adjudication case (case-support.ts): everything but the box. */
  | Ev<'coral.position', { readonly position: Omit<CoralState, 'box'> }>
  /** 6.2, 6.3: the game's result. */
  | Ev<
      'coral.result',
      { readonly result: NonNullable<CoralState['result']>; readonly vp: Readonly<Record<CoralSide, number>>; readonly why: string }
    >;

const MOVES = ['movement-ijn', 'movement-usn'] as const;

export function evolveCore(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  const ev = e as CoreEvent;
  switch (ev.type) {
    case 'coral.step':
      return { ...s, turn: ev.data.turn, step: ev.data.step, queue: ev.data.queue };
    case 'coral.steps.inserted':
      return { ...s, queue: [...ev.data.steps, ...s.queue] };
    case 'coral.tf.placed': {
      const tf = s.taskForces[ev.data.tf];
      const { arrives: _a, ...rest } = tf;
      const next: TaskForceState = { ...rest, hex: ev.data.hex, ...(ev.data.arrives !== undefined ? { arrives: ev.data.arrives } : {}) };
      const core = ev.data.at !== undefined ? { ...s.core, arrivalAt: { ...s.core.arrivalAt, [tf.id]: ev.data.at } } : s.core;
      return { ...s, taskForces: { ...s.taskForces, [tf.id]: next }, core };
    }
    case 'coral.tf.ships': {
      const tf = s.taskForces[ev.data.tf];
      return { ...s, taskForces: { ...s.taskForces, [tf.id]: { ...tf, ships: ev.data.ships } } };
    }
    case 'coral.tf.created':
      return { ...s, taskForces: { ...s.taskForces, [ev.data.tf.id]: ev.data.tf } };
    case 'coral.tf.removed': {
      const tf = s.taskForces[ev.data.tf];
      const gone = ev.data.why === 'withdrawn' ? 'withdrawn' : 'eliminated';
      const next: TaskForceState = ev.data.why === 'emptied' ? { ...tf, hex: null, ships: [] } : { ...tf, gone };
      return { ...s, taskForces: { ...s.taskForces, [tf.id]: next } };
    }
    case 'coral.dummy.removed': {
      const tf = s.taskForces[ev.data.tf];
      return { ...s, taskForces: { ...s.taskForces, [tf.id]: { ...tf, ships: tf.ships.filter((k) => k !== ev.data.ship) } } };
    }
    case 'coral.air.units': {
      const drop = new Set(ev.data.remove);
      return { ...s, air: [...s.air.filter((a) => !drop.has(a.id)), ...ev.data.add] };
    }
    case 'coral.subs':
      return { ...s, submarines: ev.data.submarines };
    case 'coral.subs.placed': {
      const at = new Map(ev.data.placed.map((p) => [p.marker, p.hex]));
      return {
        ...s,
        submarines: s.submarines.map((sub) => (at.has(sub.marker) ? { ...sub, hex: at.get(sub.marker) as string, revealed: false } : sub)),
      };
    }
    case 'coral.cp':
      return { ...s, cp: { available: ev.data.available, slots: ev.data.slots } };
    case 'coral.chits':
      return { ...s, chits: { ...s.chits, [ev.data.side]: ev.data.count } };
    case 'coral.usn-chit':
      return { ...s, core: { ...s.core, usnChit: { ...s.core.usnChit, [ev.data.fn]: ev.data.use } } };
    case 'coral.deployment-rolled': {
      const { tf, place, arrives } = ev.data;
      return { ...s, core: { ...s.core, deploy35: { ...s.core.deploy35, [tf]: arrives !== undefined ? { place, arrives } : { place } } } };
    }
    case 'coral.random-event':
    case 'coral.roll':
      return s;
    case 'coral.foul-up':
      return { ...s, core: { ...s.core, foulUp: ev.data.cp } };
    case 'coral.weather':
      return { ...s, weather: ev.data.weather };
    case 'coral.initiative': {
      // 5.6 4: only the two movement phases swap; the IJN's is first in the table
      const queue = [...s.queue];
      const a = queue.indexOf(MOVES[0]);
      const b = queue.indexOf(MOVES[1]);
      if (a >= 0 && b >= 0) {
        const [first, second] = ev.data.side === 'ijn' ? MOVES : ([MOVES[1], MOVES[0]] as const);
        queue[Math.min(a, b)] = first;
        queue[Math.max(a, b)] = second;
      }
      return { ...s, initiative: ev.data.side, queue };
    }
    case 'coral.intelligence':
      return s;
    case 'coral.intel-choice':
      return { ...s, core: { ...s.core, intelChoice: ev.data.pending } };
    case 'coral.battleships': {
      const tf = s.taskForces[ev.data.tf];
      const ships = { ...s.ships };
      for (const k of ev.data.placed) ships[k] = { ...ships[k], faceUp: true };
      return {
        ...s,
        ships,
        taskForces: { ...s.taskForces, [tf.id]: { ...tf, ships: [...tf.ships, ...ev.data.placed] } },
        core: { ...s.core, bbChecked: [...s.core.bbChecked, ev.data.tf] },
      };
    }
    case 'coral.panicked':
      return { ...s, panic: { level: ev.data.level, panicked: true } };
    case 'coral.turn-ended':
      return {
        ...s,
        submarines: s.submarines.map((sub) => ({
          ...sub,
          usedThisTurn: false,
          ...(ev.data.subsFlipped?.includes(sub.marker) ? { revealed: false } : {}),
        })),
        core: { ...s.core, usnChit: {} },
      };
    case 'coral.order.skipped':
      return s;
    case 'coral.position':
      return { ...ev.data.position, box: s.box };
    case 'coral.result':
      return { ...s, result: ev.data.result, step: 'over', queue: [] };
    default: {
      const _never: never = ev;
      return undefined;
    }
  }
}
