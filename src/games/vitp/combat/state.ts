/**
 * The battle's stored state: plain JSON, so a battle can wait in the database between mails.
 * Only this module reads its insides; the step machine treats it as opaque.
 */
import type {
  Answer,
  CombatOptions,
  CombatUnitInput,
  DayNight,
  Nationality,
  PortInput,
  ReturnReason,
  ShipClass,
  TaskForceInput,
  UnitFate,
  VitpSide,
} from './api';

export interface UnitState {
  readonly id: string;
  readonly name: string;
  readonly side: VitpSide;
  readonly nationality: Nationality;
  readonly kind: CombatUnitInput['kind'];
  readonly shipClass: ShipClass | null;
  /** printed factors; damage effects are derived (see units.ts) */
  readonly gunnery: number;
  readonly gunneryBonus: boolean;
  readonly airstrike: number;
  readonly airstrikeBonus: boolean;
  /** armor factor, or the defense factor of a land-based air unit */
  readonly armor: number;
  /** printed speed; null for land-based air */
  readonly speed: number | null;
  readonly posture: 'patrolling' | 'raiding' | null;
  damage: number;
  /** port id for units in a port or base: from the start, or placed there disabled during the battle (7.62, placeInPort) */
  port: string | null;
  fate: UnitFate;
  /** engagement this unit is fighting in now, null when out of the fighting */
  engagement: string | null;
  returnReason?: ReturnReason;
  disabled: boolean;
  retreated: boolean;
  barredFromPursuit: boolean;
  raidedThisTurn: boolean;
  landedAt?: { base: string; invading: boolean };
  /** assigned as a pursuer (8.32) or raider (9.1) in this battle */
  pursued: boolean;
  /**
   * Rule 23 only (absent otherwise): damage points on a carrier's airstrike, kept apart from the
   * ship's (23.1). Land-based air units carry 0 here: they are all airstrike, their damage counts (23.2).
   */
  airstrikeDamage?: number;
}

export interface SubmarineState {
  readonly id: string;
  readonly name: string;
  readonly side: VitpSide;
  attacked: boolean;
}

export type Engagement =
  /** the battle between everything at sea in the area (7) */
  | { readonly id: 'main'; readonly kind: 'main' }
  /** one retreating group and its pursuers (8.5) */
  | { readonly id: string; readonly kind: 'pursuit'; readonly retreater: VitpSide }
  /** two rounds of day action against one port or base (9.13) */
  | { readonly id: string; readonly kind: 'air-raid'; readonly port: string; readonly raider: VitpSide }
  /** 18.4: two rounds of Japanese airstrikes at the Allied ships at sea, nothing firing back */
  | { readonly id: 'surprise'; readonly kind: 'surprise' };

/** Marks placed during an action; they take effect at its end (7.6). */
export interface Mark {
  damage: number;
  disabled: boolean;
}

export interface ActionState {
  readonly kind: DayNight | 'air-raid';
  /** actions still to fight this round after this one (7.33: day then night) */
  readonly then: DayNight[];
  /** rule 23 day actions add 'intercept' (23.31-23.34), 'flak' (23.35) and 'strike' (23.37) after 'targets' */
  step: 'night-carriers' | 'kamikaze-carriers' | 'targets' | 'intercept' | 'flak' | 'strike' | 'effects';
  /** whose designation is next (7.4: Japanese first) */
  firing: VitpSide;
  /** the answer to night-carriers / kamikaze-carriers, waiting for resolve */
  reply?: Answer;
  nightCarriers: string[];
  kamikazeCarriers: string[];
  designations: Partial<Record<VitpSide, Record<string, string>>>;
  /** rule 23: defending airstrike -> enemy attacking airstrike (23.31) */
  intercepts?: Partial<Record<VitpSide, Record<string, string>>>;
  /** rule 23: battleship nobody attacks -> enemy attacking airstrike (23.35) */
  flak?: Partial<Record<VitpSide, Record<string, string>>>;
  marks: Record<string, Mark>;
  /** rule 20: fought in a round of task forces (20.5 by day, 20.6 by night) */
  taskForces?: boolean;
}

/** What is left to do after a round (5.4): submarine, retreat/pursuit, landings. */
export interface AfterRound {
  subsDone: string[];
  retreatDone: boolean;
  landingsDone: VitpSide[];
  /** 20.8: sides that retreated in part this round, whose retreat decision is made */
  retreatAsked?: VitpSide[];
}

/** Stages that wait for one side's answer carry it in `reply` until resolve applies it. */
export type Stage =
  /** 18.34-18.35: before the first round, the submarines' chance, then the sides that leave unpursued */
  | { readonly at: 'opening' }
  | { readonly at: 'round-start' }
  /** rule 20: waiting for both sides' task forces for this round of the main fight (20.2-20.4) */
  | { readonly at: 'task-forces'; readonly round: number }
  | { readonly at: 'day-night'; answers: Partial<Record<VitpSide, DayNight>> }
  | { readonly at: 'action'; action: ActionState }
  | { readonly at: 'after-round'; readonly after: AfterRound }
  | {
      readonly at: 'submarine';
      readonly sub: string;
      readonly final: boolean;
      readonly after: AfterRound | null;
      reply?: Answer;
    }
  | { readonly at: 'retreat'; readonly side: VitpSide; readonly after: AfterRound; reply?: Answer }
  | {
      readonly at: 'pursuit';
      readonly retreater: VitpSide;
      readonly groups: string[];
      readonly ports: string[];
      readonly after: AfterRound;
      reply?: Answer;
    }
  | { readonly at: 'landings'; readonly side: VitpSide; readonly after: AfterRound; reply?: Answer }
  /** 7.93: invasions just made, waiting for the step machine to resolve them (13.4x, see api.ts) */
  | {
      readonly at: 'invasions';
      readonly landed: readonly { unit: string; base: string }[];
      readonly after: AfterRound;
    }
  | { readonly at: 'split'; reply?: Answer }
  | { readonly at: 'continue-pursuit'; readonly from: string; readonly groups: string[]; reply?: Answer }
  | { readonly at: 'engagement-over' }
  | { readonly at: 'air-raid-offer'; readonly raider: VitpSide; readonly ports: string[]; reply?: Answer }
  | { readonly at: 'over' };

export interface BattleState {
  readonly kind: 'vitp-battle';
  readonly turn: number;
  readonly seaArea: { readonly id: string; readonly name: string; readonly controller: VitpSide | null };
  readonly options: CombatOptions;
  /** controller changes mid-battle through baseChangedHands (13.42) */
  ports: {
    readonly id: string;
    readonly name: string;
    readonly kind: PortInput['kind'];
    controller: VitpSide;
  }[];
  units: UnitState[];
  submarines: SubmarineState[];
  /** engagements still to fight; the first is being fought */
  queue: Engagement[];
  round: number;
  /** actions fought this round, for stable decision ids */
  actionNo: number;
  /** groups numbered g1, g2, ... (8.2, 8.52) */
  nextGroup: number;
  retreated: VitpSide[];
  /** 9.1/9.2: ports were already offered to raiders in this battle */
  raidsOffered: boolean;
  /** submarines already given their last chance (5.6) */
  finalSubsAsked: string[];
  /** 18.34: submarines already offered their shot before the first round */
  openingSubsAsked?: string[];
  /** 18.35: sides that leave before the first round, unpursued */
  openingRetreat?: VitpSide[];
  /**
   * 18.36 ('pearl-harbor-rounds' only): the combat rounds the raid force has left in the Hawaiian
   * Islands, counted down by rounds of the main fight and of air raids; its raids on Pearl Harbor
   * in them are not barred by the 18.3 raids (9.3), and last no longer than the rounds left.
   */
  pearlRoundsLeft?: number;
  /** the battle-started event has been emitted */
  announced: boolean;
  /**
   * The round just fought in the current engagement: whether both players chose its action (7.31)
   * and whether any shot could be fired in it, for the stalemate reading of 7.94 (machine.ts).
   * Absent in battles stored before it existed: then no stalemate is read from the last round.
   */
  lastRound?: { engagement: string; round: number; agreedOn: DayNight | null; couldFire: boolean };
  /** rule 20: the task forces of the main fight's current (or next) round */
  taskForces?: { round: number; forces: TaskForceInput[] };
  stage: Stage;
}
