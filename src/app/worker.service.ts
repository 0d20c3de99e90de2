import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Requeued } from '../queue/job-queue';
import { JobName, type JobHandlers } from '../queue/jobs';
import { deadlineJobHandlers, type Services } from '../services/container';
import type { ReconciledDeadline } from '../services/scheduler';
import type { MailTransport } from '../store/outbox';
import { IngestService } from './ingest.service';
import { CONFIG, LOGGER, MAIL_TRANSPORT, SERVICES } from './tokens';

export interface SweepResult {
  readonly games: readonly { gameId: string; commandId: string; requeued: Requeued }[];
  readonly mail: readonly { inboundId: string; requeued: Requeued }[];
}

export interface ReconcileResult {
  /** repeating jobs Redis had lost (or held at another interval), registered again */
  readonly schedules: readonly JobName[];
  readonly deadlines: readonly ReconciledDeadline[];
}

/**
 * Work that should have been done by now and was not, because its job was lost (Redis flushed or
 * failed over, a producer that died between its commit and its `add`) or failed for good (retries
 * exhausted during an outage): games with commands pending longer than `olderThanMs`, and inbound
 * mail still `stored` that long. Each is queued again under its own job id (see JobQueue.requeue);
 * work whose first job is still in hand is left alone. Several workers sweeping at once add each
 * job once, and applying a game's commands and ingesting a message are idempotent anyway.
 */
export async function sweepStuckWork(s: Pick<Services, 'inbox' | 'inbound' | 'jobs'>, olderThanMs: number): Promise<SweepResult> {
  const games: { gameId: string; commandId: string; requeued: Requeued }[] = [];
  for (const { gameId, commandId } of await s.inbox.stuckGames(olderThanMs)) {
    // the id bus.submit gave the job of the game's oldest pending command
    games.push({
      gameId,
      commandId,
      requeued: await s.jobs.requeue(JobName.ProcessGame, { gameId }, `process:${gameId}:${commandId}`),
    });
  }
  const mail = await s.inbound.requeueStuck(olderThanMs);
  return { games, mail };
}

/** The worker process: binds every job name to one use case, refusing to boot if one is missing. */
@Injectable()
export class WorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(SERVICES) private readonly s: Services,
    private readonly ingest: IngestService,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  handlers(): JobHandlers {
    return {
      [JobName.ProcessGame]: async ({ gameId }) => {
        const applied = await this.s.inbox.drain(gameId, this.s.bus.apply, 1000, async (command, error) => {
          this.log.error({ gameId, command: command.idempotencyKey, error: error.message }, 'command failed for good');
          await this.s.gameService.commandFailed(command, error);
        });
        if (applied) await this.s.jobs.add(JobName.DispatchOutbox, { reason: `game ${gameId}` });
        return { applied };
      },
      [JobName.DispatchOutbox]: async () => {
        const r = await this.s.outbox.dispatch(this.transport);
        if (r.transient) throw new Error(`outbox: ${r.transient} send(s) failed; will retry`);
        return r;
      },
      [JobName.IngestMail]: ({ inboundId }) => this.ingest.ingest(inboundId),
      [JobName.SweepStuck]: async ({ olderThanMs }) => {
        const r = await sweepStuckWork(this.s, olderThanMs);
        const queued = [...r.games, ...r.mail].filter((w) => w.requeued !== 'in-hand');
        if (queued.length) this.log.warn({ games: r.games, mail: r.mail }, `stuck work queued again: ${queued.length} job(s)`);
        return r;
      },
      ...deadlineJobHandlers(this.s),
    };
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
