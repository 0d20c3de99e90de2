import { movementHandlers, movementIjnDeciders } from '../../../../src/games/coral-sea-solitaire/rules/movement';
import { position, run } from './given';

/**
 * Issue 26, scouting (29): day turns only; the USN's TFs and major bases, then the IJN's, each roll
 * once against every unidentified enemy TF in range; a find identifies the TF; bad weather halves
 * the range; a seaplane tender helps (3.9); the IJN checks a chit once a phase (8.5, 8.6).
 */
const handler = movementHandlers.scouting;
const decide = movementIjnDeciders.scouting;
// the Support Group (CYP-1, GB-1) at 1510, three hexes from TF-11 (1413) and TF-17 (1513); every major base is out of range
const at = (extra: Parameters<typeof position>[0] = {}) =>
  position({ usn: { 'TF-11': '1413', 'TF-17': '1513' }, ijn: { SG: '1510' }, ...extra });

describe('issue 26 Coral Sea scouting (29)', () => {
  it('29.2, 29.3: given the Support Group unidentified, then TF-11 misses, TF-17 finds it on a 4, and no one rolls on it again', () => {
    const ran = run(at({ identified: ['TF-11', 'TF-17'] }), 'scouting', handler, {
      decide,
      dice: {
        for: [
          { purpose: 'TF-11 on SG', rolls: [3] },
          { purpose: 'TF-17 on SG', rolls: [4] },
        ],
      },
    });
    expect(
      ran.ofType('coral.scouting').map((d) => d as { scout: string; distance: number; roll: { column: string; result: string } }),
    ).toMatchObject([
      { scout: 'TF-11', distance: 3, roll: { column: '3-4', result: 'missed' } },
      { scout: 'TF-17', distance: 3, roll: { column: '3-4', result: 'found' } },
    ]);
    expect(ran.ofType('coral.tf.identified')).toEqual([{ tf: 'SG', identified: true, cause: 'scouted by TF-17', rule: '29.3, 28.2(4)' }]);
    expect(ran.left).toBe(0);
  });

  it('29.2, 3.9: given the Support Group identified, then the IJN scouts: its tender adds one, and an identified USN TF is not scouted', () => {
    const ran = run(at({ identified: ['SG', 'TF-17'] }), 'scouting', handler, {
      decide,
      dice: { for: [{ purpose: 'SG on TF-11', rolls: [3] }] },
    });
    expect(ran.ofType('coral.scouting')).toEqual([]);
    expect(ran.ofType('IjnDecided')).toMatchObject([
      {
        what: 'scouting: SG on TF-11',
        roll: { modifiers: [{ value: 1, rule: '3.9' }], total: 4, result: 'found' },
      },
    ]);
    expect(ran.s.taskForces['TF-11'].identified).toBe(true);
  });

  it('36 (bad weather): given TF-17 four hexes from the Support Group, then it scouts in good weather and not in bad (range 6 halved to 3)', () => {
    const s = (weather: 'good' | 'bad') => position({ usn: { 'TF-17': '1514' }, ijn: { SG: '1510' }, identified: ['TF-17'], weather });
    expect(run(s('good'), 'scouting', handler, { decide, dice: [5] }).ofType('coral.scouting')).toHaveLength(1);
    expect(run(s('bad'), 'scouting', handler, { decide }).ofType('coral.scouting')).toEqual([]);
  });

  it('8.5, 8.6: given an IJN chit, then one check for the phase; on a 5 the chit goes on the first IJN roll (+1) and is spent', () => {
    const ran = run(at({ identified: ['SG'], ijnChits: 1 }), 'scouting', handler, {
      decide,
      dice: {
        for: [
          { purpose: 'leadership chit check, scouting', rolls: [5] },
          { purpose: 'SG on TF-11', rolls: [2] },
          { purpose: 'SG on TF-17', rolls: [2] },
        ],
      },
    });
    const rolls = ran.ofType('IjnDecided') as { what: string; roll?: { total: number; modifiers: { rule: string }[] } }[];
    expect(rolls[0].what).toBe('leadership chit for scouting: use');
    expect(rolls[1].roll?.modifiers.map((m) => m.rule)).toEqual(['3.9', '8.2']);
    expect(rolls[1].roll?.total).toBe(4);
    expect(rolls[2].roll?.total).toBe(3);
    expect(ran.s.chits.ijn).toBe(0);
  });

  it('5.6 2a-2b, 26: given a night turn, then nobody scouts', () => {
    const ran = run(at({ turn: 4 }), 'scouting', handler, { decide });
    expect(ran.events).toEqual([]);
  });
});
