/**
 * 4.42 British removals: the listed ship leaves; if it was sunk, the Allied player names a British
 * ship of the same type to leave in its place (any British ship if none of the type is left).
 */
import { vitpRuleset } from '../../../src/games/vitp';
import { Tx } from '../../../src/games/vitp/events';
import { beginTurn, substituteCandidates } from '../../../src/games/vitp/turn';
import type { Loc, VitpState } from '../../../src/games/vitp/types';
import { ListDice, newGame, step } from './driver';

const noDice = { d6: () => { throw new Error('no die expected'); } };

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

function startTurn3(s: VitpState): VitpState {
  const tx = new Tx(s, { dice: noDice, emit: () => undefined });
  beginTurn(tx, 3);
  return { ...tx.s, turn: 3, phase: { k: 'patrol', side: 'allied' } };
}

const loc = (s: VitpState, name: string) => s.units.find((u) => u.name === name)!.loc;

describe('4.42 British removals', () => {
  it('removes the listed ships themselves when they are in play', () => {
    const s = startTurn3(beforeTurn3({}));
    for (const name of ['Cornwall', 'Revenge', 'Resolution', 'Royal Sovereign', 'Ramillies', 'Formidable']) expect(loc(s, name)).toEqual({ at: 'removed' });
    expect(loc(s, 'Warspite')).toEqual({ at: 'port', place: 'Ceylon' }); // listed for turn 4
    expect(s.units.some((u) => u.substituteOwed)).toBe(false);
  });

  it('asks the Allied player to name the substitute for a sunk battleship, never one listed itself', () => {
    // given Revenge was sunk on turn 2
    const s = startTurn3(beforeTurn3({ Revenge: { at: 'sunk' } }));
    // then no battleship has left in its place yet, and the choice is among battleships not listed this turn
    const revenge = s.units.find((u) => u.name === 'Revenge')!;
    expect(revenge.substituteOwed).toBe(true);
    expect(substituteCandidates(s, revenge).map((u) => u.name).sort()).toEqual(['Prince of Wales', 'Repulse', 'Warspite']);
    expect(vitpRuleset.currentStep(s)?.owes).toEqual(['allied']);
    expect(vitpRuleset.help(s, 'allied', vitpRuleset.currentStep(s))).toMatch(/SUBSTITUTE .*4\.42/);

    // when the Allied player names Repulse
    const after = step(s, { allied: 'SUBSTITUTE Repulse FOR Revenge' }, new ListDice([])).state;
    // then Repulse leaves and the others stay
    expect(loc(after, 'Repulse')).toEqual({ at: 'removed' });
    expect(loc(after, 'Warspite')).toEqual({ at: 'port', place: 'Ceylon' });
    expect(loc(after, 'Prince of Wales')).toEqual({ at: 'port', place: 'Ceylon' });
    expect(after.units.find((u) => u.name === 'Revenge')!.substituteOwed).toBe(false);
  });

  it('rejects a substitute of the wrong type, or one that is also ordered to move, naming the choices', () => {
    const s = startTurn3(beforeTurn3({ Revenge: { at: 'sunk' } }));
    const info = vitpRuleset.currentStep(s)!;
    const check = (text: string) => {
      const parsed = vitpRuleset.parseOrders(s, 'allied', text, info);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return vitpRuleset.validateOrders(s, 'allied', parsed.orders, info);
    };
    expect(check('SUBSTITUTE Exeter FOR Revenge')).toEqual([expect.objectContaining({ rule: '4.42', hint: expect.stringContaining('Warspite') })]);
    expect(check('SUBSTITUTE Warspite FOR Indomitable')).toEqual([expect.objectContaining({ rule: '4.42', problem: 'Indomitable needs no substitute' })]);
    expect(check('SUBSTITUTE Warspite FOR Revenge\nPATROL Warspite TO Bay of Bengal')).toEqual([expect.objectContaining({ rule: '4.42', problem: expect.stringContaining('cannot also be given other orders') })]);
    expect(check('SUBSTITUTE Warspite FOR Revenge')).toEqual([]);
    // one substitute per listed ship: a second one named for Revenge would be silently ignored
    expect(check('SUBSTITUTE Warspite FOR Revenge\nSUBSTITUTE Repulse FOR Revenge')).toEqual([expect.objectContaining({ line: 2, rule: '4.42', problem: expect.stringContaining('Revenge') })]);
  });

  it('withdraws the first candidate by default when the Allied player names none', () => {
    const s = startTurn3(beforeTurn3({ Revenge: { at: 'sunk' } }));
    const after = step(s, { allied: 'STAY' }, new ListDice([])).state;
    const removed = after.units.filter((u) => u.type === 'BB' && u.loc.at === 'removed' && u.removedOnTurn !== 3).map((u) => u.name);
    expect(removed).toEqual([substituteCandidates(s, s.units.find((u) => u.name === 'Revenge')!)[0].name]);
  });

  it('by default never withdraws a ship the same orders send to sea; refuses orders that leave no candidate free', () => {
    const s = startTurn3(beforeTurn3({ Revenge: { at: 'sunk' } }));
    const [first, second, third] = substituteCandidates(s, s.units.find((u) => u.name === 'Revenge')!).map((u) => u.name);
    // the first candidate patrols: the default takes the next one, and the patrol goes ahead
    const after = step(s, { allied: `PATROL ${first} TO Bay of Bengal` }, new ListDice([])).state;
    expect(loc(after, first)).toMatchObject({ at: 'sea', area: 'Bay of Bengal' });
    expect(loc(after, second)).toEqual({ at: 'removed' });
    // every candidate busy and none named: refused, asking for a SUBSTITUTE
    const info = vitpRuleset.currentStep(s)!;
    const parsed = vitpRuleset.parseOrders(s, 'allied', `PATROL ${first}, ${second}, ${third} TO Bay of Bengal`, info);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(vitpRuleset.validateOrders(s, 'allied', parsed.orders, info)).toEqual([expect.objectContaining({ rule: '4.42', problem: expect.stringContaining('SUBSTITUTE') })]);
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
