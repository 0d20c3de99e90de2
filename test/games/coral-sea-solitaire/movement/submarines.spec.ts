import { defaultBox } from '../../../../src/games/coral-sea-solitaire/box';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import { HANDLERS } from '../../../../src/games/coral-sea-solitaire/rows';
import { aswShifts, movementHandlers } from '../../../../src/games/coral-sea-solitaire/rules/movement';
import type { CoralOrder } from '../../../../src/games/coral-sea-solitaire/types';
import { position, run } from './given';

/**
 * Issue 26, submarines (19.4-19.8): contact when a USN TF enters a hex with or next to a marker in
 * a day USN movement phase; a false sighting leaves the map, the TF is identified either way; a
 * real submarine attacks one CV, BB or CA at random on the naval CRT at 100-149% with the ASW
 * shifts; once a turn; the TF moves on with what it has left.
 */
const handler = movementHandlers['movement-usn'];
const move = (tf: string, path: string[]): CoralOrder => ({ kind: 'move', tf, path, fast: false });
// TF-17 (CV-2, CA-3, CA-4, CA-5, DD-3, DD-4) at 1816; a marker at 2015 is next to 1916, two hexes from 1816
const sub = (counter: string, turn = 3) => position({ turn, usn: { 'TF-17': '1816' }, subs: [{ marker: 1, hex: '2015', counter }] });

describe('issue 26 Coral Sea submarines (19)', () => {
  it('19.5 (example): the ASW shifts, one left at two DD/CYP to each CV/BB/CA, one right at two CV/BB/CA to each DD/CYP or with none', () => {
    const by = (capital: number, escorts: number) => aswShifts(defaultBox, capital, escorts).map((x) => x.by);
    expect(by(1, 2)).toEqual([-1]);
    expect(by(2, 5)).toEqual([-1]);
    expect(by(2, 1)).toEqual([1]);
    expect(by(4, 2)).toEqual([1]);
    expect(by(1, 0)).toEqual([1]);
    expect(by(2, 2)).toEqual([]);
    expect(by(3, 5)).toEqual([]);
    expect(aswShifts(defaultBox, 1, 0)[0]).toEqual({ by: 1, reason: 'no DD or CYP in the TF', rule: '19.5(4)' });
  });

  it('19.4, 19.5: given a real submarine next to the hex TF-17 enters, then it is flipped, TF-17 identified, and one capital ship picked at random is attacked one column right (4 to 2)', () => {
    const ran = run(sub('SS-1'), 'movement-usn', handler, {
      usn: [move('TF-17', ['1916', '2016'])],
      dice: {
        for: [
          { purpose: 'submarine 1: which ship of TF-17', rolls: [3] },
          { purpose: 'naval vs naval, submarine 1 on CA-4', rolls: [6] },
        ],
      },
    });
    expect(ran.ofType('coral.sub.contact')).toEqual([
      { marker: 1, counter: 'SS-1', real: true, hex: '2015', tf: 'TF-17', tfHex: '1916', rule: '19.4' },
    ]);
    expect(ran.ofType('coral.tf.identified')).toEqual([
      { tf: 'TF-17', identified: true, cause: 'submarine contact in 1916', rule: '19.4(1), 28.2' },
    ]);
    const attack = ran.ofType('coral.sub.attack')[0] as { ship: string; effect: string; roll: { printedColumn: string; column: string } };
    expect(attack).toMatchObject({ ship: 'usn:CA-4', effect: 'damaged', roll: { printedColumn: '100-149%', column: '150-199%' } });
    expect(ran.s.ships['usn:CA-4'].status).toBe('damaged');
    expect(ran.s.submarines[0]).toMatchObject({ revealed: true, usedThisTurn: true, hex: '2015' });
    // 19.5(6), 14.2: TF-17 now has MA 1, spent on entering 1916: it goes no further
    expect(ran.s.taskForces['TF-17'].hex).toBe('1916');
    expect(ran.ofType('coral.tf.stopped')).toEqual([
      {
        tf: 'TF-17',
        at: '1916',
        reason: 'its allowance is now 1 MP (CA-4 is damaged: a TF with a damaged ship may not move fast (14.3)), all spent',
        rule: '19.5(6), 14.2',
      },
    ]);
  });

  it('19.5, 6.1, 13.9: given a die of 1 on the shifted column, then the ship is sunk, the IJN scores it, and its squadrons aboard go down with it', () => {
    const ran = run(sub('SS-1'), 'movement-usn', handler, {
      usn: [move('TF-17', ['1916'])],
      dice: {
        for: [
          { purpose: 'which ship of TF-17', rolls: [1] },
          { purpose: 'naval vs naval', rolls: [1] },
        ],
      },
    });
    expect(ran.s.ships['usn:CV-2'].status).toBe('sunk');
    expect(ran.ofType('coral.vp')).toEqual([
      { side: 'ijn', points: 50, reason: 'CV-2 sunk', rule: '6.1' },
      { side: 'ijn', points: 10, reason: '10 USN squadrons (aboard CV-2 (CV-2 sunk))', rule: '6.1' },
    ]);
    expect(ran.s.air.filter((u) => u.home === 'usn:CV-2')).toEqual([]);
  });

  it('19.4, 19.8: given a false sighting, then the marker leaves the map, TF-17 is identified and nothing is attacked', () => {
    const ran = run(sub('SS-3'), 'movement-usn', handler, { usn: [move('TF-17', ['1916', '2016'])] });
    expect(ran.ofType('coral.sub.contact')).toEqual([
      { marker: 1, counter: 'SS-3', real: false, hex: '2015', tf: 'TF-17', tfHex: '1916', rule: '19.4' },
    ]);
    expect(ran.ofType('coral.sub.attack')).toEqual([]);
    expect(ran.s.submarines[0]).toMatchObject({ hex: null, revealed: true });
    expect(ran.s.taskForces['TF-17']).toMatchObject({ hex: '2016', identified: true });
  });

  it('19.5(2), 19.6: given TF-9 with no CV, BB or CA first, then the submarine stays available and attacks TF-17 after it; a third TF finds it spent', () => {
    const s = position({
      usn: { 'TF-9': '1816', 'TF-17': '1816', 'TF-11': '1816' },
      subs: [{ marker: 1, hex: '2015', counter: 'SS-2' }],
    });
    const ran = run(s, 'movement-usn', handler, {
      usn: [move('TF-9', ['1916']), move('TF-17', ['1916']), move('TF-11', ['1916'])],
      dice: {
        for: [
          { purpose: 'which ship of TF-17', rolls: [2] },
          { purpose: 'naval vs naval', rolls: [6] },
        ],
      },
    });
    expect(ran.ofType('coral.sub.attack').map((a) => (a as { tf: string; ship: string | null }).ship)).toEqual([null, 'usn:CA-3']);
    expect(ran.ofType('coral.sub.attack')[0]).toMatchObject({
      effect: 'no CV, BB or CA in TF-9: no attack, and the submarine stays available',
      rule: '19.5(2)',
    });
    expect(ran.ofType('coral.sub.contact')).toHaveLength(1);
    expect(ran.s.taskForces['TF-11'].identified).toBe(false);
    expect(ran.left).toBe(0);
  });

  it('19.4, 26: given a night turn, then a USN TF passes the submarine with no contact', () => {
    const ran = run(sub('SS-1', 4), 'movement-usn', handler, { usn: [move('TF-17', ['1916', '2016'])] });
    expect(ran.ofType('coral.sub.contact')).toEqual([]);
    expect(ran.s.taskForces['TF-17'].hex).toBe('2016');
  });

  it('19.4: the hex a TF starts in makes no contact: given the marker next to TF-17, when TF-17 moves away, then nothing happens', () => {
    const s = position({ usn: { 'TF-17': '1916' }, subs: [{ marker: 1, hex: '2015', counter: 'SS-1' }] });
    const ran = run(s, 'movement-usn', handler, { usn: [move('TF-17', ['1816'])] });
    expect(ran.ofType('coral.sub.contact')).toEqual([]);
  });

  it('19.6: given a submarine flipped by a contact, when the turn ends, then it is face down again where it is, and the USN sees only a marker', () => {
    const first = run(sub('SS-1'), 'movement-usn', handler, {
      usn: [move('TF-17', ['1916'])],
      dice: { rolls: [], otherwise: 1, allowUnused: true },
    });
    const marker = (s: typeof first.s) => s.submarines.find((x) => x.marker === 1)!;
    expect(marker(first.s).revealed).toBe(true);
    expect(viewCoral(first.s, 'usn').submarines.find((x) => x.marker === 1)?.counter).toBe('SS-1');
    const ended = run(first.s, 'end-of-turn', HANDLERS['end-of-turn'], { dice: { rolls: [], otherwise: 1, allowUnused: true } });
    expect(marker(ended.s)).toMatchObject({ hex: '2015', revealed: false, usedThisTurn: false });
    expect(viewCoral(ended.s, 'usn').submarines.find((x) => x.marker === 1)?.counter).toBeUndefined();
  });
});
