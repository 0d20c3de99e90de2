/**
 * Token buckets in Redis, one per sender. Mail ingest names the buckets (see playerBucket and
 * strangerBucket): a flooding sender is slowed while every other sender and game goes straight
 * through. The bucket is updated atomically in one Lua script with Redis's clock, so any number
 * of workers share it.
 */
import type { Redis } from 'ioredis';

/**
 * The bucket of authenticated mail: one per game and side (the referee is side `referee`). Only
 * mail that proved who sent it draws on it, so forged mail cannot spend a player's allowance, and
 * a player flooding one game is not slowed in another.
 */
export function playerBucket(gameId: string, side: string): string {
  return `player:${gameId}:${side}`;
}

/**
 * The bucket of mail that failed authentication (or named no game): one per From address and
 * recipient, so a forger writing in a player's name draws on a bucket the player's genuine mail
 * never touches. Pass the recipient without its signature tag, or a forger could mint buckets.
 */
export function strangerBucket(from: string, to: string): string {
  return `stranger:${from.trim().toLowerCase()}>${to.trim().toLowerCase()}`;
}

export interface SenderThrottleOptions {
  /** Prepended to every key, e.g. `umpire:throttle:` (tests use a unique prefix). */
  readonly keyPrefix: string;
  /** Messages a sender may send in a burst. Default 10. */
  readonly capacity?: number;
  /** Tokens regained per second. Default 1/60 (one message a minute, sustained). */
  readonly refillPerSecond?: number;
}

export interface ThrottleDecision {
  readonly allowed: boolean;
  /** Whole tokens left after this call. */
  readonly remaining: number;
  /** When not allowed: how long until `cost` tokens are available. 0 when allowed. */
  readonly retryAfterMs: number;
}

// KEYS[1] bucket; ARGV capacity, refill per ms, cost. Returns {allowed, tokens*1000, retryMs}.
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil then tokens = capacity; ts = now end
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
local allowed = 0
local retry = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
else
  retry = math.ceil((cost - tokens) / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate) + 1000)
return {allowed, math.floor(tokens * 1000), retry}
`;

export class SenderThrottle {
  private readonly capacity: number;
  private readonly refillPerMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: SenderThrottleOptions,
  ) {
    this.capacity = options.capacity ?? 10;
    this.refillPerMs = (options.refillPerSecond ?? 1 / 60) / 1000;
    if (!(this.capacity > 0) || !(this.refillPerMs > 0))
      throw new RangeError('SenderThrottle: capacity and refillPerSecond must be positive');
  }

  /** Take `cost` tokens from a bucket (a sender's address, or playerBucket/strangerBucket) if it has them. */
  async take(sender: string, cost = 1): Promise<ThrottleDecision> {
    if (cost > this.capacity) throw new RangeError(`SenderThrottle: cost ${cost} exceeds capacity ${this.capacity}`);
    const [allowed, milliTokens, retry] = (await this.redis.eval(
      TAKE_SCRIPT,
      1,
      this.key(sender),
      String(this.capacity),
      String(this.refillPerMs),
      String(cost),
    )) as [number, number, number];
    return {
      allowed: allowed === 1,
      remaining: Math.floor(milliTokens / 1000),
      retryAfterMs: allowed === 1 ? 0 : retry,
    };
  }

  /** How long a bucket takes to regain `tokens` tokens from empty. */
  refillMs(tokens: number): number {
    return Math.ceil(tokens / this.refillPerMs);
  }

  /** Forget a sender's history (the referee lifting a throttle, or a test). */
  async reset(sender: string): Promise<void> {
    await this.redis.del(this.key(sender));
  }

  private key(sender: string): string {
    return `${this.options.keyPrefix}${sender.trim().toLowerCase()}`;
  }
}
