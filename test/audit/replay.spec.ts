import { replayLines, replayWithCurrent } from '../../src/audit/replay';
import type { EngineEvent } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import type { Dice } from '../../src/engine/ruleset';
import { selfplay } from '../../src/engine/selfplay';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * `umpire replay --with-current` (issue 12 item 3): a log made under one rules build, replayed
 * under another, names the first step decided otherwise and shows both outcomes.
 */

/** A later build of Fleet Duel: a submarine's search finds on 5+ instead of 4+ (rule 4.1 changed). */
const fleetDuelV2: AnyRuleset = {
  ...fleetDuel,
  engineVersion: 'fleet-duel/2',
  adjudicate(state, step, orders, ctx) {
    if (!step.id.endsWith('/patrol')) return fleetDuel.adjudicate(state, step, orders, ctx);
    const dice: Dice = { d6: (purpose, rule) => Math.max(1, ctx.dice.d6(purpose, rule) - 1) };
    return fleetDuel.adjudicate(state, step, orders, { ...ctx, dice });
  },
};

function games(n: number): EngineEvent[][] {
  const logs: EngineEvent[][] = [];
  const r = selfplay(fleetDuel as AnyRuleset, { games: n, seed: 'replay-spec', clock: () => 0 }, (_g, events) => {
    logs.push([...events]);
    return events;
  });
  expect(r.errors).toEqual([]);
  return logs;
}

describe('replayWithCurrent', () => {
  const logs = games(40);

  it('finds no difference under the build the log was made with', () => {
    for (const log of logs) {
      const r = replayWithCurrent(log, fleetDuel as AnyRuleset);
      expect(r.firstDifference).toBeNull();
      expect(r.stepsSame).toBe(log.filter((e) => e.type === 'StepResolved').length);
      expect(replayLines(r)[0]).toMatch(
        /^recorded under fleet-duel\/1, replayed under fleet-duel\/1: all \d+ steps give the recorded outcome$/,
      );
    }
  });

  it('names the first step a different build decides otherwise, with both outcomes', () => {
    // a game whose submarine found the enemy fleet with a 4: under the new rule that search fails
    const found4 = logs.find((log) =>
      log.some(
        (e, i) => e.type === 'DieRolled' && e.data.stepId.endsWith('/patrol') && e.data.face === 4 && log[i + 1]?.type === 'RulesApplied',
      ),
    );
    expect(found4).toBeDefined();
    const r = replayWithCurrent(found4!, fleetDuelV2);
    expect(r.recordedBuild).toBe('fleet-duel/1');
    expect(r.currentBuild).toBe('fleet-duel/2');
    const d = r.firstDifference!;
    expect(d.stepId).toMatch(/\/patrol$/);
    expect(found4![d.eventIndex]).toMatchObject({ type: 'StepResolved', data: { stepId: d.stepId } });
    const was = d.recorded.lines.join('\n');
    const now = d.current.lines.join('\n');
    expect(was).not.toBe(now);
    expect(was).toContain('"found":true');
    const text = replayLines(r).join('\n');
    expect(text).toContain(`the first that differs is ${d.stepId}`);
    expect(text).toContain('recorded:');
    expect(text).toContain('under fleet-duel/2:');
    // every step before it was decided the same
    expect(r.stepsSame).toBe(found4!.slice(0, d.eventIndex).filter((e) => e.type === 'StepResolved').length);
  });
});
