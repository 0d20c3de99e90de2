import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { JobName, type JobHandlers } from '../queue/jobs';
import { JobQueue } from '../queue/job-queue';
import { CommandInbox } from '../store/commands';
import { Outbox, type MailTransport } from '../store/outbox';
import { CommandBus } from './command-bus.service';
import { GameJobsService } from './game-jobs.service';
import { IngestService } from './ingest.service';
import type { Config } from '../config/config';
import { CONFIG, LOGGER, MAIL_TRANSPORT } from './tokens';

/** The worker process: binds every job name to one use case, refusing to boot if one is missing. */
@Injectable()
export class WorkerService implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly inbox: CommandInbox,
    private readonly bus: CommandBus,
    private readonly outbox: Outbox,
    private readonly games: GameJobsService,
    private readonly ingest: IngestService,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  handlers(): JobHandlers {
    return {
      [JobName.ProcessGame]: async ({ gameId }) => {
        const applied = await this.inbox.drain(gameId, this.bus.apply);
        if (applied) await this.jobs.add(JobName.DispatchOutbox, { reason: `game ${gameId}` });
        return { applied };
      },
      [JobName.DispatchOutbox]: async () => {
        const r = await this.outbox.dispatch(this.transport);
        if (r.failed) throw new Error(`outbox: ${r.failed} send(s) failed; will retry`);
        return r;
      },
      [JobName.IngestMail]: ({ inboundId }) => this.ingest.ingest(inboundId),
      [JobName.GameDeadline]: ({ gameId, stepId }) => this.games.deadline(gameId, stepId),
      [JobName.GameReminder]: ({ gameId, stepId }) => this.games.remind(gameId, stepId),
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.jobs.startWorkers(this.handlers());
    // the sweep finds rows whose dispatch a crash interrupted (commit done, send not)
    await this.jobs.every(JobName.DispatchOutbox, { reason: 'sweep' }, this.config.OUTBOX_SWEEP_MS);
    this.log.info({ queues: Object.values(JobName) }, 'worker started');
  }
}
