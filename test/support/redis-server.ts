import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort, waitUntil } from './processes';

/**
 * A Redis of the test's own (redis-server on a free loopback port, nothing on disk), for tests
 * that empty Redis: FLUSHALL on the shared one would take every other test's queues with it.
 */
export interface PrivateRedis {
  readonly url: string;
  /** Empties it, returning the number of keys left (0: read in the same transaction as the flush) */
  flushAll(): Promise<number>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  await waitUntil(
    `redis-server on port ${port} to answer`,
    async () => {
      try {
        if (client.status !== 'ready') await client.connect().catch(() => undefined);
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    10_000,
  );
  return {
    url,
    async flushAll() {
      const replies = await client.multi().flushall().dbsize().exec();
      return Number(replies?.[1]?.[1]);
    },
    async stop() {
      client.disconnect();
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
    },
  };
}
