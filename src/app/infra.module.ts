import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config/config';
import { JobQueue } from '../queue/job-queue';
import { CommandInbox } from '../store/commands';
import { createDb, type Db } from '../store/db';
import { EventStore } from '../store/event-store';
import { Outbox } from '../store/outbox';
import { SnapshotStore } from '../store/snapshots';
import { createLogger } from './logger';
import { SmtpTransport } from './smtp-transport';
import { CONFIG, DB, LOGGER, MAIL_TRANSPORT } from './tokens';

/** The I/O adapters every process shares: config, PostgreSQL, Redis queues, SMTP. */
@Global()
@Module({
  providers: [
    { provide: CONFIG, useFactory: (): Config => loadConfig() },
    { provide: LOGGER, useFactory: (c: Config): Logger => createLogger(c.LOG_LEVEL), inject: [CONFIG] },
    { provide: DB, useFactory: (c: Config): Db => createDb(c.DATABASE_URL), inject: [CONFIG] },
    { provide: EventStore, useFactory: (db: Db) => new EventStore(db), inject: [DB] },
    { provide: SnapshotStore, useFactory: (db: Db) => new SnapshotStore(db), inject: [DB] },
    { provide: Outbox, useFactory: (db: Db) => new Outbox(db), inject: [DB] },
    { provide: CommandInbox, useFactory: (db: Db) => new CommandInbox(db), inject: [DB] },
    {
      provide: JobQueue,
      useFactory: (c: Config, log: Logger) =>
        new JobQueue({
          redisUrl: c.REDIS_URL,
          prefix: c.UMPIRE_QUEUE_PREFIX,
          log: (level, msg, extra) => log[level](extra ?? {}, msg),
        }),
      inject: [CONFIG, LOGGER],
    },
    {
      provide: MAIL_TRANSPORT,
      useFactory: (c: Config) => new SmtpTransport(c.SMTP_HOST, c.SMTP_PORT, c.UMPIRE_ADDRESS),
      inject: [CONFIG],
    },
  ],
  exports: [CONFIG, LOGGER, DB, EventStore, SnapshotStore, Outbox, CommandInbox, JobQueue, MAIL_TRANSPORT],
})
export class InfraModule implements OnApplicationShutdown {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly jobs: JobQueue,
    @Inject(MAIL_TRANSPORT) private readonly smtp: SmtpTransport,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
    this.smtp.close();
    await this.db.close();
  }
}
