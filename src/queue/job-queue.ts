import { hostname } from 'node:os';
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { JOB_QUEUE, JobName, QueueName, type JobHandler, type JobHandlers, type JobOf } from './jobs';

/** Jobs a worker process runs at once unless told otherwise (so, for one, outbox dispatches in flight). */
export const DEFAULT_CONCURRENCY = 4;

export interface JobQueueOptions {
  readonly redisUrl: string;
  /** Redis key prefix: separates deployments and test files sharing one Redis. */
  readonly prefix: string;
  readonly concurrency?: number;
  /**
   * How long a worker's hold on a job lasts without renewal (BullMQ's lockDuration; renewed at half
   * of it while the job runs), and how often workers look for jobs whose holder died (stalledInterval):
   * the time a killed worker's jobs wait before another takes them. Default 30 s.
   */
  readonly lockMs?: number;
  /** First retry delay; doubles each attempt (default 500 ms). */
  readonly backoffMs?: number;
  readonly log?: (level: 'info' | 'warn' | 'error', msg: string, extra?: Record<string, unknown>) => void;
}

/** This process as a worker: recorded on every job it takes (BullMQ's `processedBy`). */
export const WORKER_INSTANCE = `${hostname()}#${process.pid}`;

/** What `requeue` did. */
export type Requeued = 'added' | 'retried' | 'in-hand';

export class MissingJobHandlerError extends Error {
  constructor(readonly missing: JobName[]) {
    super(`worker refuses to start: no handler for job(s) ${missing.join(', ')}`);
    this.name = 'MissingJobHandlerError';
  }
}

/** Retries with exponential backoff; failed jobs are kept for inspection, completed ones trimmed. */
const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

function connectionFromUrl(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * Named BullMQ queues with typed jobs (after Immich's JobRepository). Producers (API, CLI,
 * ingest) call `add`; worker processes call `startWorkers` with a handler for every job name.
 * Any number of worker processes on any number of machines can share the queues.
 */
export class JobQueue {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];

  constructor(private readonly opts: JobQueueOptions) {}

  /** The id BullMQ keeps a job under (it reserves ':'), as handlers see it in `meta.jobId`. */
  static storedId(jobId: string): string {
    return jobId.replace(/:/g, '_');
  }

  private queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection: connectionFromUrl(this.opts.redisUrl),
        prefix: this.opts.prefix,
        defaultJobOptions: {
          ...DEFAULT_JOB_OPTIONS,
          backoff: { type: 'exponential', delay: this.opts.backoffMs ?? 500 },
        },
      });
      this.queues.set(name, q);
    }
    return q;
  }

  /**
   * Adds a job. With a `jobId` the job is idempotent: the same id while the job exists (waiting,
   * active, kept as failed, or among the recent completed) is not added twice.
   */
  async add<N extends JobName>(name: N, payload: JobOf<N>, options: { jobId?: string; delayMs?: number } = {}): Promise<void> {
    await this.queue(JOB_QUEUE[name]).add(name, payload, {
      jobId: options.jobId === undefined ? undefined : JobQueue.storedId(options.jobId),
      delay: options.delayMs,
    });
  }

  /**
   * Queues work again that should already have been done (the stuck-work sweep, a message that
   * arrives again while still unprocessed), given the id its job was first added under. If that
   * job is still waiting, delayed or active, the work is in hand and nothing is added. Otherwise
   * the work goes under its own id, `requeue:<original id>`, never the original: a job kept as
   * failed under the original id would make `add` a silent no-op, and that failure stays in the
   * failed list for inspection. Harmless however many processes call it at once: a live job under
   * the requeue id is left alone; a completed one is replaced; a failed one is retried in place
   * with fresh attempts (each of its failures was logged by the worker that saw it).
   */
  async requeue<N extends JobName>(name: N, payload: JobOf<N>, originalJobId: string): Promise<Requeued> {
    const q = this.queue(JOB_QUEUE[name]);
    const live = (state: string) => !['completed', 'failed', 'unknown'].includes(state);
    const original = await q.getJob(JobQueue.storedId(originalJobId));
    if (original && live(await original.getState())) return 'in-hand';
    const jobId = JobQueue.storedId(`requeue:${originalJobId}`);
    const existing = await q.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') {
        // a concurrent caller may have retried it first: then it is in hand either way
        await existing.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }).catch(() => undefined);
        return 'retried';
      }
      if (live(state)) return 'in-hand';
      if (state === 'completed') await existing.remove().catch(() => undefined);
    }
    await q.add(name, payload, { jobId });
    return 'added';
  }

  /**
   * Runs a delayed job now. 'promoted' if it was delayed (or already waiting or running: in hand),
   * 'added' if no job of that id is kept (Redis lost it: added again to run now), 'moved-on' if
   * it has run already.
   */
  async promote<N extends JobName>(name: N, payload: JobOf<N>, jobId: string): Promise<'promoted' | 'added' | 'moved-on'> {
    const q = this.queue(JOB_QUEUE[name]);
    const job = await q.getJob(JobQueue.storedId(jobId));
    if (!job) {
      await this.add(name, payload, { jobId });
      return 'added';
    }
    const state = await job.getState();
    if (state === 'delayed') await job.promote().catch(() => undefined); // a worker may have just taken it
    return ['completed', 'failed'].includes(state) ? 'moved-on' : 'promoted';
  }

  /** The state of a job added under `jobId` (as given to `add`), or null if none is kept. */
  async jobState(name: JobName, jobId: string): Promise<string | null> {
    const job = await this.queue(JOB_QUEUE[name]).getJob(JobQueue.storedId(jobId));
    return job ? job.getState() : null;
  }

  /** Recently completed jobs of a queue (the newest `limit`): which worker ran each, what it returned. */
  async completedJobs(
    name: QueueName,
    limit = 1000,
  ): Promise<{ id: string; name: string; processedBy: string | null; returnValue: unknown }[]> {
    const jobs = await this.queue(name).getCompleted(0, limit - 1);
    return jobs.map((j) => ({
      id: String(j.id),
      name: j.name,
      processedBy: j.processedBy ?? null,
      returnValue: j.returnvalue,
    }));
  }

  /** How many worker connections listen on a queue (every process's, every machine's). */
  async workerCount(name: QueueName): Promise<number> {
    return this.queue(name).getWorkersCount();
  }

  /** A repeating job (e.g. the outbox sweep), one schedule however many processes call this. */
  async every<N extends JobName>(name: N, payload: JobOf<N>, everyMs: number): Promise<void> {
    await this.queue(JOB_QUEUE[name]).upsertJobScheduler(`every:${name}`, { every: everyMs }, { name, data: payload });
  }

  /**
   * The repeating job `name`, registered again only if Redis no longer holds its schedule (a
   * flush, a failover to an empty replica) or holds another interval; a schedule in place keeps
   * its timing. True when it was (re)registered.
   */
  async ensureEvery<N extends JobName>(name: N, payload: JobOf<N>, everyMs: number): Promise<boolean> {
    const current = await this.schedule(name);
    if (current?.every === everyMs) return false;
    await this.every(name, payload, everyMs);
    return true;
  }

  /** The schedule of the repeating job `name` as Redis holds it, or null. */
  async schedule(name: JobName): Promise<{ every: number | null } | null> {
    const s = await this.queue(JOB_QUEUE[name]).getJobScheduler(`every:${name}`);
    return s ? { every: s.every === undefined || s.every === null ? null : Number(s.every) } : null;
  }

  static assertHandlers(handlers: JobHandlers): void {
    const missing = Object.values(JobName).filter((n) => typeof handlers[n] !== 'function');
    if (missing.length) throw new MissingJobHandlerError(missing);
  }

  startWorkers(handlers: JobHandlers): void {
    JobQueue.assertHandlers(handlers);
    for (const queueName of Object.values(QueueName)) {
      const worker = new Worker(
        queueName,
        async (job: Job) => {
          const handler = handlers[job.name as JobName] as JobHandler<JobName> | undefined;
          if (!handler) throw new Error(`no handler for job ${job.name} on queue ${queueName}`);
          return handler(job.data, { jobId: String(job.id), attempt: job.attemptsMade + 1 });
        },
        {
          connection: connectionFromUrl(this.opts.redisUrl),
          prefix: this.opts.prefix,
          concurrency: this.opts.concurrency ?? DEFAULT_CONCURRENCY,
          name: WORKER_INSTANCE,
          ...(this.opts.lockMs ? { lockDuration: this.opts.lockMs, stalledInterval: this.opts.lockMs } : {}),
        },
      );
      worker.on('failed', (job, err) =>
        this.opts.log?.('warn', `job ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`),
      );
      worker.on('error', (err) => this.opts.log?.('error', `worker error on ${queueName}: ${err.message}`));
      this.workers.push(worker);
    }
  }

  async counts(): Promise<Record<string, Record<string, number>>> {
    const out: Record<string, Record<string, number>> = {};
    for (const name of Object.values(QueueName)) {
      out[name] = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
    }
    return out;
  }

  async failedJobs(name: QueueName): Promise<{ id: string; name: string; reason: string; data: unknown }[]> {
    const jobs = await this.queue(name).getFailed();
    return jobs.map((j) => ({ id: String(j.id), name: j.name, reason: j.failedReason, data: j.data }));
  }

  /** Answers when Redis does (health check). */
  async ping(timeoutMs = 2000): Promise<void> {
    const q = this.queue(QueueName.Games);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([q.getJobCounts('waiting'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.workers.length = 0;
    this.queues.clear();
  }

  /** Test helper and `umpire queue drain`: removes every key of this prefix's queues. */
  async obliterate(): Promise<void> {
    for (const name of Object.values(QueueName)) await this.queue(name).obliterate({ force: true });
  }
}
