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
    const order = [
      't1/pearl-harbor-raid-force',
      't1/patrol/japanese',
      't1/patrol/allied',
      't1/lba/1',
      't1/submarine/japanese',
      't1/battle/1-hawaiian-islands',
      't1/pearl-harbor/stay',
      't1/pearl-harbor/sortie',
      't1/return/allied',
    ];
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

  it('given task forces (20) and default orders, then the whole game is played, every battle round fought by task forces', () => {
    const { state } = playDefaults(newGame({ 'task-forces': true }), () => false, 'task-forces');
    expect(vitpRuleset.currentStep(state)).toBeNull();
    expect(state.turn).toBe(8);
  });
});

describe('VITP turn 1 at Pearl Harbor (18.3x)', () => {
  it('given a raid force that stays and an Allied fleet that stays, then after two more rounds the Japanese must retreat', () => {
    let s = newGame();
    const dice = seededDice('pearl-rounds');
    const events: { type: string; data: unknown }[] = [];
    for (let guard = 0; guard < 500 && s.turn === 1; guard++) {
      const info = vitpRuleset.currentStep(s)!;
      const texts: Record<string, string> = {};
      if (info.id === 't1/pearl-harbor/stay') texts.japanese = 'STAY';
      if (info.id === 't1/pearl-harbor/sortie') texts.allied = 'SORTIE ALL\nSTAY';
      if (/\/retreat/.test(info.id) || /retreat/i.test(info.title)) for (const side of info.owes) texts[side] = 'STAY';
      const r = step(s, texts, dice);
      events.push(...r.events);
      s = r.state;
    }
    const hiStart = events.findIndex(
      (e) =>
        e.type === 'combat.battle-started' &&
        (e.data as { seaArea: string }).seaArea === 'hawaiian-islands' &&
        events.indexOf(e) > events.findIndex((x) => x.type === 'vitp.uncertain-roll'),
    );
    expect(hiStart).toBeGreaterThan(0);
    const hiEnd = events.findIndex((e, i) => i > hiStart && e.type === 'combat.battle-ended');
    const rounds = events
      .slice(hiStart, hiEnd)
      .filter((e) => e.type === 'combat.round-started' && (e.data as { engagement: string }).engagement === 'main');
    expect(rounds.length).toBeLessThanOrEqual(2);
    expect(s.units.filter((u) => u.side === 'japanese' && u.loc.at === 'sea')).toEqual([]);
    const retreated = events
      .slice(hiStart, hiEnd)
      .some((e) => e.type === 'combat.retreated' && (e.data as { side: string }).side === 'japanese');
    const alliesGone = events
      .slice(hiStart, hiEnd)
      .some((e) => e.type === 'combat.retreated' && (e.data as { side: string }).side === 'allied');
    // with these dice both fleets survive two rounds: the Japanese retreat is forced though they said STAY
    expect({ rounds: rounds.length, retreated, alliesGone }).toEqual({
      rounds: 2,
      retreated: true,
      alliesGone: false,
    });
  });
});
