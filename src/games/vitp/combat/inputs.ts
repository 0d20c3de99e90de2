/**
 * VITP naval combat: what the step machine hands a battle (5.3-5.6): the units in the area and the
 * ports and bases touching it, the submarine, the turn's options and task forces, and the
 * references answers use. Part of the public contract re-exported by api.ts.
 */
import type { VitpSide } from './sides';

export type Nationality = 'japanese' | 'us' | 'british' | 'australian' | 'dutch';

/** Rule 21 needs battleships; 7.424 treats any ship with an airstrike factor as a carrier whatever its class. */
export type ShipClass = 'battleship' | 'carrier' | 'cruiser' | 'other';

export type DayNight = 'day' | 'night';

/** Flags that persist across the battles of one turn (8.34, 9.3); the step machine carries them. */
export interface TurnFlags {
  /** 8.34: named as not pursuing, or stopped pursuing, earlier this turn. */
  readonly barredFromPursuit?: boolean;
  /** 9.3: already used in an air raid this turn. */
  readonly raidedThisTurn?: boolean;
}

interface UnitInputBase extends TurnFlags {
  readonly id: string;
  readonly name: string;
  readonly side: VitpSide;
  readonly nationality: Nationality;
  /** Damage points already on the unit (7.63). */
  readonly damage: number;
}

/** A surface ship (3.1). Printed factors; damage effects (7.7x) are applied by this module. */
export interface ShipInput extends UnitInputBase {
  readonly kind: 'ship';
  readonly shipClass: ShipClass;
  readonly gunnery: number;
  /** circled gunnery factor (7.535) */
  readonly gunneryBonus: boolean;
  readonly airstrike: number;
  /** circled airstrike factor (7.535) */
  readonly airstrikeBonus: boolean;
  readonly armor: number;
  readonly speed: number;
  /** black side up (patrolling) or white (raiding), 15.3; carried through to the outcome. */
  readonly posture: 'patrolling' | 'raiding';
  /** rule 23: damage points already on the carrier's airstrike, apart from the ship's (23.1); default 0 */
  readonly airstrikeDamage?: number;
}

/** A land-based air unit (3.3, 12). Never has the attack bonus (12.21) and no speed of its own. */
export interface AirUnitInput extends UnitInputBase {
  readonly kind: 'land-based-air';
  readonly airstrike: number;
  /** defense factor (3.3): sunk when damage reaches it (7.534) */
  readonly defense: number;
}

/** An amphibious unit (3.3, 13): a target only (13.2). */
export interface AmphibiousInput extends UnitInputBase {
  readonly kind: 'amphibious';
  readonly armor: number;
  readonly speed: number;
}

export type CombatUnitInput = ShipInput | AirUnitInput | AmphibiousInput;

/** A major port or island base touching the sea area (2.1), with what lies in it (targets for 9.x). */
export interface PortInput {
  readonly id: string;
  readonly name: string;
  readonly kind: 'major-port' | 'island-base';
  readonly controller: VitpSide;
  readonly units: readonly CombatUnitInput[];
}

/** A submarine placed in this sea area (5.25) that has not attacked yet this turn (16.3). */
export interface SubmarineInput {
  readonly id: string;
  readonly name: string;
  readonly side: VitpSide;
}

/** Optional rules (19-23) and first-turn specials (18) that touch combat. */
export interface CombatOptions {
  /** Rule 21 (unnumbered in our copy, between 20 and 22): US battleships' gunnery gets the bonus from turn 7. */
  readonly usBattleshipBonus: boolean;
  /** 19.2: kamikazes, turn 9 only (applied only when turn === 9). */
  readonly kamikaze: boolean;
  /**
   * 20: task forces and sighting, in the rounds of the main fight between forces at sea (20.2-20.8,
   * see task-forces.ts): the battle stops at each round start for a plan (awaitingTaskForces).
   */
  readonly taskForces: boolean;
  /** 23.1-23.4: airstrikes kept apart from their carriers, interception and fire at airstrikes (see airstrikes.ts). */
  readonly separateAirstrikes: boolean;
}

export interface BattleInput {
  readonly turn: number;
  readonly seaArea: {
    readonly id: string;
    readonly name: string;
    /** Who controls the area now (its control flag), for the +1 in 7.32; null if nobody. */
    readonly controller: VitpSide | null;
  };
  /** Every ship and unit of both sides at sea in the area (7.1). */
  readonly atSea: readonly CombatUnitInput[];
  /** Every port and base touching the area (2.1), for air raids (9). */
  readonly ports: readonly PortInput[];
  readonly submarines: readonly SubmarineInput[];
  readonly options: CombatOptions;
  /**
   * Turn-1 specials. The 18.3 raids themselves are not a battle opening: the step machine
   * (surprise.ts) fights them as 9.x air raids. 'pearl-harbor-rounds' (18.34-18.36): before the first round each
   * submarine may attack (18.34), then the sides in openingRetreat leave, unpursued (18.35).
   * 'indonesia-surprise' (18.4): two rounds of day action in which every Japanese airstrike at sea
   * (land-based air too) may attack the Allied ships at sea, and nothing fires back.
   */
  readonly opening?: 'pearl-harbor-rounds' | 'indonesia-surprise';
  /** 18.35: sides retreating with everything at sea before any round, unpursued ('pearl-harbor-rounds' only). */
  readonly openingRetreat?: readonly VitpSide[];
  /** Rule 20: the task forces of the first round, formed and rolled for before the battle opened (20.2-20.4). */
  readonly taskForces?: TaskForcePlan;
}

/** Rule 20: one task force for one round (20.2), what it announced (20.3) and its sighting (20.4). */
export interface TaskForceInput {
  /** the public marker, e.g. "J1" */
  readonly marker: string;
  readonly side: VitpSide;
  /** unit ids: every unit a side has in the main fight is in exactly one of its task forces */
  readonly units: readonly string[];
  /** 20.3: only attacking task forces fire (20.5-20.6) */
  readonly attacking: boolean;
  /** 20.3/20.7: the amphibious units announced as invading this round; only these may invade */
  readonly invading: readonly string[];
  /** 20.4: sighted this round */
  readonly sighted: boolean;
}

/** Rule 20: both sides' task forces for one round of the main fight. */
export interface TaskForcePlan {
  readonly round: number;
  readonly forces: readonly TaskForceInput[];
}

export interface UnitRef {
  readonly id: string;
  readonly name: string;
}

/** A retreating group (8.2) or, for 9.1, a port whose contents can be raided. */
export interface GroupRef {
  readonly id: string;
  readonly units: readonly UnitRef[];
  /** speed of the slowest unit now in the group (8.23) */
  readonly speed: number;
}
