import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFileName, evaluateBuild, releasedBuildsDir } from '../../src/audit/builds';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { releaseRules } from '../../src/audit/release';
import { auditBundle } from '../../src/audit/verify-bundle';
import { verifyStoredLog } from '../../src/audit/verify-log';
import { checkSegment, ENGINE_REVISION } from '../../src/engine/audit-build';
import type { AnyRuleset } from '../../src/engine/evolve';
import { rulesets } from '../../src/games';
import { fleetDuel } from '../../src/games/fleet-duel';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import type { Services } from '../../src/services/container';
import type { StoredEvent } from '../../src/store/event-store';
import { applyCommand, DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REFEREE = 'ref@players.test';
const GAME = 'G-upgrade';

/**
 * A game stays auditable across a rules upgrade and a redeployment (issue 30). An older release of
 * Fleet Duel, "fleet-duel/0" (its build made here from the source with one rules event worded
 * differently, as a real earlier release would differ), runs the game's first steps on PostgreSQL;
 * the umpire is redeployed with the current rules alone (fleet-duel/1), the referee UPGRADEs the
 * game, and it plays to its end. Neither build alone gives the whole log; verified from the
 * database and from the bundle, each segment is re-adjudicated under its own released build.
 */
describe('a game upgraded mid-game', () => {
  let h: ServiceHarness;
  let s: Services;
  let work: string;
  /** the repository's builds/ at the redeployment: the old release and the current one */
  let released: string;
  let log: StoredEvent[];
  let upgradedAt: number;
  let before: number;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'upgrade-builds-'));
    released = join(work, 'builds');
    mkdirSync(released);
    const old = await releaseRules(
      {
        rulesetId: 'fleet-duel',
        patch: (path, text) =>
          path.endsWith(join('fleet-duel', 'index.ts'))
            ? text.replace("engineVersion: 'fleet-duel/1'", "engineVersion: 'fleet-duel/0'")
            : path.endsWith(join('fleet-duel', 'rules.ts'))
              ? text.replace(
                  'data: { phase, turn, retreatDecision } }',
                  "data: { phase, turn, retreatDecision, release: 'fleet-duel/0' } }",
                )
              : text,
      },
      released,
    );
    expect(old).toMatchObject({ version: 'fleet-duel/0', file: 'fleet-duel_0+e3.js', status: 'new' });
    copyFileSync(
      join(releasedBuildsDir(), buildFileName('fleet-duel/1', ENGINE_REVISION)),
      join(released, buildFileName('fleet-duel/1', ENGINE_REVISION)),
    );

    h = await startServices('upgrade-builds', { REDIS_URL: REDIS, DEADLINE_MINUTES: '600' });
    s = h.s;
    const apply = (key: string, kind: string, payload: unknown) => applyCommand(s, GAME, key, kind, payload);
    const steps = async () => (await s.events.read(GAME)).filter((e) => e.type === 'StepResolved').length;

    // deployed: the old release
    rulesets[fleetDuel.id] = evaluateBuild(readFileSync(join(released, old.file), 'utf8'), 'fleet-duel/0', old.file)
      .ruleset as typeof fleetDuel;
    expect((await apply('c', 'game.create', { gameId: GAME, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE })).status).toBe(
      'applied',
    );
    await apply('o1', 'game.orders', { gameId: GAME, side: 'red', text: 'MOVE center', via: 'test' });
    await apply('o2', 'game.orders', { gameId: GAME, side: 'blue', text: 'MOVE center', via: 'test' });
    for (let k = 0; (await steps()) < 3; k++) await apply(`f-old-${k}`, 'game.force', { gameId: GAME, replyTo: REFEREE });

    // redeployed: the current rules alone; the game waits for the referee, who upgrades it
    rulesets[fleetDuel.id] = fleetDuel;
    expect((await apply('f-refused', 'game.force', { gameId: GAME, replyTo: REFEREE })).status).not.toBe('applied');
    expect((await apply('u', 'game.upgrade', { gameId: GAME, reason: 'errata', referee: REFEREE, replyTo: REFEREE })).status).toBe(
      'applied',
    );
    for (let k = 0; k < 40; k++) {
      if ((await s.events.read(GAME)).some((e) => e.type === 'GameEnded')) break;
      await apply(`f-new-${k}`, 'game.force', { gameId: GAME, replyTo: REFEREE });
    }
    log = await s.events.read(GAME);
    upgradedAt = log.find((e) => e.type === 'RulesUpgraded')!.seq;
    // a force may resolve more than one step (under a loaded full run it has: 4), so the count is read, not assumed
    before = log.filter((e) => e.type === 'StepResolved' && e.seq < upgradedAt).length;
  }, 120_000);

  afterAll(async () => {
    rulesets[fleetDuel.id] = fleetDuel;
    await stopServices(h);
    rmSync(work, { recursive: true, force: true });
  });

  it('given the log, then steps were resolved under each build and neither build alone gives the whole log', () => {
    expect(log.some((e) => e.type === 'GameEnded')).toBe(true);
    const resolved = log.filter((e) => e.type === 'StepResolved');
    expect(before).toBeGreaterThanOrEqual(3);
    expect(resolved.filter((e) => e.seq > upgradedAt).length).toBeGreaterThan(0);
    const alone = (ruleset: AnyRuleset) => checkSegment(ruleset, log, { fromSeq: 1, toSeq: null, wholeLog: true });
    expect(alone(fleetDuel).lines.join('\n')).toMatch(/BROKEN: event #\d+: re-adjudication under fleet-duel\/1 differs/);
    const old = evaluateBuild(readFileSync(join(released, 'fleet-duel_0+e3.js'), 'utf8'), 'fleet-duel/0').ruleset;
    expect(alone(old).ok).toBe(false);
  });

  it('given the database, then umpire verify re-adjudicates each segment under its own released build and names it', async () => {
    expect((await s.events.verify(GAME)).ok).toBe(true);
    const r = verifyStoredLog(log, { running: [fleetDuel], releasedDir: released });
    const text = r.lines.join('\n');
    expect(text).toMatch(
      new RegExp(
        `ok: events #1-#${upgradedAt - 1}: ${before} steps re-adjudicated under fleet-duel/0 \\(builds/fleet-duel_0\\+e3\\.js, SHA-256 [0-9a-f]{12}\\.\\.\\.\\)`,
      ),
    );
    expect(text).toMatch(
      new RegExp(
        `ok: events #${upgradedAt}-#${log.length} \\(the end\\): \\d+ steps re-adjudicated under fleet-duel/1 \\(builds/fleet-duel_1\\+e3\\.js`,
      ),
    );
    expect(r.ok).toBe(true);
    // without the old release, the umpire says what it cannot check rather than calling it tampering
    const empty = mkdtempSync(join(work, 'none-'));
    const without = verifyStoredLog(log, { running: [fleetDuel], releasedDir: empty });
    expect(without.ok).toBe(false);
    expect(without.lines.join('\n')).toContain(
      `cannot re-adjudicate events #1-#${upgradedAt - 1}: they were adjudicated under rules fleet-duel/0, and no released build of that version is here`,
    );
  });

  it('given the umpire CLI, then verify checks the head it is given and says which build it lacks', () => {
    const cli = (...args: string[]) => {
      const r = spawnSync(process.execPath, ['bin/umpire.js', 'verify', GAME, ...args], {
        env: { ...process.env, DATABASE_URL: h.t.url, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      return { status: r.status, out: `${r.stdout}${r.stderr}` };
    };
    const wrong = cli('--head', 'ab'.repeat(32));
    expect(wrong.status).toBe(1);
    expect(wrong.out).toContain(`BROKEN: game ${GAME}, the log ends at event #${log.length}`);
    // this checkout's builds/ has no fleet-duel/0 (it was made in this test only): said so, not called tampering
    const right = cli('--head', log[log.length - 1].hash);
    expect(right.out).toContain('ok: the log ends at the head you gave');
    expect(right.out).toContain(`cannot re-adjudicate events #1-#${upgradedAt - 1}: they were adjudicated under rules fleet-duel/0`);
    expect(right.out).not.toContain('BROKEN');
    expect(right.status).toBe(1);
  });

  it('given the bundle alone, then verify.js and umpire verify --bundle check each segment under the build it carries', async () => {
    const file = join(work, 'upgrade.tar.gz');
    const files = bundleFiles({
      log,
      view: 'referee',
      serviceTypes: SERVICE_EVENT_TYPES,
      umpireVersion: 'test',
      exportedAt: 'now',
      buildsDir: released,
    });
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['build-fleet-duel_0+e3.js', 'build-fleet-duel_1+e3.js']));
    await writeBundle(files, GAME, file);
    expect(spawnSync('tar', ['xzf', file], { cwd: work }).status).toBe(0);
    const r = spawnSync(process.execPath, ['verify.js'], {
      cwd: join(work, `${GAME}-audit`),
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    const out = `${r.stdout}${r.stderr}`;
    expect(out).toContain(
      `ok: events #1-#${upgradedAt - 1}: ${before} steps re-adjudicated under rules fleet-duel/0 (build-fleet-duel_0+e3.js`,
    );
    expect(out).toMatch(
      new RegExp(
        `ok: events #${upgradedAt}-#${log.length} \\(the end\\): \\d+ steps re-adjudicated under rules fleet-duel/1 \\(build-fleet-duel_1\\+e3\\.js`,
      ),
    );
    expect(r.status).toBe(0);

    // umpire verify --bundle on an umpire that no longer has the old release: the bundle's own build, said so
    const u = await auditBundle(file, [fleetDuel], {}, mkdtempSync(join(work, 'none-')));
    const text = u.lines.join('\n');
    expect(text).toContain("note: this umpire has no build of fleet-duel/0: checked with the bundle's own (build-fleet-duel_0+e3.js)");
    expect(text).toMatch(
      new RegExp(`ok: events #1-#\\d+: ${before} steps re-adjudicated under fleet-duel/0 \\(builds/fleet-duel_0\\+e3\\.js`),
    );
    expect(u.ok).toBe(true);
  });
});
