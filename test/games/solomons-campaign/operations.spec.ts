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
const ruleOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof RuleNotImplementedError ? (e.message.match(/rule (\S+) is not implemented/)?.[1] ?? null) : String(e);
  }
};

describe('Solomons Campaign Operations Phase stops (issue 32)', () => {
  it('given a Japanese submarine on a US TF`s way by day, when the TF moves, then play stops naming 36.4 (12.7: no stop, an attack may come)', () => {
    const s = start();
    const withSub: SolState = {
      ...s,
      forces: {
        ...s.forces,
        japanese: {
          ...s.forces.japanese,
          ships: { ...s.forces.japanese.ships, 'SS-1': { id: 'SS-1', type: 'SS', at: '0805', tf: null, nac: 0, supply: 0 } },
        },
      },
    };
    const f = new Fold<SolState, RulesEvent>(withSub, evolveSol);
    expect(ruleOf(() => moveTf(f, 'us', 1, '0704', () => undefined))).toBe('36.4');
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

  it('given the same submarine at night, when the TF moves, then it passes (36.4 is a daytime attack)', () => {
    const s = { ...start(), x: 2 };
    const withSub: SolState = {
      ...s,
      forces: {
        ...s.forces,
        japanese: {
          ...s.forces.japanese,
          ships: { ...s.forces.japanese.ships, 'SS-1': { id: 'SS-1', type: 'SS', at: '0805', tf: null, nac: 0, supply: 0 } },
        },
      },
    };
    const f = new Fold<SolState, RulesEvent>(withSub, evolveSol);
    moveTf(f, 'us', 1, '0704', () => undefined);
    expect(f.s.forces.us.taskForces[1].at).toBe('0704');
  });

  it('given the second player`s phase of Execution Phase 28, when it ends, then the Logistics Phase follows (4.7, 3A)', () => {
    const s = { ...start(), x: 28 };
    const ctx = { dice: { d6: () => 1 } as never, emit: () => undefined };
    expect(runOperations(s, 't1/x28/us/ops', [{ kind: 'none' }], true, ctx).phase).toBe('logistics');
    expect(runOperations({ ...s, x: 27 }, 't1/x27/us/ops', [{ kind: 'none' }], true, ctx)).toMatchObject({ phase: 'ops', x: 28 });
  });
});
