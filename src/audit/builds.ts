import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '../engine/audit-build';
import type { AnyRuleset } from '../engine/evolve';
import { auditAsset } from './asset';

/**
 * Released rules builds (docs/audit.md "Rules builds"): one file per game rules version and engine
 * revision, `builds/<version>.js` (engine revision 1) or `builds/<version>+e<revision>.js`, made by
 * `npm run release-rules` and kept in the repository, so a game stays auditable after the umpire
 * moves on to newer rules or a newer engine. A game is verified segment by segment: the steps from
 * GameCreated under the version it records, the steps after each RulesUpgraded under the version
 * that ruling names; each under the lowest engine revision of that version whose engine knows
 * every engine event type the segment folds (`loadBuild`).
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

/**
 * The file the build of a rules version and engine revision is kept in: "a-game-5" → a-game-5.js
 * (revision 1, as released before revisions were numbered), a-game-5+e2.js; "a-game/1" → a-game_1.js.
 * A version's name never holds "+" in a file name, so the revision suffix is unambiguous.
 */
export function buildFileName(version: string, engineRevision = 1): string {
  return `${version.replace(/[^A-Za-z0-9.-]/g, '_')}${engineRevision === 1 ? '' : `+e${engineRevision}`}.js`;
}

/** The engine revision a build file's name gives (a-game-5.js: 1, a-game-5+e2.js: 2), or null when it is no build of `version`. */
export function revisionOfFile(version: string, file: string): number | null {
  const base = buildFileName(version).slice(0, -3);
  if (file === `${base}.js`) return 1;
  const m = /^\+e([1-9]\d*)\.js$/.exec(file.startsWith(base) ? file.slice(base.length) : '');
  return m && Number(m[1]) > 1 ? Number(m[1]) : null;
}

/** The released builds of `version` in `dir`, lowest engine revision first. */
export function releasedRevisions(version: string, dir: string): { readonly file: string; readonly engineRevision: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) => ({ file, engineRevision: revisionOfFile(version, file) }))
    .filter((b): b is { file: string; engineRevision: number } => b.engineRevision !== null)
    .sort((a, b) => a.engineRevision - b.engineRevision);
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
  /** the engine revision the build was bundled with (api.ENGINE_REVISION; 1 for a build that names none) */
  readonly engineRevision: number;
  /** the released file's name and SHA-256; null for the running rules of a version never released */
  readonly file: string | null;
  readonly sha256: string | null;
  readonly ruleset: AnyRuleset;
  readonly checkSegment: typeof api.checkSegment;
  /** the engine event types the build's engine knows (a build made before a type existed ignores it) */
  readonly engineTypes: readonly string[];
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Builds evaluated so far, by their SHA-256 (a released build is never rewritten: its text is its identity). */
const evaluated = new Map<string, Record<string, unknown>>();

/**
 * Evaluates a build's text as a CommonJS module with Node's own require (a build needs node:crypto
 * alone), outside any module loader a test runner puts in between. `file`: its name, whose engine
 * revision must be the one it holds.
 */
export function evaluateBuild(text: string, version: string, file: string | null = null): LoadedBuild {
  const sha256 = sha256Hex(text);
  const b = evaluated.get(sha256) ?? moduleOf(text);
  evaluated.set(sha256, b);
  return checkedBuild(b, version, file, sha256);
}

function moduleOf(text: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', text)(module, module.exports, require);
  return module.exports;
}

function checkedBuild(exports: Record<string, unknown>, version: string, file: string | null, sha256: string): LoadedBuild {
  const b = exports as {
    BUILD_API?: number;
    ENGINE_REVISION?: number;
    ruleset?: AnyRuleset;
    checkSegment?: typeof api.checkSegment;
    ENGINE_EVENT_TYPES?: readonly string[];
    ENGINE_FEATURES?: readonly string[];
  };
  if (b.BUILD_API !== api.BUILD_API || !b.ruleset || typeof b.checkSegment !== 'function')
    throw new Error(`the build ${file ?? version} is not a rules build this umpire can run (API ${b.BUILD_API ?? 'none'})`);
  if (b.ruleset.engineVersion !== version)
    throw new Error(`the build ${file ?? version} holds rules ${b.ruleset.engineVersion}, not ${version}`);
  const engineRevision = b.ENGINE_REVISION ?? 1;
  const named = file === null ? null : revisionOfFile(version, file);
  if (named !== null && named !== engineRevision)
    throw new Error(`the build ${file} holds engine revision ${engineRevision}, its name says ${named}`);
  return {
    version,
    engineRevision,
    file,
    sha256,
    ruleset: b.ruleset,
    checkSegment: b.checkSegment,
    engineTypes: [...(b.ENGINE_EVENT_TYPES ?? api.ENGINE_EVENT_TYPES), ...(b.ENGINE_FEATURES ?? [])],
  };
}

/**
 * The build of `version` that checks a segment folding the engine event types `needs`: of the
 * released files in `dir`, the lowest engine revision whose engine knows them all (else the highest
 * released, which the caller finds short); with none released, the running rules when they are that
 * version; else null (nothing here can check those steps).
 */
export function loadBuild(
  version: string,
  running: readonly AnyRuleset[],
  dir: string = releasedBuildsDir(),
  needs: readonly string[] = [],
): LoadedBuild | null {
  let last: LoadedBuild | null = null;
  for (const { file } of releasedRevisions(version, dir)) {
    last = evaluateBuild(readFileSync(join(dir, file), 'utf8'), version, file);
    if (needs.every((t) => last!.engineTypes.includes(t))) return last;
  }
  if (last) return last;
  const now = running.find((r) => r.engineVersion === version);
  return now
    ? {
        version,
        engineRevision: api.ENGINE_REVISION,
        file: null,
        sha256: null,
        ruleset: now,
        checkSegment: api.checkSegment,
        engineTypes: [...api.ENGINE_EVENT_TYPES, ...api.ENGINE_FEATURES],
      }
    : null;
}

/**
 * The engine event types a segment ending at `toSeq` (null: the end) folds, and the engine features
 * the game needs (api.ENGINE_FEATURES: 'dice-streams' when GameCreated says diceStreams): what its build must know.
 */
export function engineTypesUpTo(
  log: readonly { readonly seq: number; readonly type: string; readonly payload?: unknown }[],
  toSeq: number | null,
): string[] {
  const types = new Set(log.filter((e) => toSeq === null || e.seq <= toSeq).map((e) => e.type));
  const streams = log[0]?.type === 'GameCreated' && (log[0].payload as { diceStreams?: boolean } | null)?.diceStreams === true;
  return [...api.ENGINE_EVENT_TYPES.filter((t) => types.has(t)), ...(streams ? ['dice-streams'] : [])];
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
export function auditBySegment(
  log: readonly api.LoggedEvent[],
  buildOf: (version: string, needs: readonly string[]) => LoadedBuild | null,
): StepsAudit {
  const segments = segmentsOf(log);
  const lines: string[] = [];
  if (!segments.length) return { ok: false, lines: ['BROKEN: event #1: the log does not start with GameCreated'] };
  for (const [i, seg] of segments.entries()) {
    const build = buildOf(seg.version, engineTypesUpTo(log, seg.toSeq));
    const range = `events #${seg.fromSeq}-${seg.toSeq === null ? `#${log.length} (the end)` : `#${seg.toSeq}`}`;
    if (!build)
      return {
        ok: false,
        lines: [
          ...lines,
          `cannot re-adjudicate ${range}: they were adjudicated under rules ${seg.version}, and no released build of that version is here (builds/${buildFileName(seg.version)}) nor does this umpire run it`,
        ],
      };
    // no released engine revision of that version knows an engine event the log holds (a renewed
    // seed chain, a board edit): its rules are checked by this umpire's engine instead, said so
    const unknown = engineTypesUpTo(log, seg.toSeq).filter((t) => !build.engineTypes.includes(t));
    const check = unknown.length ? api.checkSegment : build.checkSegment;
    const r = check(build.ruleset, log, { fromSeq: seg.fromSeq, toSeq: seg.toSeq, wholeLog: i === segments.length - 1 });
    if (unknown.length)
      lines.push(
        `note: ${range}: the build's engine predates ${unknown.join(', ')}: its rules run under this umpire's engine (engine revision ${api.ENGINE_REVISION}, ${api.ENGINE_EVENT_TYPES.length} engine event types)`,
      );
    lines.push(...r.lines);
    if (!r.ok)
      return {
        ok: false,
        lines: [
          ...lines.slice(0, -1),
          `${lines[lines.length - 1]} (segment ${range}, build ${buildName(build)}, engine revision ${build.engineRevision})`,
        ],
      };
    const revision = unknown.length ? `${api.ENGINE_REVISION}, this umpire's` : build.engineRevision;
    lines.push(
      `ok: ${range}: ${r.steps} steps re-adjudicated under ${buildName(build)} give the recorded results (engine revision ${revision})`,
    );
  }
  return { ok: true, lines };
}
