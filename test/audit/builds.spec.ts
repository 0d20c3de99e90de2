import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { EngineEvent } from '../../src/engine/engine-events';
import {
  buildFileName,
  engineTypesUpTo,
  evaluateBuild,
  loadBuild,
  releasedBuildsDir,
  revisionOfFile,
  segmentsOf,
} from '../../src/audit/builds';
import { ENGINE_EVENT_TYPES, ENGINE_FEATURES, ENGINE_REVISION } from '../../src/engine/audit-build';
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
      // its first build: revision 1 for a version released before engine revisions, else the revision it was released at
      expect(b.file).toBe(buildFileName(version, b.engineRevision));
      expect(b.ruleset.engineVersion).toBe(version);
      expect(b.sha256).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it.each(Object.values(rulesets).map((r) => [r.engineVersion] as const))(
    'given rules %s, then builds/ holds its build of the current engine revision, whose engine knows every engine event type',
    (version) => {
      const file = buildFileName(version, ENGINE_REVISION);
      let text: string;
      try {
        text = readFileSync(join(releasedBuildsDir(), file), 'utf8');
      } catch {
        throw new Error(`no builds/${file}: run \`npm run release-rules\` and commit the file`);
      }
      const b = evaluateBuild(text, version, file);
      expect(b.engineRevision).toBe(ENGINE_REVISION);
      if (b.engineTypes.join() !== [...ENGINE_EVENT_TYPES, ...ENGINE_FEATURES].join())
        throw new Error(
          `builds/${file} knows other engine event types than the engine: a new one needs ENGINE_REVISION ${ENGINE_REVISION + 1} (src/engine/audit-build.ts), then \`npm run release-rules\``,
        );
    },
  );

  it('given a build file name, then it names its rules version and engine revision', () => {
    expect(buildFileName('vitp-5')).toBe('vitp-5.js');
    expect(buildFileName('vitp-5', 2)).toBe('vitp-5+e2.js');
    expect(buildFileName('fleet-duel/1', 3)).toBe('fleet-duel_1+e3.js');
    expect(revisionOfFile('fleet-duel/1', 'fleet-duel_1.js')).toBe(1);
    expect(revisionOfFile('fleet-duel/1', 'fleet-duel_1+e2.js')).toBe(2);
    expect(revisionOfFile('vitp-5', 'vitp-50.js')).toBeNull();
    expect(revisionOfFile('vitp-5', 'vitp-5+e1.js')).toBeNull();
    expect(revisionOfFile('vitp-5', 'vitp-5+e2.js.bak')).toBeNull();
  });

  it('given a log with a renewed seed chain, then its build is the lowest engine revision that knows it', () => {
    const plain = loadBuild('vitp-5', [], releasedBuildsDir(), ['GameCreated', 'StepResolved'])!;
    expect([plain.file, plain.engineRevision]).toEqual(['vitp-5.js', 1]);
    const renewed = loadBuild('vitp-5', [], releasedBuildsDir(), ['GameCreated', 'SeedChainRenewed'])!;
    expect([renewed.file, renewed.engineRevision]).toEqual([buildFileName('vitp-5', 2), 2]);
    // a game numbering its private dice apart (GameCreated.diceStreams) needs revision 3
    const streams = loadBuild('vitp-5', [], releasedBuildsDir(), ['GameCreated', 'dice-streams'])!;
    expect([streams.file, streams.engineRevision]).toEqual([buildFileName('vitp-5', 3), 3]);
    expect(ENGINE_REVISION).toBeGreaterThanOrEqual(3);
  });

  it.each([fleetDuel, coralSeaSolitaire].map((r) => [r.engineVersion, r] as const))(
    'given a game of %s played by the running code, then its released build finds every step as recorded',
    (_version, ruleset) => {
      let played: readonly EngineEvent[] = [];
      expect(selfplay(ruleset, { games: 1, seed: 'builds-spec', clock: () => 0 }, (_g, e) => (played = e)).errors).toEqual([]);
      const log = played.map((e, i) => ({ seq: i + 1, type: e.type, payload: e.data }));
      const b = loadBuild(ruleset.engineVersion, [], releasedBuildsDir(), engineTypesUpTo(log, null))!;
      expect(b.engineRevision).toBe(ENGINE_REVISION);
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
