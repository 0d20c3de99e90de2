import { Client } from 'pg';
import { ADMIN_URL, ensureTemplate } from './db';

/**
 * Once per test run: check PostgreSQL answers (with a message saying how to start it) and build
 * the migrated template database every integration test file clones.
 */
export default async function globalSetup(): Promise<void> {
  const c = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL does not answer at ${ADMIN_URL} (${(err as Error).message}). Start it (bash .ci/services.sh) or set TEST_DATABASE_ADMIN_URL.`,
    );
  } finally {
    await c.end().catch(() => undefined);
  }
  await ensureTemplate();
}
