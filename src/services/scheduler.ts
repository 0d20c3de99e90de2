import { JobQueue } from '../queue/job-queue';
import { JobName } from '../queue/jobs';
import type { SubmittedCommand } from '../store/commands';
import type { OpenDeadline } from '../store/games';
import type { DeadlineScheduler } from './game-ports';

/** The job id of a deadline (its instant: when defaults apply, grace included). */
export function deadlineJobId(gameId: string, stepId: string, at: Date): string {
  return `deadline:${gameId}:${stepId}:${at.getTime()}`;
}

/** The job that looks at a deadline again while it waits for orders still being read (`round`: when it was set, in ms). */
export function deadlineRecheckJobId(gameId: string, stepId: string, at: Date, round: number): string {
  return `${deadlineJobId(gameId, stepId, at)}:wait:${round}`;
}

export function reminderJobId(gameId: string, stepId: string, remindAt: Date): string {
  return `reminder:${gameId}:${stepId}:${remindAt.getTime()}`;
}

/**
 * The idempotency key of the command a deadline or reminder job submits when it fires: one
 * command per job, whoever submits it (the job, or the reconciliation standing in for a lost job).
 */
export function commandKeyOfJob(jobId: string): string {
  return `job:${JobQueue.storedId(jobId)}`;
}

/** What one reconciliation did about one open deadline. */
export interface ReconciledDeadline {
  readonly gameId: string;
  readonly stepId: string;
  /**
   * `scheduled`: to come, its delayed job in Redis (added again if it was lost); `fired`: passed,
   * its command submitted now; `fired-before`: passed, its command already stored (by its job or
   * an earlier reconciliation)
   */
  readonly deadline: 'scheduled' | 'fired' | 'fired-before';
  readonly reminder: 'scheduled' | 'fired' | 'fired-before' | 'none';
}

/** The last deadline command of a step (CommandInbox.latestDeadline): one that waits for mail is looked at again. */
export interface DeadlineCommands {
  latestDeadline(gameId: string, stepId: string): Promise<{ id: string; status: string; result: unknown } | null>;
}

/** Where the reconciliation submits the command of a deadline or reminder already due (the command bus). */
export interface CommandSubmitter {
  submit(gameId: string, idempotencyKey: string, kind: string, payload: unknown): Promise<SubmittedCommand>;
}

/**
 * Deadlines and reminders as delayed BullMQ jobs, one per (game, step, instant): scheduling twice
 * is harmless, and a moved deadline (EXTEND) gets jobs of its own; the old ones find it moved.
 * Redis is not their record: the DeadlineSet events are. `reconcile` rebuilds the jobs from them.
 */
export class QueueDeadlineScheduler implements DeadlineScheduler {
  constructor(
    private readonly jobs: JobQueue,
    readonly clock: () => Date = () => new Date(),
  ) {}

  async schedule(gameId: string, stepId: string, at: Date, remindAt: Date | null): Promise<void> {
    const now = this.clock().getTime();
    await this.jobs.add(
      JobName.GameDeadline,
      { gameId, stepId },
      { jobId: deadlineJobId(gameId, stepId, at), delayMs: Math.max(0, at.getTime() - now) },
    );
    if (remindAt && remindAt.getTime() > now) {
      await this.jobs.add(
        JobName.GameReminder,
        { gameId, stepId, remindAt: remindAt.toISOString() },
        { jobId: reminderJobId(gameId, stepId, remindAt), delayMs: remindAt.getTime() - now },
      );
    }
  }

  async recheck(gameId: string, stepId: string, at: Date, round: number, delayMs: number): Promise<void> {
    await this.jobs.add(
      JobName.GameDeadline,
      { gameId, stepId },
      { jobId: deadlineRecheckJobId(gameId, stepId, at, round), delayMs: Math.max(0, delayMs) },
    );
  }

  /**
   * Brings Redis in line with the deadlines PostgreSQL records (`open`: each running game's
   * deadline in force). A deadline still to come gets its delayed job again under the same id (a
   * no-op while Redis holds it); one already passed has its command submitted straight to the
   * game's inbox under the key its job would have used, so it fires once, whether the job, this,
   * or another worker's reconciliation got there first. Reminders likewise, while their deadline
   * is still to come (past it, the deadline's reports say more than a reminder would). A passed
   * deadline whose last command waits for orders still being read is looked at again (a command
   * keyed by that one, so once however many workers reconcile): the job that was to do it may be
   * lost with Redis.
   */
  async reconcile(open: readonly OpenDeadline[], bus: CommandSubmitter, commands?: DeadlineCommands): Promise<ReconciledDeadline[]> {
    const now = this.clock().getTime();
    const out: ReconciledDeadline[] = [];
    for (const d of open) {
      const { gameId, stepId } = d;
      const at = new Date(d.at);
      const graceUntil = new Date(d.graceUntil);
      const remindAt = d.remindAt ? new Date(d.remindAt) : null;
      const fired = (c: SubmittedCommand) => (c.duplicate ? 'fired-before' : 'fired');
      let deadline: ReconciledDeadline['deadline'] = 'scheduled';
      if (graceUntil.getTime() > now) await this.schedule(gameId, stepId, graceUntil, remindAt);
      else {
        const jobId = deadlineJobId(gameId, stepId, graceUntil);
        deadline = fired(await bus.submit(gameId, commandKeyOfJob(jobId), 'game.deadline', { gameId, stepId }));
        const last = deadline === 'fired-before' ? await commands?.latestDeadline(gameId, stepId) : null;
        if (last?.status === 'applied' && isWaiting(last.result))
          await bus.submit(gameId, commandKeyOfJob(`${jobId}:reconciled:${last.id}`), 'game.deadline', { gameId, stepId });
      }
      let reminder: ReconciledDeadline['reminder'] = 'none';
      if (remindAt && remindAt.getTime() > now) reminder = 'scheduled';
      else if (remindAt && at.getTime() > now)
        reminder = fired(
          await bus.submit(gameId, commandKeyOfJob(reminderJobId(gameId, stepId, remindAt)), 'game.remind', {
            gameId,
            stepId,
            remindAt: remindAt.toISOString(),
          }),
        );
      out.push({ gameId, stepId, deadline, reminder });
    }
    return out;
  }
}

/** A deadline command's result that says it waits for orders still being read (resolveAtDeadline). */
function isWaiting(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'waiting' in result;
}
