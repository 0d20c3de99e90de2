import { JobName } from '../queue/jobs';
import type { JobQueue } from '../queue/job-queue';
import type { DeadlineScheduler } from './game.service';

/**
 * Deadlines and reminders as delayed BullMQ jobs, one per (game, step, instant): scheduling twice
 * is harmless, and a moved deadline (EXTEND) gets jobs of its own; the old ones find it moved.
 */
export class QueueDeadlineScheduler implements DeadlineScheduler {
  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async schedule(gameId: string, stepId: string, at: Date, remindAt: Date | null): Promise<void> {
    const now = this.clock().getTime();
    await this.jobs.add(
      JobName.GameDeadline,
      { gameId, stepId },
      { jobId: `deadline:${gameId}:${stepId}:${at.getTime()}`, delayMs: Math.max(0, at.getTime() - now) },
    );
    if (remindAt && remindAt.getTime() > now) {
      await this.jobs.add(
        JobName.GameReminder,
        { gameId, stepId, remindAt: remindAt.toISOString() },
        { jobId: `reminder:${gameId}:${stepId}:${remindAt.getTime()}`, delayMs: remindAt.getTime() - now },
      );
    }
  }
}
