import { defaultBox as box } from '../../../../src/games/coral-sea-solitaire/box';
import { narrateSurface, surfaceAwaits, surfaceCombatHexes } from '../../../../src/games/coral-sea-solitaire/rules/surface';
import { run, world } from './world';

/**
 * Issue 26, surface naval combat (5b, 16, 26.2, 28.5): one battle per hex with every surface ship
 * of both sides, TFs identified and ships revealed, one tactical initiative roll and one CRT die,
 * losses picked at random (2.2) and survivors fatigued (5b4). Dice are named; every expectation
 * follows from the box's reconstructed tables and counter values (box/tables/, box/ships.ts).
 */
const TF44 = { id: 'TF-44', side: 'usn', hex: '1410', ships: ['CA-6', 'CA-7', 'CA-8', 'DD-6'] } as const;
const TG = { id: 'TG', side: 'ijn', hex: '1410', ships: ['TR-4', 'DD-1', 'DD-2'] } as const;

describe('issue 26 Coral Sea surface combat (5b, 16)', () => {
  it('given TF-44 and the Tulagi Group in one hex by day, when the USN wins the initiative at 550%, then half the IJN force sinks, the rest is crippled, VP and panic are scored and survivors fatigued', () => {
    const s = world({ taskForces: [TF44, TG] });
    expect(surfaceCombatHexes(s)).toEqual(['1410']);
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table, 1410', rolls: [5] },
        { purpose: 'naval vs naval, surface combat in 1410', rolls: [2] },
        { purpose: 'IJN ship sunk in 1410', rolls: [3, 5] },
      ],
    });
    expect(r.unused).toBe(0);
    // 16.3(1): both TFs identified, the IJN ships face up
    expect(r.of('coral.tf.identified').map((e) => e.data.tf)).toEqual(['TF-44', 'TG']);
    expect(r.of('coral.ship.revealed')[0].data.ships).toEqual(['ijn:TR-4', 'ijn:DD-1', 'ijn:DD-2']);
    const [combat] = r.of('coral.surface.combat');
    // 16.3(3)-(5): 3 CA × 10 + DD 3 = 33 against TR 2 + 2 DD × 2 = 6: 550%
    expect(combat.data).toMatchObject({ attacker: 'usn', attack: 33, defense: 6, percent: 550, shifts: [] });
    expect(combat.data.roll).toMatchObject({ column: '>=300%', dice: [2], result: { attacker: null, defender: 3 } });
    // level 3: half of three sunk (rounded up), the rest crippled; sunk picked 1-2/3-4/5-6 then 1-3/4-6
    expect(combat.data.losses.defender).toMatchObject({ level: 3, sunk: ['ijn:DD-2', 'ijn:TR-4'], crippled: ['ijn:DD-1'] });
    expect(r.s.ships['ijn:DD-2'].status).toBe('sunk');
    expect(r.s.ships['ijn:TR-4'].status).toBe('sunk');
    expect(r.s.ships['ijn:DD-1']).toMatchObject({ status: 'crippled', fatigued: true });
    // 6.1 via recordHit: DD 10 + TR 5 + a crippled DD at half (5)
    expect(r.s.vp).toEqual({ usn: 20, ijn: 0 });
    expect(r.s.panic.level).toBe(box.panicPoints['ijn-TR-sunk'].value);
    expect(['usn:CA-6', 'usn:CA-7', 'usn:CA-8', 'usn:DD-6'].every((k) => r.s.ships[k as `usn:${string}`].fatigued)).toBe(true);
    // the story names the table, the column, the die, the result and each pick
    expect(narrateSurface(combat)).toEqual([
      'Surface combat in 1410: USN CA-6, CA-7, CA-8, DD-6 attack 33 against IJN DD-1, DD-2, TR-4 defence 6: 550% (16.3).',
      expect.stringMatching(
        /^ {2}Consolidated CRT, naval vs naval \(16\.3\), surface combat in 1410, column >=300%: die 2 → attacker -, defender 3 \[reconstructed: /,
      ),
      '  USN (attacker): no effect.',
      '  IJN (defender): result 3: DD-2, TR-4 sunk, DD-1 crippled.',
      '    IJN ship sunk in 1410 (2.2): die 3 (1-2 ijn:DD-1, 3-4 ijn:DD-2, 5-6 ijn:TR-4) → ijn:DD-2',
      '    IJN ship sunk in 1410 (2.2): die 5 (1-3 ijn:DD-1, 4-6 ijn:TR-4) → ijn:TR-4',
    ]);
    // 16.1: one battle per hex per phase
    expect(r.s.surface?.fought).toEqual(['1410']);
    expect(surfaceCombatHexes(r.s)).toEqual([]);
  });

  it('given a night turn, when the die is 6, then the IJN night bonus (−2, 26.2) still leaves the USN attacking, one column left (26.2) and the USN takes its own result', () => {
    const s = world({
      turn: 6,
      taskForces: [
        { id: 'TF-44', side: 'usn', hex: '1410', ships: ['CA-6'] },
        { id: 'TG', side: 'ijn', hex: '1410', ships: ['TR-4', 'DD-1'] },
      ],
    });
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table, 1410', rolls: [6] },
        { purpose: 'naval vs naval', rolls: [3] },
        { purpose: 'IJN ship sunk', rolls: [4] },
      ],
    });
    const [init] = r.of('coral.surface.initiative');
    expect(init.data.roll).toMatchObject({ dice: [6], total: 4, result: 'usn' });
    expect(init.data.roll.modifiers.map((m) => m.rule)).toEqual(['26.2']);
    const [combat] = r.of('coral.surface.combat');
    // 10 against 4: 250%, shifted one left by the USN's night penalty
    expect(combat.data.roll).toMatchObject({ printedColumn: '250-299%', column: '200-249%', result: { attacker: 0, defender: 2 } });
    expect(combat.data.shifts).toEqual([{ by: -1, reason: 'USN surface attack at night', rule: '26.2' }]);
    expect(combat.data.losses.attacker).toMatchObject({ crippled: ['usn:CA-6'], sunk: [] });
    expect(combat.data.losses.defender).toMatchObject({ sunk: ['ijn:TR-4'], crippled: [] });
    expect(r.s.vp).toEqual({ usn: 5, ijn: 10 });
  });

  it("given IJN chits and a USN chit committed (8.4), when both use them, then each roll and the CRT column move in the user's favour and the chits are spent", () => {
    const s = world({ taskForces: [TF44, TG], chits: { usn: 1, ijn: 2 }, usnChit: { 'tactical-initiative': true } });
    const r = run('surface', s, {
      for: [
        { purpose: 'IJN leadership chit check, tactical initiative', rolls: [6] },
        { purpose: 'Tactical Initiative Table', rolls: [3] },
        { purpose: 'IJN leadership chit check, surface combat CRT', rolls: [5] },
        { purpose: 'naval vs naval', rolls: [6] },
      ],
    });
    expect(r.unused).toBe(0);
    const [init] = r.of('coral.surface.initiative');
    // 3 +1 (USN chit) −1 (IJN chit) = 3: the IJN attacks
    expect(init.data.roll).toMatchObject({ total: 3, result: 'ijn' });
    expect(init.data.chitsSpent).toEqual(['usn', 'ijn']);
    const [combat] = r.of('coral.surface.combat');
    // IJN 8 against USN 20: 40%, the far left; the IJN chit shifts right, toward the attacker
    expect(combat.data).toMatchObject({ attacker: 'ijn', attack: 8, defense: 20, percent: 40 });
    expect(combat.data.roll).toMatchObject({ printedColumn: '<=49%', column: '50-99%' });
    expect(r.s.chits).toEqual({ usn: 0, ijn: 0 });
    expect(r.of('IjnDecided')).toHaveLength(2);
  });

  it('given only transports attacking (16.5), then the far-left column whatever the defence, with no shift, and the attacker takes its result', () => {
    const s = world({
      taskForces: [
        { id: 'TF-9', side: 'usn', hex: '1410', ships: ['CYP-1'] },
        { id: 'PMG', side: 'ijn', hex: '1410', ships: ['TR-1', 'TR-2', 'TR-3'], identified: true },
      ],
      chits: { ijn: 1 },
    });
    const r = run('surface', s, {
      for: [
        { purpose: 'Tactical Initiative Table', rolls: [1] },
        { purpose: 'IJN leadership chit check, tactical', rolls: [1] },
        { purpose: 'naval vs naval', rolls: [1] },
        { purpose: 'IJN ship sunk', rolls: [1, 6] },
      ],
    });
    expect(r.unused).toBe(0);
    const [combat] = r.of('coral.surface.combat');
    expect(combat.data).toMatchObject({
      attacker: 'ijn',
      attack: 0,
      percent: null,
      fixed: 'all-attackers-zero',
      shifts: [],
      rule: '16.3, 16.5',
    });
    expect(combat.data.roll).toMatchObject({ column: '<=49%', result: { attacker: 3, defender: 0 } });
    expect(combat.data.losses.attacker).toMatchObject({ sunk: ['ijn:TR-1', 'ijn:TR-3'], crippled: ['ijn:TR-2'] });
    expect(combat.data.losses.defender).toMatchObject({ crippled: ['usn:CYP-1'] });
  });

  it('given an IJN TF of dummies only, then the reveal removes them (27.3) and no battle is fought, and the hex is done for the phase', () => {
    const s = world({ taskForces: [TF44, { id: 'SG', side: 'ijn', hex: '1410', ships: ['Dummy-1', 'Dummy-2'] }] });
    const r = run('surface', s, []);
    expect(r.of('coral.surface.no-combat')[0].data).toMatchObject({ hex: '1410', reason: 'the IJN TFs there held dummies only' });
    expect(r.of('coral.surface.combat')).toHaveLength(0);
    expect(r.s.ships['ijn:Dummy-1'].faceUp).toBe(true);
    expect(r.s.surface?.fought).toEqual(['1410']);
  });

  it('given battles in two hexes, then both are fought in hex order, one die each, and submarines and other hexes take no part', () => {
    const s = world({
      taskForces: [
        { id: 'TF-44', side: 'usn', hex: '1410', ships: ['CA-6'] },
        { id: 'TG', side: 'ijn', hex: '1410', ships: ['DD-1'] },
        { id: 'TF-17', side: 'usn', hex: '0909', ships: ['DD-3'] },
        { id: 'SG', side: 'ijn', hex: '0909', ships: ['GB-1'] },
        { id: 'TF-11', side: 'usn', hex: '2020', ships: ['CA-1'] },
      ],
    });
    const r = run('surface', s, { rolls: [6, 6, 6, 6] });
    expect(r.unused).toBe(0);
    expect(r.of('coral.surface.combat').map((e) => [e.data.hex, e.data.roll.dice])).toEqual([
      ['0909', [6]],
      ['1410', [6]],
    ]);
    expect(r.s.ships['usn:CA-1'].fatigued).toBe(false);
  });

  it('given the battle of this phase fought, when the surface step runs again, then nothing happens (16.1)', () => {
    const first = run('surface', world({ taskForces: [TF44, TG] }), { rolls: [6, 6], otherwise: 1 });
    const again = run('surface', first.s, []);
    expect(again.events).toEqual([]);
    expect(surfaceAwaits(again.s)).toBeNull();
  });

  it('given option 30.3 and the Carrier Strike Force revealed by combat for the first time, then the battleship roll places both BBs (die 6), they fight in this battle and the USN scores 20 each (Q2)', () => {
    const s = world({
      taskForces: [
        { id: 'TF-6', side: 'usn', hex: '1520', ships: ['DD-5'] },
        { id: 'CSF', side: 'ijn', hex: '1520', ships: ['CA-1'] },
      ],
      options: { ijnBattleships: true },
    });
    const r = run('surface', s, {
      for: [
        { purpose: 'IJN battleships present, CSF', rolls: [6] },
        { purpose: 'Tactical Initiative Table', rolls: [6] },
        { purpose: 'naval vs naval', rolls: [6] },
      ],
    });
    expect(r.unused).toBe(0);
    const [combat] = r.of('coral.surface.combat');
    expect(combat.data.ships.ijn).toEqual(['ijn:BB-1', 'ijn:BB-2', 'ijn:CA-1']);
    // DD-5's 3 against 46: the far left; its own result cripples it
    expect(combat.data).toMatchObject({ attacker: 'usn', attack: 3, defense: 46 });
    expect(combat.data.losses.attacker.crippled).toEqual(['usn:DD-5']);
    expect(r.s.vp.usn).toBe(40);
  });
  it('given panic at 9 and the IJN attacking at 100%, when die 1 sinks CA-1 (+2) and Lexington (−2) at once, then the ups and downs are netted before the clamp (9.2): panic stays 9, not 10 then 8', () => {
    const s = world({
      taskForces: [
        { id: 'TF-17', side: 'usn', hex: '1520', ships: ['CV-1'] },
        { id: 'CSF', side: 'ijn', hex: '1520', ships: ['CA-1'] },
      ],
    });
    const r = run(
      'surface',
      { ...s, panic: { level: 9, panicked: false } },
      {
        for: [
          { purpose: 'Tactical Initiative Table', rolls: [1] },
          { purpose: 'naval vs naval', rolls: [1] },
        ],
      },
    );
    expect(r.unused).toBe(0);
    const [combat] = r.of('coral.surface.combat');
    // CA-1's 12 against Lexington's 12: 100%; die 1 there: 2 / 2, half of each side sunk
    expect(combat.data).toMatchObject({ attacker: 'ijn', attack: 12, defense: 12, roll: { result: { attacker: 2, defender: 2 } } });
    expect([r.s.ships['ijn:CA-1'].status, r.s.ships['usn:CV-1'].status]).toEqual(['sunk', 'sunk']);
    // one adjustment for the one result: +2 and −2, the difference 0 (applied one by one: 9 + 2 clamped to 10, then 8)
    expect(r.of('coral.panic').map((e) => e.data)).toEqual([
      {
        delta: 0,
        level: 9,
        reason: 'surface combat in 1520',
        rule: '9.2',
        parts: [
          { delta: box.panicPoints['ijn-CA-sunk'].value, reason: 'IJN CA sunk' },
          { delta: box.panicPoints['usn-CV-sunk'].value, reason: 'USN CV sunk' },
        ],
      },
    ]);
    expect(r.s.panic.level).toBe(9);
  });
});
