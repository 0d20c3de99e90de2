import { playRandom } from './driver';
import { vitpRuleset } from '../../../src/games/vitp';

describe('VITP random self-play', () => {
  it.each(Array.from({ length: 20 }, (_, i) => `g${i}`))('game %s reaches the end of turn 8', (seed) => {
    const { state } = playRandom(seed);
    expect(state.turn).toBe(8);
    expect(vitpRuleset.currentStep(state)).toBeNull();
    expect(vitpRuleset.result(state).winner).not.toBeNull();
  });
});
