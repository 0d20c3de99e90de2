import type { Notice } from './notices';
import type { DeadlineData, GameContext, ReminderData } from './template-data';

type Of<K extends Notice['kind']> = Extract<Notice, { kind: K }>;

/**
 * A reminder's data: the recipient's answer card (the default that will apply, the deadline and
 * the end of grace) and, after EXTEND, what the deadline was.
 */
export function reminderData(n: Of<'reminder'>, context: GameContext): ReminderData {
  return {
    ...context,
    attention: 'action',
    deadline: n.needs.deadline ?? '',
    ...(n.card ? { card: n.card } : {}),
    ...(n.extended ? { extended: n.extended.was ? { was: n.extended.was } : {} } : {}),
    ...(n.late ? { late: n.late, headline: 'your orders are late' } : {}),
  };
}

/** A deadline's news: late sides, the referee's PAUSE, RESUME, ABSENCE or DEADLINE ruling. */
export function deadlineData(n: Of<'deadline'>, context: GameContext): DeadlineData {
  return {
    ...context,
    attention: 'fyi',
    headline: n.headline,
    lines: n.lines,
    deadline: n.needs?.deadline ?? undefined,
    awaiting: n.needs?.awaiting ?? [],
  };
}
