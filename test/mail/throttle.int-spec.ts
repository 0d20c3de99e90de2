import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { playerBucket, SenderThrottle, strangerBucket, type ThrottleDecision } from '../../src/mail/throttle';

describe('SenderThrottle on Redis', () => {
  const prefix = `test:throttle:${process.pid}:${randomBytes(4).toString('hex')}:`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis({
      host: process.env.REDIS_HOST ?? '127.0.0.1',
      port: Number(process.env.REDIS_PORT ?? 6379),
      maxRetriesPerRequest: 2,
    });
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('lets a burst through, then slows the flooding sender and only that sender', async () => {
    const throttle = new SenderThrottle(redis, { keyPrefix: prefix, capacity: 3, refillPerSecond: 2 });
    const flood: ThrottleDecision[] = [];
    for (let i = 0; i < 4; i++) flood.push(await throttle.take('Flood@Example.org'));
    expect(flood.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(flood[2].remaining).toBe(0);
    expect(flood[3].retryAfterMs).toBeGreaterThan(0);
    expect(flood[3].retryAfterMs).toBeLessThanOrEqual(500);
    // Same sender, any spelling of the address; another sender is untouched.
    expect((await throttle.take('flood@example.org')).allowed).toBe(false);
    expect(await throttle.take('calm@example.org')).toMatchObject({ allowed: true, remaining: 2 });

    await new Promise((r) => setTimeout(r, flood[3].retryAfterMs + 50));
    expect((await throttle.take('flood@example.org')).allowed).toBe(true);
  });

  it("keeps a player's bucket apart from mail in the player's name that failed authentication, and each game apart", async () => {
    const throttle = new SenderThrottle(redis, { keyPrefix: prefix, capacity: 2, refillPerSecond: 0.001 });
    const forged = strangerBucket('Red@Players.test', 'umpire@umpire.test');
    for (let i = 0; i < 5; i++) await throttle.take(forged);
    expect((await throttle.take(strangerBucket('red@players.test', 'UMPIRE@umpire.test'))).allowed).toBe(false);
    expect(await throttle.take(playerBucket('G-one', 'red'))).toMatchObject({ allowed: true, remaining: 1 });
    await throttle.take(playerBucket('G-one', 'red'));
    expect((await throttle.take(playerBucket('G-one', 'red'))).allowed).toBe(false);
    expect((await throttle.take(playerBucket('G-two', 'red'))).allowed).toBe(true);
    expect((await throttle.take(playerBucket('G-one', 'blue'))).allowed).toBe(true);
  });

  it('is atomic under concurrent takes from many workers', async () => {
    const throttle = new SenderThrottle(redis, { keyPrefix: prefix, capacity: 5, refillPerSecond: 0.001 });
    const decisions = await Promise.all(Array.from({ length: 20 }, () => throttle.take('burst@example.org')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('expires idle buckets and can be reset', async () => {
    const throttle = new SenderThrottle(redis, { keyPrefix: prefix, capacity: 2, refillPerSecond: 1 });
    await throttle.take('ttl@example.org');
    const ttl = await redis.pttl(`${prefix}ttl@example.org`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3000);
    await throttle.take('ttl@example.org');
    expect((await throttle.take('ttl@example.org')).allowed).toBe(false);
    await throttle.reset('ttl@example.org');
    expect((await throttle.take('ttl@example.org')).allowed).toBe(true);
  });
});
