import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from '../../src/app/api.module';
import { ConfigError, loadConfig } from '../../src/config/config';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';

describe('API process', () => {
  let t: TestDatabase;
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    t = await freshDatabase('api');
    Object.assign(process.env, { DATABASE_URL: t.url, UMPIRE_QUEUE_PREFIX: redisPrefix('api'), LOG_LEVEL: 'silent', IMAP_ENABLED: 'false' });
    app = await NestFactory.create(ApiModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('reports PostgreSQL, Redis and the mailbox on /health', async () => {
    const res = await fetch(`${base}/health`);
    const body = (await res.json()) as { status: string; info: Record<string, { status: string }> };
    expect(res.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.info.postgres.status).toBe('up');
    expect(body.info.redis.status).toBe('up');
    expect(body.info.mailbox.status).toBe('up');
  });
});

describe('configuration', () => {
  it('names every invalid variable at once, with what would be right', () => {
    const bad = () => loadConfig({ DATABASE_URL: 'mysql://x', REDIS_URL: 'localhost', HTTP_PORT: '99999' } as NodeJS.ProcessEnv);
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/DATABASE_URL: must be a PostgreSQL URL/);
      expect(problems).toMatch(/REDIS_URL: must be a Redis URL/);
      expect(problems).toMatch(/HTTP_PORT/);
    }
  });

  it('refuses to run in production without UMPIRE_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toThrow(/UMPIRE_SECRET: missing/);
    expect(loadConfig({ NODE_ENV: 'production', UMPIRE_SECRET: 'x'.repeat(32) } as NodeJS.ProcessEnv).UMPIRE_SECRET).toHaveLength(32);
  });
});
