/**
 * Optional rule 23: airstrikes kept apart from their carriers. In a day action of a battle (not in
 * an air raid, where the port cannot fire back, 9.12) each side's designation names its attacking
 * airstrikes; the rest defend (23.3). Defenders shoot at enemy attackers (23.31-23.32), every
 * targeted ship shoots once at each airstrike attacking it (23.34), battleships left alone shoot
 * once at an attacker of their choice (23.35); hits on airstrikes count at once (23.32, 23.36) and
 * the attackers then strike with what they have left (23.37). A carrier whose airstrikes are all
 * lost is disabled at the end of the action (23.4).
 *
 * Our readings: the attackers' targets are named with their role, before the defenders fire,
 * rather than after (23.33), so a day action costs one designation per side as without rule 23;
 * an attacking airstrike left with no strength makes no attack. Only ships fire at the airstrikes
 * attacking them (23.34): amphibious units never fire (13.2) and an air unit fights as an airstrike.
 */
import type { Dice } from '../../../engine/ruleset';
import type { CombatEmit, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { combatEvent } from './events';
import { rollShot } from './fire';
import type { ActionState, BattleState, Engagement, Mark, UnitState } from './state';
import { shootersFor } from './targets';
import { airstrikeShots, fighting, inUnitOrder, isCarrier, otherSide, unitById } from './units';
import { compareCodeUnits } from '../../../shared/canonical';

export type AirStep = 'intercept' | 'flak';

/** Rule 23 changes day actions between forces at sea; air raids (9.12) and the 18.4 surprise have no return fire. */
export function airstrikesApart(b: BattleState, eng: Engagement, action: ActionState): boolean {
  return b.options.separateAirstrikes && action.kind === 'day' && (eng.kind === 'main' || eng.kind === 'pursuit');
}

/** 23.3: the side's airstrikes named in its designation that still have strength. */
export function attackingAirstrikes(b: BattleState, eng: Engagement, action: ActionState, side: VitpSide): UnitState[] {
  const named = Object.keys(action.designations[side] ?? {});
  return fighting(b, eng.id, side).filter((u) => named.includes(u.id) && airstrikeShots(u) > 0);
}

function targetedBy(action: ActionState, side: VitpSide, unitId: string): string[] {
  return Object.entries(action.designations[side] ?? {})
    .filter(([, target]) => target === unitId)
    .map(([attacker]) => attacker);
}

export interface AirOptions {
  readonly shooters: readonly { readonly unit: UnitState; readonly shots: number }[];
  readonly targets: readonly UnitState[];
}

/** Who may fire at which enemy attacking airstrikes in the interception (23.31) or battleship (23.35) step. */
export function airOptions(b: BattleState, eng: Engagement, action: ActionState, side: VitpSide, step: AirStep): AirOptions {
  const enemy = otherSide(side);
  const targets = attackingAirstrikes(b, eng, action, enemy);
  if (step === 'intercept') {
    const named = Object.keys(action.designations[side] ?? {});
    const shooters = shootersFor(b, eng, action, side)
      .filter((s) => !named.includes(s.unit.id))
      .map((s) => ({ unit: s.unit, shots: s.shots }));
    return { shooters, targets };
  }
  const shooters = fighting(b, eng.id, side)
    .filter((u) => u.kind === 'ship' && u.shipClass === 'battleship' && targetedBy(action, enemy, u.id).length === 0)
    .map((unit) => ({ unit, shots: 1 }));
  return { shooters, targets };
}

function airstrikeWorth(u: UnitState): number {
  return airstrikeShots(u) * 10 + (isCarrier(u) ? 1 : 0);
}

/** The documented default: every shooter at the strongest enemy attacking airstrike. */
export function defaultAirAllocation(o: AirOptions): Record<string, string> {
  const target = [...o.targets].sort((x, y) => airstrikeWorth(y) - airstrikeWorth(x) || compareCodeUnits(x.id, y.id))[0];
  return target ? Object.fromEntries(o.shooters.map((s) => [s.unit.id, target.id])) : {};
}

export function checkAirAllocation(b: BattleState, o: AirOptions, step: AirStep, fire: Readonly<Record<string, string>>): string[] {
  const rule = step === 'intercept' ? '23.31' : '23.35';
  const nameOf = (id: string) => b.units.find((u) => u.id === id)?.name ?? b.submarines.find((u) => u.id === id)?.name ?? id;
  const problems: string[] = [];
  for (const [attacker, target] of inUnitOrder(b, fire)) {
    if (!o.shooters.some((s) => s.unit.id === attacker)) {
      problems.push(
        `${nameOf(attacker)} cannot fire at airstrikes now (${step === 'intercept' ? 'only defending airstrikes, 23.3' : 'only battleships nobody attacks, 23.35'})`,
      );
    }
    if (!o.targets.some((t) => t.id === target)) problems.push(`${nameOf(target)} is not an enemy attacking airstrike (${rule})`);
  }
  return problems;
}

/**
 * A hit on an airstrike counts at once (23.32, 23.36): a carrier's own airstrike damage grows
 * (23.1-23.2), an air unit takes the damage and is shot down when it reaches its defense (7.534).
 */
function damageAirstrike(emit: CombatEmit, u: UnitState, damage: number, rule: string): void {
  let result: 'damaged' | 'airstrikes-lost' | 'shot-down';
  if (u.kind === 'land-based-air') {
    u.damage += damage;
    result = u.damage >= u.armor ? 'shot-down' : 'damaged';
    if (result === 'shot-down') {
      u.fate = 'sunk';
      u.engagement = null;
    }
  } else {
    u.airstrikeDamage = (u.airstrikeDamage ?? 0) + damage;
    result = airstrikeShots(u) === 0 ? 'airstrikes-lost' : 'damaged';
  }
  emit(
    combatEvent('combat.airstrike-hit', {
      unit: u.id,
      damageTaken: damage,
      shotsLeft: airstrikeShots(u),
      result,
      rule,
    }),
  );
}

interface AirstrikeFire {
  readonly shooter: UnitState;
  readonly target: UnitState;
  readonly shots: number;
  readonly factor: 'airstrike' | 'flak';
  readonly rule: string;
}

/** Shots at an airstrike (no bonus, 12.22/23.34): each hit counts before the next shot. */
function fireAtAirstrikes(dice: Dice, emit: CombatEmit, f: AirstrikeFire): void {
  const { shooter, target, shots, factor, rule } = f;
  for (let shot = 1; shot <= shots; shot++) {
    if (target.fate !== 'at-sea') return;
    const mark = rollShot(dice, emit, {
      attacker: shooter.id,
      attackerName: shooter.name,
      target,
      factor,
      shot,
      of: shots,
      bonus: false,
      raid: false,
      atAirstrike: true,
      rule,
    });
    if (mark.damage > 0) damageAirstrike(emit, target, mark.damage, rule);
  }
}

/** 23.32: every defending airstrike's shots (no bonus, 12.22), Japanese first, each side's in the battle's unit order. */
export function resolveIntercepts(b: BattleState, dice: Dice, emit: CombatEmit, action: ActionState): void {
  for (const side of VITP_SIDES) {
    for (const [attacker, target] of inUnitOrder(b, action.intercepts?.[side] ?? {})) {
      const u = unitById(b, attacker);
      fireAtAirstrikes(dice, emit, {
        shooter: u,
        target: unitById(b, target),
        shots: airstrikeShots(u),
        factor: 'airstrike',
        rule: '23.32',
      });
    }
  }
}

/** 23.34: each ship under air attack has one shot, no bonus, at each airstrike attacking it. */
export function resolveTargetsFire(b: BattleState, dice: Dice, emit: CombatEmit, eng: Engagement, action: ActionState): void {
  for (const side of VITP_SIDES) {
    const attackers = attackingAirstrikes(b, eng, action, otherSide(side));
    for (const ship of fighting(b, eng.id, side).filter((u) => u.kind === 'ship')) {
      for (const a of attackers.filter((x) => action.designations[otherSide(side)]?.[x.id] === ship.id)) {
        fireAtAirstrikes(dice, emit, { shooter: ship, target: a, shots: 1, factor: 'flak', rule: '23.34' });
      }
    }
  }
}

/** 23.35: a side's battleships left alone each fire one shot at the airstrike they picked, in the battle's unit order. */
export function resolveBattleshipFire(b: BattleState, dice: Dice, emit: CombatEmit, action: ActionState, side: VitpSide): void {
  for (const [ship, target] of inUnitOrder(b, action.flak?.[side] ?? {})) {
    fireAtAirstrikes(dice, emit, {
      shooter: unitById(b, ship),
      target: unitById(b, target),
      shots: 1,
      factor: 'flak',
      rule: '23.35',
    });
  }
}

/** 23.4: carriers at sea here whose airstrikes are all lost are disabled when the action's results take effect. */
export function markAirstrikesLost(b: BattleState, eng: Engagement, marks: Record<string, Mark>): void {
  for (const u of fighting(b, eng.id)) {
    if (!isCarrier(u) || u.airstrikeDamage === undefined || u.airstrikeDamage < u.airstrike) continue;
    marks[u.id] = { damage: marks[u.id]?.damage ?? 0, disabled: true };
  }
}
