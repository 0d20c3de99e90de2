/**
 * Combat adjudication cases as data (docs/cases.md's given/when/dice/then, at the level of the
 * combat module): every JSON file in ./cases is run by this one runner. Matching is the engine's
 * partialDiff: objects partially, arrays element by element, events as a subsequence.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { partialDiff } from '../../../../src/engine/cases';
import {
  answer,
  battleOutcome,
  isOver,
  nextDecision,
  resolveUntilDecision,
  startBattle,
  type Answer,
  type BattleInput,
  type CombatEvent,
  type VitpSide,
} from '../../../../src/games/vitp/combat/api';
import { ScriptedDice } from './support';

interface CombatCase {
  name: string;
  rules?: string[];
  description?: string;
  given: { battle: Omit<BattleInput, 'ports' | 'submarines' | 'options'> & Partial<BattleInput> };
  when: { side: VitpSide; answer: Answer; refused?: string[] }[];
  dice: number[];
  then: { expectEvents?: Record<string, unknown>[]; expectDecision?: Record<string, unknown>; expectOutcome?: Record<string, unknown> };
}

const dir = join(__dirname, 'cases');
const cases: [string, CombatCase][] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as CombatCase[]).map((c): [string, CombatCase] => [`${f}: ${c.name}`, c]));

function subsequence(expected: readonly Record<string, unknown>[], events: readonly CombatEvent[]): string[] {
  let from = 0;
  for (const [i, want] of expected.entries()) {
    const found = events.findIndex((e, j) => j >= from && partialDiff(want, e).length === 0);
    if (found < 0) {
      const near = events.slice(from).find((e) => e.type === want.type);
      return [`expected event #${i + 1} not found: ${JSON.stringify(want)}`, ...(near ? partialDiff(want, near).map((d) => `  nearest: ${d}`) : [])];
    }
    from = found + 1;
  }
  return [];
}

function run(c: CombatCase): string[] {
  const input: BattleInput = {
    ports: [],
    submarines: [],
    options: { usBattleshipBonus: false, kamikaze: false, taskForces: false, separateAirstrikes: false },
    ...c.given.battle,
  };
  const dice = new ScriptedDice(c.dice);
  const events: CombatEvent[] = [];
  let b = resolveUntilDecision(startBattle(input), dice, (e) => events.push(e));
  const failures: string[] = [];
  for (const [i, w] of c.when.entries()) {
    const r = answer(b, w.side, w.answer);
    if (w.refused) {
      failures.push(...partialDiff(w.refused, r.ok ? [] : r.problems, `when[${i}].refused`));
      continue;
    }
    if (!r.ok) return [`when[${i}] refused: ${r.problems.join('; ')}`];
    b = resolveUntilDecision(r.battle, dice, (e) => events.push(e));
  }
  if (dice.unused > 0) failures.push(`${dice.unused} scripted dice left over`);
  failures.push(...subsequence(c.then.expectEvents ?? [], events));
  if (c.then.expectDecision) failures.push(...partialDiff(c.then.expectDecision, nextDecision(b), 'decision'));
  if (c.then.expectOutcome) {
    if (!isOver(b)) failures.push(`outcome: the battle is not over (waiting for ${nextDecision(b)?.id})`);
    else failures.push(...partialDiff(c.then.expectOutcome, battleOutcome(b), 'outcome'));
  }
  return failures;
}

describe('combat cases (test/games/vitp/combat/cases/*.json)', () => {
  it('given the case files, then there are some', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases)('%s', (_name, c) => {
    expect(run(c)).toEqual([]);
  });
});
