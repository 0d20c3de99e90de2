import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { PinoNestLogger, createLogger } from './app/logger';
import { WorkerModule } from './app/worker.module';
import { ConfigError, loadConfig } from './config/config';

/** Starts a worker process (no HTTP): `npm run worker`, as many as you like. */
export async function startWorker() {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule, {
    logger: new PinoNestLogger(createLogger(config.LOG_LEVEL, 'umpire-worker')),
  });
  app.enableShutdownHooks();
  return app;
}

if (require.main === module) {
  startWorker().catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
