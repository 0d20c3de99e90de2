import { defaultBox as box } from '../../../src/games/coral-sea-solitaire/box';
import {
  carrierDoctrine,
  commandFoulUp,
  fighterCommitment,
  ijnAirRecovery,
  ijnChitCheck,
  ijnShipRecovery,
  landAirDoctrine,
  movementDoctrine,
  operationalInitiative,
  randomEvent,
  scoutingRoll,
  tacticalInitiative,
  targetSelection,
  victoryFever,
} from '../../../src/games/coral-sea-solitaire/ijn/doctrine';
import { describeTableRoll } from '../../../src/games/kit';
import { namedDice } from './dice';

/**
 * Issue 26, the IJN system side: every Japanese decision is a lookup on a box table with named,
 * recorded dice, and returns the kit's record (table, column, row, dice, modifiers with reason and
 * rule, result, provenance). Modifiers (28.3 ranges, 26.2 night, 3.9, 28.5), the 8.5 chit check,
 * clamping at the table's ends, and choices at random (2.2) are each checked with named dice.
 */
const reconstructed = expect.objectContaining({ kind: 'reconstructed' });

describe('issue 26 Coral Sea Solitaire IJN doctrine lookups', () => {
  it('given the Port Moresby Group and a die of 5, then toward Port Moresby, fast; no chit is checked where the column lists none', () => {
    const { dice, rolled, queue } = namedDice({ for: [{ purpose: 'IJN Movement Doctrine Table, PMG', rolls: [5] }] });
    const d = movementDoctrine(dice, box, 'PMG', {}, { ijnChits: 2, panicked: false });
    expect(d.chit).toBeUndefined();
    expect(d.roll).toMatchObject({
      table: 'ijn-movement-doctrine',
      column: 'PMG',
      dice: [5],
      modifiers: [],
      total: 5,
      read: 5,
      row: '4-6',
      result: { kind: 'objective', fast: true },
      source: reconstructed,
    });
    expect(rolled()).toEqual([{ purpose: 'IJN Movement Doctrine Table, PMG', rule: '14.6', face: 5 }]);
    expect(queue.remaining).toBe(0);
  });

  it('given an identified USN carrier TF 2 hexes from the convoy and a die of 2, then −2 (28.3) reads 0: the convoy turns back', () => {
    const { dice } = namedDice({ for: [{ purpose: 'PMG', rolls: [2] }] });
    const d = movementDoctrine(
      dice,
      box,
      'PMG',
      { nearestIdentifiedUsnCarrier: 2, nearestIdentifiedUsnTf: 2 },
      { ijnChits: 0, panicked: false },
    );
    expect(d.roll.modifiers).toEqual([
      { value: -2, reason: 'an identified USN carrier TF within 3 hexes of the convoy (reconstructed)', rule: '28.3' },
    ]);
    expect(d.roll).toMatchObject({ total: 0, read: 0, row: '-1-0', result: { kind: 'retire', fast: false } });
    expect(describeTableRoll(d.roll, (r) => r.kind)).toMatch(
      /^IJN Movement Doctrine Table \(14\.6\), PMG, column PMG: die 2, −2 an identified USN carrier TF within 3 hexes of the convoy \(reconstructed\) \(28\.3\) = 0 → retire \[reconstructed: /,
    );
  });

  it('given the Carrier Strike Force near identified USN carriers and the IJN chit check showing 5 (8.5), then +3 and 4 + 3 = 7 clamps to the 6 row', () => {
    const { dice, rolled } = namedDice({
      for: [
        { purpose: 'leadership chit check, movement, CSF', rolls: [5] },
        { purpose: 'IJN Movement Doctrine Table, CSF', rolls: [4] },
      ],
    });
    const d = movementDoctrine(
      dice,
      box,
      'CSF',
      { nearestIdentifiedUsnCarrier: 6, nearestIdentifiedUsnTf: 3 },
      { ijnChits: 1, panicked: false },
    );
    expect(d.chit).toMatchObject({
      table: 'ijn-leadership-use',
      dice: [5],
      row: '5-6',
      result: 'use',
      source: { kind: 'rulebook', rule: '8.5' },
    });
    expect(d.roll.modifiers.map((m) => [m.value, m.rule])).toEqual([
      [1, '28.3'],
      [1, '28.3'],
      [1, '8.2'],
    ]);
    expect(d.roll).toMatchObject({ total: 7, read: 6, row: '6', result: { kind: 'usn-carrier', fast: true } });
    expect(rolled().map((r) => r.rule)).toEqual(['8.5', '14.6']);
  });

  it('given the IJN chit check showing 3, then the chit is kept (8.5) and no chit modifier applies', () => {
    const { dice } = namedDice({
      for: [
        { purpose: 'chit check', rolls: [3] },
        { purpose: 'Doctrine Table, CG', rolls: [1] },
      ],
    });
    const d = movementDoctrine(dice, box, 'CG', {}, { ijnChits: 3, panicked: false });
    expect(d.chit?.result).toBe('keep');
    expect(d.roll).toMatchObject({ modifiers: [], read: 1, result: { kind: 'direction', direction: 'SE', fast: false } });
  });

  it('given panic has set in, then the post-panic table is read (9.4) and no chit is checked', () => {
    const { dice } = namedDice({ for: [{ purpose: 'post-panic, TG', rolls: [5] }] });
    const d = movementDoctrine(dice, box, 'TG', { nearestIdentifiedUsnCarrier: 1 }, { ijnChits: 3, panicked: true });
    expect(d).toEqual({
      roll: expect.objectContaining({ table: 'ijn-movement-post-panic', rule: '9.4', dice: [5], result: { kind: 'retire', fast: true } }),
    });
  });

  it('given a submarine (19.3), then its own column', () => {
    const { dice } = namedDice({ for: [{ purpose: 'Doctrine Table, SS', rolls: [2] }] });
    expect(movementDoctrine(dice, box, 'SS', {}, { ijnChits: 0, panicked: false }).roll).toMatchObject({
      column: 'SS',
      result: { kind: 'stay' },
    });
  });

  it('given Rabaul with an identified USN carrier TF in LMB range, then +2 (28.3) turns a 4 into a strike on the TF (5a-c)', () => {
    const { dice } = namedDice({ for: [{ purpose: 'Air Doctrine Table, Rabaul', rolls: [4] }] });
    const d = landAirDoctrine(dice, box, 'Rabaul', { nearestIdentifiedUsnCarrier: 9, nearestIdentifiedUsnTf: 9 }, { ijnChits: 0 });
    expect(d.roll).toMatchObject({ total: 6, read: 6, result: 'task-force', source: reconstructed });
    const far = namedDice({ for: [{ purpose: 'Air Doctrine Table, Lae', rolls: [3] }] });
    expect(landAirDoctrine(far.dice, box, 'Lae', { nearestIdentifiedUsnTf: 11 }, { ijnChits: 0 }).roll).toMatchObject({
      modifiers: [],
      result: 'base',
    });
  });

  it('given a carrier TF in range of a target (5a-d), then a 2 does not launch and a 4 with an identified carrier in VB range launches at the nearest TF', () => {
    const a = namedDice({ for: [{ purpose: 'Doctrine Table (carriers), CSF', rolls: [2] }] });
    expect(carrierDoctrine(a.dice, box, 'CSF', {}, { ijnChits: 0 }).roll.result).toBe('no-launch');
    const b = namedDice({ for: [{ purpose: 'Doctrine Table (carriers), CG', rolls: [4] }] });
    expect(carrierDoctrine(b.dice, box, 'CG', { nearestIdentifiedUsnCarrier: 5 }, { ijnChits: 0 }).roll).toMatchObject({
      total: 5,
      result: 'nearest-tf',
    });
  });

  it('given five ready fighters and a die of 4, then half escort rounded down (2) and 3 fly CAP; threatened, a 1 reads the 1-2 row (clamped) and 1 escorts', () => {
    const a = namedDice({ for: [{ purpose: 'Fighter Commitment Table, CV-1', rolls: [4] }] });
    expect(fighterCommitment(a.dice, box, 'CV-1', 5, {})).toMatchObject({ escort: 2, cap: 3, roll: { result: 50, row: '3-4' } });
    const b = namedDice({ for: [{ purpose: 'Fighter Commitment Table, CV-2', rolls: [1] }] });
    const split = fighterCommitment(b.dice, box, 'CV-2', 5, { nearestUsnCarrier: 4 });
    expect(split).toMatchObject({ escort: 1, cap: 4, roll: { total: 0, read: 1, row: '1-2', result: 25 } });
  });

  it('given a strike on a hex (Q4, 22.2), then one roll picks the category and a choice at random (2.2) the ship', () => {
    const ships = [
      { id: 'CVL-3', type: 'CVL' as const },
      { id: 'CV-1', type: 'CV' as const },
      { id: 'CA-2', type: 'CA' as const },
      { id: 'DD-1', type: 'DD' as const },
    ];
    const carrier = namedDice({ for: [{ purpose: 'Target Selection Table, 1513', rolls: [5] }] });
    const c = targetSelection(carrier.dice, box, '1513', ships);
    expect(c).toMatchObject({ among: ['CV-1'], pick: { chosen: 'CV-1', dice: [] }, roll: { result: 'carrier', source: reconstructed } });
    const random = namedDice({
      for: [
        { purpose: 'Target Selection Table', rolls: [2] },
        { purpose: 'target in 1513', rolls: [6, 3] },
      ],
    });
    const r = targetSelection(random.dice, box, '1513', ships);
    expect(r.pick).toMatchObject({ rule: '2.2', dice: [6, 3], faces: ['1', '2', '3', '4'], index: 2, chosen: 'CA-2' });
    const fallback = namedDice({
      for: [
        { purpose: 'Target Selection Table', rolls: [3] },
        { purpose: 'target in 1412', rolls: [4] },
      ],
    });
    const f = targetSelection(fallback.dice, box, '1412', [
      { id: 'DD-1', type: 'DD' },
      { id: 'DD-2', type: 'DD' },
    ]);
    expect(f).toMatchObject({ roll: { result: 'capital' }, among: ['DD-1', 'DD-2'], pick: { faces: ['1-3', '4-6'], chosen: 'DD-2' } });
  });

  it('given scouting (29), then the distance picks the column, a tender adds +1 (3.9), out of range there is no roll, and bad weather halves the range (36)', () => {
    const a = namedDice({ for: [{ purpose: 'Scouting Table, TF-17 on CSF', rolls: [3] }] });
    expect(scoutingRoll(a.dice, box, { name: 'TF-17', kind: 'taskForce', side: 'usn' }, 'CSF', 3, { bad: false })).toMatchObject({
      column: '3-4',
      result: 'missed',
    });
    const b = namedDice({ for: [{ purpose: 'Scouting Table, SG on TF-17', rolls: [3] }] });
    expect(
      scoutingRoll(b.dice, box, { name: 'SG', kind: 'taskForce', side: 'ijn', cypInTf: true }, 'TF-17', 4, { bad: false }),
    ).toMatchObject({
      modifiers: [{ value: 1, reason: 'a seaplane tender in the scouting TF (reconstructed)', rule: '3.9' }],
      total: 4,
      result: 'found',
    });
    const c = namedDice({ for: [{ purpose: 'Scouting Table, Rabaul on TF-44', rolls: [6] }] });
    expect(scoutingRoll(c.dice, box, { name: 'Rabaul', kind: 'majorBase', side: 'ijn' }, 'TF-44', 8, { bad: false })).toMatchObject({
      column: '7-8',
      result: 'found',
    });
    const none = namedDice([]);
    expect(scoutingRoll(none.dice, box, { name: 'TF-11', kind: 'taskForce', side: 'usn' }, 'PMG', 7, { bad: false })).toBeNull();
    expect(scoutingRoll(none.dice, box, { name: 'Rabaul', kind: 'majorBase', side: 'ijn' }, 'TF-11', 5, { bad: true })).toBeNull();
    expect(none.dice.rolls).toEqual([]);
  });

  it('given the operational initiative (3), then low is the IJN, high the USN, and each side chit moves it one', () => {
    const a = namedDice({ for: [{ purpose: 'Operational Initiative, Day 4 May 1942', rolls: [4] }] });
    expect(operationalInitiative(a.dice, box, 'Day 4 May 1942', { ijnChits: 0 }).roll.result).toBe('usn');
    const b = namedDice({
      for: [
        { purpose: 'chit check, initiative', rolls: [6] },
        { purpose: 'Operational Initiative', rolls: [4] },
      ],
    });
    const ijn = operationalInitiative(b.dice, box, 'Night 4 May 1942', { ijnChits: 1 });
    expect(ijn.roll).toMatchObject({ modifiers: [{ value: -1, rule: '8.2' }], total: 3, result: 'ijn' });
    const c = namedDice({ for: [{ purpose: 'Operational Initiative', rolls: [3] }] });
    expect(operationalInitiative(c.dice, box, 'Day 5 May 1942', { ijnChits: 0, usnChit: true }).roll).toMatchObject({
      total: 4,
      result: 'usn',
    });
  });

  it('given a night surface battle (26.2, 28.5), then the IJN bonus applies and a roll of −3 clamps to the 1-3 row', () => {
    const a = namedDice({ for: [{ purpose: 'Tactical Initiative Table, 1808', rolls: [6] }] });
    expect(tacticalInitiative(a.dice, box, '1808', { night: true }, { ijnChits: 0 }).roll).toMatchObject({ total: 4, result: 'usn' });
    const b = namedDice({
      for: [
        { purpose: 'chit check', rolls: [5] },
        { purpose: 'Tactical Initiative Table, 1808', rolls: [1] },
      ],
    });
    const d = tacticalInitiative(b.dice, box, '1808', { night: true, usnAllIdentified: true }, { ijnChits: 2 });
    expect(d.roll.modifiers.map((m) => [m.value, m.rule])).toEqual([
      [-2, '26.2'],
      [-1, '28.5'],
      [-1, '8.2'],
    ]);
    expect(d.roll).toMatchObject({ total: -3, read: 1, row: '1-3', result: 'ijn' });
  });

  it('given the Random Events Table (36), then each die reads the printed event; Victory Fever moves panic as printed', () => {
    const events = [1, 2, 3, 4, 5, 6].map((face) => randomEvent(namedDice([face]).dice, box, 'Day 5 May 1942').result);
    expect(events).toEqual(['none', 'ijn-chit', 'ijn-intelligence', 'victory-fever', 'command-foul-up', 'bad-weather']);
    expect([0, 1, 3, 4, 6, 7, 9, 10].map(victoryFever)).toEqual([0, 2, 4, 4, 6, 6, 8, 10]);
    const foul = namedDice({ for: [{ purpose: 'command control foul-up', rolls: [4] }] });
    expect(commandFoulUp(foul.dice, 'Day 5 May 1942')).toBe(4);
    expect(foul.rolled()).toEqual([{ purpose: 'command control foul-up, Day 5 May 1942', rule: '36', face: 4 }]);
  });

  it('given IJN logistics (9b), then the printed thresholds: fatigue off on 1-4, damage on 1-3, carrier air ready on 1-5, land air on 1-4', () => {
    const roll = (face: number, f: (d: ReturnType<typeof namedDice>['dice']) => { result: string }) => f(namedDice([face]).dice).result;
    expect([4, 5].map((n) => roll(n, (d) => ijnShipRecovery(d, box, 'CA-2', 'fatigue')))).toEqual(['removed', 'stays']);
    expect([3, 4].map((n) => roll(n, (d) => ijnShipRecovery(d, box, 'CA-2', 'damage')))).toEqual(['removed', 'stays']);
    expect([5, 6].map((n) => roll(n, (d) => ijnAirRecovery(d, box, 'CV-1 VB', 'carrier')))).toEqual(['ready', 'stays']);
    expect([4, 5].map((n) => roll(n, (d) => ijnAirRecovery(d, box, 'Rabaul LMB', 'land')))).toEqual(['ready', 'stays']);
  });

  it('given no IJN chit, or a function that lists no chit, then 8.5 rolls nothing', () => {
    const { dice } = namedDice([]);
    expect(ijnChitCheck(dice, box, 0, true, 'anything')).toEqual({ chits: [] });
    expect(ijnChitCheck(dice, box, 3, false, 'anything')).toEqual({ chits: [] });
    expect(dice.rolls).toEqual([]);
  });
});
