/**
 * Issue 26, USN leadership chits (8.2, 8.4, 8.6): the decision steps `leadership/<function>` asked
 * once a turn before the row that rolls for the function, only while the USN holds a chit and the
 * roll will happen; the standing answer that spares the mail.
 */
import { defaultBox } from '../../../../src/games/coral-sea-solitaire/box';
import { answerFromStanding, parseStanding } from '../../../../src/games/coral-sea-solitaire/orders/standing';
import { chitDecisionBefore } from '../../../../src/games/coral-sea-solitaire/rules/core';
import { initialState, STANDARD_OPTIONS } from '../../../../src/games/coral-sea-solitaire/state';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';

const base = initialState(defaultBox, STANDARD_OPTIONS);
const at = (chits: number, patch: Partial<CoralState> = {}): CoralState => ({
  ...base,
  turn: 3,
  chits: { usn: chits, ijn: 0 },
  cp: { available: 0, slots: { organization: 0, intelligence: 4, operations: 0, logistics: 0 } },
  ...patch,
});
const placed = (s: CoralState, hexes: Readonly<Record<string, string>>): CoralState => ({
  ...s,
  taskForces: Object.fromEntries(
    Object.entries(s.taskForces).map(([id, tf]) => [id, hexes[id] !== undefined ? { ...tf, hex: hexes[id] } : tf]),
  ),
});

describe('issue 26 Coral Sea USN leadership chits: when the USN is asked (8.4)', () => {
  it('8.4: given a chit and Intelligence CP, when the intelligence row comes, then the USN is asked for the intelligence rolls; without a chit or CP, not', () => {
    const csf = (s: CoralState) => placed(s, { CSF: '1410' });
    expect(chitDecisionBefore(csf(at(1)), 'intelligence')).toBe('intelligence');
    expect(chitDecisionBefore(csf(at(0)), 'intelligence')).toBeUndefined();
    const noCp = at(1, { cp: { available: 0, slots: { organization: 0, intelligence: 0, operations: 0, logistics: 0 } } });
    expect(chitDecisionBefore(csf(noCp), 'intelligence')).toBeUndefined();
  });

  it('8.4, 3: given a chit, when the initiative comes, then it is asked once a turn: not again once answered', () => {
    expect(chitDecisionBefore(at(1), 'initiative')).toBe('initiative');
    const answered = at(1, { core: { ...base.core, usnChit: { initiative: false } } });
    expect(chitDecisionBefore(answered, 'initiative')).toBeUndefined();
  });

  it('8.4, 5a1g: given a chit, when air combat comes with a USN strike up, then the air attacks are asked; with only CAP up, not', () => {
    const strike = at(1, {
      air: [
        { id: 'usn:VB:CV-2:x', side: 'usn', type: 'VB', strength: 2, home: 'usn:CV-2', box: 'strike', flyingTo: '1410', target: 'CSF' },
      ],
    } as Partial<CoralState>);
    expect(chitDecisionBefore(strike, 'air-combat')).toBe('air');
    const cap = at(1, { air: [{ ...strike.air[0], box: 'cap' }] });
    expect(chitDecisionBefore(cap, 'air-combat')).toBeUndefined();
  });

  it('8.4, 16.3: given a chit and USN and IJN ships in one hex, when surface combat comes, then tactical initiative is asked, then the CRT; with no shared hex, neither', () => {
    const shared = placed(at(1), { 'TF-17': '1917', TG: '1917' });
    expect(chitDecisionBefore(shared, 'surface')).toBe('tactical-initiative');
    const tacticalDone = { ...shared, core: { ...shared.core, usnChit: { 'tactical-initiative': true } } };
    expect(chitDecisionBefore(tacticalDone, 'surface')).toBe('surface-crt');
    const apart = placed(at(1), { 'TF-17': '2422', TG: '1917' });
    expect(chitDecisionBefore(apart, 'surface')).toBeUndefined();
    expect(chitDecisionBefore(shared, 'movement-usn')).toBeUndefined();
  });
});

describe('issue 26 Coral Sea USN leadership chits: the standing answer (8.4)', () => {
  const s = at(1);
  const answer = (fn: string, text: string) => {
    const st = parseStanding(s, 'usn', text);
    if (!st.ok) throw new Error(JSON.stringify(st.errors));
    const step = { id: `t3/leadership/${fn}`, turn: 3, title: '', mode: 'sequential' as const, owes: ['usn'], rule: '8.4' };
    return answerFromStanding(s, 'usn', step, st.orders[0]);
  };

  it('8.4: given STANDING LEADERSHIP AIR, TACTICAL, when asked for the air attacks or the tactical initiative the chit is used; for the initiative or the CRT it is kept', () => {
    expect(answer('air', 'STANDING LEADERSHIP AIR, TACTICAL')).toEqual([{ kind: 'leadership', use: true }]);
    expect(answer('tactical-initiative', 'STANDING LEADERSHIP AIR, TACTICAL')).toEqual([{ kind: 'leadership', use: true }]);
    expect(answer('initiative', 'STANDING LEADERSHIP AIR, TACTICAL')).toEqual([{ kind: 'leadership', use: false }]);
    expect(answer('surface-crt', 'STANDING LEADERSHIP AIR, TACTICAL')).toEqual([{ kind: 'leadership', use: false }]);
  });

  it('8.4: given STANDING LEADERSHIP SURFACE, then both surface functions; INTEL names the intelligence rolls', () => {
    expect(answer('surface-crt', 'STANDING LEADERSHIP SURFACE')).toEqual([{ kind: 'leadership', use: true }]);
    expect(answer('tactical-initiative', 'STANDING LEADERSHIP SURFACE')).toEqual([{ kind: 'leadership', use: true }]);
    expect(answer('intelligence', 'STANDING LEADERSHIP INTEL')).toEqual([{ kind: 'leadership', use: true }]);
  });

  it('8.4: given an unknown function word, then the standing line is refused with the words it takes, and nothing is set', () => {
    const st = parseStanding(s, 'usn', 'STANDING LEADERSHIP BOMBING');
    expect(st.ok).toBe(false);
    if (!st.ok)
      expect(st.errors[0]).toMatchObject({ problem: 'no chit function "BOMBING"', hint: expect.stringContaining('INTELLIGENCE') });
  });
});
