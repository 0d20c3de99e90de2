import { execFile, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config';
import { buildServices, type Services } from '../../src/services/container';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { ROOT, startWorkerProcess, stopProcess } from '../support/processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLI = join(ROOT, 'bin', 'umpire.js');

/**
 * The time commands from the built CLI against a real worker process, on a VITP game created by
 * `umpire game create` with a battle deadline of its own: pause, resume, absence, deadline, each
 * answered as the worker applied it through the same service as the mail commands; refusals exit
 * 1 and change nothing. (Needs `npx tsc -p tsconfig.build.json` first.)
 */
describe('the umpire CLI: pause, resume, absence, deadline', () => {
  let t: TestDatabase;
  let prefix: string;
  let s: Services;
  let worker: ChildProcess;
  const gameId = 'G-clitime';

  const env = () => ({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: t.url,
    REDIS_URL: REDIS,
    UMPIRE_QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'warn',
  });
  const umpire = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env: env(), timeout: 90_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stdout, stderr }),
      ),
    );
  const types = async () => (await s.events.read(gameId)).map((e) => e.type);

  beforeAll(async () => {
    t = await freshDatabase('clitime');
    prefix = redisPrefix('clitime');
    worker = startWorkerProcess({
      DATABASE_URL: t.url,
      REDIS_URL: REDIS,
      UMPIRE_QUEUE_PREFIX: prefix,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
    });
    s = buildServices(loadConfig({ DATABASE_URL: t.url, REDIS_URL: REDIS, UMPIRE_QUEUE_PREFIX: prefix } as NodeJS.ProcessEnv), {
      poolSize: 2,
    });
  }, 60_000);

  afterAll(async () => {
    await stopProcess(worker);
    await s.jobs.obliterate();
    await s.close();
    await t.drop();
  });

  it('creates a game with a battle deadline, pauses, resumes, records an absence and a deadline length; refuses bad input', async () => {
    const bad = await umpire(
      'game',
      'create',
      'vitp',
      '--side',
      'japanese=tojo@players.test',
      '--side',
      'allied=nimitz@players.test',
      '--deadline-battle',
      'soon',
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--deadline-battle: "soon" is not a length');
    const created = await umpire(
      'game',
      'create',
      'vitp',
      '--id',
      gameId,
      '--side',
      'japanese=tojo@players.test',
      '--side',
      'allied=nimitz@players.test',
      '--deadline-battle',
      '1d',
    );
    expect(created.code).toBe(0);
    expect((await s.games.load(gameId)).service.settings?.deadlines).toEqual({ battle: 1440 });

    const paused = await umpire('pause', gameId, 'club', 'holiday');
    expect(paused.code).toBe(0);
    expect(paused.stdout).toMatch(/^paused at t1\//);
    const again = await umpire('pause', gameId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('refused: PAUSE: the game is paused already');
    const resumed = await umpire('resume', gameId);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/^resumed: t1\/\S+ due \d{4}-/);

    const head = await s.events.head(gameId);
    const noSide = await umpire('absence', gameId, 'green', '2026-12-20', '2026-12-28');
    expect(noSide.code).toBe(1);
    expect(noSide.stderr).toContain('refused: ABSENCE green 2026-12-20 2026-12-28: there is no side "green"');
    const noKind = await umpire('deadline', gameId, 'naval', '2h');
    expect(noKind.code).toBe(1);
    expect(noKind.stderr).toContain('"naval" is no kind of step');
    expect(await s.events.head(gameId)).toEqual(head);

    const away = await umpire('absence', gameId, 'allied', '2030-01-01', '2030-01-07', 'at', 'sea');
    expect(away.code).toBe(0);
    expect(away.stdout).toContain('allied absent 2030-01-01T00:00:00.000Z to 2030-01-08T00:00:00.000Z');
    const length = await umpire('deadline', gameId, 'placement', '12h');
    expect(length.code).toBe(0);
    expect(length.stdout).toContain('placement steps: 720 minutes from now on');
    const log = await s.events.read(gameId);
    expect(await types()).toEqual(expect.arrayContaining(['GamePaused', 'GameResumed', 'AbsenceDeclared', 'DeadlineLengthSet']));
    expect(log.find((e) => e.type === 'GamePaused')!.payload).toMatchObject({ referee: 'cli', reason: 'club holiday' });
    expect(log.find((e) => e.type === 'AbsenceDeclared')!.payload).toMatchObject({ referee: 'cli', reason: 'at sea', side: 'allied' });
  }, 180_000);
});
