import { airKey, applyMoves } from '../../../../src/games/coral-sea-solitaire/rules/air/units';
import { sq } from './world';

/** Issue 26, 21.7: air units are change: squadrons of one type at one place are one unit, whatever the counters. */
describe('issue 26 Coral Sea air units as change (21.7)', () => {
  it('21.7: a "3" VF is three "1" VF: taking one of three leaves a 2 and makes a 1, and putting it back makes the 3 again', () => {
    const three = sq('usn', 'usn:CV-1', 'VF', 3);
    const split = applyMoves([three], [{ id: three.id, strength: 1, to: { home: 'usn:CV-1', box: 'cap', flyingTo: '1413' } }]);
    expect(split.map((u) => [u.box, u.strength])).toEqual([
      ['ready', 2],
      ['cap', 1],
    ]);
    const cap = split[1];
    const back = applyMoves(split, [{ id: cap.id, strength: 1, to: { home: 'usn:CV-1', box: 'ready' } }]);
    expect(back).toEqual([three]);
  });

  it('21.7: an LF and a VF never combine, nor ready and fatigued squadrons of one type', () => {
    const lf = sq('usn', 'Port-Moresby', 'LF', 2);
    const vf = sq('usn', 'Port-Moresby', 'VF', 1, 'recovery');
    const tired = sq('usn', 'Port-Moresby', 'LF', 1, 'recovery');
    const after = applyMoves([lf, vf, tired], [{ id: vf.id, strength: 1, to: { home: 'Port-Moresby', box: 'recovery' } }]);
    expect(after).toHaveLength(3);
    expect(new Set([lf, vf, tired].map((u) => airKey(u.side, u.type, u))).size).toBe(3);
    expect(() => applyMoves([lf], [{ id: lf.id, strength: 3, to: { home: 'Port-Moresby', box: 'cap' } }])).toThrow(/has not 3/);
  });
});
