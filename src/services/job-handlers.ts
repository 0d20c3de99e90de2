import type { Requeued } from '../queue/job-queue';
import { type JobHandlers, JobName } from '../queue/jobs';
import type { MailTransport } from '../store/outbox';
import type { Services } from './container';
import { commandKeyOfJob } from './scheduler';

/** What a job handler logs: a failure for good, work queued again (the worker's pino logger fits). */
export interface JobLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

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

/**
 * The handlers of a game's jobs, each a use case of the services (issue 29: job handlers beside
 * their use cases; the worker process only binds them to its queues): its commands, deadlines and
 * reminders all go through the game's ordered command inbox.
 */
export function gameJobHandlers(
  s: Services,
  log: JobLog,
): Pick<Required<JobHandlers>, JobName.ProcessGame | JobName.GameDeadline | JobName.GameReminder> {
  return {
    [JobName.ProcessGame]: async ({ gameId }) => {
      const applied = await s.inbox.drain(gameId, s.bus.apply, 1000, async (command, error) => {
        log.error({ gameId, command: command.idempotencyKey, error: error.message }, 'command failed for good');
        await s.gameService.commandFailed(command, error);
      });
      if (applied) await s.jobs.add(JobName.DispatchOutbox, { reason: `game ${gameId}` });
      return { applied };
    },
    [JobName.GameDeadline]: async ({ gameId, stepId }, meta) =>
      s.bus.submit(gameId, commandKeyOfJob(meta.jobId), 'game.deadline', { gameId, stepId }),
    // one command per scheduled reminder: an extended deadline's reminder is a new job and a new command
    [JobName.GameReminder]: async ({ gameId, stepId, remindAt }, meta) =>
      s.bus.submit(gameId, remindAt ? commandKeyOfJob(meta.jobId) : `reminder:${gameId}:${stepId}`, 'game.remind', {
        gameId,
        stepId,
        remindAt,
      }),
  };
}

/** The handlers of the mail jobs: inbound mail through the mail use case, the outbox through `transport`, the stuck-work sweep. */
export function mailJobHandlers(
  s: Services,
  transport: MailTransport,
  log: JobLog,
): Pick<Required<JobHandlers>, JobName.IngestMail | JobName.DispatchOutbox | JobName.SweepStuck> {
  return {
    [JobName.IngestMail]: ({ inboundId }) => s.ingest.ingest(inboundId),
    [JobName.DispatchOutbox]: async () => {
      const r = await s.outbox.dispatch(transport);
      if (r.transient) throw new Error(`outbox: ${r.transient} send(s) failed; will retry`);
      return r;
    },
    [JobName.SweepStuck]: async ({ olderThanMs }) => {
      const r = await sweepStuckWork(s, olderThanMs);
      const queued = [...r.games, ...r.mail].filter((w) => w.requeued !== 'in-hand');
      if (queued.length) log.warn({ games: r.games, mail: r.mail }, `stuck work queued again: ${queued.length} job(s)`);
      return r;
    },
  };
}
