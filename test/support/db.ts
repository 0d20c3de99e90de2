import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDb, type Db } from '../../src/store/db';
import { ensureDatabase, migrate } from '../../src/store/migrate';

/** PostgreSQL as the tests find it (CI and .ci/run make sure it answers). */
export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MIGRATIONS = join(__dirname, '..', '..', 'prisma', 'migrations');

export function urlFor(database: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Template database named after the migrations' content, so a changed migration makes a new one. */
export function templateName(): string {
  const h = createHash('sha256');
  // each migration folder (not migration_lock.toml beside them)
  const folders = readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  for (const d of folders.sort()) h.update(d).update(readFileSync(join(MIGRATIONS, d, 'migration.sql')));
  return `umpire_tpl_${h.digest('hex').slice(0, 12)}`;
}

export async function ensureTemplate(): Promise<string> {
  const name = templateName();
  const url = urlFor(name);
  await ensureDatabase(url);
  await migrate(url, MIGRATIONS);
  return name;
}

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  readonly db: Db;
  /** Runs SQL as the superuser on this database (to act behind the application's back). */
  superuser<T>(fn: (c: Client) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file (cloned from the template: fast, isolated). */
export async function freshDatabase(label: string): Promise<TestDatabase> {
  const template = templateName();
  const name = `umpire_t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await admin(async (c) => {
    for (let i = 0; ; i++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (err) {
        // another file cloning the template at this instant holds it; try again shortly
        if (i > 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + 50 * i));
      }
    }
  });
  const url = urlFor(name);
  const db = createDb(url, { max: 8 });
  return {
    name,
    url,
    db,
    async superuser(fn) {
      const c = new Client({ connectionString: url });
      await c.connect();
      try {
        return await fn(c);
      } finally {
        await c.end();
      }
    },
    async drop() {
      await db.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export function redisPrefix(label: string): string {
  return `umpire-test-${label}-${randomBytes(4).toString('hex')}`;
}
