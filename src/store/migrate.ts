import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { projectRoot } from '../shared/paths';
import type { Sql } from './db';

/**
 * Applies prisma/migrations/<name>/migration.sql in name order, offline, and records each in
 * Prisma's own `_prisma_migrations` table with Prisma's checksum (SHA-256 of the file), so on a
 * machine with internet `prisma migrate deploy` sees the same files as already applied.
 */
export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Arbitrary constant: serialises concurrent migrators (several workers booting at once). */
const MIGRATION_LOCK = 72707369;

export function defaultMigrationsDir(): string {
  return join(projectRoot(), 'prisma', 'migrations');
}

export async function migrate(
  databaseUrl: string,
  dir = defaultMigrationsDir(),
  log: (line: string) => void = () => undefined,
): Promise<MigrationResult> {
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const result: MigrationResult = { applied: [], alreadyApplied: [] };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(MIGRATIONS_TABLE);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    for (const name of names) {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = applied.get(name);
      if (previous !== undefined) {
        if (previous !== checksum) {
          throw new Error(`migration ${name} was changed after it was applied (checksum differs); add a new migration instead`);
        }
        result.alreadyApplied.push(name);
        continue;
      }
      log(`applying ${name}`);
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${name} failed: ${(err as Error).message}`);
      }
      result.applied.push(name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
  return result;
}

/** Creates the database named in the URL if it does not exist (connecting to `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const { name, client } = await maintenance(databaseUrl);
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return false;
    await client.query(`CREATE DATABASE "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** Drops the database `databaseUrl` names, if it exists, closing its connections first (the demo starts afresh). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const { name, client } = await maintenance(databaseUrl);
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The database name `databaseUrl` holds (checked: it goes into SQL as an identifier) and a connection to the server's `postgres` database. */
async function maintenance(databaseUrl: string): Promise<{ name: string; client: Client }> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[a-zA-Z0-9_]+$/.test(name)) throw new Error(`database name "${name}" must be letters, digits and _ only`);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return { name, client };
}

/** Whether the database holds `table` (public schema): whether its migrations have run. */
export async function tableExists(db: Sql, table: string): Promise<boolean> {
  const rows = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`public.${table}`]);
  return !!rows[0]?.t;
}
