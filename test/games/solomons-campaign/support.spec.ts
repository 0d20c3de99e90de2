/**
 * Issue 32, US support of a ground attack (28.3 (2), 16.1-16.3, 17.1, 50.0 Air Mission Chart): the
 * order language round trip, the cap's allocation among sub-attacks, and the random player's
 * support lines accepted by the checks. Play itself is in cases/solomons-campaign/support.json.
 */
import { seededRng } from '../../../src/engine/random-player';
import { rulesets } from '../../../src/games';
import type { SolState } from '../../../src/games/solomons-campaign';
import { formatSolOrders, parseSolOrders } from '../../../src/games/solomons-campaign/orders';
import { randomSolOrders } from '../../../src/games/solomons-campaign/players/random';
import { allocate } from '../../../src/games/solomons-campaign/rules/support';
import { viewSol } from '../../../src/games/solomons-campaign/view';

const game = rulesets['solomons-campaign'];
const ops = { id: 't9/x01/us/ops' };

/** Dec I, the US phasing by day: Marines and the Army's 164th with the Japanese on Guadalcanal-W, Navy LAC on its airfield, TF 1 there. */
function supported(): SolState {
  const s = game.setup({ gameId: 'G-sup', options: { scenario: 'extended' }, box: game.box.defaultData }) as SolState;
  const at = (id: string, service: 'navy' | 'army', size: 'battalion' | 'regiment') => ({
    id,
    service,
    type: 'infantry' as const,
    size,
    at: '0806',
  });
  return {
    ...s,
    turn: 9,
    phase: 'ops',
    x: 1,
    phasing: 'us',
    first: 'us',
    cp: { japanese: { combined: 0, intel: 0, ops: 0, log: 0 }, us: { combined: 1, intel: 0, ops: 0, log: 0 } },
    airfields: [{ hex: '0806', side: 'us', value: 6 }],
    forces: {
      ...s.forces,
      us: {
        ...s.forces.us,
        ground: [at('5-MAR', 'navy', 'regiment'), at('164-INF', 'army', 'regiment')],
        supply: { '0806': 6 },
        air: [{ at: '0806', service: 'navy', type: 'LAC', points: 4, fatigued: false }],
        taskForces: { 1: { id: 1, at: '0806', ships: ['CA-1', 'DD-1'], kind: 'normal' } },
      },
      japanese: { ...s.forces.japanese, ground: [at('28-INF', 'army', 'regiment')], supply: { '0806': 2 } },
    },
  } as SolState;
}

describe('Solomons Campaign US support of a ground attack (issue 32)', () => {
  it('given NGS and CAS lines, when parsed and formatted, then they read back the same (16.1, 28.3 (2)); the closing words in any order', () => {
    const text = 'ATTACK 0806: 5-MAR VS ALL NGS TF 1, TF 2 COMBINED\nCAS 3 LAC-N FROM 0806 AT 0806';
    const parsed = parseSolOrders(text, ops);
    expect(parsed.ok).toBe(true);
    const orders = parsed.orders ?? [];
    expect(orders[0]).toMatchObject({ kind: 'attack', combat: 'ground', ngs: [1, 2], combined: true });
    expect(orders[1]).toMatchObject({ kind: 'air', mission: 'cas', points: 3, service: 'navy', type: 'LAC', hex: '0806' });
    expect(formatSolOrders(orders)).toBe(text);
    expect(parseSolOrders('ATTACK 0806 COMBINED NGS', ops).orders?.[0]).toMatchObject({ ngs: 'all', combined: true });
  });

  it('given NGS or CAS out of place, then the refusal names the rule (16.1 on a line of its own, 16.3 and 28.3 (2) in the defence step)', () => {
    const rules = (text: string, id: string) => {
      const r = parseSolOrders(text, { id });
      return r.ok ? [] : r.errors.map((e) => e.rule);
    };
    expect(rules('NGS TF 1', ops.id)).toEqual(['16.1']);
    expect(rules('NGS TF 1\nCAS 2 LAC-N FROM 0806 AT 0806', 't9/x01/us/defence')).toEqual(['16.3', '28.3 (2)']);
    expect(rules('CAS 2 LAC-N FROM 0806 AT 0806', 't9/logistics')).toEqual(['28.3 (2)']);
  });

  it('given two sub-attacks, then close air goes to the one with Marines, gunfire fills what is left, each within its printed ground strength (28.3 (2), 16.2)', () => {
    expect(
      allocate(
        [
          { ground: 2, marines: false },
          { ground: 6, marines: true },
        ],
        8,
        5,
      ),
    ).toEqual([
      { cas: 0, ngs: 2, ground: 2 },
      { cas: 6, ngs: 0, ground: 6 },
    ]);
    expect(allocate([{ ground: 6, marines: true }], 2, 10)).toEqual([{ cas: 2, ngs: 4, ground: 6 }]);
  });

  it('given support within reach, when the random player orders the US phase, then it now and then asks for NGS and CAS, and every line passes the checks', () => {
    const s = supported();
    const step = game.currentStep(s)!;
    expect(step.id).toBe(ops.id);
    let ngs = 0;
    let cas = 0;
    for (let i = 0; i < 60; i++) {
      const orders = randomSolOrders(viewSol(s, 'us'), step, seededRng(`sup-${i}`));
      ngs += orders.filter((o) => o.kind === 'attack' && o.ngs).length;
      cas += orders.filter((o) => o.kind === 'air' && o.mission === 'cas').length;
      expect(game.validateOrders(s, 'us', orders, step)).toEqual([]);
      const text = formatSolOrders(orders);
      expect(parseSolOrders(text, step).ok).toBe(true);
    }
    expect(ngs).toBeGreaterThan(0);
    expect(cas).toBeGreaterThan(0);
  });

  it('then neither rule is listed as missing any longer (12.7 is, built elsewhere)', () => {
    expect(game.unfinished?.missing ?? []).not.toContain('28.3 (2)');
    expect(game.unfinished?.missing ?? []).not.toContain('16.0');
  });
});
