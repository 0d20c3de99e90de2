/**
 * Issue 32, the Operations Phase: the stops the case runner cannot express (a rule not built met
 * in the middle of a move or at the end of the turn must stop play naming its rule). The rest of
 * the Operations Phase is in cases/solomons-campaign/operations.json.
 */
import { RuleNotImplementedError, type RulesEvent } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { SolState } from '../../../src/games/solomons-campaign';
import { Fold } from '../../../src/games/kit';
import { evolveSol } from '../../../src/games/solomons-campaign/rules/events';
import { moveTf } from '../../../src/games/solomons-campaign/rules/naval';
import { runOperations } from '../../../src/games/solomons-campaign/rules/operations';

const game = rulesets['solomons-campaign'];
const start = (): SolState => ({
  ...(game.setup({ gameId: 'G-ops', options: { scenario: 'short' }, box: game.box.defaultData }) as SolState),
  phase: 'ops',
  x: 1,
  phasing: 'us',
  first: 'japanese',
});
const withSub = (s: SolState): SolState => ({
  ...s,
  subs: { ...s.subs, boats: { 'SS-1': { id: 'SS-1', at: '0805', back: 2, since: 1, fatigued: false } } },
});
const ruleOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof RuleNotImplementedError ? (e.message.match(/rule (\S+) is not implemented/)?.[1] ?? null) : String(e);
  }
};

describe('Solomons Campaign Operations Phase stops (issue 32)', () => {
  it('given a Japanese submarine on a US TF`s way by day, when the TF moves, then it passes on (12.7: subs stop nothing) and the sub has a chance, known to Japan alone (36.4)', () => {
    const f = new Fold<SolState, RulesEvent>(withSub(start()), evolveSol);
    moveTf(f, 'us', 1, '0704', () => undefined);
    expect(f.s.forces.us.taskForces[1].at).toBe('0704');
    expect(f.events).toContainEqual(
      expect.objectContaining({ type: 'sol.sub-chance', data: { sub: 'SS-1', hex: '0805', tf: 1 }, visibleTo: ['japanese'] }),
    );
  });

  it('given Japanese and US ground units in 0806, when Japan orders ATTACK 0806, then the ground combat is fought (28.3), no rule is missing; SURFACE there (no naval contact) is skipped with a note (2A3, 11.2)', () => {
    const s = { ...start(), phasing: 'japanese' as const };
    const inHex = (side: 'japanese' | 'us') => s.forces[side].ground.filter((g) => g.at === '0806').length;
    expect([inHex('japanese'), inHex('us')].every((n) => n > 0)).toBe(true);
    const emitted: RulesEvent[] = [];
    const ctx = { dice: { d6: () => 1 }, emit: (e: RulesEvent) => emitted.push(e) };
    const attack = (combat: 'ground' | 'naval') => () =>
      runOperations(s, 't1/x01/japanese/ops', [{ kind: 'attack', combat, hex: '0806' }], true, ctx);
    expect(ruleOf(attack('ground'))).toBeNull();
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'sol.ground-attack' }));
    emitted.length = 0;
    expect(ruleOf(attack('naval'))).toBeNull();
    expect(emitted).toContainEqual(
      expect.objectContaining({ type: 'sol.ops-note', data: expect.objectContaining({ side: 'japanese', rule: '11.2' }) }),
    );
  });

  it('given the same submarine at night, when the TF moves, then it passes with no chance (36.4 is a daytime attack)', () => {
    const f = new Fold<SolState, RulesEvent>(withSub({ ...start(), x: 2 }), evolveSol);
    moveTf(f, 'us', 1, '0704', () => undefined);
    expect(f.s.forces.us.taskForces[1].at).toBe('0704');
    expect(f.s.subs.chances).toEqual([]);
  });

  it('given the second player`s phase of Execution Phase 28, when it ends, then the Logistics Phase follows (4.7, 3A)', () => {
    const s = { ...start(), x: 28 };
    const ctx = { dice: { d6: () => 1 } as never, emit: () => undefined };
    expect(runOperations(s, 't1/x28/us/ops', [{ kind: 'none' }], true, ctx).phase).toBe('logistics');
    expect(runOperations({ ...s, x: 27 }, 't1/x27/us/ops', [{ kind: 'none' }], true, ctx)).toMatchObject({ phase: 'ops', x: 28 });
  });
});
