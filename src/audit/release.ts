import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildFileName, sha256Hex } from './builds';

/**
 * Making a rules build (docs/audit.md "Rules builds"): the engine's audit API
 * (src/engine/audit-build.ts) and one game's ruleset bundled by esbuild into one CommonJS file
 * that needs Node alone. A released build is never rewritten: a rules version and an engine
 * revision name one build.
 */

/** The repository root: where src/ and builds/ are. */
const ROOT = resolve(__dirname, '..', '..');

export interface BuildOptions {
  /** the game's folder under src/games */
  readonly rulesetId: string;
  /** test only: rewrites a source file's text as it is bundled (an "older" build of a game) */
  readonly patch?: (path: string, text: string) => string;
}

/** The build's text: deterministic, the same source gives the same bytes. */
export async function bundleRules(opts: BuildOptions): Promise<string> {
  // esbuild ships with tsx (a dev dependency): building is a release step, never a run-time one
  const esbuild = require('esbuild') as typeof import('esbuild');
  const id = opts.rulesetId;
  const entry = [
    `import * as game from './src/games/${id}/index.ts';`,
    `export { BUILD_API, ENGINE_EVENT_TYPES, ENGINE_FEATURES, ENGINE_REVISION, checkSegment } from './src/engine/audit-build.ts';`,
    `export const ruleset = Object.values(game).find((v) => v && typeof v === 'object' && v.id === ${JSON.stringify(id)} && typeof v.engineVersion === 'string');`,
    `if (!ruleset) throw new Error('no ruleset ${id} in its folder');`,
  ].join('\n');
  const patch = opts.patch;
  const r = await esbuild.build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: `rules-build-${id}.ts`, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minifyWhitespace: true,
    minifySyntax: true,
    write: false,
    logLevel: 'silent',
    banner: {
      js: `// Umpire rules build of ${id}: the engine's audit API and the game's rules, for verifiers (docs/audit.md "Rules builds").`,
    },
    plugins: patch
      ? [
          {
            name: 'patch',
            setup(b) {
              b.onLoad({ filter: /\.ts$/ }, (args) => ({ contents: patch(args.path, readFileSync(args.path, 'utf8')), loader: 'ts' }));
            },
          },
        ]
      : [],
  });
  return r.outputFiles[0].text;
}

/** The rules version and engine revision a build's text holds, read by running it. */
export function keyOf(text: string): { readonly version: string; readonly engineRevision: number } {
  const module = { exports: {} as { ruleset?: { engineVersion?: string }; ENGINE_REVISION?: number } };
  new Function('module', 'exports', 'require', text)(module, module.exports, require);
  const v = module.exports.ruleset?.engineVersion;
  if (typeof v !== 'string') throw new Error('the build names no rules version');
  return { version: v, engineRevision: module.exports.ENGINE_REVISION ?? 1 };
}

export interface Released {
  readonly version: string;
  readonly engineRevision: number;
  readonly file: string;
  readonly sha256: string;
  /** 'new': written now; 'same': already released with these bytes; 'kept': released before with other bytes, left as it was */
  readonly status: 'new' | 'same' | 'kept';
}

/**
 * Writes the build of `rulesetId` into `dir` under the name of its rules version and engine
 * revision, unless that pair is released already (an older engine revision's file is left as it is).
 */
export async function releaseRules(opts: BuildOptions, dir: string): Promise<Released> {
  const text = await bundleRules(opts);
  const { version, engineRevision } = keyOf(text);
  const file = buildFileName(version, engineRevision);
  const path = join(dir, file);
  mkdirSync(dir, { recursive: true });
  if (existsSync(path)) {
    const old = readFileSync(path, 'utf8');
    return { version, engineRevision, file, sha256: sha256Hex(old), status: old === text ? 'same' : 'kept' };
  }
  writeFileSync(path, text);
  return { version, engineRevision, file, sha256: sha256Hex(text), status: 'new' };
}
