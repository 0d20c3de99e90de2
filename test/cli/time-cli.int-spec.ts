import type { Services } from '../../src/services/container';
import { type CliHarness, startCliHarness } from '../support/cli';

/**
 * The time commands from the built CLI against a real worker process, on a VITP game created by
 * `umpire game create` with a battle deadline of its own: pause, resume, absence, deadline, each
 * answered as the worker applied it through the same service as the mail commands; refusals exit
 * 1 and change nothing. (Needs `npx tsc -p tsconfig.build.json` first.)
 */
describe('the umpire CLI: pause, resume, absence, deadline', () => {
  let h: CliHarness;
  let s: Services;
  const gameId = 'G-clitime';
  const umpire = (...args: string[]) => h.umpire(...args);
  const types = async () => (await s.events.read(gameId)).map((e) => e.type);

  beforeAll(async () => {
    h = await startCliHarness('clitime');
    s = h.s;
  }, 60_000);

  afterAll(() => h.stop());

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
    // a game created without a referee address: the ruling names the operator at the terminal (issue 30: never "cli")
    const operator = expect.stringMatching(/^[^@\s]+@\S+ \(command line\)$/);
    expect(log.find((e) => e.type === 'GamePaused')!.payload).toMatchObject({ referee: operator, reason: 'club holiday' });
    expect(log.find((e) => e.type === 'AbsenceDeclared')!.payload).toMatchObject({ referee: operator, reason: 'at sea', side: 'allied' });
  }, 180_000);
});
