import { z } from 'zod';

/**
 * Configuration, validated once at boot. Every problem is reported at once, each naming the
 * variable, what was wrong and what would be right, so an operator fixes them in one go.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a PostgreSQL URL such as postgresql://user@host:5432/umpire')
    .default('postgresql://postgres@127.0.0.1:5432/umpire'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a Redis URL such as redis://127.0.0.1:6379')
    .default('redis://127.0.0.1:6379'),
  UMPIRE_QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/i, 'letters, digits, ":", "_" or "-" only')
    .default('umpire'),
  UMPIRE_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  /** 0: a port the system picks, logged at start (for a process nobody calls over HTTP, such as a test's) */
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_DOMAIN: z.string().default('umpire.test'),
  UMPIRE_ADDRESS: z.string().default('umpire@umpire.test'),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(11025),
  /** SMTP authentication (a submission port such as 587); both or neither */
  // empty counts as unset (compose passes `${SMTP_USER:-}` through)
  SMTP_USER: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  SMTP_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  IMAP_HOST: z.string().default('127.0.0.1'),
  IMAP_PORT: z.coerce.number().int().min(1).max(65535).default(11143),
  IMAP_USER: z.string().default('umpire'),
  IMAP_PASSWORD: z.string().default('umpire-test-pw'),
  IMAP_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  IMAP_POLL_MS: z.coerce.number().int().min(200).default(30_000),
  OUTBOX_SWEEP_MS: z.coerce.number().int().min(100).default(5000),
  /** how often a worker looks for commands and mail whose job was lost or failed for good */
  STUCK_SWEEP_MS: z.coerce.number().int().min(100).default(30_000),
  /** how long a command may stay pending, or a stored message unprocessed, before the sweep queues it again */
  STUCK_AGE_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * how often each worker rebuilds from PostgreSQL what Redis should hold: the repeating sweeps,
   * and the deadline and reminder jobs of every running game (a flushed Redis loses them)
   */
  RECONCILE_MS: z.coerce.number().int().min(100).default(60_000),
  /** how long a job stays held by a worker that stopped renewing it (it died) before another worker takes it */
  JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** how long a step stays open before default orders apply (72 h: a slow PBEM pace) */
  DEADLINE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(72 * 60),
  /** per-sender mail throttle: a burst of THROTTLE_BURST, then THROTTLE_PER_HOUR (0 = off) */
  THROTTLE_BURST: z.coerce.number().int().min(1).default(20),
  THROTTLE_PER_HOUR: z.coerce.number().min(0).default(60),
  /** bearer token for POST /inbound/mail (the inbound-mail webhook); unset = webhook off */
  UMPIRE_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** minutes after a deadline during which late orders are still taken (the judge's grace) */
  DEADLINE_GRACE_MINUTES: z.coerce.number().int().min(0).default(60),
  SNAPSHOT_EVERY: z.coerce.number().int().min(1).default(50),
  /**
   * Tests only (NODE_ENV=test, refused otherwise): each new game's dice seed chain is drawn from
   * SHA-256(this | game id) instead of 32 random bytes, so two runs of the same mails can be
   * compared state for state (the crash tests of issue 14). A known seed makes every die
   * predictable: no real game may have it.
   */
  UMPIRE_TEST_SEED: z.string().min(1).optional(),
  /** Tests only (NODE_ENV=test, refused otherwise): src/shared/crash-point.ts reads it. */
  UMPIRE_CRASH_AT: z.string().min(1).optional(),
});

export type Config = Omit<z.infer<typeof schema>, 'UMPIRE_SECRET'> & { UMPIRE_SECRET: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Umpire cannot start: configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Development-only secret: refuses to be used in production. */
const DEV_SECRET = 'umpire-development-secret-do-not-use-in-production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`));
  }
  const cfg = parsed.data;
  const testOnly = (['UMPIRE_TEST_SEED', 'UMPIRE_CRASH_AT'] as const).filter((k) => cfg[k] !== undefined);
  if (testOnly.length && cfg.NODE_ENV !== 'test')
    throw new ConfigError(
      testOnly.map((k) => `${k}: set, but it is for tests only (NODE_ENV=test); unset it (NODE_ENV is ${cfg.NODE_ENV}).`),
    );
  if (!!cfg.SMTP_USER !== !!cfg.SMTP_PASSWORD) {
    throw new ConfigError([
      cfg.SMTP_USER
        ? 'SMTP_PASSWORD: missing; SMTP_USER is set, so SMTP authentication needs its password (or unset SMTP_USER).'
        : 'SMTP_USER: missing; SMTP_PASSWORD is set, so SMTP authentication needs a user name (or unset SMTP_PASSWORD).',
    ]);
  }
  if (!cfg.UMPIRE_SECRET) {
    if (cfg.NODE_ENV === 'production') {
      throw new ConfigError([
        'UMPIRE_SECRET: missing; it keys reply-address signatures and seals dice seeds at rest. Set 32+ random characters.',
      ]);
    }
    return { ...cfg, UMPIRE_SECRET: DEV_SECRET };
  }
  return cfg as Config;
}
