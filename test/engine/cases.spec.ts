import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runCase, runCaseFiles, type AdjudicationCase } from '../../src/engine/cases';
import { runCases } from '../../src/cli/case-files';
import { rulesets } from '../../src/games';
import { fleetDuel } from '../support/test-game';

const registry = { 'fleet-duel': fleetDuel };
const ROOT = join(__dirname, '../..');
const CASES = join(__dirname, '../support/test-game/cases');

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
    expect(r.failures).toContain('the case supplies 3 dice but only 2 were rolled');
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
  const results = runCases(files, { ...rulesets, 'fleet-duel': fleetDuel });

  it('given the repository, then it finds the case files of both the test game and VITP', () => {
    expect(files.some((f) => f.includes('/test/support/test-game/cases/'))).toBe(true);
    expect(files.some((f) => f.includes('/cases/vitp/'))).toBe(true);
    expect(results.length).toBeGreaterThanOrEqual(files.length);
  });

  it.each(results.map((r) => [`${r.file.slice(ROOT.length + 1)}: ${r.name}`, r] as const))('%s', (_name, r) => {
    expect(r.failures).toEqual([]);
  });
});
