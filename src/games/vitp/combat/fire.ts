/**
 * Shots, hits and damage (7.5), and their effect at the end of the action (7.6, 9.4).
 */
import type { Dice } from '../../../engine/ruleset';
import type { CombatEmit } from './api';
import { combatEvent, type UnitResult } from './events';
import type { BattleState, Mark, SubmarineState, UnitState } from './state';
import { currentSpeed, damageState } from './units';

export interface Attack {
  readonly attacker: UnitState;
  readonly target: UnitState;
  readonly factor: 'gunnery' | 'airstrike';
  readonly shots: number;
  readonly bonus: boolean;
  /** 9.14: in an air raid a "disabled" roll does nothing */
  readonly raid: boolean;
  readonly rule: string;
}

type ShotFactor = 'gunnery' | 'airstrike' | 'torpedo' | 'flak';

export interface ShotInput {
  readonly attacker: string;
  readonly attackerName: string;
  readonly target: UnitState;
  readonly factor: ShotFactor;
  readonly shot: number;
  readonly of: number;
  readonly bonus: boolean;
  readonly raid: boolean;
  /** rule 23: the shot is at the target's airstrike, which a 5 cannot disable (23.32, 12.23) */
  readonly atAirstrike?: boolean;
  readonly rule: string;
}

/** One die for one shot (7.53): 5 disables a ship or amphibious unit, 6 hits; +1 with the bonus (7.535). */
export function rollShot(dice: Dice, emit: CombatEmit, a: ShotInput): Mark {
  const label =
    a.factor === 'torpedo' ? 'submarine shot' : a.factor === 'flak' ? 'shot at an airstrike' : `${a.factor} shot ${a.shot} of ${a.of}`;
  const die = dice.d6(`${label}, ${a.attackerName} at ${a.target.name}`, a.rule);
  const total = die + (a.bonus ? 1 : 0);
  const mark: Mark = { damage: 0, disabled: false };
  let result: 'miss' | 'disabled' | 'hit' | 'disable-ignored' = 'miss';
  if (total >= 6) {
    result = 'hit';
  } else if (total === 5) {
    // 7.531/12.23: air units ignore it, airstrikes too (23.32); 9.14: so do units raided in port
    const ignored = a.target.kind === 'land-based-air' || a.raid || a.atAirstrike === true;
    result = ignored ? 'disable-ignored' : 'disabled';
    mark.disabled = !ignored;
  }
  emit(
    combatEvent('combat.shot', {
      attacker: a.attacker,
      target: a.target.id,
      factor: a.factor,
      shot: a.shot,
      of: a.of,
      die,
      bonus: a.bonus,
      total,
      result,
      rule: a.rule,
    }),
  );
  if (result === 'hit') {
    // 7.532: a second die per hit gives the damage points
    const damage = dice.d6(`damage, ${a.attackerName}'s hit on ${a.target.name}`, '7.532');
    emit(
      combatEvent('combat.damage-rolled', {
        attacker: a.attacker,
        target: a.target.id,
        die: damage,
        rule: '7.532',
      }),
    );
    mark.damage = damage;
  }
  return mark;
}

function addMark(marks: Record<string, Mark>, id: string, m: Mark): void {
  const prev = marks[id] ?? { damage: 0, disabled: false };
  marks[id] = { damage: prev.damage + m.damage, disabled: prev.disabled || m.disabled };
}

/** Every shot of one attacker at its one target (7.43); results are only marked (7.34, 7.6). */
export function resolveAttack(dice: Dice, emit: CombatEmit, attack: Attack, marks: Record<string, Mark>): void {
  for (let shot = 1; shot <= attack.shots; shot++) {
    const m = rollShot(dice, emit, {
      attacker: attack.attacker.id,
      attackerName: attack.attacker.name,
      target: attack.target,
      factor: attack.factor,
      shot,
      of: attack.shots,
      bonus: attack.bonus,
      raid: attack.raid,
      rule: attack.rule,
    });
    addMark(marks, attack.target.id, m);
  }
}

/**
 * 7.6: the marks take effect together. 7.63 damage adds up; 7.64 sunk beats disabled and a
 * disabled ship still takes its damage; 7.62 a disabled unit leaves for port (section 10).
 */
export function applyMark(u: UnitState, mark: Mark): UnitResult {
  u.damage += mark.damage;
  const state = damageState(u);
  if (state === 'sunk') {
    u.fate = 'sunk';
    u.engagement = null;
    return 'sunk';
  }
  if (state === 'on-bottom') {
    u.fate = 'on-bottom';
    return 'on-bottom';
  }
  if (mark.disabled && u.port === null) {
    u.disabled = true;
    u.fate = 'returning';
    u.returnReason = 'disabled';
    u.engagement = null;
    return 'disabled';
  }
  return mark.damage > 0 ? 'damaged' : 'no-effect';
}

export function applyMarks(
  b: BattleState,
  emit: CombatEmit,
  engagement: string,
  marks: Record<string, Mark>,
  expended: readonly string[],
): void {
  const results: {
    unit: string;
    damageTaken: number;
    damage: number;
    result: UnitResult;
    speed: number | null;
  }[] = [];
  for (const u of b.units) {
    const mark = marks[u.id];
    const spent = expended.includes(u.id);
    if (!mark && !spent) continue;
    let result = mark ? applyMark(u, mark) : 'no-effect';
    if (spent && u.fate !== 'sunk') {
      // 19.21-19.22: the kamikaze is gone once its attack is made
      u.fate = 'expended';
      u.engagement = null;
      result = 'expended';
    }
    results.push({
      unit: u.id,
      damageTaken: mark?.damage ?? 0,
      damage: u.damage,
      result,
      speed: u.speed === null ? null : currentSpeed(u),
    });
  }
  emit(combatEvent('combat.action-resolved', { engagement, results, rule: '7.6' }));
}

/** 7.91/16.2: one shot with the bonus; the result takes effect at once. */
export function submarineShot(dice: Dice, emit: CombatEmit, sub: SubmarineState, target: UnitState): void {
  const mark = rollShot(dice, emit, {
    attacker: sub.id,
    attackerName: sub.name,
    target,
    factor: 'torpedo',
    shot: 1,
    of: 1,
    bonus: true,
    raid: false,
    rule: '7.91',
  });
  const result = applyMark(target, mark);
  sub.attacked = true;
  emit(
    combatEvent('combat.submarine-attacked', {
      submarine: sub.id,
      target: target.id,
      result,
      damage: target.damage,
      rule: '7.91',
    }),
  );
}
