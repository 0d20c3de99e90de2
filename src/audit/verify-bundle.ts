import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnyRuleset } from '../engine/evolve';
import { auditAsset, type BuildRecord, type BundleEvent, bundleEvents, type BundleFiles, isRedacted, readBundle } from './bundle';
import { auditBySegment, evaluateBuild, type LoadedBuild, loadBuild } from './builds';

/** What `umpire verify --bundle` found: lines to print and the exit code. */
export interface BundleAudit {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/** What the bundle's reader was told the log holds: a head hash, or a report mail (verify.js checks either). */
export interface BundleExpectations {
  readonly head?: string;
  readonly mail?: string;
}

/**
 * The full audit from a bundle alone: first the standalone checks (chain, seeds, dice, and the head
 * or mail given), run with the umpire's own copy of verify.js (a bundle's copy could have been
 * altered along with its log), then, for a whole log (not a side's view), each segment of the game
 * under the rules build in force there: the umpire's released build of that version and the
 * lowest engine revision that knows the segment's events (`releasedDir`, else the rules it runs
 * when they are that version), else the bundle's own, said so. The bundle's build is compared
 * with the umpire's by SHA-256.
 */
export async function auditBundle(
  path: string,
  running: readonly AnyRuleset[],
  expect: BundleExpectations = {},
  releasedDir?: string,
): Promise<BundleAudit> {
  const files = await readBundle(path);
  const lines: string[] = [];
  const standalone = runStandalone(files, expect);
  lines.push(...standalone.lines);
  if (!standalone.ok) return { ok: false, lines };
  const build = JSON.parse(files['build.json']) as BuildRecord;
  const events = bundleEvents(files);
  if (events.some(isRedacted)) {
    lines.push(`re-adjudication skipped: this is ${build.view}'s view, ${events.filter(isRedacted).length} events are hidden from it`);
    return { ok: true, lines };
  }
  const bundled = new Map((build.builds ?? []).map((b) => [b.version, b]));
  const buildOf = (version: string, needs: readonly string[]): LoadedBuild | null => {
    const own = loadBuild(version, running, releasedDir, needs);
    const theirs = bundled.get(version);
    const text = theirs?.file ? files[`build-${theirs.file}`] : undefined;
    if (own) {
      if (own.file && theirs?.file && own.file !== theirs.file)
        lines.push(`note: the bundle ran ${version} with build-${theirs.file}: checked with this umpire's builds/${own.file}`);
      else if (own.sha256 && theirs?.sha256 && own.sha256 !== theirs.sha256)
        lines.push(
          `note: the bundle's build of ${version} (SHA-256 ${theirs.sha256.slice(0, 12)}...) is not this umpire's released one: checked with this umpire's`,
        );
      return own;
    }
    if (text === undefined) return null;
    lines.push(`note: this umpire has no build of ${version}: checked with the bundle's own (build-${theirs!.file})`);
    return evaluateBuild(text, version, theirs!.file);
  };
  const r = auditBySegment(events as Extract<BundleEvent, { payload: unknown }>[], buildOf);
  return { ok: r.ok, lines: [...lines, ...r.lines] };
}

/** Runs templates/audit/verify.js (this umpire's copy) on the bundle's files in a scratch directory: chain, seeds, dice, head. */
function runStandalone(files: BundleFiles, expect: BundleExpectations): { ok: boolean; lines: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-bundle-'));
  try {
    for (const name of ['events.jsonl', 'box.json', 'build.json']) writeFileSync(join(dir, name), files[name]);
    const args = [
      auditAsset('templates', 'audit', 'verify.js'),
      dir,
      '--chain-only',
      ...(expect.head ? ['--head', expect.head] : []),
      ...(expect.mail ? ['--mail', resolve(expect.mail)] : []),
    ];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const lines = `${r.stdout}${r.stderr}`.split('\n').filter(Boolean);
    return { ok: r.status === 0, lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The engine events not void: a RolledBack at seq r with firstVoidedSeq f voids the engine events
 * f..r-1 (docs/audit.md "Voided events"). `serviceTypes`: the umpire's own event types, never replayed.
 */
export function liveEngineEvents<E extends { seq: number; type: string; payload: unknown }>(
  events: readonly E[],
  serviceTypes: ReadonlySet<string>,
): E[] {
  const voids = events.filter((e) => e.type === 'RolledBack').map((e) => [(e.payload as { firstVoidedSeq: number }).firstVoidedSeq, e.seq]);
  const isService = (t: string) => serviceTypes.has(t) || t === 'RolledBack' || t === 'RulesUpgraded';
  return events.filter((e) => !isService(e.type) && !voids.some(([f, r]) => e.seq >= f && e.seq < r));
}
