import { vitpRuleset } from '../../../src/games/vitp';
import type { VitpState } from '../../../src/games/vitp/types';
import { newGame, seededDice, step } from './driver';

/** Play with every side silent (default orders) until `until` is true; returns the step ids seen. */
function playDefaults(state: VitpState, until: (s: VitpState) => boolean, seed = 'defaults') {
  const dice = seededDice(seed);
  const ids: string[] = [];
  let s = state;
  const lines: string[] = [];
  while (!until(s)) {
    const info = vitpRuleset.currentStep(s);
    if (!info) break;
    ids.push(info.id);
    const r = step(s, {}, dice);
    lines.push(...r.events.flatMap((e) => vitpRuleset.narrate(e, 'japanese')));
    s = r.state;
  }
  return { state: s, ids, lines };
}

describe('VITP turn sequence', () => {
  it('given turn 1 with default orders, then the steps follow 4.2, 5.2x, 18.3x and 5.7x in order', () => {
    const { state, ids } = playDefaults(newGame(), (s) => s.turn === 2);
    const first = (prefix: string) => ids.findIndex((id) => id.startsWith(prefix));
    const order = ['t1/pearl-harbor-raid-force', 't1/patrol/japanese', 't1/patrol/allied', 't1/lba/1', 't1/raiders/japanese',
      't1/submarine/japanese', 't1/battle/1-hawaiian-islands', 't1/pearl-harbor/stay', 't1/pearl-harbor/sortie', 't1/return/allied'];
    const seen = order.map(first);
    expect(seen.every((i) => i >= 0)).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(state.turn).toBe(2);
    expect(state.units.filter((u) => u.loc.at === 'sea' || u.loc.at === 'transit' || u.loc.at === 'group')).toEqual([]);
  });

  it('given the historical raid, then the raid force stays out of the turn-1 Allied patrol and returns home after', () => {
    const { state, lines } = playDefaults(newGame(), (s) => s.turn === 2, 'raid');
    expect(lines.some((l) => /Air raid on Pearl Harbor by Akagi, Kaga/.test(l))).toBe(true);
    expect(lines.some((l) => /Location-uncertain group W/.test(l))).toBe(true);
    expect(state.units.find((u) => u.name === 'Akagi')!.loc).toMatchObject({ at: 'port' });
  });

  it('given a whole game of default orders, then it ends after turn 8 with a result', () => {
    const { state } = playDefaults(newGame(), () => false, 'whole');
    expect(vitpRuleset.currentStep(state)).toBeNull();
    expect(state.turn).toBe(8);
    const r = vitpRuleset.result(state);
    expect(['japanese', 'allied', 'draw']).toContain(r.winner);
    expect(r.summary).toMatch(/After turn 8/);
  });

  it('given the optional ninth turn, then the game runs to turn 9', () => {
    const { state } = playDefaults(newGame({ 'turn-9': true }), () => false, 'nine');
    expect(state.turn).toBe(9);
    expect(vitpRuleset.currentStep(state)).toBeNull();
  });

  it('given task forces (20), then the first battle stops loudly citing the rule', () => {
    expect(() => playDefaults(newGame({ 'task-forces': true }), (s) => s.turn === 2)).toThrow(/rule 20 is not implemented/);
  });
});
