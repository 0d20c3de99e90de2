/**
 * Who may fire and at what (7.41-7.44, 9.11, 13.21).
 */
import type { DayNight, TargetOption, VitpSide } from './api';
import type { ActionState, BattleState, Engagement, UnitState } from './state';
import { airstrikeShots, fighting, gunneryShots, inUnitOrder, isCarrier, otherSide } from './units';
import { mayAttack, mayBeAttacked } from './task-forces';
import { compareCodeUnits } from '../../../shared/canonical';

export interface Shooter {
  readonly unit: UnitState;
  readonly factor: 'gunnery' | 'airstrike';
  readonly shots: number;
}

/** 7.411/7.51: airstrikes by day and in raids; 7.421/7.52: surface gunnery at night, Allied carriers only if announced (7.424). */
export function shootersFor(b: BattleState, eng: Engagement, action: ActionState, side: VitpSide, asPublic = false): Shooter[] {
  // 20.5-20.6: in a task force round only attacking task forces fire (one pass: this is asked at every shot)
  const out: Shooter[] = [];
  for (const unit of fighting(b, eng.id, side)) {
    if (!mayAttack(b, action, unit, asPublic)) continue;
    if (action.kind !== 'night') {
      const shots = airstrikeShots(unit);
      if (shots > 0) out.push({ unit, factor: 'airstrike', shots });
      continue;
    }
    if (unit.kind !== 'ship' || (side === 'allied' && isCarrier(unit) && !action.nightCarriers.includes(unit.id))) continue;
    const shots = gunneryShots(unit);
    if (shots > 0) out.push({ unit, factor: 'gunnery', shots });
  }
  return out;
}

/** 7.412: anything of the enemy at sea by day; 9.11: anything in the raided port; 7.422: no air units at night. */
export function targetsFor(b: BattleState, eng: Engagement, action: ActionState, side: VitpSide): UnitState[] {
  if (eng.kind === 'air-raid') {
    return b.units.filter((u) => u.port === eng.port && (u.fate === 'in-port' || u.fate === 'on-bottom'));
  }
  // 18.4: the Japanese attack the Allied ships; the Allies cannot fire back
  if (eng.kind === 'surprise') return side === 'japanese' ? fighting(b, eng.id, 'allied').filter((u) => u.kind === 'ship') : [];
  // 20.5-20.6: in a task force round only sighted task forces, or those added at night, can be attacked
  const enemy = fighting(b, eng.id, otherSide(side)).filter((u) => mayBeAttacked(b, action, u));
  return action.kind === 'night' ? enemy.filter((u) => u.kind !== 'land-based-air') : enemy;
}

/** 20.5-20.6: the designation as it will be fired: attackers whose task force holds are left out. */
export function firingOnly(
  b: BattleState,
  eng: Engagement,
  action: ActionState,
  side: VitpSide,
  fire: Readonly<Record<string, string>>,
): Record<string, string> {
  if (!action.taskForces) return { ...fire };
  const firing = new Set(shootersFor(b, eng, action, side).map((s) => s.unit.id));
  return Object.fromEntries(Object.entries(fire).filter(([attacker]) => firing.has(attacker)));
}

/**
 * Whether a side is asked for its designation: it has a shooter and a target. In a task force
 * round, a shooter as far as the enemy knows (20.3 is secret): the side may then have nobody able
 * to fire and answer with no targets.
 */
export function designationAsked(b: BattleState, eng: Engagement, action: ActionState, side: VitpSide): boolean {
  return targetsFor(b, eng, action, side).length > 0 && shootersFor(b, eng, action, side, action.taskForces === true).length > 0;
}

/** 7.424: an enemy carrier firing its guns this night action may always be shot at. */
function carrierIsFiring(action: ActionState, carrier: UnitState): boolean {
  if (carrier.side === 'allied') return action.nightCarriers.includes(carrier.id);
  return Object.hasOwn(action.designations.japanese ?? {}, carrier.id);
}

export function checkDesignation(
  b: BattleState,
  eng: Engagement,
  action: ActionState,
  side: VitpSide,
  fire: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  // 20.3: a side's task forces may name attackers that cannot fire (their force holds): accepted, they hold fire
  const shooters = new Set(shootersFor(b, eng, action, side, action.taskForces === true).map((s) => s.unit.id));
  const firing = new Set(shootersFor(b, eng, action, side).map((s) => s.unit.id));
  const targets = targetsFor(b, eng, action, side);
  const targetIds = new Set(targets.map((t) => t.id));
  const nameOf = (id: string) => b.units.find((u) => u.id === id)?.name ?? b.submarines.find((u) => u.id === id)?.name ?? id;
  for (const [attacker, target] of inUnitOrder(b, fire)) {
    const tf = action.taskForces ? ', 20.5-20.6' : '';
    const lost = lostThisRound(b, action, attacker);
    // 7.411 by day only airstrikes attack; 7.421 by night only gunnery (and carriers that fire their guns, 7.424)
    if (!shooters.has(attacker))
      problems.push(
        lost ?? `${nameOf(attacker)} cannot attack in this ${action.kind} action (${action.kind === 'night' ? '7.421' : '7.411'}${tf})`,
      );
    const targetLost = targetIds.has(target) ? null : lostThisRound(b, action, target);
    if (targetLost) problems.push(targetLost);
    else if (!targetIds.has(target)) {
      // the rule that bars this target first: its number is the one a refusal cites (orders/check.ts)
      const why = b.submarines.some((x) => x.id === target)
        ? ': a submarine can never be attacked (16.4)'
        : action.kind === 'night' && b.units.some((u) => u.id === target && u.kind === 'land-based-air')
          ? `: land-based air cannot be attacked at night (7.422${tf})`
          : ` (7.412, 7.422, 9.11${tf})`;
      problems.push(`${nameOf(target)} is not a target ${nameOf(attacker)} can attack here${why}`);
    }
  }
  if (action.kind !== 'night') return problems;
  const attacked = new Set(
    Object.entries(fire)
      .filter(([attacker]) => firing.has(attacker))
      .map(([, target]) => target),
  );
  const ships = targets.filter((t) => t.kind === 'ship');
  const allShipsAttacked = ships.every((s) => attacked.has(s.id));
  const allNonCarriersAttacked = ships.filter((s) => !isCarrier(s)).every((s) => attacked.has(s.id));
  for (const t of targets) {
    if (!attacked.has(t.id)) continue;
    if (t.kind === 'amphibious' && !allShipsAttacked) {
      problems.push(`${t.name} (amphibious) may be attacked at night only if every enemy ship is attacked too (7.423)`);
    }
    if (isCarrier(t) && !allNonCarriersAttacked && !carrierIsFiring(action, t)) {
      problems.push(`${t.name} (carrier) may be attacked at night only if it fires its guns or every other enemy ship is attacked (7.424)`);
    }
  }
  return problems;
}

/**
 * 5.37 / 7.8: in the night action that follows a day action in the same round, the units the day
 * action sank (or disabled and sent to port, 7.62) are not there: the refusal cites those rules.
 */
function lostThisRound(b: BattleState, action: ActionState, id: string): string | null {
  if (action.kind !== 'night' || b.actionNo < 2) return null;
  const u = b.units.find((x) => x.id === id);
  if (!u) return null;
  if (u.fate === 'sunk')
    return `${u.name} was sunk in this round's day action: what the day action sank is not there for the night action (5.37, 7.8)`;
  if (u.fate === 'returning' && u.disabled)
    return `${u.name} was disabled in this round's day action and is on its way to port: not there for the night action (7.62, 7.8)`;
  return null;
}

/** Highest first: carriers by airstrike, then gun ships, then air units, then amphibious units. */
function worth(u: UnitState): number {
  if (u.kind === 'ship') return isCarrier(u) ? 1000 + airstrikeShots(u) * 10 + u.gunnery : 500 + u.gunnery * 10 + u.armor;
  if (u.kind === 'land-based-air') return 200 + u.airstrike;
  return 100 + u.armor;
}

function best(units: UnitState[]): UnitState | undefined {
  return units.reduce<UnitState | undefined>((top, u) => (top === undefined || worth(u) > worth(top) ? u : top), undefined);
}

/**
 * The documented default: every attacker at one target. By day and in raids, the most valuable
 * target; at night a non-carrier ship first, so the designation is always legal under 7.423-7.424.
 */
export function defaultDesignation(b: BattleState, eng: Engagement, action: ActionState, side: VitpSide): Record<string, string> {
  const targets = targetsFor(b, eng, action, side);
  let target: UnitState | undefined;
  if (eng.kind === 'surprise') {
    // the documented 18.4 default: the biggest ship, by armor then guns
    target = [...targets].sort((x, y) => y.armor - x.armor || y.gunnery - x.gunnery || compareCodeUnits(x.id, y.id))[0];
  } else if (action.kind === 'night') {
    const ships = targets.filter((t) => t.kind === 'ship');
    target = best(ships.filter((s) => !isCarrier(s))) ?? best(ships) ?? best(targets);
  } else {
    target = best(targets);
  }
  const fire: Record<string, string> = {};
  if (!target) return fire;
  for (const s of shootersFor(b, eng, action, side)) fire[s.unit.id] = target.id;
  return fire;
}

/**
 * The attackers a designation may name and their targets. In a task force round, every unit that
 * could fire as far as the enemy knows (20.3 is secret: a decision's contents must not tell it, since
 * help may show them to either side); those whose task force holds will hold their fire.
 */
export function targetOptions(b: BattleState, eng: Engagement, action: ActionState, side: VitpSide): TargetOption[] {
  const targets = targetsFor(b, eng, action, side).map((t) => t.id);
  return shootersFor(b, eng, action, side, action.taskForces === true).map((s) => ({
    attacker: { id: s.unit.id, name: s.unit.name },
    factor: s.factor,
    shots: s.shots,
    legalTargets: targets,
  }));
}

/**
 * The action a side would face if this round were fought by day or by night, with every Allied
 * carrier announced as firing (the most the Allies could do, 7.424): for judging what is possible.
 */
function openAction(b: BattleState, eng: Engagement, kind: DayNight): ActionState {
  const carriers =
    kind === 'night'
      ? fighting(b, eng.id, 'allied')
          .filter(isCarrier)
          .map((u) => u.id)
      : [];
  return {
    kind,
    then: [],
    step: 'targets',
    firing: 'japanese',
    nightCarriers: carriers,
    kamikazeCarriers: [],
    designations: {},
    marks: {},
  };
}

/** Shots a side could fire in a day or a night action here: none when nothing of the enemy can be attacked in it (7.41-7.42). */
export function possibleShots(b: BattleState, eng: Engagement, side: VitpSide, kind: DayNight): number {
  const action = openAction(b, eng, kind);
  if (targetsFor(b, eng, action, side).length === 0) return 0;
  return shootersFor(b, eng, action, side).reduce((n, s) => n + s.shots, 0);
}
