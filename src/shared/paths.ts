import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The project root (the folder holding package.json), whether running from src/ or dist/. */
export function projectRoot(from = __dirname): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'prisma'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the Umpire project root above ${from}`);
    dir = up;
  }
}
