import { defaultBox as box } from '../../../../src/games/coral-sea-solitaire/box';
import { refuelsFree } from '../../../../src/games/coral-sea-solitaire/rules/surface';
import { freeMarkers, movementAllowance } from '../../../../src/games/coral-sea-solitaire/state';
import { run, world } from './world';

/**
 * Issue 26, the US fueling group (34, optional): refuelling free in TF-6's hex and for TF-6 itself
 * (34.1), one hex a turn (34.2), 10 VP to the IJN and the marker gone for good when it is
 * eliminated (34.3, 34.1). Also the 30.3 seam: a reveal that needs the battleship roll refuses.
 */
const TF6 = { id: 'TF-6', side: 'usn', hex: '1520', ships: ['DD-5'] } as const;
const TF17 = { id: 'TF-17', side: 'usn', hex: '1520', ships: ['CV-2', 'DD-3'] } as const;
const TF11 = { id: 'TF-11', side: 'usn', hex: '1620', ships: ['CV-1'] } as const;

describe('issue 26 Coral Sea US fueling group (34)', () => {
  it('given option 34, then TF-6 and every TF in its hex refuel free, others do not; TF-6 moves one hex (34.2)', () => {
    const s = world({ taskForces: [TF6, TF17, TF11], options: { fuelingGroup: true } });
    expect(['TF-6', 'TF-17', 'TF-11'].map((tf) => refuelsFree(s, tf))).toEqual([true, true, false]);
    expect(movementAllowance(box, s, s.taskForces['TF-6'])).toBe(1);
    const off = world({ taskForces: [TF6, TF17] });
    expect(['TF-6', 'TF-17'].map((tf) => refuelsFree(off, tf))).toEqual([false, false]);
    expect(movementAllowance(box, off, off.taskForces['TF-6'])).toBe(2);
  });

  it('given TF-6 sunk in a surface battle with option 34, then the IJN scores its DD and 10 more (34.3) and the marker is gone for good (34.1)', () => {
    const s = world({
      taskForces: [TF6, { id: 'CSF', side: 'ijn', hex: '1520', ships: ['CA-1', 'CA-2'], faceUp: true, identified: true }],
      options: { fuelingGroup: true },
    });
    // the IJN attacks at 24 against 2 and rolls 5: half of TF-6 (one DD) sunk
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table', rolls: [1] },
        { purpose: 'naval vs naval', rolls: [5] },
      ],
    });
    expect(r.s.ships['usn:DD-5'].status).toBe('sunk');
    expect(r.of('coral.fueling.lost')).toHaveLength(1);
    expect(r.of('coral.vp').map((e) => [e.data.side, e.data.points, e.data.rule])).toEqual([
      ['ijn', 10, '6.1'],
      ['ijn', 10, '34.3'],
    ]);
    expect(r.s.taskForces['TF-6']).toMatchObject({ hex: null, gone: 'eliminated' });
    expect(r.s.fuelingGroupLost).toBe(true);
    expect(freeMarkers(box, r.s)).not.toContain('TF-6');
    expect(refuelsFree(r.s, 'TF-6')).toBe(false);
  });

  it("given TF-6 sunk without option 34, then no 34.3 VP and the marker stays the core's to handle (13.10)", () => {
    const s = world({
      taskForces: [TF6, { id: 'CSF', side: 'ijn', hex: '1520', ships: ['CA-1', 'CA-2'], faceUp: true, identified: true }],
    });
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table', rolls: [1] },
        { purpose: 'naval vs naval', rolls: [5] },
      ],
    });
    expect(r.of('coral.fueling.lost')).toHaveLength(0);
    expect(r.s.vp.ijn).toBe(10);
  });

  it('given option 30.3 and the Carrier Strike Force revealed by combat for the first time, then the battleship roll the core owns is refused as not implemented here (30.3)', () => {
    const s = world({ taskForces: [TF6, { id: 'CSF', side: 'ijn', hex: '1520', ships: ['CA-1'] }], options: { ijnBattleships: true } });
    expect(() => run('surface', s, [])).toThrow(/rule 30.3 is not implemented/);
    const checked = { ...s, core: { ...s.core, bbChecked: ['CSF' as const] } };
    expect(() => run('surface', checked, { rolls: [6, 6], otherwise: 1 })).not.toThrow();
  });
});
