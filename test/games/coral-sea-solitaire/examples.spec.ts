import type { Dice } from '../../../src/engine/ruleset';
import { boardOf, defaultBox as box } from '../../../src/games/coral-sea-solitaire/box';
import {
  cv3Arrival,
  dealFaceDown,
  ijnBattleships,
  optionalDeployment,
  placeSubmarines,
  submarineCounters,
} from '../../../src/games/coral-sea-solitaire/ijn/setup';
import { isDay, ROWS, rowIdOf, sequenceOf, STEP_TABLE, stepInfo, turnLabel, turnsOf } from '../../../src/games/coral-sea-solitaire/steps';
import { chooseAtRandom } from '../../../src/games/kit';
import { namedDice } from './dice';

/**
 * Issue 26: the rulebook's worked examples and printed facts that concern the parts built so far
 * (brief section 11): 2.2, 4.3's draws and submarine placement, 5.5-5.6 and 10.2 as the step table,
 * 30.1, 30.3, 35, the tables of 36, Q1-Q5 and the counter errata as box data.
 */
const calendar = { month: box.calendar.month.value, firstDay: box.calendar.firstDay.value };

describe('issue 26 Coral Sea Solitaire worked examples', () => {
  it('2.2: three ships at random, 1-2 / 3-4 / 5-6, and a 3 picks the second', () => {
    const { dice } = namedDice({ for: [{ purpose: 'target', rolls: [3] }] });
    expect(chooseAtRandom(dice, ['first', 'second', 'third'], 'target', '2.2')).toMatchObject({
      faces: ['1-2', '3-4', '5-6'],
      chosen: 'second',
    });
  });

  it('4.3: the carriers are drawn face down and dealt in the order picked, two to the Carrier Strike Force and one to the Covering Group', () => {
    const { dice, rolled } = namedDice({ for: [{ purpose: 'carrier draw', rolls: [5, 2] }] });
    const deal = dealFaceDown(dice, box.setup.ijn.value.carrierDraw.pool, box.setup.ijn.value.carrierDraw.deal, 'carrier draw');
    expect(deal.assigned).toEqual({ CSF: ['CVL-3', 'CV-1'], CG: ['CV-2'] });
    expect(deal.picks.map((p) => p.choice.dice)).toEqual([[5], [2], []]);
    expect(rolled().every((r) => r.rule === '4.3')).toBe(true);
  });

  it('4.3: the twenty other counters are dealt 6, 5, 5, 2, 2, each exactly once, a die of as many sides as counters left past six', () => {
    const sides: number[] = [];
    const first: Dice = {
      d6: () => 1,
      die: (n) => {
        sides.push(n);
        return 1;
      },
    };
    const { pool, deal } = box.setup.ijn.value.counterDraw;
    const dealt = dealFaceDown(first, pool, deal, 'counter draw');
    expect(Object.fromEntries(Object.entries(dealt.assigned).map(([tf, c]) => [tf, c.length]))).toEqual({
      CSF: 6,
      CG: 5,
      PMG: 5,
      TG: 2,
      SG: 2,
    });
    expect(Object.values(dealt.assigned).flat().sort()).toEqual([...pool].sort());
    expect(dealt.assigned.CSF).toEqual(pool.slice(0, 6));
    expect(sides.filter((n) => n > 6)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7]);
  });

  it('4.3: a submarine goes to the To Truk hex its die names from the west, die + 3 hexes south, west or east by a die at a hexside, and rolls again on a taken hex', () => {
    const { dice, rolled, queue } = namedDice({
      for: [
        { purpose: 'submarine 1: To Truk hex', rolls: [1] },
        { purpose: 'submarine 1: hexes south', rolls: [1] },
        { purpose: 'submarine 2: To Truk hex', rolls: [1, 2] },
        { purpose: 'submarine 2: hexes south', rolls: [1, 2] },
        { purpose: 'submarine 2: west or east', rolls: [2] },
        { purpose: 'submarine 3: To Truk hex', rolls: [6] },
        { purpose: 'submarine 3: hexes south', rolls: [6] },
        { purpose: 'submarine 3: west or east', rolls: [5] },
      ],
    });
    const placed = placeSubmarines(dice, box, boardOf(), 3);
    // 1201 + 4 rows straight south; 1201 again is taken, so 1301 + 5 rows meets a hexside: west; 1701 + 9: east
    expect(placed.hexes).toEqual(['1205', '1206', '1710']);
    expect(rolled().every((r) => r.rule === '4.3')).toBe(true);
    expect(queue.remaining).toBe(0);
  });

  it('4.3, 19.2: which counter lies under each submarine marker is drawn at random on the sealed, referee-only dice it is given', () => {
    const { dice } = namedDice({ for: [{ purpose: 'which counter', rolls: [6, 1] }] });
    const picks = submarineCounters(dice, box.setup.ijn.value.submarines, { sealed: true, visibleTo: [] });
    expect(picks.map((p) => p.chosen)).toEqual(['SS-3', 'SS-1', 'SS-2']);
    expect(dice.rolls.map((r) => [r.face, r.sealed, r.visibleTo])).toEqual([
      [6, true, []],
      [1, true, []],
    ]);
  });

  it('5.5, 5.6, 10.2: fourteen turns from Day 3 May to Night 9 May; day-only phases skipped at night; no random event on turn 1; only 4a and 4b swap with the initiative', () => {
    expect(turnsOf({ firstDay: box.calendar.firstDay.value, lastDay: box.calendar.lastDay.value })).toBe(14);
    expect(turnLabel(1, calendar)).toBe('Day 3 May 1942');
    expect(turnLabel(4, calendar)).toBe('Night 4 May 1942');
    expect(turnLabel(14, calendar)).toBe('Night 9 May 1942');
    expect([1, 2, 13, 14].map(isDay)).toEqual([true, false, true, false]);
    const day1 = sequenceOf(1, 'ijn');
    expect(day1.slice(0, 4)).toEqual(['deployment', 'ijn-setup', 'reinforcements', 'command-decision']);
    expect(day1).not.toContain('random-event');
    const night = sequenceOf(4, 'ijn');
    expect(night).toEqual([
      'reinforcements',
      'intelligence',
      'initiative',
      'movement-ijn',
      'movement-usn',
      'surface',
      'bombard-usn',
      'bombard-ijn',
      'landings',
      'basing',
      'logistics-usn',
      'logistics-ijn',
      'end-of-turn',
    ]);
    const ijnFirst = sequenceOf(5, 'ijn');
    const usnFirst = sequenceOf(5, 'usn');
    expect(ijnFirst[0]).toBe('random-event');
    const at = ijnFirst.indexOf('movement-ijn');
    expect(usnFirst.slice(at, at + 2)).toEqual(['movement-usn', 'movement-ijn']);
    expect(usnFirst.filter((r) => !r.startsWith('movement'))).toEqual(ijnFirst.filter((r) => !r.startsWith('movement')));
  });

  it('5.6: each step belongs to one row of the step table, USN rows owe the player, IJN rows are the system side', () => {
    const step = stepInfo(3, 'movement-ijn', calendar);
    expect(step).toMatchObject({ id: 't3/movement-ijn', title: 'Day 4 May 1942: IJN naval movement (5.6 4a)', owes: [] });
    expect(STEP_TABLE.rowOf(stepInfo(7, 'surface', calendar, '1808'))).toBe('surface');
    expect(stepInfo(2, 'logistics-usn', calendar).owes).toEqual(['usn']);
    expect(ROWS.filter((r) => r.owes === 'system').map((r) => r.id)).toContain('air-ijn');
    expect(() => rowIdOf('t3/parade')).toThrow('step t3/parade belongs to no row of the Coral Sea step table');
  });

  it('30.1: die − 1: a 1 puts CV-3 in at the start, a 3 brings it on turn 2 (a new TF even on turn 1)', () => {
    expect(cv3Arrival(namedDice([1]).dice, box).result).toBe('start');
    expect(cv3Arrival(namedDice([3]).dice, box).result).toBe('2');
  });

  it('30.3: on a 5 one battleship, picked at random, joins the TF; on a 6 both; below 5 none', () => {
    const five = namedDice({
      for: [
        { purpose: 'IJN battleships present', rolls: [5] },
        { purpose: 'which battleship', rolls: [4] },
      ],
    });
    expect(ijnBattleships(five.dice, box, 'CSF', ['BB-1', 'BB-2'])).toMatchObject({ placed: ['BB-2'], pick: { faces: ['1-3', '4-6'] } });
    expect(ijnBattleships(namedDice([6]).dice, box, 'SG', ['BB-1', 'BB-2']).placed).toEqual(['BB-1', 'BB-2']);
    expect(ijnBattleships(namedDice([4]).dice, box, 'CG', ['BB-1']).placed).toEqual([]);
    expect(ijnBattleships(namedDice([5]).dice, box, 'CG', ['BB-1']).placed).toEqual(['BB-1']);
  });

  it('35: the first die places each TF, the second times it (TF-44 in Australia on Day 4 May; the Covering Group with the Port Moresby Group)', () => {
    const tf44 = optionalDeployment(namedDice([3, 1]).dice, box, 'TF-44');
    expect([tf44.place.result, tf44.arrival.result]).toEqual(['Australia', 'Day 4 May']);
    const cg = optionalDeployment(namedDice([2, 2]).dice, box, 'CG');
    expect([cg.place.result, cg.arrival.result]).toEqual(['same hex as PMG', 'same turn as PMG']);
    const tg = optionalDeployment(namedDice([6, 6]).dice, box, 'TG');
    expect([tg.place.result, tg.arrival.result]).toEqual(['NW-of-Guadalcanal', 'start']);
  });

  it('36: the USN Intelligence Table and the Movement Points Table as printed', () => {
    const intel = box.tables.intelligence as { entries: { rolls: unknown; result: { value: string } }[] };
    expect(intel.entries.map((e) => [e.rolls, e.result.value])).toEqual([
      [[1, 3], 'none'],
      [4, 'identify-or-reveal-one'],
      [5, 'identify-or-reveal-all'],
      [6, 'usn-chit'],
    ]);
    const mp = Object.fromEntries(Object.entries(box.movementPoints).map(([t, p]) => [t, p.value]));
    expect(mp).toEqual({ CV: 2, CVL: 2, BB: 2, B: 1, CA: 2, CL: 2, DD: 2, GB: 1, TR: 1, CYP: 1, SS: 1, Dummy: 2 });
    expect(box.constants.fastMove.value).toBe(1);
    expect(box.constants.airTransferRangeMultiplier.value * box.airRanges.ijn.VB!.value).toBe(15); // 21.5: range 5 transfers 15
  });

  it('Q1-Q5 and the errata: panic and IJN battleships score for the USN, each USN CV carries 3 VF 5 VB 2 VT, one IJN CA-2, CV air on CV-1/CV-2, IJN ranges', () => {
    expect(box.vp.usnGains['ijn-panic'].value).toBe(75);
    expect(box.vp.usnGains['ijn-battleship-committed'].value).toBe(20);
    expect(box.vp.ijnGains['usn-battleship-committed'].value).toBe(20);
    expect(box.setup.usn.value.carrierAir).toEqual({ 'CV-1': { VF: 3, VB: 5, VT: 2 }, 'CV-2': { VF: 3, VB: 5, VT: 2 } });
    expect(box.ships.filter((s) => s.side === 'ijn' && s.id === 'CA-2')).toHaveLength(1);
    expect(Object.keys(box.setup.ijn.value.carrierAir)).toEqual(['CV-1', 'CV-2', 'CVL-3']);
    expect(Object.fromEntries(Object.entries(box.airRanges.ijn).map(([t, p]) => [t, p?.value]))).toEqual({
      VF: 7,
      VB: 5,
      VT: 3,
      LF: 7,
      LMB: 10,
    });
  });
});
