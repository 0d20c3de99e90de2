/**
 * VITP naval combat: the public contract the VITP step machine calls.
 *
 * One call to startBattle covers everything the rules fight in one sea area during the combat
 * sequence (5.3-5.6): the rounds (7), retreat and pursuit (8), air raids on the ports and bases
 * touching the area (9) and the submarine's shot (7.91, 16). It is a resumable pure state machine:
 *
 *   let b = startBattle(input);
 *   for (;;) {
 *     b = resolveUntilDecision(b, dice, emit);   // rolls dice and emits events until a side must choose
 *     const d = nextDecision(b);
 *     if (!d) break;                             // battle over: battleOutcome(b)
 *     ...ask d.owes by mail (or answerFromStanding), then for each side:
 *     const r = answer(b, side, reply); if (!r.ok) reject(r.problems); else b = r.battle;
 *   }
 *
 * Nothing here mutates its arguments; BattleState is plain JSON and can be stored between mails.
 * Every rule of 7.x, 8.x, 9.x and the turn-1 battle specials (18.34-18.4) is implemented here.
 */
import type { Dice } from '../../../engine/ruleset';
import { clonePlain } from '../../../shared/clone';
import type { BattleState } from './state';
import type { CombatStanding } from './standing';
import type { CombatEvent } from './events';
import * as machine from './machine';
import * as decisions from './decisions';
import { answerFromStandingInstructions } from './standing';
import { outcomeOf } from './outcome';
import { baseChangedHands as changeHands, invasionsResolved as afterInvasions, pendingInvasions as invasionsWaiting } from './bases';
import type { VitpSide } from './sides';
import type { BattleInput, CombatUnitInput, DayNight, GroupRef, TaskForcePlan, TurnFlags, UnitRef } from './inputs';
import * as taskForces from './task-forces';

export type { BattleState } from './state';
export type { CombatStanding } from './standing';
export type { CombatEvent, CombatEventType } from './events';
export { VITP_SIDES, type VitpSide } from './sides';
export type {
  AirUnitInput,
  AmphibiousInput,
  BattleInput,
  CombatOptions,
  CombatUnitInput,
  DayNight,
  GroupRef,
  Nationality,
  PortInput,
  ShipClass,
  ShipInput,
  SubmarineInput,
  TaskForceInput,
  TaskForcePlan,
  TurnFlags,
  UnitRef,
} from './inputs';

// ---- Answers --------------------------------------------------------------------------------

export type Answer =
  | { readonly kind: 'day-night'; readonly choice: DayNight }
  /** 5.33/7.424: which Allied carriers fire gunnery this night action. */
  | { readonly kind: 'night-carriers'; readonly carriers: readonly string[] }
  /** 19.22: which Japanese carriers make kamikaze attacks this day action. */
  | { readonly kind: 'kamikaze-carriers'; readonly carriers: readonly string[] }
  /** 7.43: attacker id -> target id. Attackers left out hold their fire. */
  | { readonly kind: 'targets'; readonly fire: Readonly<Record<string, string>> }
  /** 7.91/16.1: target id, or null to wait (or, at the final chance, not to attack). */
  | { readonly kind: 'submarine'; readonly target: string | null }
  /** 8.1/8.2: stay, or retreat with every unit at sea split into groups of ships/amphibious unit ids. */
  | { readonly kind: 'retreat'; readonly retreat: false }
  | { readonly kind: 'retreat'; readonly retreat: true; readonly groups: readonly (readonly string[])[] }
  /** 8.32/9.1: ship id -> group id or port id. Ships left out do not pursue (8.34). */
  | { readonly kind: 'pursuit'; readonly assign: Readonly<Record<string, string>> }
  /** 7.93/13.3: amphibious unit id -> port/base id to land on or invade. */
  | { readonly kind: 'landings'; readonly land: Readonly<Record<string, string>> }
  /** 8.52: the pursued group split into sub-groups (one sub-group = no split). */
  | { readonly kind: 'split'; readonly groups: readonly (readonly string[])[] }
  /** 8.52-8.53: pursuer id -> group id to follow, or 'stop'; pursuers left out stop (8.34). */
  | { readonly kind: 'continue-pursuit'; readonly assign: Readonly<Record<string, string>> }
  /** 9.2: ship id -> port id to raid. Ships left out do not raid. */
  | { readonly kind: 'air-raids'; readonly assign: Readonly<Record<string, string>> };

export type AnswerKind = Answer['kind'];
export type AnswerOf<K extends AnswerKind> = Extract<Answer, { kind: K }>;

// ---- Decisions ------------------------------------------------------------------------------

interface DecisionBase<K extends AnswerKind> {
  /** Stable within the battle, e.g. "main/r2/day-night", "g1/r1/a1-night/targets-allied". */
  readonly id: string;
  readonly kind: K;
  readonly rule: string;
  readonly title: string;
  /** Sides that still owe an answer. Two sides = simultaneous, sealed (7.3). */
  readonly owes: readonly VitpSide[];
  /** What each owing side gets if it does not answer by the deadline. */
  readonly defaults: Readonly<Partial<Record<VitpSide, AnswerOf<K>>>>;
}

export interface TargetOption {
  readonly attacker: UnitRef;
  readonly factor: 'gunnery' | 'airstrike';
  readonly shots: number;
  /** Targets this attacker may pick on its own; the whole designation is checked again (7.423-7.424). */
  readonly legalTargets: readonly string[];
}

/**
 * The questions a battle asks, in the order they come up:
 * - each round: 'day-night' (both sides, sealed, 7.3); per action: 'night-carriers' (Allies, night,
 *   5.33/7.424) or 'kamikaze-carriers' (Japanese, day, turn 9, 19.22); 'targets' (Japanese, then
 *   Allies; in air raids only the raider, 7.4/9.12);
 * - after a round: 'submarine' (7.91), 'retreat' (Japanese, then Allies, 8.1) and 'pursuit' (8.3,
 *   9.1), 'landings' (Japanese, then Allies, 7.93); in a pursuit: 'split' (8.52), 'continue-pursuit' (8.53);
 * - at the end: 'air-raids' (9.2), and a last 'submarine' chance (5.6, 16.1).
 * With rule 20, each round of the main fight waits for task forces first (awaitingTaskForces) and is
 * a day action then a night action, with no 'day-night'; the night's 'night-carriers' is the Allied
 * announcement of 20.6 (see task-forces.ts). Its contents, and the attackers a 'targets' decision
 * offers, are what the enemy may know: units whose task force holds are offered and hold their fire.
 * Decisions whose side has nothing to choose (no shooter, no target, no carrier) are skipped.
 */
export type Decision =
  | (DecisionBase<'day-night'> & { readonly engagement: string })
  | (DecisionBase<'night-carriers'> & { readonly carriers: readonly UnitRef[] })
  | (DecisionBase<'kamikaze-carriers'> & { readonly carriers: readonly UnitRef[] })
  | (DecisionBase<'targets'> & {
      readonly action: 'day' | 'night' | 'air-raid';
      readonly attackers: readonly TargetOption[];
      readonly targets: readonly UnitRef[];
    })
  | (DecisionBase<'submarine'> & {
      readonly submarine: UnitRef;
      readonly targets: readonly UnitRef[];
      readonly final: boolean;
    })
  | (DecisionBase<'retreat'> & {
      readonly units: readonly (UnitRef & { speed: number })[];
      readonly airEscapes: readonly UnitRef[];
    })
  | (DecisionBase<'pursuit'> & {
      readonly groups: readonly GroupRef[];
      readonly ports: readonly UnitRef[];
      readonly ships: readonly (UnitRef & {
        speed: number;
        canPursue: readonly string[];
        canRaid: boolean;
      })[];
    })
  | (DecisionBase<'landings'> & {
      readonly units: readonly UnitRef[];
      readonly bases: readonly (UnitRef & { invade: boolean })[];
    })
  | (DecisionBase<'split'> & { readonly group: GroupRef })
  | (DecisionBase<'continue-pursuit'> & {
      readonly groups: readonly GroupRef[];
      readonly pursuers: readonly (UnitRef & { speed: number; canFollow: readonly string[] })[];
    })
  | (DecisionBase<'air-raids'> & { readonly ports: readonly UnitRef[]; readonly ships: readonly UnitRef[] });

export type AnswerResult =
  | { readonly ok: true; readonly battle: BattleState }
  | { readonly ok: false; readonly problems: readonly string[] };

// ---- Outcome --------------------------------------------------------------------------------

export type UnitFate =
  /** still at sea in the area (7.94 winner, pursuers, stalemate) */
  | 'at-sea'
  /** must go to a friendly port or base now (section 10): see returnReason */
  | 'returning'
  /** port/base units untouched or damaged but afloat */
  | 'in-port'
  /** 9.41: in port with damage above its armor, cannot go to sea */
  | 'on-bottom'
  /** removed: sunk (7.61), shot down (7.534) or eliminated in port (9.42) */
  | 'sunk'
  /** 19.2: kamikaze, removed after attacking */
  | 'expended'
  /** 7.93/13.3: landed on (or invaded) a port or base, see landedAt */
  | 'landed';

/** 7.62 disabled; 8.21/8.4 retreated and not (or no longer) pursued */
export type ReturnReason = 'disabled' | 'retreat';

export interface UnitOutcome extends UnitRef, Required<TurnFlags> {
  readonly side: VitpSide;
  readonly kind: CombatUnitInput['kind'];
  readonly damage: number;
  readonly fate: UnitFate;
  readonly returnReason?: ReturnReason;
  /** 13.31: retreated or disabled amphibious units may not invade this turn */
  readonly retreated: boolean;
  readonly disabled: boolean;
  readonly landedAt?: { readonly base: string; readonly invading: boolean };
  /** port the unit sits in (port units) */
  readonly port?: string;
  /** rule 23: damage points on a carrier's airstrike at the end of the battle (23.1) */
  readonly airstrikeDamage?: number;
}

export interface SubmarineOutcome extends UnitRef {
  readonly side: VitpSide;
  /** 16.3: a submarine that attacked returns to port */
  readonly attacked: boolean;
}

export interface BattleOutcome {
  readonly seaArea: string;
  readonly units: readonly UnitOutcome[];
  readonly submarines: readonly SubmarineOutcome[];
  /** Sides that retreated from the area (8.12: they cannot control it). */
  readonly retreated: readonly VitpSide[];
  /** Sides with units still at sea in the area after all combat (control is the step machine's, 15). */
  readonly remainingAtSea: readonly VitpSide[];
}

export type CombatEmit = (event: CombatEvent) => void;

// ---- Functions ------------------------------------------------------------------------------

/** Sets the battle up (checks the input). */
export function startBattle(input: BattleInput): BattleState {
  return machine.start(input);
}

/** Runs every automatic step (dice, effects) until a side must decide or the battle is over. */
export function resolveUntilDecision(battle: BattleState, dice: Dice, emit: CombatEmit): BattleState {
  return machine.resolve(battle, dice, emit);
}

/**
 * The decision now waiting, with who owes it, legal answers and defaults. Null when the battle is
 * over, or when resolveUntilDecision has not run since the last answer.
 */
export function nextDecision(battle: BattleState): Decision | null {
  let d = decided.get(battle);
  if (d === undefined) decided.set(battle, (d = decisions.current(battle)));
  return d;
}

/**
 * Decisions already asked of a battle. A BattleState is never changed once made (every function
 * here copies before it changes anything), and the step machine, the order reader, the order
 * checks, the random player and the step's title each ask for the same battle's decision: it is
 * worked out once. Callers read the decision and never change it.
 */
const decided = new WeakMap<BattleState, Decision | null>();

/**
 * Records one side's answer to the current decision; returns problems instead if it is illegal.
 * A first day/night answer sits sealed in the state until the other side's arrives: redact
 * `stage.answers` from any view, or record both answers together.
 */
export function answer(battle: BattleState, side: VitpSide, reply: Answer): AnswerResult {
  // the same reply to the same battle is checked by the random player that draws it, the order
  // checks and the step that applies it: worked out once (the result is never changed by callers;
  // resolveUntilDecision copies the battle before it moves it on)
  const key = `${side}\n${JSON.stringify(reply)}`;
  let byReply = answered.get(battle);
  if (!byReply) answered.set(battle, (byReply = new Map()));
  let result = byReply.get(key);
  if (!result) byReply.set(key, (result = decisions.answer(battle, side, reply, nextDecision(battle))));
  return result;
}

/** Answers already given to a battle, by side and reply (its JSON: replies are plain data). */
const answered = new WeakMap<BattleState, Map<string, AnswerResult>>();

/** The answer a side's standing instructions give to the current decision, or null (ask the player). */
export function answerFromStanding(battle: BattleState, side: VitpSide, standing: CombatStanding): Answer | null {
  return answerFromStandingInstructions(battle, side, standing);
}

/**
 * The round being fought (or just fought) in the engagement now in play, counting from 1; 0
 * before the first. Each engagement (a pursuit, an air raid) counts its own rounds.
 */
export function currentRound(battle: BattleState): number {
  return battle.round;
}

/** True once every round, pursuit, raid and submarine shot is done. */
export function isOver(battle: BattleState): boolean {
  return battle.stage.at === 'over';
}

/** Final state of every unit; throws if the battle is not over. */
export function battleOutcome(battle: BattleState): BattleOutcome {
  if (!isOver(battle)) throw new Error('vitp combat: the battle is not over yet');
  return outcomeOf(battle);
}

/**
 * Rule 20: the round of the main fight whose task forces the battle waits for (20.2-20.4, 20.7),
 * or null. While it waits, nextDecision is null and resolveUntilDecision does nothing: form the
 * task forces, roll the sightings, then answerTaskForces.
 */
export function awaitingTaskForces(battle: BattleState): { readonly round: number } | null {
  return taskForces.awaiting(battle);
}

/** Rule 20: the task forces for the round awaited; problems if they do not cover the main fight exactly. */
export function answerTaskForces(battle: BattleState, plan: TaskForcePlan): AnswerResult {
  return taskForces.answerPlan(battle, plan);
}

/** Rule 20.2: the ids of a side's units still in the main fight, the units its next task forces group. */
export function mainFightUnits(battle: BattleState, side: VitpSide): string[] {
  return taskForces.groupableIds(battle, side);
}

/** An invasion of one base made after a round (7.93), for the step machine to resolve (13.4x). */
export interface PendingInvasion {
  /** port or base id */
  readonly base: string;
  /** the invading amphibious units, in the order named */
  readonly units: readonly string[];
}

/**
 * Invasions just made after a round (7.93), waiting for the step machine to resolve them (13.4x)
 * so a base taken counts in the rounds that follow (12.24). While any wait, resolveUntilDecision
 * does nothing and nextDecision is null: call invasionsResolved, then resolve on.
 */
export function pendingInvasions(battle: BattleState): readonly PendingInvasion[] {
  return invasionsWaiting(battle);
}

/**
 * The pending invasions are resolved; `taken` lists each base that changed hands (13.42). Each goes
 * through baseChangedHands (12.24), then the battle goes on with what follows the landings (5.43).
 */
export function invasionsResolved(
  battle: BattleState,
  taken: readonly { readonly port: string; readonly controller: VitpSide }[],
  emit: CombatEmit,
): BattleState {
  return afterInvasions(battle, taken, emit);
}

/**
 * A port or base touching the area changed hands mid-battle (an invasion after a round, 7.93,
 * 13.42, resolved by the step machine): updates the battle and grounds air units left without a
 * friendly base in the area (12.24). Call it before the next resolveUntilDecision.
 */
export function baseChangedHands(battle: BattleState, portId: string, controller: VitpSide, emit: CombatEmit): BattleState {
  return changeHands(battle, portId, controller, emit);
}

/**
 * 7.62 with 9.11: a unit disabled in this battle has been placed by the step machine in a friendly
 * port or base touching the area: it is in that port from now on, and a later air raid on the port
 * in this battle may attack it (9.1-9.14). Call it before the next resolveUntilDecision.
 */
export function placeInPort(battle: BattleState, unitId: string, portId: string): BattleState {
  const b = clonePlain(battle);
  const u = b.units.find((x) => x.id === unitId);
  if (u?.fate !== 'returning' || u.returnReason !== 'disabled')
    throw new RangeError(`${unitId} is not disabled and returning in this battle`);
  if (!b.ports.some((p) => p.id === portId)) throw new RangeError(`no port or base ${portId} touches ${b.seaArea.name}`);
  u.port = portId;
  u.fate = 'in-port';
  return b;
}
