/**
 * Fog of war (27, 28): what each side may know, as data. `CoralView` is the engine's SideView (the
 * summary, private tables and map the umpire shows) plus the game's own fog data: every task force
 * as the viewer knows it, air, submarines and bases. The USN view never holds a face-down IJN ship's
 * identity (27.1: only its back, carrier / transport / warship; dummies show as warships), a
 * submarine marker's counter before contact (19.4), IJN air that has not launched (27.1(4)), or the
 * sealed dice. The IJN view (the system side's) holds its own forces whole and, of the USN, each
 * TF's id, hex and identified flag, with its ships only once identified. `ijnKnowledge` reads the
 * IJN's view into what the IJN's decisions may use (IjnKnowledge).
 */
import type { SideView } from '../../engine/board-view';
import type { AirType, BaseId, CoralBox, CoralSide, IjnTf, ShipType } from './box/schema';
import type { AirBox, CoralState, ShipKey, ShipState, SubmarineState } from './types';

export type Viewer = CoralSide | 'referee';

/** A counter's back (3.8, 27.1(1)): what a face-down ship shows. */
export type ShipBack = 'carrier' | 'transport' | 'warship';

export const backOf = (type: ShipType): ShipBack => (type === 'CV' || type === 'CVL' ? 'carrier' : type === 'TR' ? 'transport' : 'warship');

/** A ship as the viewer knows it: its back always; its counter, type and state when known. */
export interface ShipSeen {
  readonly back: ShipBack;
  readonly id?: string;
  readonly key?: ShipKey;
  readonly type?: ShipType;
  readonly status?: ShipState['status'];
  readonly fatigued?: boolean;
  readonly faceUp?: boolean;
}

/** A task force as the viewer knows it. `ships` absent: its make-up is unknown to the viewer. */
export interface TfSeen {
  readonly id: string;
  readonly side: CoralSide;
  /** Null: not on the map (not yet arrived, or gone). */
  readonly hex: string | null;
  readonly identified: boolean;
  readonly arrives?: number;
  readonly gone?: 'eliminated' | 'withdrawn';
  readonly ships?: readonly ShipSeen[];
  /** 20.1: its transports that have landed (its own side and the referee only: the ids name counters that may be face down). */
  readonly landed?: readonly ShipKey[];
}

export interface AirSeen {
  readonly id: string;
  readonly side: CoralSide;
  readonly type: AirType;
  readonly strength: number;
  /** A carrier (ship key), a base; for enemy air from a carrier not yet face up, the carrier's TF. */
  readonly home: string;
  readonly box: AirBox;
  readonly flyingTo?: string;
  readonly extendedRange?: boolean;
}

export interface SubSeen {
  readonly marker: number;
  readonly hex: string | null;
  readonly revealed: boolean;
  readonly usedThisTurn: boolean;
  /** The counter and whether it is a real boat: only once revealed (19.4), or for the IJN and the referee. */
  readonly counter?: string;
  readonly real?: boolean;
}

export interface BaseSeen {
  readonly id: BaseId;
  readonly side: CoralSide;
  readonly hex: string;
  /** A minor base's marker (23.3), a major base's printed value. */
  readonly strength: number;
}

/** The game's fog data beside the board view. */
export interface CoralFog {
  readonly viewer: Viewer;
  readonly turn: number;
  readonly lastTurn: number;
  /** `Day 4 May 1942` */
  readonly label: string;
  readonly day: boolean;
  /** The step instance in play (`movement-usn`, `surface/1808`), null when the game is over. */
  readonly step: string | null;
  readonly weather: 'good' | 'bad';
  readonly initiative: CoralSide | null;
  readonly panic: { readonly level: number; readonly panicked: boolean };
  readonly chits: Readonly<Record<CoralSide, number>>;
  readonly vp: Readonly<Record<CoralSide, number>>;
  /** The USN's command points (7): only the USN and the referee see them. */
  readonly cp?: CoralState['cp'];
  /** The CP the next command phase resets to (7.2, less a foul-up, 36 result 5): the USN's and the referee's. */
  readonly cpToday?: number;
  readonly taskForces: readonly TfSeen[];
  readonly air: readonly AirSeen[];
  readonly submarines: readonly SubSeen[];
  readonly bases: readonly BaseSeen[];
  /** An intelligence result waiting for the USN's choice (36), in the USN's and the referee's view. */
  readonly intelChoice?: CoralState['core']['intelChoice'];
  readonly options: CoralState['options'];
  readonly result?: CoralState['result'];
  /** The IJN's view only: the box it plays by (its tables, map, ranges), so a club's box changes its play. */
  readonly box?: CoralBox;
}

export type CoralView = SideView & CoralFog;

/**
 * What the IJN system side may know when it decides (2.1, 28.3, 27.2): its own forces whole; of
 * the USN, each TF's id, hex and identified flag, and its ships only once identified; the bases;
 * turn, day, weather, panic, chits, initiative. Every IJN decision is a function of this (and dice).
 */
export interface IjnKnowledge {
  /** The box (tables, map, ranges): public component data. */
  readonly box: CoralBox;
  readonly turn: number;
  readonly day: boolean;
  readonly weather: 'good' | 'bad';
  readonly panic: { readonly level: number; readonly panicked: boolean };
  readonly chits: Readonly<Record<CoralSide, number>>;
  readonly initiative: CoralSide | null;
  readonly own: {
    readonly taskForces: readonly TfSeen[];
    readonly air: readonly AirSeen[];
    readonly submarines: readonly SubSeen[];
  };
  readonly usn: readonly {
    readonly id: string;
    readonly hex: string | null;
    readonly identified: boolean;
    /** Only when identified: its ships (id, type, status). */
    readonly ships?: readonly { readonly id: string; readonly type: ShipType; readonly status: ShipState['status'] }[];
    /** Only when identified: whether it holds a live carrier (the doctrine tables' "identified USN carrier TF", 28.3). */
    readonly carrier?: boolean;
  }[];
  readonly bases: readonly BaseSeen[];
  /** The optional rules in play (public: chosen when the game was created), e.g. extended range (32). */
  readonly options: CoralState['options'];
}

/** The IJN's knowledge, read from its view (throws on another side's view: the IJN decides from its own). */
export function ijnKnowledge(view: CoralFog): IjnKnowledge {
  if (view.viewer !== 'ijn') throw new Error(`ijnKnowledge reads the IJN's view, not the ${view.viewer}'s`);
  if (!view.box) throw new Error("the IJN's view holds no box");
  return {
    box: view.box,
    turn: view.turn,
    day: view.day,
    weather: view.weather,
    panic: view.panic,
    chits: view.chits,
    initiative: view.initiative,
    own: {
      taskForces: view.taskForces.filter((tf) => tf.side === 'ijn'),
      air: view.air.filter((a) => a.side === 'ijn'),
      submarines: view.submarines,
    },
    usn: view.taskForces
      .filter((tf) => tf.side === 'usn')
      .map((tf) => {
        if (!tf.identified || !tf.ships) return { id: tf.id, hex: tf.hex, identified: tf.identified };
        const ships = tf.ships.map((s) => ({ id: s.id as string, type: s.type as ShipType, status: s.status as ShipState['status'] }));
        const carrier = ships.some((s) => (s.type === 'CV' || s.type === 'CVL') && (s.status === 'ok' || s.status === 'damaged'));
        return { id: tf.id, hex: tf.hex, identified: true, ships, carrier };
      }),
    bases: view.bases,
    options: view.options,
  };
}

/** The IJN TF ids of the knowledge's own forces on the map, in doctrine order (4a). */
export const ownOnMap = (k: IjnKnowledge): readonly TfSeen[] => k.own.taskForces.filter((tf) => tf.hex !== null && !tf.gone);

export type { IjnTf, SubmarineState };
