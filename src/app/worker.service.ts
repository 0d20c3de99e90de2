import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { JobName, type JobHandlers } from '../queue/jobs';
import { deadlineJobHandlers, type Services } from '../services/container';
import type { MailTransport } from '../store/outbox';
import { IngestService } from './ingest.service';
import { CONFIG, LOGGER, MAIL_TRANSPORT, SERVICES } from './tokens';

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
      ...deadlineJobHandlers(this.s),
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.s.jobs.startWorkers(this.handlers());
    // the sweep finds rows whose dispatch a crash interrupted (commit done, send not)
    await this.s.jobs.every(JobName.DispatchOutbox, { reason: 'sweep' }, this.config.OUTBOX_SWEEP_MS);
    this.log.info({ queues: Object.values(JobName) }, 'worker started');
  }
}
