/**
 * Coral Sea Solitaire's state and orders: what the rules compute with. The USN is the player's
 * side; the IJN is a system side that never owes orders (2.1). Ships are keyed `<side>:<counter>`
 * (`ijn:CA-2`), since both sides print counters with the same ids (4.2, 4.3).
 */
import type { Visibility } from '../../engine/ruleset';
import type { HexDirection, RandomChoice, TableRoll } from '../kit';
import type { AirType, BaseId, CoralBox, CoralSide, IjnTf, ShipType } from './box/schema';
import type { AirBasingState, AirBattleState } from './rules/air/state';

export type ShipKey = `${CoralSide}:${string}`;

export interface ShipState {
  readonly key: ShipKey;
  readonly side: CoralSide;
  readonly id: string;
  readonly type: ShipType;
  /** damaged: MA 1, no fast move, a carrier neither launches nor lands (14.2, 14.3, 15.1); crippled and sunk are out (6.3). */
  readonly status: 'ok' | 'damaged' | 'crippled' | 'sunk';
  readonly fatigued: boolean;
  /** IJN ships: face up once revealed (4.3, 27.1, 28); USN ships are always face up to their player. */
  readonly faceUp: boolean;
}

export interface TaskForceState {
  /** `TF-17` for the USN; CSF, PMG, TG, SG, CG for the IJN (the brief's names; IJN-TF-1..5 as aliases). */
  readonly id: string;
  readonly side: CoralSide;
  /** Null before it arrives (4.3, 11) or after it left the map (14.10) or was eliminated (13.10). */
  readonly hex: string | null;
  readonly ships: readonly ShipKey[];
  /** The marker's side: unidentified or identified (28.1). */
  readonly identified: boolean;
  /** The turn a reinforcement arrives (11.1, 35). */
  readonly arrives?: number;
  /** IJN amphibious TFs: transports that have completed a landing (20.1, 20.2). */
  readonly landed?: readonly ShipKey[];
  /** Post-panic removal, or every ship gone (13.2, 13.10, 14.10). */
  readonly gone?: 'eliminated' | 'withdrawn';
}

export type AirBox = 'ready' | 'recovery' | 'cap' | 'escort' | 'strike';

export interface AirUnitState {
  readonly id: string;
  readonly side: CoralSide;
  readonly type: AirType;
  /** Squadrons (21.1); units are change (21.7). */
  readonly strength: number;
  /** The carrier (ShipKey) or base it belongs to and lands on (21.4). */
  readonly home: ShipKey | BaseId | 'Australia';
  readonly box: AirBox;
  /** The hex it flies to on a mission (5a1b-e), absent when grounded or aboard. */
  readonly flyingTo?: string;
  readonly extendedRange?: boolean;
  // air:
  /** The TF (id) or base a strike or escort was sent against (22.2); kept when CAP stops it short (21.2). */
  readonly target?: string;
  /** The carrier or base printed on the counter, when it now flies from another (21.4: the USN pays CP for that). */
  readonly original?: ShipKey | BaseId;
  /** Aborted by an air combat result: out of the fight, back to its carrier or base at basing, fatigued (CRT notes, 21.8). */
  readonly aborted?: boolean;
}

/** An air mission committed at 5a (USN, with CP) or by the IJN's doctrine (5a-c, 5a-d): one origin, one target hex (brief 9.10). */
export interface AirMission {
  /** `<side>:<from>:<mission>[:<target>]`, unique in a turn. */
  readonly id: string;
  readonly side: CoralSide;
  readonly mission: 'strike' | 'escort' | 'cap';
  /** The carrier (ShipKey) or base it flies from. */
  readonly from: ShipKey | BaseId;
  readonly fromHex: string;
  /** The TF id or base attacked (strike, escort); absent for CAP, which flies over its own hex (5a1b). */
  readonly target?: string;
  readonly targetHex: string;
  /** 32: flown at extended range. */
  readonly extended: boolean;
  /** The squadrons of each type the mission was committed with (5a-a/b); 5a1a may assign others. */
  readonly planned: Partial<Record<AirType, number>>;
  /** CP paid for it (USN, 5a-a 1, 5a-b 2). */
  readonly cp: number;
}

export interface SubmarineState {
  /** The face-down marker, 1-3 in placing order: which counter it is stays sealed until contact (19.2). */
  readonly marker: number;
  readonly hex: string | null;
  /** The counter under it (SS-1..3), referee-only until flipped. */
  readonly counter: string;
  readonly revealed: boolean;
  /** 19.6: attacked this turn, kept face up until the end of the turn. */
  readonly usedThisTurn: boolean;
}

export interface StaffSlots {
  readonly organization: number;
  readonly intelligence: number;
  readonly operations: number;
  readonly logistics: number;
}

export interface CoralOptions {
  /** 30.1 */ readonly biggerBattle: boolean;
  /** 30.2 */ readonly moreFighters: boolean;
  /** 30.3 */ readonly ijnBattleships: boolean;
  /** 30.4, needs 30.3 */ readonly usnBattleships: boolean;
  /** 31 */ readonly historical: boolean;
  /** 32 */ readonly extendedRange: boolean;
  /** 33 */ readonly screening: boolean;
  /** 34 */ readonly fuelingGroup: boolean;
  /** 35 */ readonly optionalDeployment: boolean;
  // air:
  /** Q4's option: each carrier or base attacking a hex rolls its own target selection (default: one combined roll per hex). */
  readonly targetRollPerOrigin?: boolean;
}

export interface CoralState {
  /** 1 = Day 3 May 1942 ... 14 = Night 9 May 1942 (5.5). */
  readonly turn: number;
  readonly lastTurn: number;
  /** The step row in play (./steps.ts) and its instance suffix (a hex, a TF). */
  readonly step: string;
  readonly options: CoralOptions;
  readonly cp: { readonly available: number; readonly slots: StaffSlots };
  readonly chits: Readonly<Record<CoralSide, number>>;
  readonly panic: { readonly level: number; readonly panicked: boolean };
  readonly weather: 'good' | 'bad';
  /** The side moving first this turn (3, 5.6 4a/4b). */
  readonly initiative: CoralSide | null;
  readonly vp: Readonly<Record<CoralSide, number>>;
  readonly taskForces: Readonly<Record<string, TaskForceState>>;
  readonly ships: Readonly<Record<ShipKey, ShipState>>;
  readonly air: readonly AirUnitState[];
  readonly bases: Readonly<Record<BaseId, { readonly strength: number }>>;
  readonly submarines: readonly SubmarineState[];
  // air:
  /** The day's committed air missions (5a-a to 5a-d), both sides; cleared when the air lands (step 8). */
  readonly airMissions?: readonly AirMission[];
  /** Air combat in progress (5a1f-h), kept between the decision points it pauses for (rules/air/battle.ts). */
  readonly airBattle?: AirBattleState;
  /** Orphaned air waiting for the USN's basing choice (21.4, step basing-choice). */
  readonly airBasing?: AirBasingState;
  /** IJN squadrons eliminated so far: panic comes per so many (9.2, the box's `ijn-squadrons-per-point`). */
  readonly ijnSquadronsLost?: number;
  readonly result?: { readonly winner: CoralSide | 'draw'; readonly level: 'decisive' | 'strategic' | 'tactical' | 'marginal' | 'draw' };
  // core:
  /** The box the game was created with (default or a club's): every rule reads its tables and map from here. */
  readonly box: CoralBox;
  /**
   * The step instances still to come this turn after `step`, in order (`surface/1808`,
   * `air-losses/1808`): the turn's sequence (5.6) and whatever an area inserts at its front
   * (rules/core/flow.ts `insertSteps`: a per-hex step, a decision). Empty: the turn ends after `step`.
   */
  readonly queue: readonly string[];
  /** The core rules' own bookkeeping. */
  readonly core: CoreState;
  // movement:
  /** Movement, submarine and landing bookkeeping (rules 14, 19, 20); absent until the first of them happens. */
  readonly movement?: MovementState;
  // surface: (rules/surface; absent until the rule first needs it)
  /** This turn's surface combats and bombardments (16.1, 17.1) and a combat awaiting the USN's SCREEN (33). */
  readonly surface?: SurfaceBook;
  // (ijnSquadronsLost, which surface counts too, is declared with the air block above)
}

/** What the core rules remember between steps. */
export interface CoreState {
  /** 36 result 5: CP the day's command foul-up takes off the reset at 1d (rolled at 1a). */
  readonly foulUp: number;
  /** 8.4: the functions the USN committed a leadership chit to this turn (`initiative`, ...). */
  readonly usnChit: Readonly<Record<string, boolean>>;
  /** 30.3: the IJN TFs whose contents were identified once already (each checked once). */
  readonly bbChecked: readonly IjnTf[];
  /** 36 results 4-5: an intelligence result waiting for the player's choice (the intelligence-choice step). */
  readonly intelChoice: {
    readonly hex: string;
    readonly all: boolean;
    readonly identify: readonly string[];
    readonly reveal: readonly string[];
  } | null;
  /** 4.3, 30.1, 35: where each TF not yet on the map arrives (a place, a hex, `To-Truk`, `same hex as PMG`). */
  readonly arrivalAt: Readonly<Record<string, string>>;
  /** 35: where each USN TF deploys and the turn it arrives (absent: at the start), rolled before the USN's deployment. */
  readonly deploy35?: Readonly<Record<string, { readonly place: string; readonly arrives?: number }>>;
}

/** One hex of a move: where to, why, and the rule (14.4, 14.6, 14.8, 14.10, 19.3). */
export interface MoveStep {
  readonly from: string;
  readonly to: string;
  readonly why: string;
  readonly rule: string;
}

/** What the movement rules remember between steps. */
export interface MovementState {
  /** 14.10, 9.4: IJN TFs removed post-panic, and where they left the map (Rabaul counts for 9.4). */
  readonly withdrawn: Readonly<Record<string, 'Rabaul' | 'To-Truk'>>;
  /** 20.1, 20.3: the last turn whose complete IJN movement phase each amphibious TF spent in its target hex. */
  readonly phaseAtObjective: Readonly<Record<string, number>>;
  /** 20.2, 23.6: amphibious TFs whose invasion is over, and how. */
  readonly invasions: Readonly<Record<string, 'completed' | 'called-off'>>;
}

// surface:
/** A surface combat whose tactical initiative is rolled and whose screening the USN still owes (33.1). */
export interface PendingSurfaceCombat {
  readonly hex: string;
  /** The side with the tactical initiative (16.3(2)). */
  readonly attacker: CoralSide;
  /** The IJN's screened ships (33.2), already chosen. */
  readonly ijnScreened: readonly ShipKey[];
}

export interface SurfaceBook {
  /** The turn the book is for: a book of an earlier turn counts as empty. */
  readonly turn: number;
  /** Hexes whose surface combat is resolved this turn (16.1: one per hex per phase). */
  readonly fought: readonly string[];
  /** `<side>:<hex>` of this turn's bombardments (17.1: one per hex per friendly phase). */
  readonly bombarded: readonly string[];
  readonly pending?: PendingSurfaceCombat;
}

/** The USN player's orders (brief section 4), one per line of a mail. */
export type CoralOrder =
  | { readonly kind: 'deploy'; readonly tf: string; readonly hex: string }
  | { readonly kind: 'base-air'; readonly base: BaseId; readonly air: Partial<Record<AirType, number>> }
  | { readonly kind: 'allocate'; readonly slots: StaffSlots }
  | { readonly kind: 'new-tf'; readonly tf: string; readonly from: string; readonly ships: readonly string[] }
  | { readonly kind: 'transfer'; readonly ships: readonly string[]; readonly from: string; readonly to: string }
  | { readonly kind: 'air-transfer'; readonly air: Partial<Record<AirType, number>>; readonly from: string; readonly to: string }
  | {
      readonly kind: 'intelligence';
      readonly target: IjnTf;
      /** On a 4 or 5 (36): identify or reveal; absent: the intelligence-choice step asks (or a standing INTEL PREFER answers). */
      readonly prefer?: 'identify' | 'reveal';
      /** `UNTIL REVEALED MAX 3`: roll again on this TF until it is identified or revealed, at most `max` rolls, while the slot pays. */
      readonly until?: 'identified' | 'revealed';
      readonly max?: number;
    }
  | { readonly kind: 'unidentify'; readonly tf: string }
  | {
      readonly kind: 'move';
      readonly tf: string;
      /** The hexes entered, in order (`MOVE TF-17 2416 2515`); empty when the move is given by `directions` or `to`. */
      readonly path: readonly string[];
      readonly fast: boolean;
      /** `MOVE TF-17 SE SE`: one hex in each direction from where the TF stands (orders/route.ts turns them into hexes). */
      readonly directions?: readonly HexDirection[];
      /** `MOVE TF-17 TO 2515`: toward that hex by the shortest sea path, as far as the TF's movement allows (orders/route.ts). */
      readonly to?: string;
    }
  | { readonly kind: 'stay'; readonly tf: string }
  // movement:
  /** The IJN's move of one TF this phase (4a), decided from its own view before the phase's rules run (rows.ts). */
  | {
      readonly kind: 'ijn-move';
      readonly tf: string;
      readonly steps: readonly MoveStep[];
      /** 20.3: held at its objective for a landing, so the phase counts toward one (20.1). */
      readonly landing: boolean;
      readonly stop?: { readonly at: string; readonly reason: string; readonly rule: string };
      /** 14.10: where it leaves the map post-panic. */
      readonly withdraw?: { readonly hex: string; readonly via: 'Rabaul' | 'To-Truk' };
      /** 8.5: the doctrine roll used an IJN chit. */
      readonly chit: boolean;
    }
  /** The IJN's move of one submarine marker (19.3). */
  | { readonly kind: 'ijn-sub-move'; readonly marker: number; readonly steps: readonly MoveStep[] }
  | {
      readonly kind: 'mission';
      readonly mission: 'strike' | 'escort' | 'cap';
      readonly from: string;
      readonly air: Partial<Record<AirType, number>>;
      readonly target?: string;
      readonly extended: boolean;
    }
  | { readonly kind: 'bombard'; readonly base: BaseId; readonly with: readonly string[] }
  | { readonly kind: 'no-bombard' }
  | { readonly kind: 'refit'; readonly at: string }
  | { readonly kind: 'rest'; readonly tf: string }
  | { readonly kind: 'repair'; readonly ship: string }
  | { readonly kind: 'refuel'; readonly tf: string }
  | {
      readonly kind: 'losses';
      /** Squadrons eliminated (and `aborted`, when the result aborts some), of the carrier or base `from` when given. */
      readonly air: Partial<Record<AirType, number>>;
      readonly aborted?: Partial<Record<AirType, number>>;
      readonly from?: string;
    }
  | { readonly kind: 'screen'; readonly ships: readonly string[] }
  | { readonly kind: 'leadership'; readonly use: boolean }
  | { readonly kind: 'intelligence-choice'; readonly choice: 'identify' | 'reveal'; readonly tf?: string }
  | { readonly kind: 'land'; readonly from: string; readonly on: string }
  // core: the IJN system side's orders (its decisions, handed to the rows' handlers; never mailed)
  /** 8.5: whether the IJN commits a leadership chit to a function. */
  | { readonly kind: 'ijn-chit'; readonly fn: string; readonly use: boolean }
  /** 9b: one IJN recovery roll's outcome: a ship's fatigue or damage marker, or squadrons of an air unit back to Ready. */
  | { readonly kind: 'ijn-recover'; readonly target: string; readonly marker: 'fatigue' | 'damage' | 'air'; readonly removed: number }
  // orders: kinds added by the orders-by-mail area. Ships are named by ShipKey (`usn:CV-2`), carriers
  // as mission origins too (an AirUnitState's `home`); TFs by id (`TF-17`, `CSF`); bases by BaseId.
  /** NONE: nothing at this step (not the default). */
  | { readonly kind: 'none' }
  /** 30.1 with a die of 0: CV-3 and DD-7 join a TF starting at New Caledonia (`CV-3 WITH TF-17`). */
  | { readonly kind: 'reinforce-cv3'; readonly tf: string }
  /** 30.4: USN battleships join a TF starting at New Caledonia (`B-1, B-2 WITH TF-11`). */
  | { readonly kind: 'battleships'; readonly ships: readonly ShipKey[]; readonly tf: string }
  /** 30.4: battleships start as a TF of their own with one DD drawn from a New Caledonia TF, at no CP (`B-2 NEW TF-3 WITH DD-3 FROM TF-17`). */
  | {
      readonly kind: 'battleships-tf';
      readonly ships: readonly ShipKey[];
      /** The marker; absent: the first free one. */
      readonly tf?: string;
      readonly escort: ShipKey;
      readonly from: string;
    }
  /** 5a1a: every ready squadron to the missions committed at 5a, as committed. */
  | { readonly kind: 'assign-committed' }
  /** 5a1a: squadrons of one origin to a mission other than committed (`ASSIGN CV-2 VF 1 TO CAP`). */
  | {
      readonly kind: 'assign';
      readonly from: string;
      readonly air: Partial<Record<AirType, number>>;
      readonly mission: 'strike' | 'escort' | 'cap';
      readonly target?: string;
    }
  /** 9a2: refuel every USN TF at sea (the logistics rules say which are at sea and what each costs). */
  | { readonly kind: 'refuel-all' }
  /** 5a1f: losses taken by type in this order (`LOSSES FIGHTERS LAST`), at random within a type. */
  | { readonly kind: 'losses-priority'; readonly types: readonly AirType[] }
  /** 33.1: screen as many ships as the 150% rule allows (`SCREEN MAX`). */
  | { readonly kind: 'screen-max' }
  // air: the IJN system side's air decisions (rules/air/ijn-decide.ts), handed to the air rows' handlers; never mailed
  /** 5a-c, 5a-d: a carrier or base strikes a target with these squadrons (the doctrine's result, 22.3's squadrons in range). */
  | {
      readonly kind: 'ijn-air-strike';
      readonly from: string;
      readonly target: string;
      readonly targetHex: string;
      readonly extended: boolean;
      readonly air: Partial<Record<AirType, number>>;
    }
  /** 5a1d: a carrier's or base's ready fighters of a type, split by the Fighter Commitment Table: escort (with its strike) and CAP. */
  | { readonly kind: 'ijn-air-fighters'; readonly from: string; readonly type: AirType; readonly escort: number; readonly cap: number };

/** A decision of the IJN system side, as a rules event: the table record, and the chit check before it (8.5). */
export type IjnDecidedEvent = {
  readonly type: 'IjnDecided';
  readonly data: {
    readonly what: string;
    /** The rule that has the IJN decide (`8.5`, `9b1`, `14.6`). */
    readonly rule?: string;
    readonly roll?: TableRoll<unknown>;
    readonly chit?: TableRoll<unknown>;
    readonly choice?: RandomChoice<unknown>;
  };
  /** Hidden from the USN when the decision would give away a hidden thing (27): `[]` referee only. */
  readonly visibleTo?: Visibility;
};
