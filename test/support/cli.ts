import { type ChildProcess, execFile } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config';
import { buildServices, type Services } from '../../src/services/container';
import { freshDatabase, redisPrefix, type TestDatabase } from './db';
import { ROOT, startWorkerProcess, stopProcess } from './processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const CLI = join(ROOT, 'bin', 'umpire.js');

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The built CLI (`node bin/umpire.js`, as `npx umpire` runs it) against its own database and Redis
 * prefix, with a real worker process adjudicating, and the services in-process for the test's own
 * look at the store. (Needs `npx tsc -p tsconfig.build.json` first.)
 */
export interface CliHarness {
  readonly t: TestDatabase;
  readonly prefix: string;
  readonly s: Services;
  readonly worker: ChildProcess;
  /** The environment the CLI runs with. */
  env(): NodeJS.ProcessEnv;
  /** Runs `umpire <args>` and resolves with its exit code and output (never rejects). */
  umpire(...args: string[]): Promise<CliRun>;
  stop(): Promise<void>;
}

/**
 * `cliEnv` is added to the CLI's environment; `workerEnv` to the worker's (by default its mail goes
 * nowhere: SMTP port 1).
 */
export async function startCliHarness(
  name: string,
  opts: { cliEnv?: Record<string, string>; workerEnv?: Record<string, string> } = {},
): Promise<CliHarness> {
  const t = await freshDatabase(name);
  const prefix = redisPrefix(name);
  const base = { DATABASE_URL: t.url, REDIS_URL: REDIS, UMPIRE_QUEUE_PREFIX: prefix };
  const worker = startWorkerProcess({ ...base, SMTP_HOST: '127.0.0.1', SMTP_PORT: '1', ...opts.workerEnv });
  const s = buildServices(loadConfig(base as NodeJS.ProcessEnv), { poolSize: 2 });
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, NODE_ENV: 'test', ...base, LOG_LEVEL: 'warn', ...opts.cliEnv });
  const umpire = (...args: string[]) =>
    new Promise<CliRun>((resolve) =>
      execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env: env(), timeout: 90_000 }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
        resolve({ code, stdout, stderr });
      }),
    );
  const stop = async () => {
    await stopProcess(worker);
    await s.jobs.obliterate();
    await s.close();
    await t.drop();
  };
  return { t, prefix, s, worker, env, umpire, stop };
}
