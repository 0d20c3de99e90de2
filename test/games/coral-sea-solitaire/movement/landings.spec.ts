import { movementHandlers, movementIjnDeciders } from '../../../../src/games/coral-sea-solitaire/rules/movement';
import { fogOf } from '../../../../src/games/coral-sea-solitaire/fog';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { position, run, withStatus } from './given';

/**
 * Issue 26, amphibious landings (20, 23.6): one transport lands for each complete IJN movement
 * phase its TF spends in the target hex (the arrival phase does not count); VP per transport; the
 * invasion of Port Moresby completed takes the base to strength 0; a transport sunk first scores
 * nothing; panic calls an invasion off.
 */
const movement = movementHandlers['movement-ijn'];
const landings = movementHandlers.landings;
const decide = movementIjnDeciders['movement-ijn'];

/** One turn's IJN movement and landings phases. */
function turn(s: CoralState, dice: NonNullable<Parameters<typeof run>[3]>['dice'] = []) {
  const moved = run(s, 'movement-ijn', movement, { decide, dice });
  const landed = run(moved.s, 'landings', landings);
  return { s: { ...landed.s, turn: landed.s.turn + 1 }, moved, landed };
}

describe('issue 26 Coral Sea amphibious landings (20)', () => {
  it('20.1 (example): given the convoy arriving at Port Moresby, then nothing lands that turn, then one transport a turn, 15 VP each, and the third completes the invasion (23.6)', () => {
    let s: CoralState = { ...position({ ijn: { PMG: '0709' }, turn: 5 }), panic: { level: 5, panicked: false } };
    const arrival = turn(s, { for: [{ purpose: 'PMG', rolls: [2] }] });
    expect(arrival.moved.s.taskForces.PMG.hex).toBe('0608');
    expect(arrival.landed.events).toEqual([]);
    s = arrival.s;
    const landedEach: string[] = [];
    for (let k = 0; k < 3; k++) {
      const t = turn(s);
      expect(t.moved.ofType('IjnDecided')).toEqual([]);
      expect(t.landed.ofType('coral.landing')).toEqual([{ tf: 'PMG', objective: 'Port-Moresby', count: k + 1, turn: 6 + k, rule: '20.1' }]);
      landedEach.push(...(t.landed.s.taskForces.PMG.landed ?? []).slice(k));
      s = t.s;
      if (k === 0) {
        expect(t.landed.ofType('coral.vp')).toEqual([
          { side: 'ijn', points: 15, reason: 'a transport of PMG landed at Port-Moresby', rule: '20.1' },
        ]);
        expect(t.landed.ofType('coral.panic')).toMatchObject([{ delta: -1, level: 4 }]);
      }
      if (k === 2) {
        expect(t.landed.ofType('coral.invasion')).toEqual([{ tf: 'PMG', objective: 'Port-Moresby', how: 'completed', rule: '20.1, 20.3' }]);
        expect(t.landed.ofType('coral.base.captured')).toEqual([
          { base: 'Port-Moresby', airLost: ['usn:Port-Moresby:LF'], rule: '23.6, 23.4' },
        ]);
        expect(t.landed.ofType('coral.vp')).toContainEqual({
          side: 'ijn',
          points: 2,
          reason: '2 USN squadrons lost at Port-Moresby',
          rule: '23.4, 21.4',
        });
      }
    }
    expect(landedEach).toEqual(['ijn:TR-1', 'ijn:TR-2', 'ijn:TR-3']);
    // 27.1: the face-down transports stay nameless for the USN, in its view and in the landing events
    expect(JSON.stringify(fogOf(s, 'usn').taskForces)).not.toMatch(/TR-\d/);
    expect(s.vp.ijn).toBe(3 * 15 + 2);
    expect(s.bases['Port-Moresby'].strength).toBe(0);
    expect(s.air.some((a) => a.home === 'Port-Moresby')).toBe(false);
  });

  it('20.2: given a transport sunk before its turn to land, then it scores nothing and the invasion completes with the others', () => {
    let s = withStatus(position({ ijn: { PMG: '0608' }, turn: 7 }), 'ijn:TR-2', 'sunk');
    s = turn(s).s;
    const second = turn(s);
    expect(second.landed.s.taskForces.PMG.landed).toEqual(['ijn:TR-1', 'ijn:TR-3']);
    expect(second.landed.ofType('coral.invasion')).toHaveLength(1);
    expect(second.s.vp.ijn).toBe(2 * 15 + 2);
  });

  it('20.2, 20.3: given panic while the convoy lands, then the invasion is called off, VP already scored kept, and the convoy moves again', () => {
    let s = position({ ijn: { PMG: '0608' }, turn: 7 });
    s = turn(s).s;
    expect(s.vp.ijn).toBe(15);
    s = { ...s, panic: { level: 10, panicked: true } };
    const after = turn(s, { for: [{ purpose: 'post-panic, PMG', rolls: [1] }] });
    expect(after.moved.ofType('IjnDecided')).toHaveLength(1);
    expect(after.landed.ofType('coral.invasion')).toEqual([{ tf: 'PMG', objective: 'Port-Moresby', how: 'called-off', rule: '20.2' }]);
    expect(after.landed.ofType('coral.landing')).toEqual([]);
    expect(after.s.vp.ijn).toBe(15);
  });

  it('20.1, 14.8: given the Tulagi Group landing its one transport, then the invasion completes (Tulagi is no base), and next turn it sails again, its objective done', () => {
    let s = position({ ijn: { TG: '1808' }, turn: 2 });
    const t = turn(s);
    expect(t.landed.ofType('coral.vp')).toEqual([{ side: 'ijn', points: 10, reason: 'a transport of TG landed at Tulagi', rule: '20.1' }]);
    expect(t.landed.ofType('coral.invasion')).toHaveLength(1);
    expect(t.landed.ofType('coral.base.captured')).toEqual([]);
    s = t.s;
    const next = turn(s, { for: [{ purpose: 'TG', rolls: [1] }] });
    expect(next.moved.ofType('IjnDecided')[0]).toMatchObject({ what: 'movement of TG: toward Rabaul (1103)' });
    expect(next.moved.s.taskForces.TG.hex).not.toBe('1808');
  });
});
