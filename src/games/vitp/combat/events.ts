/**
 * What combat reports: one event per thing that happened, carrying its typed outcome so a
 * narrator never recomputes a rule. All combat events are open to both sides (VITP has no
 * hidden information once a battle is joined), except sealed day/night choices, which are
 * only emitted once both are in. Under rule 20 no event says what an unsighted task force holds:
 * only its marker, until it is added to a night action (20.6) and so may be attacked.
 */
import type { BattleOutcome, DayNight, VitpSide } from './api';

export interface GroupReport {
  readonly id: string;
  readonly units: readonly string[];
  readonly speed: number;
}

export type ShotResult = 'miss' | 'disabled' | 'hit' | 'disable-ignored';

export type UnitResult = 'no-effect' | 'damaged' | 'disabled' | 'sunk' | 'on-bottom' | 'expended';

export interface CombatEventData {
  'combat.battle-started': {
    seaArea: string;
    turn: number;
    atSea: { id: string; name: string; side: VitpSide; kind: string; damage: number }[];
  };
  'combat.round-started': { engagement: string; round: number };
  'combat.day-night-chosen': {
    engagement: string;
    round: number;
    choices: Record<VitpSide, DayNight>;
    agreed: boolean;
    rule: '7.31';
  };
  'combat.day-night-rolled': {
    engagement: string;
    round: number;
    rolls: { side: VitpSide; die: number; wantsDay: number; controlsArea: number; total: number }[];
    result: 'day' | 'night' | 'day-then-night';
    rule: '7.32' | '7.33';
  };
  'combat.action-started': {
    engagement: string;
    round: number;
    action: DayNight | 'air-raid';
    nightCarriers: string[];
    kamikazeCarriers: string[];
  };
  'combat.targets-designated': {
    engagement: string;
    side: VitpSide;
    fire: { attacker: string; target: string }[];
    rule: '7.44';
  };
  'combat.shot': {
    attacker: string;
    target: string;
    /** 'flak': a ship's one shot at an attacking airstrike (rule 23.34-23.35) */
    factor: 'gunnery' | 'airstrike' | 'torpedo' | 'flak';
    shot: number;
    of: number;
    die: number;
    bonus: boolean;
    total: number;
    result: ShotResult;
    rule: string;
  };
  /** rule 23: a hit on an airstrike counts at once (23.32, 23.36) */
  'combat.airstrike-hit': {
    unit: string;
    damageTaken: number;
    shotsLeft: number;
    result: 'damaged' | 'airstrikes-lost' | 'shot-down';
    rule: string;
  };
  'combat.damage-rolled': { attacker: string; target: string; die: number; rule: '7.532' };
  'combat.action-resolved': {
    engagement: string;
    results: {
      unit: string;
      damageTaken: number;
      damage: number;
      result: UnitResult;
      speed: number | null;
    }[];
    rule: '7.6';
  };
  'combat.submarine-attacked': {
    submarine: string;
    target: string;
    result: UnitResult;
    damage: number;
    rule: '7.91';
  };
  'combat.submarine-waits': { submarine: string; final: boolean };
  'combat.stays': { side: VitpSide; rule: '8.1' };
  /** 20.8: part of a side's forces retreat; the rest stay in the main fight */
  'combat.retreated-in-part': {
    side: VitpSide;
    groups: GroupReport[];
    airEscaped: string[];
    staying: number;
    rule: '20.8';
  };
  /** 20.5-20.6: a round of task forces begins with a day action, then a night action */
  'combat.task-force-round': {
    round: number;
    markers: Record<VitpSide, string[]>;
    sighted: string[];
    rule: '20.5';
  };
  /** 20.6: an unsighted attacking task force is added to the night action: its units may now be attacked */
  'combat.task-force-joins': { side: VitpSide; marker: string; units: string[]; rule: '20.6' };
  'combat.retreated': { side: VitpSide; groups: GroupReport[]; airEscaped: string[]; rule: '8.1' | '18.35' };
  'combat.pursuit-ordered': {
    side: VitpSide;
    pursue: { ship: string; group: string }[];
    raid: { ship: string; port: string }[];
    notPursuing: string[];
    rule: '8.32';
  };
  'combat.pursuer-dropped': {
    unit: string;
    group: string;
    reason: 'too-slow' | 'broke-off';
    rule: '8.33' | '8.53';
  };
  'combat.group-split': { from: string; into: GroupReport[]; rule: '8.52' };
  'combat.group-escaped': { group: string; units: string[]; rule: '8.4' };
  'combat.pursuit-over': { group: string; reason: string };
  'combat.landed': { unit: string; base: string; invading: boolean; rule: '7.93' };
  'combat.base-changed-hands': { port: string; controller: VitpSide; groundedAir: string[]; rule: '12.24' };
  'combat.air-raid-started': { engagement: string; port: string; raiders: string[]; rule: '9.1' | '9.2' };
  'combat.air-raid-ended': { engagement: string; port: string };
  /** 18.4: the surprise raids are over (two rounds, or nothing left to attack or to attack with) */
  'combat.surprise-ended': { rounds: number; rule: '18.4' };
  'combat.stalemate': { engagement: string; note: string; rule: '7.94' };
  'combat.battle-ended': { outcome: BattleOutcome };
}

export type CombatEventType = keyof CombatEventData;

export type CombatEvent = {
  [K in CombatEventType]: { readonly type: K; readonly data: CombatEventData[K] };
}[CombatEventType];

export function combatEvent<K extends CombatEventType>(type: K, data: CombatEventData[K]): CombatEvent {
  return { type, data } as CombatEvent;
}
