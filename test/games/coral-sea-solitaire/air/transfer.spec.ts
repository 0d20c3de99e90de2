import { box, count, given, of, sq, when } from './world';

/**
 * Issue 26, air transfer (1f, 21.5, 21.3, 12.1, 15.1, 7.4): triple range, no combat, fatigued on
 * arrival, the Command Missions Chart's CP per carrier or base flown from.
 */
const lexTf = (hex: string) => ({ id: 'TF-17', side: 'usn' as const, hex, ships: ['CV-2', 'CA-3'] });
const cost = box.commandMissions['air-transfer'].cost.value;

describe('issue 26 Coral Sea air transfer (1f, 21.5)', () => {
  it('21.5: a range-5 VB transfers up to 15 hexes (CV-2 at 1609, North Australia 15 away) and arrives fatigued, for one CP', () => {
    const s = given({ tfs: [lexTf('1609')], air: [sq('usn', 'usn:CV-2', 'VB', 5)], operations: 4 });
    const r = when(s, 'air-transfer', [{ kind: 'air-transfer', air: { VB: 2 }, from: 'CV-2', to: 'North-Australia' }]);
    expect(of(r.events, 'coral.air.refused')).toEqual([]);
    expect(count(r.state, 'North-Australia', 'recovery', 'VB')).toBe(2);
    expect(count(r.state, 'usn:CV-2', 'ready', 'VB')).toBe(3);
    expect(r.state.cp.slots.operations).toBe(4 - cost);
    expect(r.state.air.find((u) => u.home === 'North-Australia')?.original).toBe('usn:CV-2');
  });

  it('21.5: one hex more (16, from 1303) is refused, naming the triple range', () => {
    const s = given({ tfs: [lexTf('1303')], air: [sq('usn', 'usn:CV-2', 'VB', 5)] });
    const r = when(s, 'air-transfer', [{ kind: 'air-transfer', air: { VB: 2 }, from: 'CV-2', to: 'North-Australia' }]);
    expect(of(r.events, 'coral.air.refused')).toEqual([
      expect.objectContaining({ rule: '21.5', problem: expect.stringContaining('at most 15 (3 × range 5)') }),
    ]);
    expect(count(r.state, 'usn:CV-2', 'ready', 'VB')).toBe(5);
    expect(r.state.cp.slots.operations).toBe(10);
  });

  it('21.3, 21.6, 15.1, 12.1, 7.4: land-based air on a carrier, fatigued squadrons, a damaged carrier, a full base and an empty slot are each refused', () => {
    const base = given({
      tfs: [lexTf('1609')],
      air: [sq('usn', 'North-Australia', 'LF', 5), sq('usn', 'usn:CV-2', 'VF', 2, 'recovery'), sq('usn', 'Port-Moresby', 'LF', 3)],
    });
    const cases: [Parameters<typeof when>[2], string, typeof base][] = [
      [[{ kind: 'air-transfer', air: { LF: 1 }, from: 'North-Australia', to: 'CV-2' }], '21.3', base],
      [[{ kind: 'air-transfer', air: { VF: 1 }, from: 'CV-2', to: 'North-Australia' }], '21.6', base],
      [[{ kind: 'air-transfer', air: { LF: 2 }, from: 'North-Australia', to: 'Port-Moresby' }], '12.1', base],
      [
        [{ kind: 'air-transfer', air: { LF: 1 }, from: 'North-Australia', to: 'Port-Moresby' }],
        '7.4',
        { ...base, cp: { available: 20, slots: { ...base.cp.slots, operations: 0 } } },
      ],
    ];
    for (const [orders, rule, s] of cases)
      expect(of(when(s, 'air-transfer', orders).events, 'coral.air.refused')).toEqual([expect.objectContaining({ rule })]);
    const damaged = {
      ...base,
      ships: { ...base.ships, 'usn:CV-2': { ...base.ships['usn:CV-2'], status: 'damaged' as const } },
      air: [sq('usn', 'usn:CV-2', 'VF', 2)],
    };
    expect(
      of(
        when(damaged, 'air-transfer', [{ kind: 'air-transfer', air: { VF: 1 }, from: 'CV-2', to: 'North-Australia' }]).events,
        'coral.air.refused',
      ),
    ).toEqual([expect.objectContaining({ rule: '15.1' })]);
  });

  it('1f: each carrier or base flown from is paid once; two bases, two payments', () => {
    const s = given({ air: [sq('usn', 'North-Australia', 'LF', 5), sq('usn', 'South-Australia', 'LMB', 4)], operations: 5 });
    const r = when(s, 'air-transfer', [
      { kind: 'air-transfer', air: { LF: 1 }, from: 'North-Australia', to: 'Port-Moresby' },
      { kind: 'air-transfer', air: { LF: 1 }, from: 'North Australia', to: 'Port-Moresby' },
      { kind: 'air-transfer', air: { LMB: 2 }, from: 'South-Australia', to: 'North-Australia' },
    ]);
    expect(of<{ spent: { cp: number } }>(r.events, 'coral.cp').map((c) => c.spent.cp)).toEqual([cost, cost]);
    expect(count(r.state, 'Port-Moresby', 'recovery', 'LF')).toBe(2);
    expect(count(r.state, 'North-Australia', 'recovery', 'LMB')).toBe(2);
  });
});
