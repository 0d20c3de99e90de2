import { type ProvenanceSource, countProvenance } from '../../../src/engine/box';
import { CaseDice, diceSchema } from '../../../src/engine/case-dice';
import { ForcedDice } from '../../../src/engine/dice';
import { canonicalJson } from '../../../src/shared/canonical';
import {
  chooseAtRandom,
  describeRandomChoice,
  describeTableRoll,
  type DieTable,
  dieTableSchema,
  readTable,
  rollOnTable,
  TableError,
  tableProblems,
} from '../../../src/games/kit';
import { z } from 'zod';

/**
 * Issue 25, the kit: tables as data with a shared lookup. The tables are shaped like Coral Sea
 * Solitaire's (../shared/briefs/coral-sea-solitaire.md 7.1-7.2): the rulebook's Random Events
 * Table (1d6), a reconstructed doctrine table with a row per task force read by a modified d6, a
 * 2d6 table, a combat results table whose column shifts stop at the outer columns, and choices "at
 * random" by a d6 (2.2). Every die is named: the case dice serve faces by the die's purpose.
 */

const rulebook = (rule: string): ProvenanceSource => ({ kind: 'rulebook', rule });
const made: ProvenanceSource = { kind: 'reconstructed', reason: 'the mapsheet table is missing (7.2); calibrated by selfplay' };

const RANDOM_EVENTS: DieTable<string> = {
  id: 'random-events',
  title: 'Random Events Table',
  rule: '36',
  dice: { count: 1, sides: 6 },
  beyond: 'error',
  entries: [
    { rolls: 1, result: { value: 'no event', source: rulebook('36') } },
    { rolls: 2, result: { value: 'IJN +1 chit', source: rulebook('36') } },
    { rolls: 3, result: { value: 'a USN TF identified', source: rulebook('36') } },
    { rolls: 4, result: { value: 'victory fever', source: rulebook('36') } },
    { rolls: 5, result: { value: 'USN loses 1d6 CP', source: rulebook('36') } },
    { rolls: 6, result: { value: 'bad weather', source: rulebook('36') } },
  ],
};

const DOCTRINE: DieTable<string> = {
  id: 'movement-doctrine',
  title: 'IJN Movement Doctrine',
  rule: '14.6',
  dice: { count: 1, sides: 6 },
  beyond: 'clamp',
  columns: [
    {
      id: 'PMG',
      entries: [
        { rolls: [1, 2], result: { value: 'S', source: made } },
        { rolls: [3, 5], result: { value: 'OBJ', source: made } },
        { rolls: 6, result: { value: 'OBJ+F', source: made } },
      ],
    },
    {
      id: 'TG',
      entries: [
        { rolls: 1, result: { value: 'SE', source: made } },
        { rolls: [2, 6], result: { value: 'OBJ', source: made } },
      ],
    },
  ],
};

const DEPLOYMENT: DieTable<string> = {
  id: 'deployment',
  title: 'Optional Deployment Table',
  rule: '35',
  dice: { count: 2, sides: 6 },
  beyond: 'clamp',
  entries: [
    { rolls: [2, 4], result: { value: 'New Caledonia', source: rulebook('35') } },
    { rolls: [5, 9], result: { value: 'adjacent to New Caledonia', source: rulebook('35') } },
    { rolls: [10, 12], result: { value: 'New Hebrides SE hex', source: rulebook('35') } },
  ],
};

const crtColumn = (id: string, hit: number) => ({
  id,
  entries: [
    { rolls: [1, hit - 1] as const, result: { value: 'no effect', source: made } },
    { rolls: [hit, 6] as const, result: { value: 'damaged', source: made } },
  ],
});
const CRT: DieTable<string> = {
  id: 'crt',
  title: 'Consolidated CRT',
  rule: '16',
  dice: { count: 1, sides: 6 },
  beyond: 'clamp',
  columns: [crtColumn('<=49%', 6), crtColumn('50-99%', 5), crtColumn('100-149%', 4), crtColumn('150-199%', 3), crtColumn('>=200%', 2)],
};

/** Dice that serve named faces and record every roll (purpose, rule, sides). */
function namedDice(spec: z.input<typeof diceSchema>) {
  const queue = new CaseDice(diceSchema.parse(spec));
  const dice = new ForcedDice(queue, 't3/ijn-movement', 3);
  return {
    dice,
    queue,
    rolled: () => dice.rolls.map((r) => ({ purpose: r.purpose, rule: r.rule, face: r.face, ...(r.sides ? { sides: r.sides } : {}) })),
  };
}

describe('issue 25 kit: tables as data with a shared lookup', () => {
  it('given the Random Events Table (1d6, rulebook) and a die of 3, then the entry 3, its result and provenance, the die named after the table', () => {
    const { dice, rolled, queue } = namedDice({ for: [{ purpose: 'random events', rolls: [3] }] });
    const roll = rollOnTable(dice, RANDOM_EVENTS, { for: 'Day 5 May' });
    expect(roll).toEqual({
      table: 'random-events',
      title: 'Random Events Table',
      rule: '36',
      for: 'Day 5 May',
      dice: [3],
      modifiers: [],
      total: 3,
      read: 3,
      row: '3',
      result: 'a USN TF identified',
      source: { kind: 'rulebook', rule: '36' },
    });
    expect(rolled()).toEqual([{ purpose: 'Random Events Table, Day 5 May', rule: '36', face: 3 }]);
    expect(queue.remaining).toBe(0);
    expect(describeTableRoll(roll)).toBe('Random Events Table (36), Day 5 May: die 3 → a USN TF identified [rulebook 36]');
  });

  it('given a doctrine table with a row per task force, then the named column is read with each modifier, its reason and rule, and the sum', () => {
    const { dice } = namedDice({ for: [{ purpose: 'doctrine, PMG', rolls: [4] }] });
    const roll = rollOnTable(dice, DOCTRINE, {
      for: 'PMG',
      column: 'PMG',
      modifiers: [{ value: 1, reason: 'identified USN TF within 4', rule: '28.3' }],
    });
    expect(roll).toMatchObject({ column: 'PMG', dice: [4], total: 5, read: 5, row: '3-5', result: 'OBJ', source: made });
    expect(roll.modifiers).toEqual([{ value: 1, reason: 'identified USN TF within 4', rule: '28.3' }]);
    expect(describeTableRoll(roll)).toBe(
      'IJN Movement Doctrine (14.6), PMG, column PMG: die 4, +1 identified USN TF within 4 (28.3) = 5 → OBJ [reconstructed: the mapsheet table is missing (7.2); calibrated by selfplay]',
    );
  });

  it('given a table that clamps, then a modified roll past either end reads the end entry, and the record keeps both numbers', () => {
    const high = readTable(DOCTRINE, [6], {
      column: 'PMG',
      modifiers: [
        { value: 1, reason: 'identified USN TF within 4', rule: '28.3' },
        { value: 1, reason: 'leadership chit', rule: '8.2' },
      ],
    });
    expect(high).toMatchObject({ total: 8, read: 6, row: '6', result: 'OBJ+F' });
    expect(describeTableRoll(high)).toContain(
      'die 6, +1 identified USN TF within 4 (28.3), +1 leadership chit (8.2) = 8, read as 6 → OBJ+F',
    );
    const low = readTable(DOCTRINE, [1], { column: 'TG', modifiers: [{ value: -2, reason: 'bad weather', rule: '10' }] });
    expect(low).toMatchObject({ total: -1, read: 1, row: '1', result: 'SE' });
    expect(describeTableRoll(low)).toContain('die 1, −2 bad weather (10) = -1, read as 1 → SE');
  });

  it('given a table that allows nothing off it, then a modified roll past an end is refused naming the table and its range', () => {
    expect(() => readTable(RANDOM_EVENTS, [6], { modifiers: [{ value: 1, reason: 'x', rule: '1' }] })).toThrow(
      new TableError('random-events: a roll of 7 is off the table (1-6), which allows none'),
    );
  });

  it('given a 2d6 table, then two named dice are rolled and added, and the line shows both', () => {
    const { dice, rolled } = namedDice({ for: [{ purpose: 'deployment table, TF-44', rolls: [6, 5] }] });
    const roll = rollOnTable(dice, DEPLOYMENT, { for: 'TF-44' });
    expect(roll).toMatchObject({ dice: [6, 5], total: 11, read: 11, row: '10-12', result: 'New Hebrides SE hex' });
    expect(rolled()).toEqual([
      { purpose: 'Optional Deployment Table, TF-44 #1', rule: '35', face: 6 },
      { purpose: 'Optional Deployment Table, TF-44 #2', rule: '35', face: 5 },
    ]);
    expect(describeTableRoll(roll)).toBe('Optional Deployment Table (35), TF-44: dice 6+5 = 11 → New Hebrides SE hex [rulebook 35]');
  });

  it('given column shifts on a CRT, then they move the column read and stop at the outer columns, and the record names both columns', () => {
    const right = readTable(CRT, [4], { column: '150-199%', shifts: [{ by: 1, reason: 'no DD or CYP screen', rule: '19.5' }] });
    expect(right).toMatchObject({ column: '>=200%', printedColumn: '150-199%', result: 'damaged' });
    const past = readTable(CRT, [4], {
      column: '150-199%',
      shifts: [
        { by: 1, reason: 'no screen', rule: '19.5' },
        { by: 2, reason: 'surprise', rule: '26.2' },
      ],
    });
    expect(past.column).toBe('>=200%');
    const left = readTable(CRT, [4], { column: '50-99%', shifts: [{ by: -3, reason: 'night, USN attacking', rule: '26.2' }] });
    expect(left).toMatchObject({ column: '<=49%', printedColumn: '50-99%', result: 'no effect' });
    expect(describeTableRoll(left)).toBe(
      'Consolidated CRT (16), column 50-99% −3 night, USN attacking (26.2) → <=49%: die 4 → no effect [reconstructed: the mapsheet table is missing (7.2); calibrated by selfplay]',
    );
    const unshifted = readTable(CRT, [4], { column: '100-149%' });
    expect(unshifted).not.toHaveProperty('printedColumn');
    expect(unshifted.result).toBe('damaged');
  });

  it('given a wrong or missing column, then it is refused naming the columns, before any die is rolled', () => {
    const { dice, rolled } = namedDice({ otherwise: 3, allowUnused: true });
    expect(() => rollOnTable(dice, DOCTRINE, { column: 'CSF' })).toThrow('movement-doctrine: no column "CSF" (PMG, TG)');
    expect(() => rollOnTable(dice, DOCTRINE)).toThrow('movement-doctrine: name a column (PMG, TG)');
    expect(() => rollOnTable(dice, RANDOM_EVENTS, { column: 'PMG' })).toThrow('random-events: this table has no columns');
    expect(rolled()).toEqual([]);
  });

  it('given a table with a gap, an overlap, a roll not covered or a column twice, then tableProblems names each', () => {
    const e = (rolls: number | [number, number]) => ({ rolls, result: { value: 'x', source: made } });
    const bad: DieTable<string> = {
      ...DOCTRINE,
      columns: [
        { id: 'A', entries: [e([1, 2]), e([4, 6])] },
        { id: 'B', entries: [e([1, 3]), e([3, 6])] },
        { id: 'C', entries: [e([2, 6])] },
        { id: 'C', entries: [e([1, 6])] },
      ],
    };
    expect(tableProblems(bad)).toEqual([
      'movement-doctrine column A: entry 2 starts at 4, and the one before it ends at 2 (no gap, no overlap)',
      'movement-doctrine column B: entry 2 starts at 3, and the one before it ends at 3 (no gap, no overlap)',
      'movement-doctrine column C: the entries must cover every roll of 1d6 (1-6)',
      'movement-doctrine column C: the column is listed twice',
    ]);
    expect(tableProblems(DEPLOYMENT)).toEqual([]);
    expect(() => readTable(bad, [3], { column: 'A' })).toThrow(TableError);
  });

  it('given the tables as box data, then the schema takes them, counts each entry by provenance, and refuses a gap', () => {
    const schema = dieTableSchema(z.string());
    for (const table of [RANDOM_EVENTS, DOCTRINE, DEPLOYMENT, CRT]) expect(schema.safeParse(table).success).toBe(true);
    expect(countProvenance([RANDOM_EVENTS, DOCTRINE])).toMatchObject({ rulebook: 6, reconstructed: 5, total: 11 });
    const gap = { ...RANDOM_EVENTS, entries: RANDOM_EVENTS.entries.filter((x) => x.rolls !== 4) };
    const parsed = schema.safeParse(gap);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'random-events: entry 4 starts at 5, and the one before it ends at 3 (no gap, no overlap)',
    ]);
    expect(schema.safeParse({ ...RANDOM_EVENTS, beyond: 'wrap' }).success).toBe(false);
  });

  it('given a roll, then its record is plain JSON, ready to be a rules event’s data', () => {
    const roll = readTable(CRT, [5], { for: 'Shoho', column: '100-149%', shifts: [{ by: -1, reason: 'night', rule: '26.2' }] });
    expect(JSON.parse(canonicalJson(roll))).toEqual(roll);
  });

  it('given three items chosen at random (2.2), then one d6 in ranges 1-2, 3-4, 5-6: a 3 picks the second', () => {
    const { dice, rolled } = namedDice({ for: [{ purpose: 'which TF is identified', rolls: [3] }] });
    const choice = chooseAtRandom(dice, ['TF-11', 'TF-17', 'TF-44'], 'which TF is identified', '2.2');
    expect(choice).toMatchObject({ dice: [3], faces: ['1-2', '3-4', '5-6'], index: 1, chosen: 'TF-17' });
    expect(rolled()).toEqual([{ purpose: 'which TF is identified', rule: '2.2', face: 3 }]);
    expect(describeRandomChoice(choice)).toBe('which TF is identified (2.2): die 3 (1-2 TF-11, 3-4 TF-17, 5-6 TF-44) → TF-17');
    const two = chooseAtRandom(namedDice({ for: [{ purpose: 'side', rolls: [4] }] }).dice, ['W', 'E'], 'side', '4.3');
    expect(two).toMatchObject({ faces: ['1-3', '4-6'], chosen: 'E' });
  });

  it('given four items at random, then a d6 over 4 is rolled again, and every die is recorded', () => {
    const { dice, rolled } = namedDice({ for: [{ purpose: 'carrier draw', rolls: [6, 5, 2] }] });
    const choice = chooseAtRandom(dice, ['CV-1', 'CV-2', 'CVL-1', 'CVL-2'], 'carrier draw', '4.3');
    expect(choice).toMatchObject({ dice: [6, 5, 2], faces: ['1', '2', '3', '4'], index: 1, chosen: 'CV-2' });
    expect(rolled().map((r) => r.purpose)).toEqual(['carrier draw', 'carrier draw (reroll)', 'carrier draw (reroll)']);
  });

  it('given one item, then no die; given more than six, then one die of that many sides', () => {
    const none = namedDice({ otherwise: 1, allowUnused: true });
    expect(chooseAtRandom(none.dice, ['Shoho'], 'target', '2.2')).toMatchObject({ dice: [], chosen: 'Shoho' });
    expect(none.rolled()).toEqual([]);
    const eight = namedDice({ for: [{ purpose: 'squadron lost', rolls: [{ sides: 8, face: 7 }] }] });
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(chooseAtRandom(eight.dice, items, 'squadron lost', '2.2')).toMatchObject({ dice: [7], chosen: 'g' });
    expect(eight.rolled()).toEqual([{ purpose: 'squadron lost', rule: '2.2', face: 7, sides: 8 }]);
    expect(() => chooseAtRandom(eight.dice, [], 'nothing', '2.2')).toThrow('nothing to choose from at random (nothing, rule 2.2)');
  });
});
