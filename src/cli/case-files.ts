import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runCaseFiles, type CaseResult } from '../engine/cases';
import type { AnyRuleset } from '../engine/evolve';

/** Case files named by path; a directory stands for every *.json file in it (recursively). */
export function expandCasePaths(paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    if (!statSync(p).isDirectory()) return [p];
    return readdirSync(p).sort().flatMap((name) => {
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
