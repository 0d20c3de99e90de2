import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { EngineEvent } from '../../src/engine/engine-events';
import { buildFileName, loadBuild, releasedBuildsDir, segmentsOf } from '../../src/audit/builds';
import { selfplay } from '../../src/engine/selfplay';
import { rulesets } from '../../src/games';
import { coralSeaSolitaire } from '../../src/games/coral-sea-solitaire';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * Released rules builds (docs/audit.md "Rules builds"): every game's current rules version has its
 * build in builds/ (`npm run release-rules`), and a released build checks a game played by the
 * code it was made from, and each golden game (test/fixtures/golden) of its version. A rules version
 * bumped without a release, or an engine change that makes the released build disagree with the
 * running code under the same version, fails here.
 */
const GOLDEN = join(__dirname, '..', 'fixtures', 'golden');

describe('released rules builds', () => {
  it.each(Object.values(rulesets).map((r) => [r.engineVersion, r] as const))(
    'given rules %s, then builds/ holds its build, which names that version',
    (version) => {
      const b = loadBuild(version, [], releasedBuildsDir());
      if (!b) throw new Error(`no builds/${buildFileName(version)}: run \`npm run release-rules\` and commit the file`);
      expect(b.file).toBe(buildFileName(version));
      expect(b.ruleset.engineVersion).toBe(version);
      expect(b.sha256).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it.each([fleetDuel, coralSeaSolitaire].map((r) => [r.engineVersion, r] as const))(
    'given a game of %s played by the running code, then its released build finds every step as recorded',
    (_version, ruleset) => {
      let played: readonly EngineEvent[] = [];
      expect(selfplay(ruleset, { games: 1, seed: 'builds-spec', clock: () => 0 }, (_g, e) => (played = e)).errors).toEqual([]);
      const log = played.map((e, i) => ({ seq: i + 1, type: e.type, payload: e.data }));
      const b = loadBuild(ruleset.engineVersion, [], releasedBuildsDir())!;
      const r = b.checkSegment(b.ruleset, log, { fromSeq: 1, toSeq: null, wholeLog: true });
      expect(r.lines.join('\n')).not.toContain('BROKEN');
      expect(r.ok).toBe(true);
      expect(r.steps).toBe(log.filter((e) => e.type === 'StepResolved').length);
    },
  );

  it.each(readdirSync(GOLDEN).filter((f) => f.endsWith('.jsonl.gz')))(
    'given the golden game %s, then the released build of its version finds every step as recorded',
    (name) => {
      const events = gunzipSync(readFileSync(join(GOLDEN, name)))
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as EngineEvent);
      const log = events.map((e, i) => ({ seq: i + 1, type: e.type, payload: e.data }));
      const version = (events[0].data as { engineVersion: string }).engineVersion;
      const b = loadBuild(version, [], releasedBuildsDir());
      if (!b) throw new Error(`no released build of ${version}: run \`npm run release-rules\``);
      const r = b.checkSegment(b.ruleset, log, { fromSeq: 1, toSeq: null, wholeLog: true });
      expect(r.lines.join('\n')).not.toContain('BROKEN');
      expect(r.steps).toBe(log.filter((e) => e.type === 'StepResolved').length);
    },
  );

  it('given a log with two upgrades, then its segments run from GameCreated and from each RulesUpgraded', () => {
    const log = [
      { seq: 1, type: 'GameCreated', payload: { engineVersion: 'x/1' } },
      { seq: 2, type: 'StepResolved', payload: {} },
      { seq: 3, type: 'RulesUpgraded', payload: { from: 'x/1', to: 'x/2' } },
      { seq: 4, type: 'StepResolved', payload: {} },
      { seq: 5, type: 'RulesUpgraded', payload: { from: 'x/2', to: 'x/3' } },
    ];
    expect(segmentsOf(log)).toEqual([
      { version: 'x/1', fromSeq: 1, toSeq: 2 },
      { version: 'x/2', fromSeq: 3, toSeq: 4 },
      { version: 'x/3', fromSeq: 5, toSeq: null },
    ]);
  });
});
