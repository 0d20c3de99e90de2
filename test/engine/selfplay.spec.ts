import { checkReplay, playOneGame, selfplay } from '../../src/engine/selfplay';
import { stateHash } from '../../src/engine/evolve';
import { fleetDuel } from '../../src/games/fleet-duel';

describe('selfplay of the test game', () => {
  it('given 50 random games, when played and replayed, then no errors and every game ends', () => {
    let t = 0;
    const result = selfplay(fleetDuel, { games: 50, seed: 'selfplay-spec', clock: () => (t += 5) });

    expect(result.errors).toEqual([]);
    expect(result.ended).toBe(50);
    expect(result.events).toBeGreaterThan(50 * 10);
    expect(result.gamesPerSec).toBeGreaterThan(0);
  });

  it('given sides that often send orders a step ahead, then queued orders are used, opened, replaced and dropped, and every log replays, verifies and audits', () => {
    const seen = new Map<string, number>();
    for (let g = 0; g < 120; g++) {
      const { events, state } = playOneGame(fleetDuel, `ahead-${g}`, { aheadRate: 0.6, resendRate: 0.3 });
      expect({ g, problems: checkReplay(fleetDuel, events, state) }).toEqual({ g, problems: [] });
      const queued = new Set<string>();
      for (const e of events) {
        const kind =
          e.type === 'QueuedOrdersDropped'
            ? `dropped:${e.data.reason}`
            : e.type === 'QueuedOrdersUsed'
              ? e.data.opened
                ? 'used:opened'
                : 'used:sealed'
              : e.type === 'OrdersQueued'
                ? queued.has(`${e.data.side}|${e.data.stepId}`)
                  ? 'replaced'
                  : 'queued'
                : null;
        if (e.type === 'OrdersQueued') queued.add(`${e.data.side}|${e.data.stepId}`);
        if (kind) seen.set(kind, (seen.get(kind) ?? 0) + 1);
      }
    }
    expect([...seen.keys()].sort()).toEqual([
      'dropped:invalid',
      'dropped:not-owed',
      'dropped:step-passed',
      'queued',
      'replaced',
      'used:opened',
      'used:sealed',
    ]);
  });

  it('given a log with an event that JSON storage would change, then the check names the event and the place', () => {
    const { events, state } = playOneGame(fleetDuel, 'not-json');
    expect(checkReplay(fleetDuel, events, state)).toEqual([]);
    const i = events.findIndex((e) => e.type === 'OrdersSubmitted');
    const broken = events.map((e, j) => (j === i ? { ...e, data: { ...e.data, receivedAt: new Date(0) } } : e)) as typeof events;
    const problems = checkReplay(fleetDuel, broken, state);
    expect(problems[0]).toBe(
      `event hash chain changes after the storage round trip: event #${i}.data.receivedAt is a Date, not plain data`,
    );
  });

  it('given the same seed, when a game is played twice, then the logs are identical; another seed differs', () => {
    const a = playOneGame(fleetDuel, 'same-seed');
    const b = playOneGame(fleetDuel, 'same-seed');
    const c = playOneGame(fleetDuel, 'other-seed');

    expect(stateHash(a.state)).toBe(stateHash(b.state));
    expect(a.events).toEqual(b.events);
    expect(stateHash(c.state)).not.toBe(stateHash(a.state));
  });

  it('given a ruleset that never waits for anyone, when self-played, then the runaway guard reports it', () => {
    const endless = {
      ...fleetDuel,
      currentStep: () => ({
        id: 'forever',
        turn: 1,
        title: 'Forever',
        mode: 'simultaneous' as const,
        owes: [],
      }),
      adjudicate: () => undefined,
    };
    const result = selfplay(endless, { games: 1, seed: 'x', clock: () => 0 });

    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].message).toMatch(/10000 steps in a row/);
  });
});
