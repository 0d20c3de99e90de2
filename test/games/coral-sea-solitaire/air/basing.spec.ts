import { airDecision } from '../../../../src/games/coral-sea-solitaire/rules/air';
import type { CoralBox } from '../../../../src/games/coral-sea-solitaire/box/schema';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { box, count, given, of, sq, when } from './world';

/**
 * Issue 26, basing (5.6 8, 21.3-21.4, 12.1, 15.1, 23.4, 25.1): fliers land on their own carrier or
 * base, fatigued; orphans go to the nearest friendly carrier within range, else base, else are
 * eliminated; capacities hold; equally near places are the USN's choice (basing-choice).
 */
const sunk = (s: CoralState, key: string, status: 'sunk' | 'damaged' | 'crippled' = 'sunk'): CoralState => ({
  ...s,
  ships: { ...s.ships, [key]: { ...s.ships[key as never], status } },
});
const fleet = [
  { id: 'TF-17', side: 'usn' as const, hex: '1413', ships: ['CV-2', 'CA-3'] },
  { id: 'TF-11', side: 'usn' as const, hex: '1414', ships: ['CV-1', 'CA-1'] },
];
const strikeBack = () => [
  sq('usn', 'usn:CV-2', 'VB', 3, 'strike', { flyingTo: '1410', target: 'CSF' }),
  sq('usn', 'usn:CV-2', 'VT', 2, 'strike', { flyingTo: '1410', target: 'CSF' }),
  sq('usn', 'usn:CV-1', 'VF', 2, 'cap', { flyingTo: '1414' }),
];

describe('issue 26 Coral Sea air basing (step 8, 21.3-21.4)', () => {
  it('21.4, 25.1: every flier lands on its own carrier, fatigued (Recovery); the day’s missions are cleared', () => {
    const s = { ...given({ tfs: fleet, air: strikeBack() }), airMissions: [] };
    const r = when(s, 'basing');
    expect(count(r.state, 'usn:CV-2', 'recovery')).toBe(5);
    expect(count(r.state, 'usn:CV-1', 'recovery')).toBe(2);
    expect(r.state.air.every((u) => u.box === 'recovery')).toBe(true);
    expect(r.state.airMissions).toBeUndefined();
  });

  it('21.4: CV-2 sunk: its VB fly to the nearest carrier in range (CV-1, 4 hexes); its VT (range 3) find none and no base, and are lost, scoring for the IJN', () => {
    const r = when(sunk(given({ tfs: fleet, air: strikeBack() }), 'usn:CV-2'), 'basing');
    expect(count(r.state, 'usn:CV-1', 'recovery', 'VB')).toBe(3);
    expect(r.state.air.find((u) => u.type === 'VB')?.original).toBe('usn:CV-2');
    expect(of(r.events, 'coral.air.eliminated')).toEqual([expect.objectContaining({ side: 'usn', air: { VT: 2 }, rule: '21.4' })]);
    expect(r.state.vp.ijn).toBe(2 * box.vp.ijnGains['usn-squadron'].value);
  });

  it('15.1: a damaged carrier lands nothing: its own CAP goes to the other carrier', () => {
    const r = when(sunk(given({ tfs: fleet, air: strikeBack() }), 'usn:CV-1', 'damaged'), 'basing');
    expect(count(r.state, 'usn:CV-2', 'recovery', 'VF')).toBe(2);
  });

  it('12.1: a carrier of capacity 8 holding 6 takes two more of the orphans; the third finds no place and is lost', () => {
    const small: CoralBox = {
      ...box,
      ships: box.ships.map((x) =>
        x.side === 'usn' && x.id === 'CV-1'
          ? { ...x, capacity: { value: 8, source: { kind: 'reconstructed', reason: 'the 12.1 example' } } }
          : x,
      ),
    };
    const s = {
      ...sunk(given({ tfs: fleet, air: [...strikeBack().slice(0, 1), sq('usn', 'usn:CV-1', 'VF', 6, 'recovery')] }), 'usn:CV-2'),
      box: small,
    } as CoralState;
    const r = when(s, 'basing');
    expect(count(r.state, 'usn:CV-1')).toBe(8);
    expect(of(r.events, 'coral.air.eliminated')).toEqual([expect.objectContaining({ air: { VB: 1 } })]);
  });

  it('21.4, 23.4: land-based air whose base lacks room lands at another base within range; Port Moresby at 1 takes one of two LMB, the other (range 8, North Australia 11) is lost', () => {
    const s = given({ air: [sq('usn', 'Port-Moresby', 'LMB', 2, 'strike', { flyingTo: '1103', target: 'Rabaul' })], state: {} });
    const r = when({ ...s, bases: { ...s.bases, 'Port-Moresby': { strength: 1 } } }, 'basing');
    expect(count(r.state, 'Port-Moresby', 'recovery')).toBe(1);
    expect(of(r.events, 'coral.air.eliminated')).toEqual([expect.objectContaining({ air: { LMB: 1 } })]);
  });

  it('basing-choice: two carriers equally near (CV-1 and CV-3, 2 hexes each) wait for the USN; LAND CV-2 AIR ON CV-3 lands them there', () => {
    const s = sunk(
      given({
        tfs: [fleet[0], { ...fleet[1], hex: '1412' }, { id: 'TF-3', side: 'usn', hex: '1408', ships: ['CV-3'] }],
        air: [sq('usn', 'usn:CV-2', 'VB', 3, 'strike', { flyingTo: '1410', target: 'CSF' })],
      }),
      'usn:CV-2',
    );
    const first = when(s, 'basing');
    expect(airDecision(first.state)).toEqual({ row: 'basing-choice', suffix: 'CV-2-1' });
    expect(first.state.airBasing?.pending?.options).toEqual(['usn:CV-1', 'usn:CV-3']);
    const r = when(first.state, 'basing-choice', [{ kind: 'land', from: 'CV-2', on: 'CV-3' }]);
    expect(count(r.state, 'usn:CV-3', 'recovery', 'VB')).toBe(3);
    expect(airDecision(r.state)).toBeNull();
    const wrong = when(first.state, 'basing-choice', [{ kind: 'land', from: 'CV-2', on: 'North-Australia' }]);
    expect(of(wrong.events, 'coral.air.refused')).toEqual([
      expect.objectContaining({ rule: '21.4', problem: expect.stringContaining('LAND CV-2 AIR ON CV-1 or CV-3') }),
    ]);
    expect(count(wrong.state, 'usn:CV-1', 'recovery', 'VB')).toBe(3);
  });

  it('2.2: the IJN’s orphans with two equally near carriers land on one chosen at random', () => {
    const s = sunk(
      given({
        tfs: [
          { id: 'CSF', side: 'ijn', hex: '1412', ships: ['CV-1'] },
          { id: 'CG', side: 'ijn', hex: '1408', ships: ['CVL-3'] },
          { id: 'X', side: 'ijn', hex: '1410', ships: ['CV-2'] },
        ],
        air: [sq('ijn', 'ijn:CV-2', 'VB', 2, 'strike', { flyingTo: '1410', target: 'TF-17' })],
      }),
      'ijn:CV-2',
    );
    const r = when(s, 'basing', [], { for: [{ purpose: "where CV-2's VB land", rolls: [5] }] });
    expect(count(r.state, 'ijn:CVL-3', 'recovery', 'VB')).toBe(2);
    expect(r.events.filter((e) => e.type === 'IjnDecided')).toHaveLength(1);
  });
});
