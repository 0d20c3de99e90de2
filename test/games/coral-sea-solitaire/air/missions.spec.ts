import { defaultMissionOrders } from '../../../../src/games/coral-sea-solitaire/rules/air';
import type { AirType } from '../../../../src/games/coral-sea-solitaire/box/schema';
import type { CoralOrder, CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { box, count, given, of, sq, when } from './world';

/**
 * Issue 26, USN air missions (5a-a, 5a-b) and assignment (5a-e, 5a1a-c): CP per mission (land 1,
 * carrier 2; a strike and its escort one mission), strikes only at identified IJN TFs or bases
 * (28.4), ranges out and back (21.2), extended range (32.0), bad weather (36), damaged carriers
 * (15.1), ASSIGN AS COMMITTED and ASSIGN overrides.
 */
const world = (extra: Partial<Parameters<typeof given>[0]> = {}) =>
  given({
    tfs: [
      { id: 'TF-17', side: 'usn', hex: '1413', ships: ['CV-2', 'CA-3'] },
      { id: 'TF-11', side: 'usn', hex: '1413', ships: ['CV-1', 'CA-1'] },
      { id: 'CSF', side: 'ijn', hex: '1410', ships: ['CV-1', 'CV-2', 'CA-1'], identified: true },
      { id: 'CG', side: 'ijn', hex: '1417', ships: ['CVL-3', 'CA-3'] },
    ],
    air: [
      sq('usn', 'usn:CV-2', 'VF', 3),
      sq('usn', 'usn:CV-2', 'VB', 5),
      sq('usn', 'usn:CV-2', 'VT', 2),
      sq('usn', 'usn:CV-1', 'VF', 3),
      sq('usn', 'Port-Moresby', 'LMB', 2),
    ],
    ...extra,
  });
const strike = (from: string, air: Partial<Record<AirType, number>>, target: string, extended = false): CoralOrder => ({
  kind: 'mission',
  mission: 'strike',
  from,
  air,
  target,
  extended,
});
const refused = (s: CoralState, orders: CoralOrder[]) =>
  of<{ rule: string; problem: string }>(when(s, 'air-missions', orders).events, 'coral.air.refused');

describe('issue 26 Coral Sea USN air missions (5a-a, 5a-b)', () => {
  it('5a-a/b: a carrier strike with its escort is one mission (2 CP), CAP another (2), a land-based strike 1', () => {
    const r = when(world(), 'air-missions', [
      strike('CV-2', { VB: 5, VT: 2 }, 'CSF'),
      { kind: 'mission', mission: 'escort', from: 'CV-2', air: { VF: 2 }, extended: false },
      { kind: 'mission', mission: 'cap', from: 'CV-1', air: { VF: 3 }, extended: false },
      strike('Port-Moresby', { LMB: 2 }, 'Rabaul'),
    ]);
    expect(of(r.events, 'coral.air.refused')).toEqual([]);
    expect(of<{ spent: { cp: number } }>(r.events, 'coral.cp').map((c) => c.spent.cp)).toEqual([2, 2, 1]);
    expect(r.state.cp.slots.operations).toBe(5);
    expect(r.state.airMissions?.map((m) => [m.id, m.targetHex, m.cp])).toEqual([
      ['usn:CV-2:strike:CSF', '1410', 2],
      ['usn:CV-2:escort:CSF', '1410', 0],
      ['usn:CV-1:cap', '1413', 2],
      ['usn:Port-Moresby:strike:Rabaul', '1103', 1],
    ]);
  });

  it('28.4: no strike at an unidentified IJN TF (CG), though bases are always fair game', () => {
    expect(refused(world(), [strike('CV-2', { VB: 2 }, 'CG')])).toEqual([expect.objectContaining({ rule: '28.4' })]);
    expect(refused(world(), [strike('Port-Moresby', { LMB: 2 }, 'Rabaul')])).toEqual([]);
  });

  it('21.2: each type must reach the target: VB (range 5) reach CSF 3 hexes off; VT (3) do not reach a TF 4 hexes off', () => {
    const far = world({
      tfs: [
        { id: 'TF-17', side: 'usn', hex: '1413', ships: ['CV-2'] },
        { id: 'CG', side: 'ijn', hex: '1417', ships: ['CVL-3'], identified: true },
      ],
    });
    expect(refused(far, [strike('CV-2', { VB: 5 }, 'CG')])).toEqual([]);
    expect(refused(far, [strike('CV-2', { VB: 5, VT: 2 }, 'CG')])).toEqual([
      expect.objectContaining({ rule: '21.2', problem: expect.stringContaining('VT reach 3') }),
    ]);
  });

  it('32.0: a range-5 unit flies 7 at extended range, only with the option; 8 is too far even then', () => {
    const at = (hex: string, ext: boolean) =>
      world({
        extendedRange: ext,
        tfs: [
          { id: 'TF-17', side: 'usn', hex: '1413', ships: ['CV-2'] },
          { id: 'CG', side: 'ijn', hex, ships: ['CVL-3'], identified: true },
        ],
      });
    expect(refused(at('1420', true), [strike('CV-2', { VB: 5 }, 'CG', true)])).toEqual([]);
    expect(refused(at('1420', false), [strike('CV-2', { VB: 5 }, 'CG', true)])).toEqual([expect.objectContaining({ rule: '32.0' })]);
    expect(refused(at('1420', true), [strike('CV-2', { VB: 5 }, 'CG')])).toEqual([expect.objectContaining({ rule: '21.2' })]);
    expect(refused(at('1421', true), [strike('CV-2', { VB: 5 }, 'CG', true)])).toEqual([
      expect.objectContaining({ rule: '32.0', problem: expect.stringContaining('reach 7') }),
    ]);
  });

  it('36 result 6, 15.1: bad weather keeps strikes within two hexes; a damaged carrier launches nothing, CAP included', () => {
    expect(refused(world({ weather: 'bad' }), [strike('CV-2', { VB: 5 }, 'CSF')])).toEqual([expect.objectContaining({ rule: '36' })]);
    const s = world();
    const damaged = { ...s, ships: { ...s.ships, 'usn:CV-1': { ...s.ships['usn:CV-1'], status: 'damaged' as const } } };
    expect(refused(damaged, [{ kind: 'mission', mission: 'cap', from: 'CV-1', air: { VF: 3 }, extended: false }])).toEqual([
      expect.objectContaining({ rule: '15.1' }),
    ]);
  });

  it('7.4, 22.1: missions beyond the Operations CP, bombers on CAP and an escort with no strike are refused', () => {
    expect(refused(world({ operations: 1 }), [strike('CV-2', { VB: 5 }, 'CSF')])).toEqual([expect.objectContaining({ rule: '7.4' })]);
    expect(refused(world(), [{ kind: 'mission', mission: 'cap', from: 'CV-2', air: { VB: 1 }, extended: false }])).toEqual([
      expect.objectContaining({ rule: '22.1' }),
    ]);
    expect(refused(world(), [{ kind: 'mission', mission: 'escort', from: 'CV-2', air: { VF: 1 }, extended: false }])).toEqual([
      expect.objectContaining({ rule: '22.1' }),
    ]);
  });

  it('defaults: with nothing said, every carrier flies its ready VF on CAP while the CP last', () => {
    expect(defaultMissionOrders(world(), box)).toEqual([
      { kind: 'mission', mission: 'cap', from: 'CV-1', air: { VF: 3 }, extended: false },
      { kind: 'mission', mission: 'cap', from: 'CV-2', air: { VF: 3 }, extended: false },
    ]);
  });
});

describe('issue 26 Coral Sea USN air assignment (5a-e, 5a1a-c)', () => {
  const committed = () =>
    when(world(), 'air-missions', [
      strike('CV-2', { VB: 5, VT: 2 }, 'CSF'),
      { kind: 'mission', mission: 'escort', from: 'CV-2', air: { VF: 2 }, extended: false },
      { kind: 'mission', mission: 'cap', from: 'CV-1', air: { VF: 3 }, extended: false },
    ]).state;

  it('5a1a-c: ASSIGN AS COMMITTED flies each mission as planned: CAP over its own hex, strike and escort to the target hex', () => {
    const r = when(committed(), 'air-assign', [{ kind: 'assign-committed' }]);
    expect(count(r.state, 'usn:CV-2', 'strike')).toBe(7);
    expect(count(r.state, 'usn:CV-2', 'escort')).toBe(2);
    expect(count(r.state, 'usn:CV-1', 'cap')).toBe(3);
    expect(r.state.air.filter((u) => u.box === 'strike').every((u) => u.flyingTo === '1410' && u.target === 'CSF')).toBe(true);
    expect(r.state.air.find((u) => u.box === 'cap')?.flyingTo).toBe('1413');
    expect(count(r.state, 'usn:CV-2', 'ready', 'VF')).toBe(1);
  });

  it('5a1a: ASSIGN sets how many of a type fly a committed mission; an uncommitted one is refused (its CP were not paid)', () => {
    const r = when(committed(), 'air-assign', [
      { kind: 'assign', from: 'CV-2', air: { VB: 3 }, mission: 'strike' },
      { kind: 'assign', from: 'CV-2', air: { VF: 1 }, mission: 'cap' },
    ]);
    expect(count(r.state, 'usn:CV-2', 'strike', 'VB')).toBe(3);
    expect(count(r.state, 'usn:CV-2', 'ready', 'VB')).toBe(2);
    expect(of(r.events, 'coral.air.refused')).toEqual([
      expect.objectContaining({ rule: '5.6 5a1a', problem: expect.stringContaining('only committed missions fly') }),
    ]);
  });
});
