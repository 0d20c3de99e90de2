import { allowance, movementHandlers, planUsnMoves } from '../../../../src/games/coral-sea-solitaire/rules/movement';
import { shipKey } from '../../../../src/games/coral-sea-solitaire/state';
import type { CoralOrder } from '../../../../src/games/coral-sea-solitaire/types';
import { position, run, withStatus } from './given';

/**
 * Issue 26, the USN Naval Movement Phase (4b): MOVE by hexes or directions, MOVE TO, FAST, STAY,
 * checked against 12.4, 14.1-14.5, 14.9, 14.10, 23.1, 34.2 with refusals that name the rule and
 * what would be legal, and carried out step by step with the identifications of 28.2.
 */
const move = (tf: string, path: string[], fast = false): CoralOrder => ({ kind: 'move', tf, path, fast });
const directions = (tf: string, d: ('NE' | 'E' | 'SE' | 'SW' | 'W' | 'NW')[]): CoralOrder => ({
  kind: 'move',
  tf,
  path: [],
  directions: d,
  fast: false,
});
const handler = movementHandlers['movement-usn'];
const open = position({ usn: { 'TF-17': '1816' }, operations: 2 });

describe('issue 26 Coral Sea USN movement (4b)', () => {
  it('14.5: given TF-17 with MA 2, when it moves two hexes, one hex or stays, then each is legal, and three hexes are refused with FAST as the way', () => {
    expect(planUsnMoves(open, [move('TF-17', ['1916', '2016'])]).problems).toEqual([]);
    expect(planUsnMoves(open, [move('TF-17', ['1916'])]).problems).toEqual([]);
    expect(planUsnMoves(open, [directions('TF-17', ['E', 'E'])]).moves[0].steps.map((x) => x.to)).toEqual(['1916', '2016']);
    expect(planUsnMoves(open, [{ kind: 'stay', tf: 'TF-17' }])).toEqual({ moves: [], problems: [] });
    expect(planUsnMoves(open, [move('TF-17', ['E', 'E', 'E'])]).problems).toEqual([
      {
        index: 0,
        problem: 'TF-17 has 2 MP (MA 2: its slowest ship CV-2 (CV) (14.1, 14.2)) and the path takes 3',
        hint: 'add FAST (1 Operations CP) for one more hex (14.3)',
        rule: '14.1, 14.5',
      },
    ]);
    const ran = run(open, 'movement-usn', handler, { usn: [move('TF-17', ['1916', '2016'])] });
    expect(ran.ofType('coral.tf.step')).toEqual([
      { tf: 'TF-17', side: 'usn', from: '1816', to: '1916', mp: 1, why: 'as ordered', rule: '14.4' },
      { tf: 'TF-17', side: 'usn', from: '1916', to: '2016', mp: 2, why: 'as ordered', rule: '14.4' },
    ]);
    expect(ran.s.taskForces['TF-17'].hex).toBe('2016');
  });

  it('14.3, 7.4: given 1 Operations CP, when TF-17 moves three hexes FAST, then the CP is spent from the slot; a second fast move finds none left', () => {
    const s = position({ usn: { 'TF-17': '1816', 'TF-11': '1716' }, operations: 1 });
    const orders = [move('TF-17', ['E', 'E', 'E'], true), move('TF-11', ['SW', 'SW', 'SW'], true)];
    expect(planUsnMoves(s, orders).problems).toEqual([
      {
        index: 1,
        problem: 'FAST for TF-11 needs 1 Operations CP and 0 are left',
        hint: 'move 2 hexes without FAST, or allocate more CP to Operations at 1d',
        rule: '14.3, 7.4',
      },
    ]);
    const ran = run(s, 'movement-usn', handler, { usn: [orders[0], { kind: 'move', tf: 'TF-11', path: ['SW'], fast: false }] });
    expect(ran.s.taskForces['TF-17'].hex).toBe('2116');
    expect(ran.s.cp.slots.operations).toBe(0);
    expect(ran.ofType('coral.cp')).toHaveLength(1);
  });

  it('14.2, 14.3: given a damaged cruiser in TF-17, then its MA is 1 and FAST is refused', () => {
    const s = withStatus(open, shipKey('usn', 'CA-4'), 'damaged');
    expect(allowance(s, s.taskForces['TF-17'])).toMatchObject({
      ma: 1,
      noFast: 'CA-4 is damaged: a TF with a damaged ship may not move fast (14.3)',
    });
    expect(planUsnMoves(s, [move('TF-17', ['E', 'E'])]).problems[0].problem).toBe(
      'TF-17 has 1 MP (MA 1: its slowest ship CA-4 is damaged (14.1, 14.2)) and the path takes 2',
    );
    expect(planUsnMoves(s, [move('TF-17', ['E'], true)]).problems[0].rule).toBe('14.3');
  });

  it('14.7: given TF-9 of a seaplane tender (MA 1) and a destroyer, when the tender is sunk, then the TF moves two', () => {
    const s = position({ usn: { 'TF-9': '1816' }, usnShips: { 'TF-9': ['CYP-1', 'DD-5'] } });
    expect(allowance(s, s.taskForces['TF-9']).ma).toBe(1);
    expect(allowance(withStatus(s, shipKey('usn', 'CYP-1'), 'sunk'), s.taskForces['TF-9']).ma).toBe(2);
  });

  it('14.4, 14.10, 23.1: given refused steps, then each names its rule and the hexes the TF may go to', () => {
    const at = (hex: string) => position({ usn: { 'TF-17': hex } });
    expect(planUsnMoves(at('0608'), [move('TF-17', ['0707'])]).problems[0]).toEqual({
      index: 0,
      problem: 'TF-17 cannot go from 0608 to 0707: the hexside 0608/0707 is all land (14.4, 14.8)',
      hint: 'from 0608 it may go SE 0709, SW 0609, W 0508',
      rule: '14.4',
    });
    expect(planUsnMoves(at('1104'), [move('TF-17', ['NW'])]).problems[0].problem).toBe(
      'TF-17 cannot go from 1104 to 1103: 1103 is Rabaul, an enemy major base: ships may not enter it (23.1, 36)',
    );
    expect(planUsnMoves(at('1201'), [move('TF-17', ['NE'])]).problems[0]).toMatchObject({
      problem: 'NE of 1201 is off the map',
      rule: '14.10',
    });
    expect(planUsnMoves(at('1816'), [move('TF-17', ['1818'])]).problems[0].problem).toBe(
      'TF-17 cannot go from 1816 to 1818: 1818 is not next to 1816 (14.4: hex by hex)',
    );
    expect(planUsnMoves(at('1816'), [move('TF-17', ['north'])]).problems[0].hint).toBe(
      'write hex ids (2416) or directions NE E SE SW W NW',
    );
  });

  it('12.4, 28.2(2): given an IJN TF in 1916, when TF-17 would pass through, then it is refused; when it ends there, both TFs are identified', () => {
    const s = position({ usn: { 'TF-17': '1816' }, ijn: { SG: '1916' } });
    expect(planUsnMoves(s, [move('TF-17', ['1916', '2016'])]).problems[0]).toMatchObject({
      problem: 'TF-17 must stop in 1916, where IJN SG is; the path goes on',
      hint: 'end the move at 1916',
      rule: '12.4',
    });
    const ran = run(s, 'movement-usn', handler, { usn: [move('TF-17', ['1916'])] });
    expect(ran.ofType('coral.tf.identified')).toEqual([
      { tf: 'TF-17', identified: true, cause: 'enemy ships in 1916', rule: '28.2(2)' },
      { tf: 'SG', identified: true, cause: 'enemy ships in 1916', rule: '28.2(2)' },
    ]);
  });

  it('14.9, 12.5: given TF-17 in a hex with an IJN TF, then it may leave only when the USN has the initiative', () => {
    const ijnFirst = position({ usn: { 'TF-17': '1816' }, ijn: { SG: '1816' }, initiative: 'ijn' });
    expect(planUsnMoves(ijnFirst, [move('TF-17', ['E'])]).problems[0]).toMatchObject({ hint: 'STAY TF-17', rule: '14.9, 12.5' });
    expect(planUsnMoves(ijnFirst, [{ kind: 'stay', tf: 'TF-17' }]).problems).toEqual([]);
    const usnFirst = position({ usn: { 'TF-17': '1816' }, ijn: { SG: '1816' }, initiative: 'usn' });
    expect(planUsnMoves(usnFirst, [move('TF-17', ['E', 'E'])]).problems).toEqual([]);
  });

  it('MOVE TO: given TF-17 at 0709, when it is ordered to 0508, then the umpire finds the way by sea; too far is refused with the hexes in reach', () => {
    const s = position({ usn: { 'TF-17': '0709' } });
    const ran = run(s, 'movement-usn', handler, { usn: [{ kind: 'move', tf: 'TF-17', path: [], to: '0508', fast: false }] });
    expect(ran.ofType('coral.tf.step').map((e) => (e as { to: string }).to)).toEqual(['0609', '0508']);
    expect(planUsnMoves(s, [{ kind: 'move', tf: 'TF-17', path: [], to: '0404', fast: false }]).problems[0]).toMatchObject({
      rule: '14.4',
      problem: 'TF-17 cannot reach 0404: 0404 is all land (14.4, 36)',
    });
    const far = planUsnMoves(s, [{ kind: 'move', tf: 'TF-17', path: [], to: '1010', fast: false }]).problems[0];
    // round the Papuan tip: the all-land hexsides 0810/0909 and 0909/0910 keep it from the short way
    expect(far.problem).toBe('1010 is 4 hexes by sea from TF-17 at 0709; it has 2 MP');
    expect(far.hint).toMatch(/^within reach: .*0810/);
  });

  it('28.2(5): given Lae, the IJN minor base, when TF-44 enters its hex, then TF-44 is identified', () => {
    const s = position({ usn: { 'TF-44': '0707' } });
    const ran = run(s, 'movement-usn', handler, { usn: [move('TF-44', ['0606'])] });
    expect(ran.ofType('coral.tf.identified')).toEqual([{ tf: 'TF-44', identified: true, cause: 'in the hex of Lae', rule: '28.2(5)' }]);
  });

  it('34.2: given the fueling group option, then TF-6 moves one hex and never fast', () => {
    const s = position({ usn: { 'TF-6': '1816' }, options: { fuelingGroup: true }, operations: 3 });
    expect(planUsnMoves(s, [move('TF-6', ['E', 'E'])]).problems[0].problem).toBe('TF-6 has 1 MP (MA 1 (14.1, 34.2)) and the path takes 2');
    expect(planUsnMoves(s, [move('TF-6', ['E'], true)]).problems[0]).toMatchObject({ rule: '34.2' });
    expect(planUsnMoves(position({ usn: { 'TF-6': '1816' } }), [move('TF-6', ['E', 'E'])]).problems).toEqual([]);
  });

  it('13.6: given orders for an IJN TF, a TF not on the map and one TF twice, then each is refused naming the USN TFs', () => {
    const s = position({ usn: { 'TF-17': '1816', 'TF-11': '1716' }, ijn: { SG: '1916' } });
    const { problems } = planUsnMoves(s, [move('SG', ['E']), move('TF-44', ['E']), move('TF-17', ['E']), { kind: 'stay', tf: 'TF-17' }]);
    expect(problems).toEqual([
      { index: 0, problem: 'SG is an IJN task force', hint: 'yours: TF-11, TF-17', rule: '13.6' },
      { index: 1, problem: 'no USN task force TF-44 on the map', hint: 'yours: TF-11, TF-17', rule: '13.6' },
      { index: 3, problem: 'TF-17 has an order already (order 3)', hint: 'one MOVE or STAY per TF', rule: '13.6' },
    ]);
  });
});
