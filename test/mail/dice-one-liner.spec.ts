import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveDie, dieDraw, makeSeedChain } from '../../src/engine/dice';
import { canonicalJson } from '../../src/shared/canonical';

/**
 * The `node -e` check a player is given for one die (the final report, text and HTML, and
 * docs/audit.md) is run as written, for dice of several sizes, against the umpire's own derivation.
 */

const root = join(__dirname, '..', '..');
const read = (...path: string[]) => readFileSync(join(root, ...path), 'utf8');
const unescapeHtml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const scripts: [string, string][] = [
  ['report.text.hbs', /node -e '([\s\S]*?)' SEED/.exec(read('templates', 'mail', 'report.text.hbs'))?.[1] ?? ''],
  ['report.html.hbs', unescapeHtml(/node -e '([\s\S]*?)' SEED/.exec(read('templates', 'mail', 'report.html.hbs'))?.[1] ?? '')],
  ['docs/audit.md', /node -e '([\s\S]*?)' \\\n\s+SEED GAME-ID/.exec(read('docs', 'audit.md'))?.[1] ?? ''],
];

const seed = makeSeedChain(createHash('sha256').update('one-liner').digest(), 3).seeds[2];
const at = { gameId: 'G-one', stepId: 't2/patrol', ordersHash: 'f'.repeat(64) };

/** The first die index whose attempt 0 is at or above the bound of its size (redrawn). */
function rejectedAt(sides: number): number {
  const { bytes, bound } = dieDraw(sides);
  for (let index = 0; ; index++) {
    const h = createHmac('sha256', Buffer.from(seed, 'hex'))
      .update(canonicalJson([at.gameId, at.stepId, index, at.ordersHash, 0]))
      .digest();
    if (h.readUIntBE(0, bytes) >= bound) return index;
  }
}

describe.each(scripts)('the die check of %s', (_where, script) => {
  it('is in the file', () => {
    expect(script).toContain('createHmac');
  });

  it.each([
    [6, undefined],
    [10, '10'],
    [1000, '1000'],
  ])('given a d%i (sides argument %s), then it prints the face the umpire derives, a redrawn value included', (sides, arg) => {
    for (const index of [0, 1, rejectedAt(sides)]) {
      const args = [seed, at.gameId, at.stepId, String(index), at.ordersHash, ...(arg ? [arg] : [])];
      const r = spawnSync(process.execPath, ['-e', script, ...args], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe(String(deriveDie(seed, { ...at, index }, sides)));
    }
  });
});
