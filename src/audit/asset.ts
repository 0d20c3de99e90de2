import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** templates/audit/verify.js, docs/audit.md, builds/, from a checkout or an installed package (src/ or dist/src/). */
export function auditAsset(...path: string[]): string {
  for (const up of ['../..', '../../..']) {
    const file = resolve(__dirname, up, ...path);
    if (existsSync(file)) return file;
  }
  throw new Error(`${path.join('/')} not found above ${__dirname}`);
}
