import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config/config';
import { JobQueue } from '../queue/job-queue';
import { buildServices, type Services } from '../services/container';
import { CommandBus } from '../services/command-bus';
import { createLogger } from './logger';
import { SmtpTransport } from './smtp-transport';
import { CONFIG, LOGGER, MAIL_TRANSPORT, SERVICES } from './tokens';

/** The I/O adapters every process shares (config, PostgreSQL, Redis queues, SMTP), built once. */
@Global()
@Module({
  providers: [
    { provide: CONFIG, useFactory: (): Config => loadConfig() },
    { provide: LOGGER, useFactory: (c: Config): Logger => createLogger(c.LOG_LEVEL), inject: [CONFIG] },
    {
      provide: SERVICES,
      useFactory: (c: Config, log: Logger): Services => buildServices(c, { log: (level, msg, extra) => log[level](extra ?? {}, msg) }),
      inject: [CONFIG, LOGGER],
    },
    { provide: JobQueue, useFactory: (s: Services) => s.jobs, inject: [SERVICES] },
    { provide: CommandBus, useFactory: (s: Services) => s.bus, inject: [SERVICES] },
    { provide: MAIL_TRANSPORT, useFactory: (c: Config) => SmtpTransport.fromConfig(c), inject: [CONFIG] },
  ],
  exports: [CONFIG, LOGGER, SERVICES, JobQueue, CommandBus, MAIL_TRANSPORT],
})
export class InfraModule implements OnApplicationShutdown {
  constructor(
    @Inject(SERVICES) private readonly services: Services,
    @Inject(MAIL_TRANSPORT) private readonly smtp: SmtpTransport,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.services.close();
    this.smtp.close();
  }
}
