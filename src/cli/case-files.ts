import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runCaseFiles, type CaseResult } from '../engine/cases';
import type { AnyRuleset } from '../engine/evolve';
import { UsageError, fileProblem } from './usage';

/** Case files named by path; a directory stands for every *.json file in it (recursively). A path that is not there is a UsageError naming it. */
export function expandCasePaths(paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch (e) {
      throw new UsageError(`case path ${p}: ${fileProblem(e)}`);
    }
    if (!isDir) return [p];
    return readdirSync(p)
      .sort()
      .flatMap((name) => {
        const full = join(p, name);
        return statSync(full).isDirectory() || name.endsWith('.json') ? expandCasePaths([full]) : [];
      });
  });
}

/** The generic case runner over files on disk (the pure runner is src/engine/cases.ts). */
export function runCases(paths: readonly string[], registry: Readonly<Record<string, AnyRuleset>>): CaseResult[] {
  const files = expandCasePaths(paths).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  return runCaseFiles(files, registry);
}
