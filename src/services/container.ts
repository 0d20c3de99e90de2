import { createHash } from 'node:crypto';
import type { Config } from '../config/config';
import { JobQueue } from '../queue/job-queue';
import { CommandInbox } from '../store/commands';
import { createDb, type Db } from '../store/db';
import { EventStore } from '../store/event-store';
import { Outbox } from '../store/outbox';
import { SnapshotStore } from '../store/snapshots';
import { GameTable } from '../store/games';
import { SentReports } from '../store/reports';
import { CommandBus } from './command-bus';
import { MailComposer } from '../mail/composer';
import { MailAtRest } from '../mail/at-rest';
import { SecretBox } from '../shared/secret-box';
import { GameRepository } from './game-repository';
import { GameService } from './game.service';
import { QueueDeadlineScheduler } from './scheduler';
import { Redis } from 'ioredis';
import { SenderThrottle } from '../mail/throttle';
import { InboundStore } from '../store/inbound';
import { PgCursorStore } from '../store/mailbox-cursors';
import { MailIngest } from './mail-ingest';
import { addressedGame } from '../mail/addressed-game';
import { messageIdentity } from '../mail/message-id';

/**
 * Every service, wired once. The Nest modules (API, worker) and the CLI build the same graph
 * from here, so a command behaves the same whichever door it came in by.
 */
export interface Services {
  readonly config: Config;
  readonly db: Db;
  readonly events: EventStore;
  readonly snapshots: SnapshotStore;
  readonly outbox: Outbox;
  readonly inbox: CommandInbox;
  readonly jobs: JobQueue;
  readonly bus: CommandBus;
  readonly games: GameRepository;
  /** the games table and the deadlines still open (the worker's reconciliation reads them) */
  readonly table: GameTable;
  readonly scheduler: QueueDeadlineScheduler;
  readonly gameService: GameService;
  readonly composer: MailComposer;
  readonly inbound: InboundStore;
  readonly cursors: PgCursorStore;
  readonly ingest: MailIngest;
  close(): Promise<void>;
}

export interface BuildOptions {
  readonly log?: ConstructorParameters<typeof JobQueue>[0]['log'];
  readonly poolSize?: number;
  /** the edge's clock (tests move it forward to pass deadlines) */
  readonly clock?: () => Date;
}

export function buildServices(config: Config, options: BuildOptions = {}): Services {
  const db = createDb(config.DATABASE_URL, { max: options.poolSize ?? 10 });
  const events = new EventStore(db);
  const snapshots = new SnapshotStore(db);
  // what a database reader must not read is sealed at rest (docs/security.md)
  const outbox = new Outbox(db, 8, new MailAtRest(config.UMPIRE_SECRET));
  const inbox = new CommandInbox(db, new SecretBox(config.UMPIRE_SECRET, 'commands'));
  const jobs = new JobQueue({
    redisUrl: config.REDIS_URL,
    prefix: config.UMPIRE_QUEUE_PREFIX,
    lockMs: config.JOB_LOCK_MS,
    log: options.log,
  });
  const bus = new CommandBus(inbox, jobs, events);
  const table = new GameTable(db);
  const games = new GameRepository(table, events, snapshots, config.SNAPSHOT_EVERY);
  const composer = new MailComposer({
    domain: config.MAIL_DOMAIN,
    umpireAddress: config.UMPIRE_ADDRESS,
    secret: config.UMPIRE_SECRET,
  });
  const scheduler = new QueueDeadlineScheduler(jobs, options.clock);
  const reply = {
    secret: config.UMPIRE_SECRET,
    localPart: config.UMPIRE_ADDRESS.split('@')[0],
    domain: config.MAIL_DOMAIN,
  };
  // a mail's arrival is stamped by the clock deadlines are set by; its game, where its header names it
  const inbound = new InboundStore(db, jobs, messageIdentity, new SecretBox(config.UMPIRE_SECRET, 'inbound-mail'), {
    clock: options.clock,
    gameOf: (raw) => addressedGame(raw, reply),
  });
  const gameService = new GameService(
    { db, games, table, reports: new SentReports(), sink: composer, scheduler, intake: inbound },
    {
      secret: config.UMPIRE_SECRET,
      defaultDeadlineMinutes: config.DEADLINE_MINUTES,
      defaultGraceMinutes: config.DEADLINE_GRACE_MINUTES,
      clock: options.clock,
      ...(config.UMPIRE_TEST_SEED !== undefined ? { seedTop: testSeedTop(config.UMPIRE_TEST_SEED) } : {}),
    },
  );

  let redis: Redis | null = null;
  const throttle =
    config.THROTTLE_PER_HOUR > 0
      ? new SenderThrottle((redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 })), {
          keyPrefix: `${config.UMPIRE_QUEUE_PREFIX}:throttle:`,
          capacity: config.THROTTLE_BURST,
          refillPerSecond: config.THROTTLE_PER_HOUR / 3600,
        })
      : null;
  const ingest = new MailIngest(inbound, games, gameService, bus, outbox, composer, jobs, throttle, reply, config.UMPIRE_ADDRESS);

  // every command kind of the catalogue (src/commands), each running its use case
  gameService.registerOn(bus);

  return {
    config,
    db,
    events,
    snapshots,
    outbox,
    inbox,
    jobs,
    bus,
    games,
    table,
    scheduler,
    gameService,
    composer,
    inbound,
    cursors: new PgCursorStore(db),
    ingest,
    async close() {
      await jobs.close();
      redis?.disconnect();
      await db.close();
    },
  };
}

/** Tests only (UMPIRE_TEST_SEED, refused by loadConfig outside NODE_ENV=test): a game's seed-chain top, SHA-256(seed | game id). */
function testSeedTop(seed: string): (gameId: string) => Buffer {
  return (gameId) => createHash('sha256').update(`${seed}|${gameId}`).digest();
}
