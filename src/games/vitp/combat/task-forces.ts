/**
 * Optional rule 20 in combat: the rounds of the main fight between forces at sea are fought task
 * force by task force. The step machine forms them and rolls the sightings (20.2-20.4, see
 * ../task-forces.ts); here they decide who may fire and who may be fired at.
 *
 * - 20.5: every round opens with a day action: only attacking task forces fire, only sighted ones
 *   can be attacked. 20.6: then a night action: sighted task forces are in it, and a side may add
 *   its attacking ones; only attacking task forces fire; sighted or added ones can be attacked, with
 *   the restrictions of 7.42x counted among the forces in the action. The 7.3 choice is not made.
 * - 20.6 does not say when a force is added. Our reading follows 7.424, which has the same problem
 *   for carriers: the Allies designate second, so they announce their additions at the start of the
 *   night action (naming the ships that will fire, with their carriers); a Japanese task force is
 *   added by firing from it, since the Japanese designation comes first (7.4) and the Allies read it
 *   before they designate. Adding a force that does not fire would only expose it.
 * - 20.7: only announced invaders may invade (landing on a friendly base is not invading).
 * - 20.8: a side may retreat with part of its forces (after-round.ts); pursuits are fought as in
 *   the basic game, outside the main fight, and task forces are not formed for them nor for raids.
 */
import { clonePlain } from '../../../shared/clone';
import type { AnswerResult, CombatEmit, TaskForceInput, TaskForcePlan, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { combatEvent } from './events';
import type { ActionState, BattleState, Engagement, UnitState } from './state';
import { airstrikeShots, fighting, gunneryShots, isCarrier } from './units';

/** Task forces are formed for every round of the main fight (not pursuits, raids or the 18.4 surprise). */
export function taskForcesApply(b: BattleState, eng: Engagement): boolean {
  return b.options.taskForces && eng.kind === 'main';
}

export function awaiting(b: BattleState): { round: number } | null {
  return b.stage.at === 'task-forces' ? { round: b.stage.round } : null;
}

export function groupableIds(b: BattleState, side: VitpSide): string[] {
  return fighting(b, 'main', side).map((u) => u.id);
}

/** The plan's problems: the round awaited, and every unit in the main fight in exactly one force of its side. */
export function planProblems(b: BattleState, plan: TaskForcePlan, round: number): string[] {
  const problems: string[] = [];
  if (plan.round !== round) problems.push(`the task forces are for round ${plan.round}, the battle waits for round ${round} (20.2)`);
  const seen = new Set<string>();
  for (const f of plan.forces) {
    for (const id of f.units) {
      const u = b.units.find((x) => x.id === id);
      if (!u || u.side !== f.side || u.engagement !== 'main' || u.fate !== 'at-sea')
        problems.push(`${id} is not a ${f.side} unit in the main fight (20.2)`);
      if (seen.has(id)) problems.push(`${id} is in two task forces (20.2)`);
      seen.add(id);
    }
    for (const id of f.invading) if (!f.units.includes(id)) problems.push(`${id} invades but is not in task force ${f.marker} (20.3)`);
  }
  for (const side of VITP_SIDES)
    for (const id of groupableIds(b, side)) if (!seen.has(id)) problems.push(`${id} is in no task force (20.2)`);
  return problems;
}

export function answerPlan(battle: BattleState, plan: TaskForcePlan): AnswerResult {
  const waiting = awaiting(battle);
  if (!waiting) return { ok: false, problems: ['the battle is not waiting for task forces'] };
  const problems = planProblems(battle, plan, waiting.round);
  if (problems.length > 0) return { ok: false, problems };
  const b = clonePlain(battle);
  b.taskForces = {
    round: plan.round,
    forces: plan.forces.map((f) => ({ ...f, units: [...f.units], invading: [...f.invading] })),
  };
  b.stage = { at: 'round-start' };
  return { ok: true, battle: b };
}

/** The plan of the round now being fought, if it is a task force round. */
function roundPlan(b: BattleState): TaskForceInput[] | null {
  return b.taskForces && b.taskForces.round === b.round ? b.taskForces.forces : null;
}

export function forceOf(b: BattleState, unitId: string): TaskForceInput | undefined {
  return roundPlan(b)?.find((f) => f.units.includes(unitId));
}

/** 20.6: the unsighted task forces of `side` added to this night action. */
export function addedForces(b: BattleState, action: ActionState, side: VitpSide): TaskForceInput[] {
  if (!action.taskForces || action.kind !== 'night') return [];
  const named = side === 'allied' ? action.nightCarriers : Object.keys(action.designations.japanese ?? {});
  return (roundPlan(b) ?? []).filter((f) => f.side === side && f.attacking && !f.sighted && f.units.some((id) => named.includes(id)));
}

/**
 * 20.5-20.6: a unit may attack only from an attacking task force, at night only once its task force
 * is in the action (the Japanese join by firing). `asPublic`: whether it could, as far as the enemy
 * knows (attacking or not is secret, 20.3): who is asked to designate must not tell that secret.
 */
export function mayAttack(b: BattleState, action: ActionState, u: UnitState, asPublic = false): boolean {
  if (!action.taskForces) return true;
  const f = forceOf(b, u.id);
  if (!f || (!f.attacking && !asPublic)) return false;
  if (action.kind !== 'night' || f.sighted || u.side === 'japanese') return true;
  return f.units.some((id) => action.nightCarriers.includes(id));
}

/** 20.5: only sighted task forces can be attacked by day; 20.6: sighted or added ones at night. */
export function mayBeAttacked(b: BattleState, action: ActionState, u: UnitState): boolean {
  if (!action.taskForces) return true;
  const f = forceOf(b, u.id);
  if (!f) return false;
  return f.sighted || addedForces(b, action, u.side).includes(f);
}

/**
 * 20.6 with 7.424: the ships the Allies may name at the start of a task force night action, as far
 * as the Japanese know: every carrier that could fire its guns, and every gun ship of an unsighted
 * task force (naming one of an attacking task force adds it to the action).
 */
export function alliedNightAnnouncement(b: BattleState, action: ActionState): string[] {
  if (!action.taskForces) return [];
  return fighting(b, 'main', 'allied')
    .filter((u) => u.kind === 'ship' && gunneryShots(u) > 0 && (isCarrier(u) || forceOf(b, u.id)?.sighted === false))
    .map((u) => u.id);
}

/**
 * 20.3: the announcement may name any ship that could fire as far as the Japanese know (a decision's
 * contents must not tell which task forces attack); only those of attacking task forces count.
 */
export function announcedFromAttacking(b: BattleState, action: ActionState, ids: readonly string[]): string[] {
  if (!action.taskForces) return [...ids];
  return ids.filter((id) => forceOf(b, id)?.attacking === true);
}

/** 19.22 in a task force day action: only carriers of attacking task forces may make kamikaze attacks. */
export function mayStrike(b: BattleState, action: ActionState, u: UnitState, asPublic = false): boolean {
  return airstrikeShots(u) > 0 && mayAttack(b, action, u, asPublic);
}

/** 20.6: the forces added to the night action are shown to the enemy, who may now attack them. */
export function announceAdded(b: BattleState, emit: CombatEmit, action: ActionState, side: VitpSide): void {
  for (const f of addedForces(b, action, side)) {
    emit(
      combatEvent('combat.task-force-joins', {
        side,
        marker: f.marker,
        units: f.units.filter((id) => fighting(b, 'main').some((u) => u.id === id)),
        rule: '20.6',
      }),
    );
  }
}
