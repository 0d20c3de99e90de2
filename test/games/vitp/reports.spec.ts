import { vitpRuleset } from '../../../src/games/vitp';
import { playRandom } from './driver';

describe('VITP reports and fog of war', () => {
  const game = playRandom('reports');

  it('given a whole game, then every event narrates to readable lines for both sides', () => {
    for (const e of game.events) {
      for (const side of ['japanese', 'allied', 'referee']) {
        const lines = vitpRuleset.narrate(e, side);
        for (const l of lines) expect(l).not.toMatch(/undefined|\[object Object\]/);
      }
    }
    const text = game.events.flatMap((e) => vitpRuleset.narrate(e, 'allied')).join('\n');
    expect(text).toMatch(/Turn 1 POC: Japanese \d+, Allied \d+/);
    expect(text).toMatch(/speed roll|always passes/i);
  });

  it('given the open game (no hidden units in the basic rules), then both sides see the same picture', () => {
    expect(vitpRuleset.view(game.state, 'japanese')).toEqual(vitpRuleset.view(game.state, 'allied'));
    expect(game.events.every((e) => e.visibleTo === undefined)).toBe(true);
  });

  it('given combat events, then units are named as on their counters', () => {
    const shot = game.events.find((e) => e.type === 'combat.shot')!;
    const line = vitpRuleset.narrate(shot, 'japanese')[0];
    expect(line).toMatch(/^[A-Z0-9][\w .-]* at [A-Z0-9]/);
  });
});
