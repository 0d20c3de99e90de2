/**
 * 4.42 British removals: the listed ship leaves; if it was sunk, the Allied player names a British
 * ship of the same type to leave in its place (any British ship if none of the type is left), in a
 * step of his own at the start of the turn, before anyone moves (5.1).
 */
import { vitpRuleset } from '../../../src/games/vitp';
import { Tx } from '../../../src/games/vitp/events';
import { advanceFrom } from '../../../src/games/vitp/flow';
import { substituteCandidates } from '../../../src/games/vitp/turn';
import type { Loc, VitpState } from '../../../src/games/vitp/types';
import { ListDice, newGame, step } from './driver';

const noDice = {
  d6: () => {
    throw new Error('no die expected');
  },
};

/** Turn 2 just ended: every British ship in port at Ceylon except those given other places. */
function beforeTurn3(places: Record<string, Loc>): VitpState {
  const s = newGame();
  const units = s.units.map((u) => {
    if (places[u.name]) return { ...u, loc: places[u.name] };
    if (u.nation === 'GB' && u.kind === 'ship' && u.arrivalTurn <= 2) return { ...u, loc: { at: 'port', place: 'Ceylon' } as Loc };
    return u;
  });
  return { ...s, turn: 2, units };
}

/** Turn 3 begins as the rules begin it (flow.ts endTurn): the turn-start events, then its first step. */
function startTurn3(s: VitpState): VitpState {
  const tx = new Tx({ ...s, phase: { k: 'return', side: 'allied' } }, { dice: noDice, emit: () => undefined });
  advanceFrom(tx, { k: 'return', side: 'allied' });
  return tx.s;
}

const loc = (s: VitpState, name: string) => s.units.find((u) => u.name === name)!.loc;

describe('4.42 British removals', () => {
  it('removes the listed ships themselves when they are in play', () => {
    const s = startTurn3(beforeTurn3({}));
    for (const name of ['Cornwall', 'Revenge', 'Resolution', 'Royal Sovereign', 'Ramillies', 'Formidable'])
      expect(loc(s, name)).toEqual({ at: 'removed' });
    expect(loc(s, 'Warspite')).toEqual({ at: 'port', place: 'Ceylon' }); // listed for turn 4
    expect(s.units.some((u) => u.substituteOwed)).toBe(false);
  });

  it('asks the Allied player to name the substitute for a sunk battleship, never one listed itself', () => {
    // given Revenge was sunk on turn 2
    const s = startTurn3(beforeTurn3({ Revenge: { at: 'sunk' } }));
    // then no battleship has left in its place yet, and the choice is among battleships not listed this turn
    const revenge = s.units.find((u) => u.name === 'Revenge')!;
    expect(revenge.substituteOwed).toBe(true);
    expect(
      substituteCandidates(s, revenge)
        .map((u) => u.name)
        .sort(),
    ).toEqual(['Prince of Wales', 'Repulse', 'Warspite']);
    // and the Allied player is asked first, before the Japanese patrol (5.1)
    expect(vitpRuleset.currentStep(s)).toMatchObject({ id: 't3/removals', owes: ['allied'] });
    expect(vitpRuleset.help(s, 'allied', vitpRuleset.currentStep(s))).toMatch(/SUBSTITUTE .*4\.42/);

    // when the Allied player names Repulse
    const after = step(s, { allied: 'SUBSTITUTE Repulse FOR Revenge' }, new ListDice([])).state;
    // then Repulse leaves and the others stay, and the turn goes on with the Japanese patrol
    expect(loc(after, 'Repulse')).toEqual({ at: 'removed' });
    expect(vitpRuleset.currentStep(after)).toMatchObject({ id: 't3/patrol/japanese' });
    expect(loc(after, 'Warspite')).toEqual({ at: 'port', place: 'Ceylon' });
    expect(loc(after, 'Prince of Wales')).toEqual({ at: 'port', place: 'Ceylon' });
    expect(after.units.find((u) => u.name === 'Revenge')!.substituteOwed).toBe(false);
  });

  it('rejects a substitute of the wrong type, a second one for the same ship, and other orders in the removals step', () => {
    const s = startTurn3(beforeTurn3({ Revenge: { at: 'sunk' } }));
    const info = vitpRuleset.currentStep(s)!;
    const check = (text: string) => {
      const parsed = vitpRuleset.parseOrders(s, 'allied', text, info);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return vitpRuleset.validateOrders(s, 'allied', parsed.orders, info);
    };
    expect(check('SUBSTITUTE Exeter FOR Revenge')).toEqual([
      expect.objectContaining({ rule: '4.42', hint: expect.stringContaining('Warspite') }),
    ]);
    expect(check('SUBSTITUTE Warspite FOR Indomitable')).toEqual([
      expect.objectContaining({ rule: '4.42', problem: 'Indomitable needs no substitute' }),
    ]);
    expect(check('SUBSTITUTE Warspite FOR Revenge\nPATROL Warspite TO Bay of Bengal')).toEqual([
      expect.objectContaining({ line: 2, problem: 'that order does not belong to this step' }),
    ]);
    expect(check('SUBSTITUTE Warspite FOR Revenge')).toEqual([]);
    // one substitute per listed ship: a second one named for Revenge would be silently ignored
    expect(check('SUBSTITUTE Warspite FOR Revenge\nSUBSTITUTE Repulse FOR Revenge')).toEqual([
      expect.objectContaining({ line: 2, rule: '4.42', problem: expect.stringContaining('Revenge') }),
    ]);
  });

  it('withdraws the first candidate by default when the Allied player names none', () => {
    const s = startTurn3(beforeTurn3({ Revenge: { at: 'sunk' } }));
    const after = step(s, { allied: 'STAY' }, new ListDice([])).state;
    const removed = after.units.filter((u) => u.type === 'BB' && u.loc.at === 'removed' && u.removedOnTurn !== 3).map((u) => u.name);
    expect(removed).toEqual([substituteCandidates(s, s.units.find((u) => u.name === 'Revenge')!)[0].name]);
  });

  it('no step is asked for when no substitute is owed: the turn opens with the Japanese patrol', () => {
    const s = startTurn3(beforeTurn3({}));
    expect(vitpRuleset.currentStep(s)).toMatchObject({ id: 't3/patrol/japanese' });
  });

  it('takes the only candidate without asking, and any British ship when none of the type is left', () => {
    // given Formidable (0-2-7 carrier) sunk and Indomitable, the other 0-2-7, in play: it goes at once
    const one = startTurn3(beforeTurn3({ Formidable: { at: 'sunk' } }));
    expect(loc(one, 'Indomitable')).toEqual({ at: 'removed' });
    expect(one.units.some((u) => u.substituteOwed)).toBe(false);
    // given both 0-2-7 carriers gone: any British ship may stand in, so the Allied player chooses
    const none = startTurn3(beforeTurn3({ Formidable: { at: 'sunk' }, Indomitable: { at: 'sunk' } }));
    const formidable = none.units.find((u) => u.name === 'Formidable')!;
    expect(formidable.substituteOwed).toBe(true);
    expect(substituteCandidates(none, formidable).map((u) => u.name)).toEqual(expect.arrayContaining(['Hermes', 'Exeter', 'Warspite']));
  });
});
