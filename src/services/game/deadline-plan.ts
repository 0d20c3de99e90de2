import type { StepInfo } from '../../engine/ruleset';
import { stepKindOf } from '../../engine/step-kinds';
import type { NewEvent } from '../../store/event-store';
import type { AbsenceRecord, ServiceState } from '../service-state';
import type { Handling } from './handler';

/** When a step's orders are due, when its grace ends (defaults apply), when the silent are reminded. */
export interface PlannedDeadline {
  readonly at: Date;
  readonly graceUntil: Date;
  readonly remindAt: Date | null;
}

/**
 * The deadline length of `step`: the referee's DEADLINE ruling for its kind, else the game's
 * length for that kind (set at creation), else the game's one length.
 */
export function deadlineMinutesFor(h: Handling, step: StepInfo): number {
  const kind = stepKindOf(h.game.ruleset, step);
  return h.game.service.lengths?.[kind] ?? h.settings.deadlines?.[kind] ?? h.settings.deadlineMinutes;
}

/**
 * A deadline moved past the absences of the sides that owe orders (`sides`): one falling inside a
 * window [from, to) moves to its end (again if that falls in another window).
 */
export function pastAbsences(at: Date, absences: readonly AbsenceRecord[] | undefined, sides: readonly string[]): Date {
  let t = at.getTime();
  for (let moved = true; moved; ) {
    moved = false;
    for (const a of absences ?? []) {
      const from = Date.parse(a.from);
      const to = Date.parse(a.to);
      if (sides.includes(a.side) && t >= from && t < to) {
        t = to;
        moved = true;
      }
    }
  }
  return new Date(t);
}

/** The deadline a step opening now gets: its kind's length, past any absence of the sides it awaits, then its grace. */
export function planDeadline(h: Handling, step: StepInfo): PlannedDeadline {
  const at = pastAbsences(new Date(h.now.getTime() + deadlineMinutesFor(h, step) * 60_000), h.game.service.absences, step.owes);
  return withGrace(h, at);
}

/** A deadline at `at` with the game's grace and a reminder. */
export function withGrace(h: Handling, at: Date, graceMs = (h.settings.graceMinutes ?? 0) * 60_000): PlannedDeadline {
  return { at, graceUntil: new Date(at.getTime() + graceMs), remindAt: reminderTime(h.now, at) };
}

/** The DeadlineSet recording `plan` for `stepId` (`why`: what set it, when not the step's opening). */
export function deadlineSet(stepId: string, plan: PlannedDeadline, actor: string, why: Record<string, unknown> = {}): NewEvent {
  return {
    type: 'DeadlineSet',
    payload: {
      stepId,
      at: plan.at.toISOString(),
      graceUntil: plan.graceUntil.toISOString(),
      remindAt: plan.remindAt?.toISOString() ?? null,
      ...why,
    },
    metadata: { actor },
  };
}

/** Sets `plan` as the deadline of `stepId` and schedules its jobs (inside the command's transaction, as openDeadline does). */
export async function setDeadline(h: Handling, stepId: string, plan: PlannedDeadline, actor: string, why: Record<string, unknown> = {}) {
  await h.append([deadlineSet(stepId, plan, actor, why)]);
  await h.env.deps.scheduler.schedule(h.game.gameId, stepId, plan.graceUntil, plan.remindAt);
  // with a grace period, a job at the deadline itself: the late notice (deadlines.ts lateInGrace)
  if (plan.graceUntil.getTime() > plan.at.getTime()) await h.env.deps.scheduler.schedule(h.game.gameId, stepId, plan.at, null);
}

/** The sides holding their orders (WAIT) for the step in play. */
export function holding(service: ServiceState, step: StepInfo | null): string[] {
  return step ? Object.entries(service.held ?? {}).flatMap(([side, id]) => (id === step.id ? [side] : [])) : [];
}

/**
 * When to remind the sides still awaited of a deadline at `at`: a quarter of the time left before
 * it (at most a day before); with less than an hour left, half way there.
 */
export function reminderTime(now: Date, at: Date): Date | null {
  const left = at.getTime() - now.getTime();
  if (left <= 0) return null;
  const before = left >= 60 * 60_000 ? Math.min(24 * 60 * 60_000, left / 4) : left / 2;
  return new Date(Math.round(at.getTime() - before));
}
