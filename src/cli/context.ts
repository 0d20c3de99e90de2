import { loadConfig } from '../config/config';
import { buildServices, type Services } from '../services/container';

export type CliContext = Services;

/** Runs a command body with the services, closing them afterwards; the body's number is the exit code. */
export async function withContext(body: (ctx: CliContext) => Promise<number | void>): Promise<void> {
  const ctx = buildServices(loadConfig(), { poolSize: 2 });
  let code = 0;
  try {
    code = (await body(ctx)) ?? 0;
  } finally {
    await ctx.close();
  }
  process.exitCode = code;
}
