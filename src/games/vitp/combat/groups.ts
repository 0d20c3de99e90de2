/**
 * Retreating groups (8.2-8.4) and the ports that count as groups for air raids (9.1).
 */
import type { CombatEmit, GroupRef, VitpSide } from './api';
import { combatEvent, type GroupReport } from './events';
import type { BattleState, UnitState } from './state';
import { currentSpeed, fighting } from './units';

export function newGroupId(b: BattleState): string {
  const id = `g${b.nextGroup}`;
  b.nextGroup += 1;
  return id;
}

/** The retreating units still in a group (pursuers share its engagement but never retreated). */
export function groupUnits(b: BattleState, group: string): UnitState[] {
  return fighting(b, group).filter((u) => u.retreated);
}

export function pursuersOf(b: BattleState, group: string): UnitState[] {
  return fighting(b, group).filter((u) => !u.retreated);
}

/** 8.23: a group flees at the speed of its slowest unit now (damage included, 7.71). */
export function speedOf(units: readonly UnitState[]): number {
  if (units.length === 0) throw new RangeError('an empty group has no speed');
  return Math.min(...units.map(currentSpeed));
}

export function groupReport(b: BattleState, group: string): GroupReport {
  const units = groupUnits(b, group);
  return { id: group, units: units.map((u) => u.id), speed: speedOf(units) };
}

export function groupRef(b: BattleState, group: string): GroupRef {
  const units = groupUnits(b, group);
  return { id: group, units: units.map((u) => ({ id: u.id, name: u.name })), speed: speedOf(units) };
}

/** 8.4: an unpursued group goes straight back to a friendly port or base (section 10). */
export function escapeGroup(b: BattleState, emit: CombatEmit, group: string): void {
  const units = groupUnits(b, group);
  for (const u of units) {
    u.fate = 'returning';
    u.returnReason = 'retreat';
    u.engagement = null;
  }
  emit(combatEvent('combat.group-escaped', { group, units: units.map((u) => u.id), rule: '8.4' }));
}

/** 9.1/9.11: a side's ports and bases touching the area that hold something to attack. */
export function raidablePorts(b: BattleState, owner: VitpSide): string[] {
  return b.ports
    .filter((p) => p.controller === owner)
    .filter((p) => b.units.some((u) => u.port === p.id && (u.fate === 'in-port' || u.fate === 'on-bottom')))
    .map((p) => p.id);
}

/**
 * Ships that may still be sent after a group or against a port: 8.31 ships only, 8.34 not
 * barred, 9.3 not already used for a raid this turn, and not already sent in this battle (8.32).
 * 18.36: in the rounds after the Pearl Harbor raids (the only port in that battle is Pearl Harbor)
 * the raid force may raid again: 18.36 allows "additional air raids on Pearl Harbor", the 18.3
 * raids notwithstanding.
 */
export function availableHunters(b: BattleState, side: VitpSide, engagement: string | null): UnitState[] {
  return b.units.filter(
    (u) =>
      u.side === side &&
      u.kind === 'ship' &&
      u.port === null &&
      u.fate === 'at-sea' &&
      (engagement === null || u.engagement === engagement) &&
      !u.barredFromPursuit &&
      (!u.raidedThisTurn || b.pearlRoundsLeft !== undefined) &&
      !u.pursued,
  );
}
