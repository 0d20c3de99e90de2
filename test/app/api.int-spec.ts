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
    Object.assign(process.env, {
      DATABASE_URL: t.url,
      UMPIRE_QUEUE_PREFIX: redisPrefix('api'),
      LOG_LEVEL: 'silent',
      IMAP_ENABLED: 'false',
      UMPIRE_WEBHOOK_TOKEN: 'webhook-token-for-tests',
    });
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

describe('inbound-mail webhook', () => {
  let t: TestDatabase;
  let app: INestApplication;
  let base: string;
  const raw = [
    'From: japan@players.test',
    'To: umpire@umpire.test',
    'Subject: orders',
    'Message-ID: <hook-1@players.test>',
    '',
    'HELP',
    '',
  ].join('\r\n');

  beforeAll(async () => {
    t = await freshDatabase('webhook');
    Object.assign(process.env, {
      DATABASE_URL: t.url,
      UMPIRE_QUEUE_PREFIX: redisPrefix('webhook'),
      LOG_LEVEL: 'silent',
      UMPIRE_WEBHOOK_TOKEN: 'webhook-token-for-tests',
    });
    app = await NestFactory.create(ApiModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const post = (body: string, headers: Record<string, string>) => fetch(`${base}/inbound/mail`, { method: 'POST', body, headers });

  it('stores a raw message once, however often it is posted, and queues its ingestion', async () => {
    const headers = { authorization: 'Bearer webhook-token-for-tests', 'content-type': 'message/rfc822' };
    const first = await post(raw, headers);
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ duplicate: false, messageId: 'hook-1@players.test' });
    const again = await post(raw, headers);
    expect(await again.json()).toMatchObject({ duplicate: true, messageId: 'hook-1@players.test' });
    const rows = await t.db.query<{ source: string; status: string; size: number }>('SELECT source, status, size FROM inbound_messages');
    expect(rows).toEqual([{ source: 'webhook', status: 'stored', size: Buffer.byteLength(raw) }]);
  });

  it('refuses a missing or wrong token and a body that is not a raw message, storing nothing', async () => {
    expect((await post(raw, { 'content-type': 'message/rfc822' })).status).toBe(401);
    expect((await post(raw, { authorization: 'Bearer nope-nope-nope-nope', 'content-type': 'message/rfc822' })).status).toBe(401);
    const wrongType = await post('{"a":1}', {
      authorization: 'Bearer webhook-token-for-tests',
      'content-type': 'application/json',
    });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(await wrongType.json())).toMatch(/message\/rfc822/);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbound_messages');
    expect(rows[0].n).toBe(1);
  });
});

describe('configuration', () => {
  it('names every invalid variable at once, with what would be right', () => {
    const bad = () =>
      loadConfig({
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'localhost',
        HTTP_PORT: '99999',
      } as NodeJS.ProcessEnv);
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
