import { selfplay } from '../../../src/engine/selfplay';
import { vitpRuleset } from '../../../src/games/vitp';
import { playRandom } from './driver';

describe('VITP random self-play', () => {
  it.each(Array.from({ length: 10 }, (_, i) => `g${i}`))('game %s reaches the end of turn 8', (seed) => {
    const { state } = playRandom(seed);
    expect(state.turn).toBe(8);
    expect(vitpRuleset.currentStep(state)).toBeNull();
    expect(vitpRuleset.result(state).winner).not.toBeNull();
  });

  it.each(Array.from({ length: 6 }, (_, i) => `o${i}`))('game %s with optional rules 19, 21 and 22 reaches the end of turn 9', (seed) => {
    const { state } = playRandom(seed, {
      'turn-9': true,
      'japanese-islands-bonus': true,
      'us-battleship-bonus': true,
      'island-combat': true,
    });
    expect(state.turn).toBe(9);
    expect(vitpRuleset.currentStep(state)).toBeNull();
  });

  it('given the engine self-play (sealed orders, missed deadlines, replay checks), then games end without error', () => {
    const r = selfplay(vitpRuleset as never, {
      games: 4,
      seed: 'vitp-spec',
      clock: () => 0,
      missRate: 0.1,
      resendRate: 0.05,
    });
    expect(r.errors).toEqual([]);
    expect(r.ended).toBe(4);
  }, 120_000);
});
