import {
  maxUsnScreen,
  screenSituation,
  surfaceAwaits,
  validateSurfaceOrders,
} from '../../../../src/games/coral-sea-solitaire/rules/surface';
import { defaultBox as box } from '../../../../src/games/coral-sea-solitaire/box';
import { run, world } from './world';

/**
 * Issue 26, screening (33, optional): the greater side may hold ships out while it keeps at least
 * 150% of the other side's strength (33.1, the brief's worked example); the USN decides by SCREEN,
 * the IJN must screen transports, then carriers (33.2). Screened ships neither fight, nor take
 * losses, nor tire.
 */
const TF17 = { id: 'TF-17', side: 'usn', hex: '1410', ships: ['CV-2', 'CA-3', 'CA-4', 'CA-5', 'DD-3', 'DD-4'] } as const;
const TG = { id: 'TG', side: 'ijn', hex: '1410', ships: ['TR-4', 'DD-1', 'DD-2'] } as const;

describe('issue 26 Coral Sea screening (33)', () => {
  const opened = () =>
    run('surface', world({ taskForces: [TF17, TG], options: { screening: true } }), {
      for: [{ purpose: 'Tactical Initiative Table', rolls: [6] }],
    });

  it('given 33.1 (example: screening at 150%), when TF-17 (attack 38) attacks the Tulagi Group (defence 6), then the battle waits for the USN SCREEN, and it may keep as little as 9 (150% of 6)', () => {
    const r = opened();
    expect(r.unused).toBe(0);
    expect(r.of('coral.surface.initiative')[0].data).toMatchObject({ attacker: 'usn', awaitsUsnScreen: true });
    expect(r.of('coral.surface.combat')).toHaveLength(0);
    expect(surfaceAwaits(r.s)).toEqual({ row: 'screen', hex: '1410' });
    expect(screenSituation(r.s, box, '1410', 'usn')).toMatchObject({ screener: 'usn', strength: 38, against: 6, keep: 9 });
    // screening the carrier and two cruisers keeps 16: allowed
    expect(validateSurfaceOrders(r.s, 'screen', [{ kind: 'screen', ships: ['CV-2', 'CA-3', 'CA-4'] }])).toEqual([]);
    // the third cruiser too keeps 6 < 9: refused, with the most that may go
    expect(validateSurfaceOrders(r.s, 'screen', [{ kind: 'screen', ships: ['CV-2', 'CA-3', 'CA-4', 'CA-5'] }])).toEqual([
      'screening CV-2, CA-3, CA-4, CA-5 keeps 6 against 6; 33.1 needs at least 150% (9): screen fewer ships (at most 5)',
    ]);
    expect(validateSurfaceOrders(r.s, 'screen', [{ kind: 'screen', ships: ['CV-9'] }])).toEqual([
      'CV-9 is not a USN ship in the battle in 1410 (the USN ships there: CA-3, CA-4, CA-5, CV-2, DD-3, DD-4)',
    ]);
    // STANDING SCREEN MAX: the weakest first, so the most ships go; CA-5 (10) stays
    expect(maxUsnScreen(r.s, box, '1410', 'usn', [])).toEqual(['usn:CV-2', 'usn:DD-3', 'usn:DD-4', 'usn:CA-3', 'usn:CA-4']);
  });

  it('given the SCREEN CV-2, CA-3, CA-4, then the battle is fought at 16 against 6 and the screened ships neither take losses nor tire', () => {
    const r = run(
      'screen',
      opened().s,
      {
        for: [
          { purpose: 'naval vs naval', rolls: [4] },
          { purpose: 'IJN ship sunk', rolls: [1, 1] },
        ],
      },
      [{ kind: 'screen', ships: ['CV-2', 'ca-3', 'CA-4'] }],
    );
    expect(r.unused).toBe(0);
    expect(r.of('coral.surface.screened')[0].data).toMatchObject({
      side: 'usn',
      ships: ['usn:CV-2', 'usn:CA-3', 'usn:CA-4'],
      rule: '33.1',
    });
    const [combat] = r.of('coral.surface.combat');
    expect(combat.data).toMatchObject({ attack: 16, defense: 6, percent: 266 });
    expect(combat.data.ships.usn).toEqual(['usn:CA-5', 'usn:DD-3', 'usn:DD-4']);
    expect(combat.data.losses.defender.sunk).toEqual(['ijn:DD-1', 'ijn:DD-2']);
    expect(r.s.ships['usn:CV-2'].fatigued).toBe(false);
    expect(r.s.ships['usn:CA-5'].fatigued).toBe(true);
    expect(surfaceAwaits(r.s)).toBeNull();
  });

  it('given SCREEN MAX, then the most ships the 150% allows are held out (CA-5 alone fights, 10 against 6)', () => {
    const r = run('screen', opened().s, { for: [{ purpose: 'naval vs naval', rolls: [6] }], otherwise: 1 }, [{ kind: 'screen-max' }]);
    expect(r.of('coral.surface.screened')[0].data.ships).toEqual(['usn:CV-2', 'usn:DD-3', 'usn:DD-4', 'usn:CA-3', 'usn:CA-4']);
    expect(r.of('coral.surface.combat')[0].data).toMatchObject({ attack: 10, defense: 6, ships: { usn: ['usn:CA-5'] } });
  });

  it('given no SCREEN line, then every USN ship fights', () => {
    const r = run('screen', opened().s, { for: [{ purpose: 'naval vs naval', rolls: [6] }], otherwise: 1 });
    expect(r.of('coral.surface.combat')[0].data).toMatchObject({ attack: 38, defense: 6 });
  });

  it('given the IJN defending with transports at 9 against 3, then it must screen transports while 150% holds: two at random, the third would leave 3 < 5 (33.2)', () => {
    const s = world({
      taskForces: [
        { id: 'TF-6', side: 'usn', hex: '1410', ships: ['DD-5'] },
        { id: 'PMG', side: 'ijn', hex: '1410', ships: ['TR-1', 'TR-2', 'TR-3', 'CL-1'] },
      ],
      options: { screening: true },
    });
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table', rolls: [4] },
        { purpose: 'IJN screens a TR', rolls: [5, 2] },
        { purpose: 'naval vs naval', rolls: [6] },
      ],
    });
    expect(r.unused).toBe(0);
    const [screened] = r.of('coral.surface.screened');
    expect(screened.data).toMatchObject({ side: 'ijn', ships: ['ijn:TR-3', 'ijn:TR-1'], rule: '33.2' });
    expect(screened.data.picks.map((p) => p.items.length)).toEqual([3, 2]);
    expect(r.of('IjnDecided').map((e) => e.data.what)).toEqual([
      'screens TR-3, TR-1 out of the battle in 1410 (33.2: transports, then carriers)',
    ]);
    expect(r.of('coral.surface.combat')[0].data).toMatchObject({ attacker: 'usn', attack: 3, defense: 5, percent: 60 });
    expect(r.s.ships['ijn:TR-1'].fatigued).toBe(false);
    expect(r.s.ships['ijn:TR-2'].fatigued).toBe(true);
  });

  it('given the IJN attacking with its carriers far stronger, then both carriers are screened without a die and the USN is asked nothing', () => {
    const s = world({
      taskForces: [
        { id: 'TF-9', side: 'usn', hex: '1410', ships: ['CYP-1'] },
        { id: 'CSF', side: 'ijn', hex: '1410', ships: ['CV-1', 'CV-2', 'CA-1', 'CA-2', 'DD-1', 'DD-2'] },
      ],
      options: { screening: true },
    });
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table', rolls: [1] },
        { purpose: 'naval vs naval', rolls: [5] },
      ],
    });
    expect(r.unused).toBe(0);
    expect(r.of('coral.surface.screened')[0].data).toMatchObject({ ships: ['ijn:CV-1', 'ijn:CV-2'], picks: [] });
    expect(r.of('coral.surface.combat')[0].data).toMatchObject({ attacker: 'ijn', attack: 32, defense: 2 });
    expect(surfaceAwaits(r.s)).toBeNull();
  });

  it('given option 33 off, then no ship is held out (16.5) and a SCREEN is refused', () => {
    const s = world({ taskForces: [TF17, TG] });
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table', rolls: [6] },
        { purpose: 'naval vs naval', rolls: [6] },
      ],
      otherwise: 1,
    });
    expect(r.of('coral.surface.combat')[0].data).toMatchObject({ attack: 38 });
    expect(validateSurfaceOrders(r.s, 'screen', [{ kind: 'screen', ships: ['CV-2'] }])).toEqual([
      'no surface battle is waiting for a SCREEN decision (33.1)',
    ]);
  });
});
