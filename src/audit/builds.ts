import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '../engine/audit-build';
import type { AnyRuleset } from '../engine/evolve';
import { auditAsset } from './asset';

/**
 * Released rules builds (docs/audit.md "Rules builds"): `builds/<version>.js`, one file per game and
 * rules version, made by `npm run release-rules` and kept in the repository, so a game stays
 * auditable after the umpire moves on to newer rules. A game is verified segment by segment: the
 * steps from GameCreated under the version it records, the steps after each RulesUpgraded under
 * the version that ruling names.
 */

/** Steps resolved at seq fromSeq..toSeq (null: the end) were adjudicated under `version`. */
export interface Segment {
  readonly version: string;
  readonly fromSeq: number;
  readonly toSeq: number | null;
}

export function segmentsOf(log: readonly { readonly seq: number; readonly type: string; readonly payload: unknown }[]): Segment[] {
  const created = log[0];
  if (created?.type !== 'GameCreated') return [];
  const out: { version: string; fromSeq: number; toSeq: number | null }[] = [
    { version: (created.payload as { engineVersion: string }).engineVersion, fromSeq: 1, toSeq: null },
  ];
  for (const e of log) {
    if (e.type !== 'RulesUpgraded') continue;
    out[out.length - 1].toSeq = e.seq - 1;
    out.push({ version: (e.payload as { to: string }).to, fromSeq: e.seq, toSeq: null });
  }
  return out;
}

/** The file a version's build is kept in: "a-game-5" → a-game-5.js, "a-game/1" → a-game_1.js. */
export function buildFileName(version: string): string {
  return `${version.replace(/[^A-Za-z0-9.-]/g, '_')}.js`;
}

/** The repository's builds/ directory (a checkout or an installed package). */
export function releasedBuildsDir(): string {
  try {
    return auditAsset('builds');
  } catch {
    return join(auditAsset('package.json'), '..', 'builds');
  }
}

/** A rules build ready to check steps: a released file, or the rules this umpire runs. */
export interface LoadedBuild {
  readonly version: string;
  /** the released file's name and SHA-256; null for the running rules of a version never released */
  readonly file: string | null;
  readonly sha256: string | null;
  readonly ruleset: AnyRuleset;
  readonly checkSegment: typeof api.checkSegment;
  /** the engine event types the build's engine knows (a build made before a type existed ignores it) */
  readonly engineTypes: readonly string[];
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Evaluates a build's text as a CommonJS module with Node's own require (a build needs node:crypto
 * alone), outside any module loader a test runner puts in between.
 */
export function evaluateBuild(text: string, version: string, file: string | null = null): LoadedBuild {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', text)(module, module.exports, require);
  const b = module.exports as {
    BUILD_API?: number;
    ruleset?: AnyRuleset;
    checkSegment?: typeof api.checkSegment;
    ENGINE_EVENT_TYPES?: readonly string[];
  };
  if (b.BUILD_API !== api.BUILD_API || !b.ruleset || typeof b.checkSegment !== 'function')
    throw new Error(`the build ${file ?? version} is not a rules build this umpire can run (API ${b.BUILD_API ?? 'none'})`);
  if (b.ruleset.engineVersion !== version)
    throw new Error(`the build ${file ?? version} holds rules ${b.ruleset.engineVersion}, not ${version}`);
  return {
    version,
    file,
    sha256: sha256Hex(text),
    ruleset: b.ruleset,
    checkSegment: b.checkSegment,
    engineTypes: b.ENGINE_EVENT_TYPES ?? api.ENGINE_EVENT_TYPES,
  };
}

/**
 * The build of `version`: the released file in `dir` when there is one, else the running rules when
 * they are that version, else null (nothing here can check those steps).
 */
export function loadBuild(version: string, running: readonly AnyRuleset[], dir: string = releasedBuildsDir()): LoadedBuild | null {
  const file = buildFileName(version);
  const path = join(dir, file);
  if (existsSync(path)) return evaluateBuild(readFileSync(path, 'utf8'), version, file);
  const now = running.find((r) => r.engineVersion === version);
  return now
    ? { version, file: null, sha256: null, ruleset: now, checkSegment: api.checkSegment, engineTypes: api.ENGINE_EVENT_TYPES }
    : null;
}

/** "a-game-5 (builds/a-game-5.js, SHA-256 1a2b3c4d5e6f...)", or "(the rules this umpire runs, not released)" after the version. */
export function buildName(b: LoadedBuild): string {
  return b.file
    ? `${b.version} (builds/${b.file}, SHA-256 ${b.sha256!.slice(0, 12)}...)`
    : `${b.version} (the rules this umpire runs, not released)`;
}

/** What `umpire verify` found after the hash chain: lines to print and whether all is well. */
export interface StepsAudit {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/**
 * Verifies a whole log segment by segment, each under its own build (`buildOf`): the machine
 * players' orders and the steps of each segment, and once, under the last build, the checks of the
 * log alone (seeds, commitments, orders hashes, dice).
 */
export function auditBySegment(log: readonly api.LoggedEvent[], buildOf: (version: string) => LoadedBuild | null): StepsAudit {
  const segments = segmentsOf(log);
  const lines: string[] = [];
  if (!segments.length) return { ok: false, lines: ['BROKEN: event #1: the log does not start with GameCreated'] };
  for (const [i, seg] of segments.entries()) {
    const build = buildOf(seg.version);
    const range = `events #${seg.fromSeq}-${seg.toSeq === null ? `#${log.length} (the end)` : `#${seg.toSeq}`}`;
    if (!build)
      return {
        ok: false,
        lines: [
          ...lines,
          `cannot re-adjudicate ${range}: they were adjudicated under rules ${seg.version}, and no released build of that version is here (builds/${buildFileName(seg.version)}) nor does this umpire run it`,
        ],
      };
    // a build made before an engine event the log holds (a renewed seed chain, a board edit) would
    // skip it: its rules are checked by this umpire's engine instead, and the line says so
    const upTo = log.filter((e) => seg.toSeq === null || e.seq <= seg.toSeq);
    const unknown = newerEngineTypes(upTo, build.engineTypes);
    const check = unknown.length ? api.checkSegment : build.checkSegment;
    const r = check(build.ruleset, log, { fromSeq: seg.fromSeq, toSeq: seg.toSeq, wholeLog: i === segments.length - 1 });
    if (unknown.length)
      lines.push(
        `note: ${range}: the build's engine predates ${unknown.join(', ')}: its rules run under this umpire's engine (${api.ENGINE_EVENT_TYPES.length} engine event types)`,
      );
    lines.push(...r.lines);
    if (!r.ok)
      return { ok: false, lines: [...lines.slice(0, -1), `${lines[lines.length - 1]} (segment ${range}, build ${buildName(build)})`] };
    lines.push(`ok: ${range}: ${r.steps} steps re-adjudicated under ${buildName(build)} give the recorded results`);
  }
  return { ok: true, lines };
}

/** The engine event types in `log` that a build knowing only `known` would take for the umpire's own. */
export function newerEngineTypes(log: readonly { readonly type: string }[], known: readonly string[]): string[] {
  const types = new Set(log.map((e) => e.type));
  return api.ENGINE_EVENT_TYPES.filter((t) => types.has(t) && !known.includes(t));
}
