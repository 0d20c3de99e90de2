import { airDecision } from '../../../../src/games/coral-sea-solitaire/rules/air';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { box, count, given, of, sq, when } from './world';

/**
 * Issue 26, air combat (5a1f-h, 24, 25, 32.1, Q4): air superiority with CAP doubled, losses after
 * both fired; the USN's losses at the air-losses decision; AA before each attack; air vs naval on
 * the odds; one Target Selection roll per side and hex; VP and panic for squadrons and ships.
 */
const csf = { id: 'CSF', side: 'ijn' as const, hex: '1410', ships: ['CV-1', 'CV-2', 'CA-1'], identified: true };
const usnStrike = (home: string, type: 'VB' | 'VT' | 'VF', n: number, mission: 'strike' | 'escort' = 'strike', extra = {}) =>
  sq('usn', home, type, n, mission, { flyingTo: '1410', target: 'CSF', ...extra });

describe('issue 26 Coral Sea air superiority (5a1f)', () => {
  const world = () =>
    given({
      tfs: [
        { id: 'TF-11', side: 'usn', hex: '1412', ships: ['CV-1', 'CA-1'] },
        { ...csf, hex: '1410' },
      ],
      air: [
        sq('usn', 'usn:CV-1', 'VF', 3, 'cap', { flyingTo: '1412' }),
        sq('ijn', 'ijn:CV-1', 'VF', 1, 'escort', { flyingTo: '1412', target: 'TF-17' }),
        sq('ijn', 'ijn:CV-1', 'VB', 3, 'strike', { flyingTo: '1412', target: 'TF-17' }),
        sq('ijn', 'ijn:CV-2', 'VB', 3, 'strike', { flyingTo: '1412', target: 'TF-17' }),
      ],
    });

  it('CAP fires doubled (3 VF: 6, column 5-9), the IJN 7 (5-9); a D1 for 1d = 3 takes three IJN squadrons at random: 6 VP and a panic point', () => {
    const r = when(world(), 'air-combat', [], {
      for: [
        { purpose: 'USN air-to-air in 1412', rolls: [1] },
        { purpose: 'squadrons eliminated', rolls: [3] },
        { purpose: 'IJN losses', rolls: [{ sides: 7, face: 1 }, 1, 5] },
        { purpose: 'IJN air-to-air in 1412', rolls: [6] },
      ],
      otherwise: 6,
      allowUnused: true,
    });
    const fire = of<{ side: string; factors: number; roll: { column: string; result: unknown } }>(r.events, 'coral.air.combat').filter(
      (c) => (c as never as { kind: string }).kind === 'air-to-air',
    );
    expect(fire.map((c) => [c.side, c.factors, c.roll.column])).toEqual([
      ['usn', 6, '5-9'],
      ['ijn', 7, '5-9'],
    ]);
    const lost = of<{ side: string; air: object }>(r.events, 'coral.air.eliminated');
    expect(lost).toEqual([expect.objectContaining({ side: 'ijn', air: { VF: 1, VB: 2 } })]);
    expect(r.state.vp.usn).toBe(3 * box.vp.usnGains['ijn-squadron'].value);
    expect(r.state.panic.level).toBe(1);
    expect(r.state.ijnSquadronsLost).toBe(3);
    expect(count(r.state, 'usn:CV-1', 'cap')).toBe(3);
  });
});

describe('issue 26 Coral Sea air-losses decision, AA and air vs naval (5a1f-h, 24, Q4)', () => {
  const world = (extra: Partial<CoralState> = {}) => ({
    ...given({
      tfs: [
        { id: 'TF-17', side: 'usn', hex: '1414', ships: ['CV-2', 'CA-3'], identified: true },
        { id: 'TF-11', side: 'usn', hex: '1414', ships: ['CV-1'] },
        csf,
      ],
      air: [
        usnStrike('usn:CV-2', 'VB', 3),
        usnStrike('usn:CV-2', 'VT', 2),
        usnStrike('usn:CV-2', 'VF', 2, 'escort'),
        usnStrike('usn:CV-1', 'VB', 2),
        sq('ijn', 'ijn:CV-1', 'VF', 2, 'cap', { flyingTo: '1410' }),
        sq('ijn', 'ijn:CV-1', 'VT', 3, 'ready'),
      ],
    }),
    ...extra,
  });
  const combat = () =>
    when(world(), 'air-combat', [], {
      for: [
        { purpose: 'USN air-to-air in 1410', rolls: [6] },
        { purpose: 'IJN air-to-air in 1410', rolls: [1] },
        { purpose: 'squadrons aborted', rolls: [2] },
      ],
    });

  it('5a1f: IJN CAP (2 VF, 4: column 1-4) rolls a D0, 1d = 2 aborted among three USN kinds: the routine waits for the USN (air-losses 1410-1)', () => {
    const r = combat();
    expect(airDecision(r.state)).toEqual({ row: 'air-losses', suffix: '1410-1' });
    expect(r.state.airBattle?.pending).toMatchObject({ eliminated: 0, aborted: 2, cause: 'air-to-air' });
    expect(r.unused).toBe(0);
  });

  it('LOSSES 2 VF: the escorts named take the two aborts and turn back; AA (28: column 20-29) misses twice; one Target Selection roll (carrier) and one pick serve both packages: CV-1 damaged, then sunk with the VT aboard', () => {
    const r = when(combat().state, 'air-losses', [{ kind: 'losses', air: { VF: 2 } }], {
      for: [
        { purpose: 'IJN AA in 1410', rolls: [6, 6] },
        { purpose: 'Target Selection Table, 1410', rolls: [4] },
        { purpose: 'target in CSF', rolls: [2] },
        { purpose: 'USN strike on CV-1', rolls: [1, 1] },
      ],
    });
    expect(of(r.events, 'coral.air.losses-decided')).toEqual([{ suffix: '1410-1', by: 'orders' }]);
    expect(r.state.air.filter((u) => u.aborted).map((u) => [u.type, u.strength])).toEqual([['VF', 2]]);
    const aa = of<{ factors: number; roll: { column: string } }>(r.events, 'coral.air.combat').filter(
      (c) => (c as never as { kind: string }).kind === 'anti-aircraft',
    );
    expect(aa.map((c) => [c.factors, c.roll.column])).toEqual([
      [28, '20-29'],
      [28, '20-29'],
    ]);
    const attacks = of<{ target: string; factors: number; defense: number; roll: { column: string } }>(r.events, 'coral.air.combat').filter(
      (c) => (c as never as { kind: string }).kind === 'air-vs-naval',
    );
    expect(attacks.map((a) => [a.target, a.factors, a.defense, a.roll.column])).toEqual([
      ['ijn:CV-1', 2, 10, '<=49%'],
      ['ijn:CV-1', 5, 10, '50-99%'],
    ]);
    expect(of(r.events, 'coral.air.target-category')).toHaveLength(1);
    expect(of(r.events, 'coral.air.target')).toHaveLength(1);
    expect(of(r.events, 'coral.ship.status').map((x) => (x as { to: string }).to)).toEqual(['damaged', 'sunk']);
    expect(r.state.ships['ijn:CV-1']).toMatchObject({ status: 'sunk', faceUp: true });
    expect(r.state.ships['ijn:CV-2'].status).toBe('ok');
    expect(of(r.events, 'coral.air.eliminated')).toEqual([expect.objectContaining({ side: 'ijn', air: { VT: 3 }, rule: '25.3' })]);
    expect(r.state.vp.usn).toBe(box.vp.usnGains['ijn-CV'].value + 3 * box.vp.usnGains['ijn-squadron'].value);
    expect(r.state.airBattle).toBeUndefined();
  });

  it('LOSSES that do not fit the result are refused and the losses taken at random instead', () => {
    const r = when(combat().state, 'air-losses', [{ kind: 'losses', air: { VB: 3 } }], {
      otherwise: 6,
      allowUnused: true,
      for: [
        {
          purpose: 'USN losses',
          rolls: [
            { sides: 9, face: 1 },
            { sides: 8, face: 1 },
          ],
        },
      ],
    });
    expect(r.state.air.filter((u) => u.aborted).map((u) => [u.home, u.type, u.strength])).toEqual([['usn:CV-2', 'VB', 2]]);
    expect(of(r.events, 'coral.air.refused')).toEqual([
      expect.objectContaining({ problem: expect.stringContaining('name 0 squadrons eliminated and then 2 aborted') }),
    ]);
    expect(of(r.events, 'coral.air.losses-decided')).toEqual([{ suffix: '1410-1', by: 'at random' }]);
  });
});

describe('issue 26 Coral Sea extended range in combat (32.1) and air attacks on bases (23.1, 23.3)', () => {
  it('32.1: extended-range squadrons fire at half and each loss point takes two of them, normal-range squadrons first', () => {
    const s = given({
      extendedRange: true,
      tfs: [csf],
      air: [
        usnStrike('usn:CV-2', 'VB', 4, 'strike', { extendedRange: true }),
        usnStrike('usn:CV-2', 'VT', 1),
        sq('ijn', 'ijn:CV-1', 'VF', 3, 'cap', { flyingTo: '1410' }),
      ],
    });
    const r = when(s, 'air-combat', [], {
      for: [
        { purpose: 'USN air-to-air', rolls: [6] },
        { purpose: 'IJN air-to-air', rolls: [1] },
        { purpose: 'squadrons eliminated', rolls: [2] },
      ],
      otherwise: 6,
      allowUnused: true,
    });
    const fire = of<{ side: string; factors: number }>(r.events, 'coral.air.combat').filter(
      (c) => (c as never as { kind: string }).kind === 'air-to-air',
    );
    expect(fire.find((c) => c.side === 'usn')?.factors).toBe(3);
    expect(of(r.events, 'coral.air.eliminated')).toEqual([expect.objectContaining({ side: 'usn', air: { VT: 1, VB: 2 } })]);
  });

  it('23.1, 23.3: a strike on Lae meets its AA (3), then a D1 (column 10-19) destroys two grounded squadrons and a level of the base', () => {
    const s = given({
      air: [sq('usn', 'Port-Moresby', 'LMB', 10, 'strike', { flyingTo: '0606', target: 'Lae' }), sq('ijn', 'Lae', 'LF', 3, 'ready')],
    });
    const r = when(s, 'air-combat', [], {
      for: [
        { purpose: 'IJN AA in 0606', rolls: [6] },
        { purpose: 'USN air attack on Lae', rolls: [1] },
      ],
    });
    expect(
      of<{ kind: string; roll: { column: string; result: object } }>(r.events, 'coral.air.combat').map((c) => [c.kind, c.roll.column]),
    ).toEqual([
      ['anti-aircraft', '1-4'],
      ['air-vs-base', '10-19'],
    ]);
    expect(of(r.events, 'coral.base.strength')).toEqual([expect.objectContaining({ base: 'Lae', from: 3, to: 2, rule: '23.3' })]);
    expect(r.state.bases.Lae.strength).toBe(2);
    expect(count(r.state, 'Lae', 'ready', 'LF')).toBe(1);
    expect(r.state.vp.usn).toBe(2 * box.vp.usnGains['ijn-squadron'].value);
  });
});

describe('issue 26 Coral Sea IJN leadership chit on its air attacks (8.2, 8.5, 8.6)', () => {
  it('8.5: with a strike up and a chit in hand the IJN rolls; on a 5 it commits the chit, which shifts its first attack one column right and is spent', () => {
    const s = given({
      chits: 1,
      tfs: [{ id: 'TF-17', side: 'usn', hex: '1414', ships: ['CV-2'], identified: true }],
      air: [sq('ijn', 'Rabaul', 'LMB', 4, 'strike', { flyingTo: '1414', target: 'TF-17' })],
    });
    const r = when(s, 'air-combat', [], {
      for: [
        { purpose: 'IJN leadership chit check, air attack', rolls: [5] },
        { purpose: 'USN AA in 1414', rolls: [6] },
        { purpose: 'Target Selection Table, 1414', rolls: [6] },
        { purpose: 'IJN strike on CV-2', rolls: [6] },
      ],
    });
    expect(r.ijnOrders).toEqual([{ kind: 'ijn-chit', fn: 'air-attack', use: true }]);
    const attack = of<{ kind: string; roll: { printedColumn?: string; column: string; shifts?: unknown[] } }>(
      r.events,
      'coral.air.combat',
    ).find((c) => c.kind === 'air-vs-naval');
    expect(attack?.roll).toMatchObject({ printedColumn: '<=49%', column: '50-99%', shifts: [{ by: 1, rule: '8.2' }] });
    expect(r.state.chits.ijn).toBe(0);
    expect(r.unused).toBe(0);
  });
});

describe('issue 26 Coral Sea USN leadership chit on its air attacks (8.2, 8.4, 8.6)', () => {
  const world = (usnChit: boolean) => {
    const s = given({
      tfs: [
        { id: 'TF-17', side: 'usn', hex: '1412', ships: ['CV-2'], identified: true },
        { ...csf, hex: '1410' },
      ],
      air: [usnStrike('usn:CV-2', 'VB', 3), usnStrike('usn:CV-2', 'VT', 2)],
    });
    return { ...s, chits: { usn: 1, ijn: 0 }, core: { ...s.core, usnChit: usnChit ? { air: true } : { air: false } } };
  };
  const attacks = (events: Parameters<typeof of>[0]) =>
    of<{ side: string; kind: string; roll: { shifts?: { by: number; reason: string; rule: string }[] } }>(
      events,
      'coral.air.combat',
    ).filter((c) => c.side === 'usn' && c.kind === 'air-vs-naval');

  it('8.4, 8.6: given the USN committed its chit to the air attacks, when its strike attacks, then the first attack is shifted one column its way and the chit is spent', () => {
    const r = when(world(true), 'air-combat', [], { rolls: [], otherwise: 6, allowUnused: true });
    const usn = attacks(r.events);
    expect(usn.length).toBeGreaterThan(0);
    expect(usn[0].roll.shifts).toEqual([{ by: 1, reason: 'USN leadership chit', rule: '8.2' }]);
    expect(usn.slice(1).every((a) => !a.roll.shifts?.some((x) => x.reason === 'USN leadership chit'))).toBe(true);
    expect(r.state.chits.usn).toBe(0);
    expect(r.state.core.usnChit.air).toBe(false);
  });

  it('8.4: given the USN kept its chit, when its strike attacks, then no attack is shifted and the chit stays', () => {
    const r = when(world(false), 'air-combat', [], { rolls: [], otherwise: 6, allowUnused: true });
    expect(attacks(r.events).length).toBeGreaterThan(0);
    expect(attacks(r.events).some((a) => a.roll.shifts?.some((x) => x.reason === 'USN leadership chit'))).toBe(false);
    expect(r.state.chits.usn).toBe(1);
  });
});
