/** State and order types of the VITP ruleset. Everything here is plain JSON. */
import type { GameOptions } from '../../engine/ruleset';
import type { Answer, BattleState } from './combat/api';
import type { Nation, UnitKind } from './box/units';

export type VSide = 'japanese' | 'allied';
export const SIDES: readonly VSide[] = ['japanese', 'allied'];
export const other = (s: VSide): VSide => (s === 'japanese' ? 'allied' : 'japanese');

/** How a unit is at sea: 15.3 patrolling/raiding, or an amphibious, air or submarine counter. */
export type SeaMode = 'patrol' | 'raid' | 'amph' | 'air' | 'sub';

export type Loc =
  /** not yet arrived (order of appearance) */
  | { readonly at: 'pool' }
  /** turn 1 location-uncertain group, 4.3 / 18.32 */
  | { readonly at: 'group'; readonly group: string }
  | { readonly at: 'port'; readonly place: string }
  | { readonly at: 'sea'; readonly area: string; readonly mode: SeaMode }
  /** on its way back to harbor (10.2); the port is chosen in the return step (5.74) */
  | {
      readonly at: 'transit';
      readonly area: string | null /** 14.31: leaving a captured place, it may use a base touching any of these */;
      readonly areas?: readonly string[];
    }
  /** land/air unit lost: back as a reinforcement on `returns` (4.5, 12.3, 13.5) */
  | { readonly at: 'eliminated'; readonly returns: number }
  /** optional rule 23.5: an air unit lost for good unless its owner rebuilds it with repair points */
  | { readonly at: 'eliminated'; readonly returns: null; readonly rebuild: true }
  | { readonly at: 'sunk' }
  | { readonly at: 'removed' };

export interface Unit {
  readonly id: string;
  readonly name: string;
  readonly side: VSide;
  readonly nation: Nation;
  readonly kind: UnitKind;
  readonly type: string;
  readonly gunnery: number;
  readonly gunneryBonus: boolean;
  readonly airstrike: number;
  readonly airstrikeBonus: boolean;
  readonly armor: number;
  readonly speed: number;
  arrivalTurn: number;
  readonly arrivalAt: string;
  readonly removedOnTurn: number | null;
  damage: number;
  /** optional rule 23.1: damage points on a carrier's airstrike, kept apart from the ship's (absent = none) */
  airstrikeDamage?: number;
  loc: Loc;
  /** port the unit sailed from this turn (6.21) */
  sailedFrom: string | null;
  /** 4.4: the turn a lost land or air unit came back (its owner may then pick its port) */
  returnedOn: number | null;
  /** per-turn flags: 5.21 / 6.12 turned white side up in port, 11.1 repairs, 8.34 / 9.3 combat, 13.31 invasions */
  raider: boolean;
  moved: boolean;
  repaired: boolean;
  barredFromPursuit: boolean;
  raidedThisTurn: boolean;
  mayNotInvade: boolean;
  /** 4.42: a listed removal whose ship was sunk, waiting for the Allied player to name the substitute (absent = none) */
  substituteOwed?: boolean;
}

export interface AreaInfo {
  readonly name: string;
  readonly poc: Readonly<Record<VSide, number>>;
}
export interface PlaceInfo {
  readonly name: string;
  readonly kind: 'port' | 'base';
  readonly touches: readonly string[];
}
export interface MapInfo {
  readonly areas: readonly AreaInfo[];
  readonly adjacent: Readonly<Record<string, readonly string[]>>;
  readonly places: readonly PlaceInfo[];
}

export type Phase =
  | { readonly k: 'raid-force' }
  /** 4.42, at the start of a turn (before any movement, 5.1): the Allied player names substitutes for sunk listed removals */
  | { readonly k: 'removals' }
  | { readonly k: 'patrol'; readonly side: VSide }
  | { readonly k: 'lba'; readonly side: VSide; readonly n: number }
  | { readonly k: 'amph'; readonly side: VSide }
  | { readonly k: 'raiders'; readonly side: VSide }
  | { readonly k: 'sub'; readonly side: VSide }
  | { readonly k: 'pick-battle' }
  | { readonly k: 'battle' }
  | { readonly k: 'pearl-stay' }
  | { readonly k: 'pearl-sortie' }
  | { readonly k: 'surprise'; readonly round: number }
  | { readonly k: 'invade'; readonly side: VSide }
  | { readonly k: 'return'; readonly side: VSide }
  /** 10.2: the side chooses the harbour of units turned back this turn (6.42, 7.62, 8.4, ...), before the next battle */
  /** `at`: during a battle, the battle decision it comes before (7.62 with 9.11: disabled units go to harbour at once) */
  | { readonly k: 'harbour'; readonly side: VSide; readonly at?: string }
  | { readonly k: 'over' }
  /** optional rule 20.2-20.3: a side organizes its forces in `area` into task forces for a round */
  | { readonly k: 'task-forces'; readonly side: VSide; readonly area: string; readonly round: number }
  /** optional rule 20.4: the sighting rolls, no orders */
  | { readonly k: 'sighting'; readonly area: string; readonly round: number };

/** Optional rule 20.2-20.3: one task force for one round of combat. */
export interface TaskForce {
  /** the marker's public name (J1, J2, A1, ...): all the enemy knows until it is sighted */
  readonly marker: string;
  readonly side: VSide;
  /** unit ids: known to its owner only until sighted (20.4) */
  readonly units: readonly string[];
  /** 20.3: will it attack this round? Never shown to the enemy. */
  readonly attacking: boolean;
  /** 20.3: amphibious units of this task force announced as invading this round */
  readonly invading: readonly string[];
  /** 20.4: null until the sighting roll */
  readonly sighted: boolean | null;
}

export interface TaskForceRound {
  readonly area: string;
  readonly round: number;
  readonly forces: readonly TaskForce[];
}

export interface CurrentBattle {
  readonly area: string;
  /** counts battles this turn, for stable step ids */
  readonly seq: number;
  readonly opening: 'pearl-harbor' | 'pearl-harbor-rounds' | 'indonesia-surprise' | null;
  readonly battle: BattleState;
}

export interface VitpState {
  readonly gameId: string;
  readonly options: GameOptions;
  readonly lastTurn: number;
  readonly pocCap: number;
  readonly map: MapInfo;
  readonly repairs: readonly {
    readonly port: string;
    readonly side: VSide;
    readonly perTurn: readonly number[];
  }[];
  readonly subTurns: Readonly<Record<string, readonly number[]>>;
  turn: number;
  phase: Phase;
  /** sea areas, ports and bases: who controls them now (2.2); null = nobody */
  control: Record<string, VSide | null>;
  /** sea area control at the end of each turn so far, for 14.1 / 5.72 */
  controlHistory: Record<string, (VSide | null)[]>;
  /** POC track: positive = Japanese ahead, negative = Allied ahead, |poc| <= cap (2.5) */
  poc: number;
  units: Unit[];
  battle: CurrentBattle | null;
  /** sea areas whose battle is done this turn (5.31) */
  foughtAreas: string[];
  battleSeq: number;
  /** turn 1: 18.3 done, 18.4 done */
  surprise: { pearl: 'pending' | 'raided' | 'rolled' | 'done'; indonesia: 'pending' | 'round-2' | 'done' };
  /** LBA placement: sides that have stopped placing this turn (5.22) */
  lbaDone: VSide[];
  /** optional rule 20: the task forces of the round being fought (absent or null otherwise) */
  taskForces?: TaskForceRound | null;
}

// ---- Orders -----------------------------------------------------------------------------------

interface Line {
  readonly line: number;
  readonly text: string;
}

export type Order = Line &
  (
    | {
        readonly t: 'move';
        readonly mode: 'patrol' | 'raid' | 'amph';
        readonly units: readonly string[];
        readonly to: string;
        readonly via: string | null;
      }
    | { readonly t: 'stay' }
    | { readonly t: 'repair'; readonly unit: string; readonly points: number }
    /** optional rule 23.5: airstrike factors rebuilt on a carrier or air unit; `at` places an eliminated air unit */
    | {
        readonly t: 'rebuild';
        readonly unit: string;
        readonly points: number | null;
        readonly at: string | null;
      }
    | { readonly t: 'base'; readonly unit: string; readonly at: string }
    /** 4.42: the British ship withdrawn in place of a listed removal that was sunk */
    | { readonly t: 'substitute'; readonly unit: string; readonly for: string }
    | { readonly t: 'raiders'; readonly units: readonly string[] }
    | { readonly t: 'raid-force'; readonly units: readonly string[] }
    | { readonly t: 'lba'; readonly unit: string; readonly to: string }
    | { readonly t: 'lba-done' }
    | { readonly t: 'sub'; readonly unit: string; readonly to: string }
    | { readonly t: 'pick'; readonly area: string }
    | { readonly t: 'invade'; readonly units: readonly string[]; readonly at: string }
    | { readonly t: 'return'; readonly units: readonly string[] | 'all'; readonly to: string }
    | { readonly t: 'pearl'; readonly choice: 'stay' | 'withdraw' }
    | { readonly t: 'sortie'; readonly units: readonly string[] | 'all' }
    | { readonly t: 'hi-retreat'; readonly retreat: boolean }
    | { readonly t: 'answer'; readonly answer: Answer }
    /** 20.2-20.3: one task force, attacking or not */
    | { readonly t: 'task-force'; readonly units: readonly string[]; readonly attacking: boolean }
    /** 20.3: amphibious units that will invade this round */
    | { readonly t: 'invading'; readonly units: readonly string[] }
  );

export type OrderOf<T extends Order['t']> = Extract<Order, { t: T }>;
