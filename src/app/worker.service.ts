import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { JobName, type JobHandlers } from '../queue/jobs';
import type { Services } from '../services/container';
import { gameJobHandlers, mailJobHandlers } from '../services/job-handlers';
import type { ReconciledDeadline } from '../services/scheduler';
import type { MailTransport } from '../store/outbox';
import { CONFIG, LOGGER, MAIL_TRANSPORT, SERVICES } from './tokens';

export interface ReconcileResult {
  /** repeating jobs Redis had lost (or held at another interval), registered again */
  readonly schedules: readonly JobName[];
  readonly deadlines: readonly ReconciledDeadline[];
}

/** The worker process: binds every job name to its use case's handler (services/job-handlers.ts), refusing to boot if one is missing. */
@Injectable()
export class WorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(SERVICES) private readonly s: Services,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  handlers(): JobHandlers {
    return { ...gameJobHandlers(this.s, this.log), ...mailJobHandlers(this.s, this.transport, this.log) };
  }

  /**
   * Rebuilds from PostgreSQL (the record) what Redis should hold, whatever Redis has lost: the
   * repeating sweeps (the outbox sweep finds rows whose dispatch a crash interrupted; the
   * stuck-work sweep finds commands and mail whose job was lost), and each running game's
   * deadline and reminder jobs, a passed deadline fired once (QueueDeadlineScheduler.reconcile).
   * Run at start and then on a timer of the process's own, so it needs nothing Redis kept.
   * Harmless however many workers run it at once.
   */
  async reconcile(): Promise<ReconcileResult> {
    const schedules: JobName[] = [];
    if (await this.s.jobs.ensureEvery(JobName.DispatchOutbox, { reason: 'sweep' }, this.config.OUTBOX_SWEEP_MS))
      schedules.push(JobName.DispatchOutbox);
    if (await this.s.jobs.ensureEvery(JobName.SweepStuck, { olderThanMs: this.config.STUCK_AGE_MS }, this.config.STUCK_SWEEP_MS))
      schedules.push(JobName.SweepStuck);
    const deadlines = await this.s.scheduler.reconcile(await this.s.table.openDeadlines(), this.s.bus, this.s.inbox);
    return { schedules, deadlines };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.s.jobs.startWorkers(this.handlers());
    this.stopped = false;
    await this.reconcile();
    this.scheduleReconcile();
    this.log.info({ queues: Object.values(JobName) }, 'worker started');
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The next reconciliation, RECONCILE_MS after the last one ended (never two at once in one process). */
  private scheduleReconcile(): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      try {
        const r = await this.reconcile();
        const fired = r.deadlines.filter((d) => d.deadline === 'fired' || d.reminder === 'fired');
        if (r.schedules.length) this.log.warn({ schedules: r.schedules }, 'repeating jobs were missing from Redis: registered again');
        if (fired.length) this.log.warn({ fired }, 'deadlines or reminders past due without their jobs: their commands submitted');
      } catch (err) {
        this.log.warn({ error: (err as Error).message }, 'reconciliation failed; trying again later');
      }
      this.scheduleReconcile();
    }, this.config.RECONCILE_MS);
    this.timer.unref();
  }
}
