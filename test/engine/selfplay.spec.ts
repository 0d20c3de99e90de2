import { playOneGame, selfplay } from '../../src/engine/selfplay';
import { stateHash } from '../../src/engine/evolve';
import { fleetDuel } from '../support/test-game';

describe('selfplay of the test game', () => {
  it('given 50 random games, when played and replayed, then no errors and every game ends', () => {
    let t = 0;
    const result = selfplay(fleetDuel, { games: 50, seed: 'selfplay-spec', clock: () => (t += 5) });

    expect(result.errors).toEqual([]);
    expect(result.ended).toBe(50);
    expect(result.events).toBeGreaterThan(50 * 10);
    expect(result.gamesPerSec).toBeGreaterThan(0);
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
    const endless = { ...fleetDuel, currentStep: () => ({ id: 'forever', turn: 1, title: 'Forever', mode: 'simultaneous' as const, owes: [] }), adjudicate: () => undefined };
    const result = selfplay(endless, { games: 1, seed: 'x', clock: () => 0 });

    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].message).toMatch(/10000 steps in a row/);
  });
});
