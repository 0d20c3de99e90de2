/**
 * Every job the workers run: one name, one typed payload. The worker refuses to boot if a job
 * name has no handler (see JobQueue.assertHandlers), so a job can never sit unprocessed.
 */
export enum JobName {
  /** Apply the game's pending commands, in arrival order. */
  ProcessGame = 'game.process',
  /** A phase deadline passed: apply defaults and adjudicate. */
  GameDeadline = 'game.deadline',
  /** Remind the sides still owing orders. */
  GameReminder = 'game.reminder',
  /** Parse and authenticate one stored inbound message. */
  IngestMail = 'mail.ingest',
  /** Send pending outbox rows. */
  DispatchOutbox = 'outbox.dispatch',
  /** Queue again the work whose job was lost or failed for good (pending commands, stored mail). */
  SweepStuck = 'work.sweep',
}

export interface JobPayloads {
  [JobName.ProcessGame]: { gameId: string };
  [JobName.GameDeadline]: { gameId: string; stepId: string };
  /** remindAt: the instant it was scheduled for (a reminder whose deadline moved since does nothing) */
  [JobName.GameReminder]: { gameId: string; stepId: string; remindAt?: string };
  [JobName.IngestMail]: { inboundId: string };
  [JobName.DispatchOutbox]: { reason?: string };
  [JobName.SweepStuck]: { olderThanMs: number };
}

export type JobOf<N extends JobName> = JobPayloads[N];

export enum QueueName {
  Games = 'games',
  Mail = 'mail',
  Outbox = 'outbox',
}

export const JOB_QUEUE: { readonly [N in JobName]: QueueName } = {
  [JobName.ProcessGame]: QueueName.Games,
  [JobName.GameDeadline]: QueueName.Games,
  [JobName.GameReminder]: QueueName.Games,
  [JobName.IngestMail]: QueueName.Mail,
  [JobName.DispatchOutbox]: QueueName.Outbox,
  [JobName.SweepStuck]: QueueName.Outbox,
};

export type JobHandler<N extends JobName> = (payload: JobOf<N>, meta: { jobId: string; attempt: number }) => Promise<unknown>;
export type JobHandlers = { [N in JobName]?: JobHandler<N> };
