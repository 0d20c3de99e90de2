import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFileName } from '../../src/audit/builds';
import type { BuildRecord } from '../../src/audit/bundle';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { auditBundle } from '../../src/audit/verify-bundle';
import { verifyStoredLog } from '../../src/audit/verify-log';
import { ENGINE_REVISION } from '../../src/engine/audit-build';
import { rulesets as registry } from '../../src/games';
import { fleetDuel } from '../../src/games/fleet-duel';
import type { Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import type { StoredEvent } from '../../src/store/event-store';
import { rechain } from '../support/bundle-audit';
import { applyCommand, DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

const REFEREE = 'ref@players.test';
const GAME = 'G-engrev';

/**
 * Issue 30, engine revisions (docs/audit.md "Engine revisions"): a Fleet Duel game on PostgreSQL
 * with a rollback past a revealed seed (SeedChainRenewed) and an ADJUST (BoardAdjusted), two engine
 * events newer than the released fleet-duel/1 build of engine revision 1. Its rules version is
 * unchanged (fleet-duel/1, so pinning stopped nothing); its bundle carries the build of fleet-duel/1
 * under engine revision 2, and the standalone verify.js, given the bundle alone, checks every
 * outcome (exit 0, nothing NOT CHECKED), naming the rules version and engine revision.
 */
describe('a game with a renewed seed chain and a board edit, verified from its bundle alone', () => {
  let h: ServiceHarness;
  let s: Services;
  let work: string;
  let log: StoredEvent[];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'engrev-'));
    h = await startServices('engrev', { DEADLINE_MINUTES: '600' });
    s = h.s;
    const apply = (key: string, kind: string, payload: unknown) => applyCommand(s, GAME, key, kind, payload);
    const orders = (side: string, text: string) =>
      apply(`${side}:${text}:${Math.random()}`, 'game.orders', { gameId: GAME, side, text, via: 'test' });
    /** Both sides order the same moves each turn (the retreat step: retreat) until `done`. */
    const playUntil = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 40 && !(await done()); i++) {
        const step = (await s.games.load(GAME)).state.step!;
        if (step.id.endsWith('/retreat')) await orders(step.owes[0], 'RETREAT');
        else {
          await orders('red', 'MOVE center');
          await orders('blue', 'MOVE center');
        }
      }
    };
    const seedRevealed = async () => (await s.events.read(GAME)).some((e) => e.type === 'SeedRevealed');

    expect(
      (await apply('create', 'game.create', { gameId: GAME, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE })).status,
    ).toBe('applied');
    // turn 1 played: its seed is revealed
    await playUntil(seedRevealed);
    expect(await seedRevealed()).toBe(true);
    // the referee rolls back to turn 1 (the seed chain is renewed), then edits the board
    const rolled = await apply('rollback', 'game.rollback', {
      gameId: GAME,
      target: { stepId: 't1/orders' },
      orders: 'resend',
      reason: 'blue’s orders went astray',
      referee: REFEREE,
    });
    expect(rolled.status).toBe('applied');
    const adjusted = await apply('adjust', 'game.adjust', {
      gameId: GAME,
      text: 'fleets.blue.ships = 1 BECAUSE blue counted a sunk ship',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(adjusted.status).toBe('applied');
    await playUntil(async () => (await s.games.load(GAME)).state.result !== null);
    log = await s.events.read(GAME);
  }, 120_000);

  afterAll(async () => {
    await stopServices(h);
    rmSync(work, { recursive: true, force: true });
  });

  it('given the log, then it holds both newer engine events, ends, and stays under rules fleet-duel/1', () => {
    expect(log.some((e) => e.type === 'SeedChainRenewed')).toBe(true);
    expect(log.some((e) => e.type === 'BoardAdjusted')).toBe(true);
    expect(log.some((e) => e.type === 'GameEnded')).toBe(true);
    expect((log[0].payload as { engineVersion: string }).engineVersion).toBe(fleetDuel.engineVersion);
    expect(log.some((e) => e.type === 'RulesUpgraded')).toBe(false);
  });

  it('given the database, then umpire verify checks it under fleet-duel/1 of engine revision 2, with no engine stand-in', async () => {
    expect((await s.events.verify(GAME)).ok).toBe(true);
    const r = verifyStoredLog(log, { running: Object.values(registry) });
    const text = r.lines.join('\n');
    expect(text).not.toMatch(/BROKEN|predates/);
    expect(text).toMatch(
      new RegExp(
        `ok: events #1-#${log.length} \\(the end\\): \\d+ steps re-adjudicated under fleet-duel/1 \\(builds/fleet-duel_1\\+e${ENGINE_REVISION}\\.js, SHA-256 [0-9a-f]{12}\\.\\.\\.\\) give the recorded results \\(engine revision ${ENGINE_REVISION}\\)`,
      ),
    );
    expect(r.ok).toBe(true);
  });

  it('given the bundle alone, then verify.js checks every outcome under the bundled build and exits 0', async () => {
    const file = join(work, 'engrev.tar.gz');
    const files = bundleFiles({ log, view: 'referee', serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' });
    const e2 = buildFileName(fleetDuel.engineVersion, ENGINE_REVISION);
    // the bundle carries the build of engine revision 2 alone, and build.json names both halves of its key
    expect(Object.keys(files).filter((f) => f.startsWith('build-'))).toEqual([`build-${e2}`]);
    const record = JSON.parse(files['build.json']) as BuildRecord;
    expect(record.builds).toEqual([
      expect.objectContaining({ version: 'fleet-duel/1', engineRevision: ENGINE_REVISION, file: e2, fromSeq: 1, toSeq: null }),
    ]);
    await writeBundle(files, GAME, file);
    expect(spawnSync('tar', ['xzf', file], { cwd: work }).status).toBe(0);
    const dir = join(work, `${GAME}-audit`);
    // Node and nothing else: no repository, no database, no environment
    const r = spawnSync(process.execPath, ['verify.js'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    const out = `${r.stdout}${r.stderr}`;
    expect(r.stderr).toBe('');
    expect(out).not.toContain('NOT CHECKED');
    expect(out).toMatch(/ruling: event #\d+ \(RolledBack\)/);
    expect(out).toMatch(
      /ruling: event #\d+ \(BoardAdjusted\): the board edited at t1\/orders \(1 values\); reason: blue counted a sunk ship/,
    );
    expect(out).toMatch(/every commitment of sealed, queued and standing orders, and every orders hash, checks/);
    expect(out).toMatch(
      new RegExp(
        `ok: events #1-#${log.length} \\(the end\\): [1-9]\\d* steps re-adjudicated under rules fleet-duel/1 \\(build-fleet-duel_1\\+e${ENGINE_REVISION}\\.js, SHA-256 [0-9a-f]{64}\\) give the recorded outcomes \\(engine revision ${ENGINE_REVISION}\\)`,
      ),
    );
    expect(r.status).toBe(0);

    // `umpire verify --bundle` agrees, with the same build
    const umpire = await auditBundle(file, Object.values(registry));
    expect(umpire.lines.join('\n')).not.toMatch(/BROKEN|FAIL|NOT CHECKED|predates|note:/);
    expect(umpire.ok).toBe(true);
  });

  it('given a re-hashed bundle whose board edit was changed, then verify.js re-applies the edit and refuses the outcomes', async () => {
    // (a build whose engine predates BoardAdjusted would skip the edit and could not tell)
    const forged = rechain(
      log.map((e) => {
        if (e.type !== 'BoardAdjusted') return e;
        const p = e.payload as { edits: readonly { value: unknown }[] };
        return { ...e, payload: { ...p, edits: p.edits.map((x) => ({ ...x, value: 3 })) } };
      }),
    );
    const file = join(work, 'forged.tar.gz');
    const files = bundleFiles({
      log: forged,
      view: 'referee',
      serviceTypes: SERVICE_EVENT_TYPES,
      umpireVersion: 'test',
      exportedAt: 'now',
    });
    await writeBundle(files, 'G-forged', file);
    const dir = join(work, 'forged');
    expect(spawnSync('mkdir', ['-p', dir]).status).toBe(0);
    expect(spawnSync('tar', ['xzf', file, '-C', dir]).status).toBe(0);
    const r = spawnSync(process.execPath, [join(dir, 'G-forged-audit', 'verify.js')], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/FAIL event #\d+: re-adjudication under fleet-duel\/1 differs/);
    expect(r.stderr).toContain(`engine revision ${ENGINE_REVISION})`);
    expect(r.status).toBe(1);
  });
});
