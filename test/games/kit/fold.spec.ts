import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { AnyRuleset } from '../../../src/engine/evolve';
import type { RulesEvent } from '../../../src/engine/ruleset';
import { playOneGame } from '../../../src/engine/selfplay';
import { rulesets } from '../../../src/games';
import { Fold } from '../../../src/games/kit';
import { hashCanonical } from '../../../src/shared/canonical';

/**
 * Issue 25, the kit: emit-and-fold, one helper both games use. The state a fold holds is the fold
 * of the events it emitted; VITP's and A&A Guadalcanal's adjudicate return that state, and it must
 * equal the game's evolve over the events adjudicate emitted, at every step of a self-played game.
 */
type Count = { n: number };
const count: (s: Count, e: RulesEvent) => Count = (s, e) => ({ n: s.n + (e.data as { by: number }).by });
const by = (n: number): RulesEvent => ({ type: 'add', data: { by: n } });

describe('issue 25 kit: emit-and-fold', () => {
  it('given a sink, then each event goes to it as emitted and is folded at once', () => {
    const sunk: RulesEvent[] = [];
    const tx = new Fold<Count>({ n: 0 }, count, (e) => sunk.push(e));
    tx.emit(by(2));
    expect(sunk).toEqual([by(2)]);
    expect(tx.s).toEqual({ n: 2 });
    tx.emit(by(3));
    expect(sunk).toEqual([by(2), by(3)]);
    expect(tx.events).toEqual([by(2), by(3)]);
    expect(tx.s).toEqual({ n: 5 });
    expect(tx.start).toEqual({ n: 0 });
  });

  it('given no sink, then the events are only kept; merged into a fold at the state it began from, they go on there unfolded twice', () => {
    const sunk: RulesEvent[] = [];
    let folds = 0;
    const counting = (s: Count, e: RulesEvent) => {
      folds++;
      return count(s, e);
    };
    const outer = new Fold<Count>({ n: 1 }, counting, (e) => sunk.push(e));
    outer.emit(by(1));
    const inner = new Fold<Count>(outer.s, counting);
    inner.emit(by(10));
    inner.emit(by(100));
    expect(sunk).toEqual([by(1)]);
    outer.merge(inner);
    expect(sunk).toEqual([by(1), by(10), by(100)]);
    expect(outer.s).toEqual({ n: 112 });
    expect(folds).toBe(3);
  });

  it('given a fold begun from another state, then merging it is refused', () => {
    const outer = new Fold<Count>({ n: 0 }, count);
    const stale = new Fold<Count>(outer.s, count);
    outer.emit(by(1));
    stale.emit(by(5));
    expect(() => outer.merge(stale)).toThrow('Fold.merge: the inner fold did not begin from this fold’s present state');
    expect(outer.s).toEqual({ n: 1 });
  });

  it.each(['vitp', 'aa-guadalcanal'])(
    'given %s self-played, then at every step adjudicate returns the fold of the events it emitted',
    (id) => {
      const ruleset = rulesets[id] as AnyRuleset;
      let steps = 0;
      const checked: AnyRuleset = {
        ...ruleset,
        adjudicate(state, step, orders, ctx) {
          const emitted: RulesEvent[] = [];
          const returned = ruleset.adjudicate(state, step, orders, {
            dice: ctx.dice,
            emit: (e) => {
              emitted.push(e);
              ctx.emit(e);
            },
          });
          expect(returned).toBeDefined();
          expect(hashCanonical(returned)).toBe(hashCanonical(emitted.reduce((s, e) => ruleset.evolve(s, e), state)));
          steps++;
          return returned;
        },
      };
      const played = playOneGame(checked, `fold:${id}`, { maxTurns: 2 });
      expect(played.events.length).toBeGreaterThan(0);
      expect(steps).toBeGreaterThan(20);
    },
  );

  it('given the game folders, then none folds its own events in a hand-made transaction (the kit’s Fold does)', () => {
    const root = resolve(__dirname, '../../..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        return statSync(full).isDirectory() ? files(full) : name.endsWith('.ts') ? [full] : [];
      });
    const games = join(root, 'src/games');
    const found = files(games)
      .filter((f) => !relative(games, f).startsWith('kit/'))
      .filter((f) => /this\.s = evolve\w*\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(found).toEqual([]);
  });
});
