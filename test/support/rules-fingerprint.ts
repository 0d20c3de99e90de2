import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Files of a ruleset's source that do not change adjudication by definition: its fingerprint file and prose. */
const OUTSIDE = (path: string): boolean => path === 'rules-version.json' || path.endsWith('.md');

/**
 * The content hash of a ruleset's source directory and the shared directories it imports (the game
 * kit): SHA-256 over `path\nsha256(content)\n` of every file under them (paths relative to `dir`,
 * so `../kit/hex.ts`, sorted, `/` separators), the fingerprint file and Markdown left out.
 */
export function rulesSourceHash(dir: string, shared: readonly string[] = []): string {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(relative(dir, full).split(sep).join('/'));
    }
  };
  for (const d of [dir, ...shared]) walk(d);
  const outer = createHash('sha256');
  for (const path of files.filter((p) => !OUTSIDE(p)).sort()) {
    const inner = createHash('sha256')
      .update(readFileSync(join(dir, path)))
      .digest('hex');
    outer.update(`${path}\n${inner}\n`);
  }
  return outer.digest('hex');
}
