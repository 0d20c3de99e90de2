/**
 * Issue 32, plans: the trigger ASK WHEN ATTACKED (rules/plans.ts markAttacked, asksSide). A TF
 * moved by a plan line that asks when attacked makes the umpire ask its side at the next
 * Operations Phase once the enemy attacks it: a surface combat, an air strike, a submarine attack.
 * Lines without the trigger, and TFs not attacked, keep the plan answering.
 */
import type { RulesEvent } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { SolState } from '../../../src/games/solomons-campaign';
import { evolveSol } from '../../../src/games/solomons-campaign/rules/events';
import { asksSide, type PlanLine } from '../../../src/games/solomons-campaign/rules/plans';
import { answerSolStanding, parseSolStanding } from '../../../src/games/solomons-campaign/rules/standing';

const game = rulesets['solomons-campaign'];
const line = (tf: number | null, ask: PlanLine['ask']): PlanLine => ({ tf, action: 'hold', to: null, ask, ended: false });

/** The set-up with Japan's TF 1 (CA-1, CA-2) at sea and TF 2 (DD-1) beside it, and Japan's plan. */
function given(lines: readonly PlanLine[]): SolState {
  const s0 = game.setup({ gameId: 'G-plan', options: { scenario: 'short' }, box: game.box.defaultData }) as SolState;
  const j = s0.forces.japanese;
  const ships = { ...j.ships };
  for (const [id, tf] of [
    ['CA-1', 1],
    ['CA-2', 1],
    ['DD-1', 2],
  ] as const)
    ships[id] = { ...ships[id], at: '0806', tf };
  return {
    ...s0,
    forces: {
      ...s0.forces,
      japanese: {
        ...j,
        ships,
        taskForces: {
          1: { id: 1, at: '0806', ships: ['CA-1', 'CA-2'], kind: 'normal' },
          2: { id: 2, at: '0806', ships: ['DD-1'], kind: 'normal' },
        },
      },
    },
    plans: { ...s0.plans, japanese: { lines } },
  };
}

const strikeOn = (tf: number): RulesEvent =>
  ({ type: 'sol.air-strike', data: { side: 'us', hex: '0806', tf, ships: [], attacks: [] } }) as unknown as RulesEvent;

describe('Solomons plans: ASK WHEN ATTACKED (issue 32)', () => {
  it('given a plan line that asks when attacked, when the enemy strikes its TF from the air, then the side is asked', () => {
    const s = given([line(1, ['attacked']), line(2, [])]);
    expect(asksSide(s, 'japanese')).toBe(false);
    expect(asksSide(evolveSol(s, strikeOn(1)), 'japanese')).toBe(true);
  });

  it('given the trigger on another TF or no trigger at all, when a TF is struck, then the plan still answers', () => {
    expect(asksSide(evolveSol(given([line(1, ['attacked']), line(2, [])]), strikeOn(2)), 'japanese')).toBe(false);
    expect(asksSide(evolveSol(given([line(null, ['ends'])]), strikeOn(1)), 'japanese')).toBe(false);
  });

  it('given PLAN ALL ... ASK WHEN ATTACKED, when a surface combat is fought on one of its TFs, then the side is asked', () => {
    const s = given([line(null, ['attacked'])]);
    const surface = {
      type: 'sol.surface-combat',
      data: { hex: '0806', attacker: 'us', ships: { us: [], japanese: ['CA-1', 'CA-2'] } },
    } as unknown as RulesEvent;
    expect(asksSide(evolveSol(s, surface), 'japanese')).toBe(true);
    // the attacker's own TFs are not "attacked"
    const theirs = { ...surface, data: { hex: '0806', attacker: 'japanese', ships: { japanese: ['CA-1'], us: [] } } } as RulesEvent;
    expect(asksSide(evolveSol(s, theirs), 'japanese')).toBe(false);
  });
});

describe('Solomons standing answers: DEFENCE NONE (2A3b, issue 32)', () => {
  const s = given([]);
  const step = { id: `t1/x05/us/defence` };

  it('given STANDING DEFENCE NONE, then the defence step is answered NONE instead of asking the side', () => {
    const parsed = parseSolStanding('STANDING DEFENCE NONE', s);
    expect(parsed.ok).toBe(true);
    expect(answerSolStanding(s, 'us', step, parsed.orders)).toEqual([{ kind: 'none' }]);
  });

  it('given no DEFENCE line, then the side is asked; given DEFENCE CAP, then the line is refused naming 2A3b', () => {
    expect(answerSolStanding(s, 'us', step, parseSolStanding('STANDING LOGISTICS NONE', s).orders)).toBeNull();
    const bad = parseSolStanding('STANDING DEFENCE CAP', s);
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.errors.map((e) => e.rule)).toEqual(['2A3b']);
  });
});
