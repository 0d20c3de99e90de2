import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveDie, dieDraw, makeSeedChain } from '../../src/engine/dice';
import { MailRenderer, type ReportData } from '../../src/mail/render';
import { canonicalJson } from '../../src/shared/canonical';

/**
 * The final report lists each die with what recomputes it, its size for a die other than a d6, and
 * a `node -e` check; that check (as the rendered report gives it, text and HTML, and as
 * docs/audit.md gives it) is run as written, for dice of several sizes, against the umpire's own
 * derivation.
 */

const report: ReportData = {
  gameId: 'G-one',
  gameName: 'Fleet Duel',
  side: 'red',
  turn: 2,
  replyAddress: 'umpire+G-one.red.0123@umpire.test',
  knowledge: [],
  narrative: [],
  dice: {
    anchor: 'a'.repeat(64),
    revealedSeeds: [],
    gameId: 'G-one',
    steps: [
      {
        stepId: 't2/patrol',
        turn: 2,
        ordersHash: 'f'.repeat(64),
        dice: [
          { index: 0, face: 7, sides: 10, purpose: 'weather', rule: '6.1' },
          { index: 1, face: 4, purpose: 'submarine search, red', rule: '4.1' },
        ],
      },
    ],
    over: true,
  },
  latestEventHash: 'e'.repeat(64),
  latestEventSeq: 42,
  next: null,
};
const rendered = new MailRenderer().render('report', report);
const unescapeHtml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const scripts: [string, string][] = [
  ['the report (text)', /node -e '([\s\S]*?)' SEED/.exec(rendered.text)?.[1] ?? ''],
  ['the report (HTML)', unescapeHtml(/node -e '([\s\S]*?)' SEED/.exec(rendered.html)?.[1] ?? '')],
  [
    'docs/audit.md',
    /node -e '([\s\S]*?)' \\\n\s+SEED GAME-ID/.exec(readFileSync(join(__dirname, '..', '..', 'docs', 'audit.md'), 'utf8'))?.[1] ?? '',
  ],
];

describe('the dice of a report', () => {
  it('given a d10 and a d6, then the d10 is marked with its size and the d6 as ever', () => {
    expect(rendered.text).toContain('die 0 = 7 (d10): weather (6.1)');
    expect(rendered.text).toContain('die 1 = 4: submarine search, red (4.1)');
    expect(rendered.html).toContain('die 0 = 7 (d10)</td>');
    expect(rendered.html).toContain('die 1 = 4</td>');
    for (const part of [rendered.text, rendered.html]) {
      expect(part).toContain('put n after the orders hash');
      // one name a value: "commitment" is the sealed orders' (acknowledgments), never the orders hash dice are keyed on
      expect(part).not.toMatch(/commitment/i);
      expect(part).toMatch(/Latest event hash \(event #42\)/);
    }
  });
});

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
