import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Requeued } from '../queue/job-queue';
import { JobName, type JobHandlers } from '../queue/jobs';
import { deadlineJobHandlers, type Services } from '../services/container';
import type { MailTransport } from '../store/outbox';
import { IngestService } from './ingest.service';
import { CONFIG, LOGGER, MAIL_TRANSPORT, SERVICES } from './tokens';

export interface SweepResult {
  readonly games: readonly { gameId: string; commandId: string; requeued: Requeued }[];
  readonly mail: readonly { inboundId: string; requeued: Requeued }[];
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
export class WorkerService implements OnApplicationBootstrap {
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

  async onApplicationBootstrap(): Promise<void> {
    this.s.jobs.startWorkers(this.handlers());
    // the sweep finds rows whose dispatch a crash interrupted (commit done, send not)
    await this.s.jobs.every(JobName.DispatchOutbox, { reason: 'sweep' }, this.config.OUTBOX_SWEEP_MS);
    // and this one finds commands and mail whose job was lost or failed for good (one schedule,
    // however many workers: BullMQ runs each tick once)
    await this.s.jobs.every(JobName.SweepStuck, { olderThanMs: this.config.STUCK_AGE_MS }, this.config.STUCK_SWEEP_MS);
    this.log.info({ queues: Object.values(JobName) }, 'worker started');
  }
}
