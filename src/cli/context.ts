import { CommandBus } from '../app/command-bus.service';
import { loadConfig, type Config } from '../config/config';
import { JobQueue } from '../queue/job-queue';
import { CommandInbox } from '../store/commands';
import { createDb, type Db } from '../store/db';
import { EventStore } from '../store/event-store';
import { Outbox } from '../store/outbox';
import { SnapshotStore } from '../store/snapshots';

/** The services a CLI command needs, built without Nest (the CLI starts fast and exits). */
export interface CliContext {
  readonly config: Config;
  readonly db: Db;
  readonly events: EventStore;
  readonly snapshots: SnapshotStore;
  readonly outbox: Outbox;
  readonly inbox: CommandInbox;
  readonly jobs: JobQueue;
  readonly bus: CommandBus;
  close(): Promise<void>;
}

export function createCliContext(config: Config = loadConfig()): CliContext {
  const db = createDb(config.DATABASE_URL, { max: 4 });
  const events = new EventStore(db);
  const inbox = new CommandInbox(db);
  const jobs = new JobQueue({ redisUrl: config.REDIS_URL, prefix: config.UMPIRE_QUEUE_PREFIX });
  return {
    config,
    db,
    events,
    snapshots: new SnapshotStore(db),
    outbox: new Outbox(db),
    inbox,
    jobs,
    bus: new CommandBus(inbox, jobs, events),
    async close() {
      await jobs.close();
      await db.close();
    },
  };
}

/** Runs a command body with a context, closing it afterwards; errors print plainly and exit 1. */
export async function withContext(body: (ctx: CliContext) => Promise<number | void>): Promise<void> {
  const ctx = createCliContext();
  let code = 0;
  try {
    code = (await body(ctx)) ?? 0;
  } finally {
    await ctx.close();
  }
  process.exitCode = code;
}
