import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from './app/api.module';
import { PinoNestLogger, createLogger } from './app/logger';
import { ConfigError, loadConfig } from './config/config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.create(ApiModule, {
    logger: new PinoNestLogger(createLogger(config.LOG_LEVEL, 'umpire-api')),
  });
  app.enableShutdownHooks();
  await app.listen(config.HTTP_PORT, '0.0.0.0');
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
