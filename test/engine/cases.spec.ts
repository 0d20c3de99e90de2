import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runCase, runCaseFiles, type AdjudicationCase } from '../../src/engine/cases';
import { runCases } from '../../src/cli/case-files';
import { checkExpectations, type Rejection } from '../../src/engine/case-checks';
import { initialState } from '../../src/engine/evolve';
import { rulesets } from '../../src/games';
import { fleetDuel } from '../../src/games/fleet-duel';

const registry = { 'fleet-duel': fleetDuel };
const ROOT = join(__dirname, '../..');
const CASES = join(__dirname, '../../cases/fleet-duel');

/** The first battle case, to be broken in the tests below. */
const base: AdjudicationCase = {
  name: 'base',
  ruleset: 'fleet-duel',
  when: [
    { side: 'red', orders: 'MOVE center' },
    { side: 'blue', orders: 'MOVE center' },
  ],
  dice: [2, 5],
  then: { expectState: { 'rules.fleets.red.ships': 2 } },
};

describe('the case runner', () => {
  it('given the test game case files, then every case passes', () => {
    const results = runCases([CASES], registry);

    expect(results.filter((r) => !r.passed).map((r) => `${r.name}\n${r.failures.join('\n')}`)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(10);
  });

  it('given a single file, then only its cases run', () => {
    expect(runCases([join(CASES, 'battle.json')], registry)).toHaveLength(4);
  });

  it('given the unbroken base case, then it passes', () => {
    expect(runCase(base, registry)).toMatchObject({ passed: true, failures: [] });
  });

  it('given a wrong expected state, then the case fails with the path, the expected and the actual value', () => {
    const r = runCase({ ...base, then: { expectState: { 'rules.fleets.red.ships': 3 } } }, registry);
    expect(r.passed).toBe(false);
    expect(r.failures).toEqual(['rules.fleets.red.ships: expected 3, got 2']);
  });

  it('given an expected event that did not happen, then the diff shows the nearest event of that type', () => {
    const r = runCase(
      {
        ...base,
        then: {
          expectEvents: [{ type: 'RulesApplied', data: { event: { type: 'ShipLost', data: { side: 'blue' } } } }],
        },
      },
      registry,
    );
    expect(r.passed).toBe(false);
    expect(r.failures.join('\n')).toContain('data.event.data.side: expected "blue", got "red"');
  });

  it('given expected events out of order, then the case fails', () => {
    const r = runCase({ ...base, then: { expectEvents: [{ type: 'StepResolved' }, { type: 'DieRolled' }] } }, registry);
    expect(r.passed).toBe(false);
  });

  it('given too few dice, then the case fails loudly naming the roll that had no die', () => {
    const r = runCase({ ...base, dice: [2] }, registry);
    expect(r.passed).toBe(false);
    expect(r.failures.join('\n')).toMatch(/forced dice exhausted: die 2 .*battle round 1, blue fleet/);
  });

  it('given dice that are never rolled, then the case fails', () => {
    const r = runCase({ ...base, dice: [2, 5, 3] }, registry);
    expect(r.failures).toContain('the case supplies dice that were never rolled: rolls [3]');
  });

  it('given a rejection the case did not expect, then the case fails naming the line', () => {
    const r = runCase({ ...base, when: [{ side: 'red', orders: 'MOVE mars' }] }, registry);
    expect(r.passed).toBe(false);
    expect(r.failures.join('\n')).toContain('line 1: no sea area "mars"');
  });

  it('given a malformed case file, then the problem names the JSON path', () => {
    const [bad] = runCaseFiles(
      [{ path: 'bad.json', text: JSON.stringify({ name: 'x', ruleset: 'fleet-duel', dice: [7], then: {} }) }],
      registry,
    );
    expect(bad).toMatchObject({
      passed: false,
      failures: [expect.stringMatching(/^bad\.json: \$\[0\]\.dice\[0\]: /)],
    });
  });
});

describe('the case format: saying more with less', () => {
  const battle = (then: AdjudicationCase['then'], extra: Partial<AdjudicationCase> = {}): AdjudicationCase => ({ ...base, then, ...extra });
  const failuresOf = (c: AdjudicationCase) => runCase(c, registry).failures.join('\n');

  it('given a rules event by its type alone ({"event": ...}), then it matches the RulesApplied that carries it', () => {
    expect(failuresOf(battle({ expectEvents: [{ event: 'ShipLost', data: { side: 'red' } }] }))).toBe('');
    expect(failuresOf(battle({ expectEvents: [{ event: 'ShipLost', data: { side: 'blue' } }] }))).toContain(
      'data.event.data.side: expected "blue", got "red"',
    );
  });

  it('given expectNoEvents, then the case fails only if such an event happened', () => {
    expect(failuresOf(battle({ expectNoEvents: [{ event: 'ShipLost', data: { side: 'blue' } }] }))).toBe('');
    expect(failuresOf(battle({ expectNoEvents: [{ event: 'ShipLost' }] }))).toMatch(
      /expected no event matching .*ShipLost.*but event \d+ is/,
    );
  });

  it('given expectDice and expectNoDice, then dice are matched by rule, purpose and face', () => {
    expect(failuresOf(battle({ expectDice: [{ rule: '3.1', face: 2 }], expectNoDice: [{ rule: '4.1' }] }))).toBe('');
    expect(failuresOf(battle({ expectNoDice: [{ purpose: { $contains: 'blue fleet' } }] }))).toMatch(/expected no event matching/);
  });

  it('given a JSON-pointer path or a quoted key, then keys holding dots are addressed; $absent says a key is not there', () => {
    const c = battle({
      expectState: {
        '/rules/fleets/red/ships': 2,
        'rules["fleets"].blue.ships': 3,
        '/rules/fleets/U.S. fleet': { $absent: true },
        'rules.fleets.red.ships': { $present: true },
      },
    });
    expect(failuresOf(c)).toBe('');
    expect(failuresOf(battle({ expectState: { '/rules/fleets/red': { $absent: true } } }))).toContain('expected no such key');
  });

  it('given text matchers and a list of rules, then a refusal matches by substring, pattern or any of several rule numbers', () => {
    const c = { ...base, when: [{ side: 'red', orders: 'MOVE mars' }], dice: [] };
    expect(failuresOf({ ...c, then: { expectErrors: [{ problem: { $contains: '"mars"' } }] } })).toBe('');
    expect(failuresOf({ ...c, then: { expectErrors: [{ problem: { $regex: '^no sea area' } }] } })).toBe('');
    expect(failuresOf({ ...c, then: { expectErrors: [{ problem: { $regex: '^mars' } }] } })).toContain('was not raised');
  });

  it('given a refusal citing several rules, then an expected rule matches any one of them; a list of rules matches any', () => {
    const rejection: Rejection = {
      when: 0,
      side: 'red',
      errors: [{ line: 1, text: 'x', problem: 'p', rule: '5.37, 7.8', code: 'invalid-orders' }],
    };
    const check = (rule: unknown) =>
      checkExpectations(
        { expectErrors: [{ rule }] },
        { state: initialState(), events: [], rejections: [rejection], claimed: new Set(), unit: () => undefined },
        '',
      );
    expect(check('7.8')).toEqual([]);
    expect(check('5.37, 7.8')).toEqual([]);
    expect(check(['9.9', '5.37'])).toEqual([]);
    expect(check('7.80')).toHaveLength(1);
  });

  it('given array matchers, then $includes is any order and a subset, $unordered any order and all', () => {
    const owes = (m: unknown) => failuresOf(battle({ expectState: { 'step.owes': m } }));
    expect(owes({ $includes: ['red'] })).toBe('');
    expect(owes({ $unordered: ['red'] })).toBe('');
    expect(owes({ $includes: ['blue'] })).toContain('no item matching "blue"');
    expect(owes({ $length: 1 })).toBe('');
  });

  it('given a checkpoint in when, then state and events are checked there, and the final check sees only later events', () => {
    const c: AdjudicationCase = {
      ...base,
      when: [
        { side: 'red', orders: 'MOVE center' },
        { side: 'blue', orders: 'MOVE center' },
        { expect: { expectEvents: [{ event: 'ShipLost' }], expectStep: 'retreat', expectState: { 'rules.fleets.red.ships': 2 } } },
        { side: 'red', orders: 'STAND' },
      ],
      dice: [2, 5, 6, 1, 1, 1],
      then: { expectNoEvents: [{ event: 'BattleJoined' }], expectEvents: [{ event: 'ShipLost', data: { side: 'blue' } }] },
    };
    expect(failuresOf(c)).toBe('');
    const wrong = {
      ...c,
      when: (c.when ?? []).map((w) => ('expect' in w ? { expect: { expectState: { 'rules.fleets.red.ships': 3 } } } : w)),
    };
    expect(failuresOf(wrong)).toContain('when[2]: rules.fleets.red.ships: expected 3, got 2');
  });

  it('given orders with "at", then the case stops if another step is in play', () => {
    const c: AdjudicationCase = { ...base, when: [{ side: 'red', orders: 'MOVE center', at: 'retreat' }] };
    expect(failuresOf(c)).toMatch(/orders for "retreat", but the step in play is t1\/orders/);
  });

  it('given advance, then deadlines are applied until that step is in play; a step that never comes stops the case', () => {
    // silent sides stay in port: no battle, no dice
    const c: AdjudicationCase = { ...base, when: [{ advance: 't2/orders' }], dice: [], then: { expectStep: { id: 't2/orders' } } };
    expect(failuresOf(c)).toBe('');
    expect(failuresOf({ ...c, when: [{ advance: 'no-such-step', max: 1 }] })).toMatch(
      /advance to "no-such-step": not reached after 1 deadlines/,
    );
    expect(failuresOf({ ...c, when: [{ advance: 'no-such-step' }] })).toMatch(/advance to "no-such-step": the game ended first/);
    expect(failuresOf({ ...c, when: [{ advance: 'end' }], then: { expectState: { 'result.winner': { $present: true } } } })).toBe('');
  });

  it('given dice by rule or purpose, then those dice go to those rolls whatever the order; otherwise covers the rest', () => {
    const c: AdjudicationCase = {
      ...base,
      dice: {
        for: [
          { purpose: 'blue fleet', rolls: [5] },
          { rule: '3.1', rolls: [2] },
        ],
      },
    };
    expect(failuresOf(c)).toBe('');
    expect(failuresOf({ ...c, dice: { for: [{ purpose: 'red fleet', rolls: [2] }], otherwise: 5 } })).toBe('');
    expect(failuresOf({ ...c, dice: { for: [{ purpose: 'red fleet', rolls: [2] }] } })).toMatch(
      /die 2 was asked for \("battle round 1, blue fleet", rule 3.1\) at step t1\/orders, and the case has no die left for it/,
    );
    expect(failuresOf({ ...c, dice: { rolls: [2, 5], for: [{ rule: '9.9', rolls: [6] }] } })).toContain('never rolled: for 9.9 [6]');
    expect(failuresOf({ ...c, dice: { rolls: [2, 5], for: [{ rule: '9.9', rolls: [6] }], allowUnused: true } })).toBe('');
  });

  it('given expectUnits on a ruleset without case support, then units are read from rules.units by id or name', () => {
    // Fleet Duel has no units array: nothing is found, and the case says so
    expect(failuresOf(battle({ expectUnits: { Nagato: { side: 'red' } } }))).toContain('unit Nagato: no unit with that id or name');
  });

  it('given given.setup for a ruleset that offers none, then the case stops saying so', () => {
    expect(failuresOf({ ...base, given: { setup: { turn: 2 } } })).toContain('offers no checked setup');
  });
});

/** Every *.json under a folder named `cases` in cases/ and test/: no case file can exist that the suite does not run. */
function everyCaseFile(dir: string, inCases: boolean): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : everyCaseFile(full, inCases || name === 'cases');
      return inCases && name.endsWith('.json') ? [full] : [];
    });
}

describe('every case file in the repository (cases/ and test/**/cases/), through the generic runner', () => {
  const files = [...everyCaseFile(join(ROOT, 'cases'), true), ...everyCaseFile(join(ROOT, 'test'), false)];
  const results = runCases(files, rulesets);

  it('given the repository, then it finds the case files of both the test game and VITP', () => {
    expect(files.some((f) => f.includes('/cases/fleet-duel/'))).toBe(true);
    expect(files.some((f) => f.includes('/cases/vitp/'))).toBe(true);
    expect(results.length).toBeGreaterThanOrEqual(files.length);
  });

  it.each(results.map((r) => [`${r.file.slice(ROOT.length + 1)}: ${r.name}`, r] as const))('%s', (_name, r) => {
    expect(r.failures).toEqual([]);
  });
});

describe('the examples of docs/cases.md (blocks marked `json case`)', () => {
  const doc = readFileSync(join(ROOT, 'docs/cases.md'), 'utf8');
  const examples = [...doc.matchAll(/```json case\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]) as AdjudicationCase);

  it('given the page, then it has examples to run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
  });

  it.each(examples.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(runCase(c, { ...rulesets, 'fleet-duel': fleetDuel }).failures).toEqual([]);
  });
});
