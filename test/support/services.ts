/**
 * The use cases on a fresh PostgreSQL database and Redis prefix (the engine's small game, Fleet Duel,
 * is registered like every game): what the service-level integration tests share.
 */
import { loadConfig } from '../../src/config/config';
import { buildServices, type BuildOptions, type Services } from '../../src/services/container';
import { freshDatabase, redisPrefix, type TestDatabase } from './db';

/** Fleet Duel's two seats, one address each. */
export const DUEL_SIDES = [
  { side: 'red', player: { address: 'red@players.test' } },
  { side: 'blue', player: { address: 'blue@players.test' } },
];

export interface ServiceHarness {
  readonly t: TestDatabase;
  readonly s: Services;
  /** the Redis key prefix of this file's queues */
  readonly prefix: string;
}

/** For `beforeAll`: a database and prefix named after the test file, `env` on top of them. */
export async function startServices(name: string, env: Record<string, string> = {}, options: BuildOptions = {}): Promise<ServiceHarness> {
  const t = await freshDatabase(name);
  const prefix = redisPrefix(name);
  const s = buildServices(loadConfig({ DATABASE_URL: t.url, UMPIRE_QUEUE_PREFIX: prefix, ...env } as NodeJS.ProcessEnv), options);
  return { t, s, prefix };
}

/** For `afterAll`: queues emptied, connections closed, database dropped. */
export async function stopServices(h: ServiceHarness | undefined): Promise<void> {
  if (!h) return;
  await h.s.jobs.obliterate();
  await h.s.close();
  await h.t.drop();
}

/** Submits a command and applies the game's inbox as a worker would (failures through the game service). */
export async function applyCommand(s: Services, gameId: string, key: string, kind: string, payload: unknown) {
  const sub = await s.bus.submit(gameId, key, kind, payload);
  await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
  return (await s.inbox.get(sub.id))!;
}
