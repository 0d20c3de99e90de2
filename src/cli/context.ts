import { loadConfig } from '../config/config';
import { QueueName } from '../queue/jobs';
import { buildServices, type Services } from '../services/container';

export type CliContext = Services;

/** Runs a command body with the services, closing them afterwards; the body's number is the exit code. */
export async function withContext(body: (ctx: CliContext) => Promise<unknown>): Promise<void> {
  const ctx = buildServices(loadConfig(), { poolSize: 2 });
  let code = 0;
  try {
    const result = await body(ctx);
    code = typeof result === 'number' ? result : 0;
  } finally {
    await ctx.close();
  }
  process.exitCode = code;
}

/** Says on stderr when no worker listens for game commands: the command waits in the queue for one. */
export async function warnIfNoWorker(ctx: CliContext, commandId: string): Promise<void> {
  const workers = await ctx.jobs.workerCount(QueueName.Games).catch(() => 1);
  if (workers === 0) {
    process.stderr.write(
      `no worker is running: command ${commandId} is queued and will be applied when one starts (\`umpire worker\` or \`npm run worker\`); waiting up to 60 s...\n`,
    );
  }
}
