import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { didYouMean, nearestName } from '../../../src/games/kit';
import { rulesets } from '../../../src/games';

/**
 * Issue 25, the kit: nearest-name matching for "did you mean ...?", one helper both games use. The
 * hints each game gave before the kit had it are pinned here (VITP's in test/games/vitp/orders.spec.ts
 * and cases/vitp/orders.json, A&A's zone hint in cases/aa-guadalcanal/movement.json).
 */
describe('issue 25 kit: nearest-name matching', () => {
  it('given a misspelling, then the name fewest edits away, in its own spelling, compared case-blind', () => {
    expect(nearestName('yamatto', ['Nagato', 'Yamato', 'Mutsu'])).toBe('Yamato');
    expect(didYouMean('GUADALCANALL', ['Tulagi', 'Guadalcanal'])).toBe('did you mean Guadalcanal?');
  });

  it('given two names as near, then the first in the list given, every time', () => {
    expect(nearestName('cat', ['bat', 'hat'])).toBe('bat');
    expect(nearestName('cat', ['hat', 'bat'])).toBe('hat');
  });

  it('given nothing near, then null: by default a third of the word, at least two edits; or the reach given', () => {
    expect(nearestName('xyzzy', ['Yamato', 'Nagato'])).toBeNull();
    expect(nearestName('abcdefghi', ['abcdefxyz'])).toBe('abcdefxyz'); // 3 edits, 9 letters: within a third
    expect(nearestName('abcdefghi', ['abcdefxyz'], { within: 2 })).toBeNull();
    expect(nearestName('ab', ['abcd'], { within: (w) => w.length })).toBe('abcd');
    expect(nearestName('anything', [])).toBeNull();
    expect(didYouMean('xyzzy', ['Yamato'])).toBeNull();
  });

  it('given items with names and a spelling rule, then items are matched by their normalized names and the item comes back', () => {
    const units = [
      { id: 'u1', name: 'Prince of Wales' },
      { id: 'u2', name: 'U.S. 7th Fleet' },
    ];
    const norm = (t: string) =>
      t
        .toLowerCase()
        .replace(/u\.s\./g, 'us')
        .replace(/[.-]+/g, ' ');
    expect(nearestName('us 7th fleat', units, { nameOf: (u) => u.name, normalize: norm })).toBe(units[1]);
    expect(didYouMean('prince-of-wale', units, { nameOf: (u) => u.name, normalize: norm })).toBe('did you mean Prince of Wales?');
  });

  describe('A&A Guadalcanal hints, as before the kit', () => {
    const g = rulesets['aa-guadalcanal'];
    const s = g.setup({ gameId: 'names', options: Object.fromEntries(g.options.map((o) => [o.id, o.default])), box: g.box.defaultData });
    const step = g.currentStep(s)!;
    const hintOf = (text: string) => {
      const r = g.parseOrders(s, step.owes[0], text, step);
      return r.ok ? null : { problem: r.errors[0].problem, hint: r.errors[0].hint };
    };

    it.each([
      ['MOVE TR29 TO Guadalcanall', '"Guadalcanall" is no zone', 'did you mean Guadalcanal?'],
      ['BUY 2 INFF', '"INFF" is no unit type', 'did you mean INF?'],
      ['BUY 2 XYZQW', '"XYZQW" is no unit type', 'types: INF, ART, AA, TR, SS, DD, CA, CV, BB, BMR, FTR, SUP'],
      ['USE BANZAI-CHARGES AT Guadalcanal', '"BANZAI-CHARGES" is no advantage', 'did you mean banzai-charge?'],
    ])('given %s, then %s with the hint %s', (text, problem, hint) => {
      expect(hintOf(text)).toEqual({ problem, hint });
    });

    it('given a misspelt order word, then the word nearest, then the syntax; given none near, the syntax alone', () => {
      const near = hintOf('MOOVE TR29 TO Tulagi');
      expect(near?.problem).toBe('"MOOVE" is no order');
      expect(near?.hint).toMatch(/^did you mean MOVE\? MOVE <unit> TO <sea zone>/);
      expect(hintOf('ZZZZZ TR29')?.hint).toMatch(/^MOVE <unit> TO <sea zone>/);
    });

    it('given a zone three edits away, then no guess (ids are short: two edits at most) but the list of zones', () => {
      expect(hintOf('MOVE TR29 TO Guadalcanxyz')?.hint).toMatch(/^zones: A, B, C/);
    });
  });
});

describe('issue 25 kit: one matcher', () => {
  it('given the game folders, then none writes its own "did you mean" or edit distance (the kit’s didYouMean does)', () => {
    const root = resolve(__dirname, '../../..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        return statSync(full).isDirectory() ? files(full) : name.endsWith('.ts') ? [full] : [];
      });
    const games = join(root, 'src/games');
    const found = files(games)
      .filter((f) => !relative(games, f).startsWith('kit/'))
      .filter((f) => /did you mean \$\{|fastest-levenshtein|function editDistance/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(found).toEqual([]);
  });
});
