import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from './app/api.module';
import { PinoNestLogger, createLogger } from './app/logger';
import { ConfigError, loadConfig } from './config/config';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, 'umpire-api');
  const app = await NestFactory.create(ApiModule, { logger: new PinoNestLogger(log) });
  app.enableShutdownHooks();
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  const { port } = app.getHttpServer().address() as { port: number };
  log.info({ port }, `listening on port ${port}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
