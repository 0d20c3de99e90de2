/**
 * Tables as data, with one lookup: a printed (or reconstructed) table is data in the game's box,
 * every entry with its provenance; a roll on it is dice plus modifiers, each with its value, reason
 * and rule, read off the table as it says (a modified roll past either end reads the end entry, or
 * the table allows none). The lookup returns the result and a record naming table, column, dice,
 * each modifier, the roll read, the entry, the result and the entry's provenance: ready to be a
 * rules event's data, and narrated by `describeTableRoll`. Serves a system side's doctrine tables,
 * random events, combat results tables with column shifts, and "at random" choices.
 */
import { z } from 'zod';
import { type ProvenanceSource, provenanced } from '../../engine/box';
import { rollDie } from '../../engine/dice';
import type { Dice, RollOptions } from '../../engine/ruleset';

/** One entry: the rolls it covers (one number, or lowest and highest), its result with provenance. */
export interface TableEntry<R> {
  readonly rolls: number | readonly [number, number];
  readonly result: { readonly value: R; readonly source: ProvenanceSource };
}

/** One column of a table with columns (a CRT's odds column, a doctrine table's task force row). */
export interface TableColumn<R> {
  readonly id: string;
  readonly entries: readonly TableEntry<R>[];
}

interface TableHead {
  readonly id: string;
  readonly title: string;
  /** The rule that sets the table (`36`, `14.6`). */
  readonly rule: string;
  /** The dice rolled and added: `{ count: 1, sides: 6 }` for 1d6, `{ count: 2, sides: 6 }` for 2d6. */
  readonly dice: { readonly count: number; readonly sides: number };
  /**
   * A modified roll past the first or last entry: `clamp` reads that end entry (most tables: "less
   * than 1 is 1, more than 6 is 6"); `error` is a table that allows none (a rules bug if it happens).
   */
  readonly beyond: 'clamp' | 'error';
}

/** A table: one list of entries, or columns left to right (column shifts stop at the outer columns). */
export type DieTable<R> = TableHead & ({ readonly entries: readonly TableEntry<R>[] } | { readonly columns: readonly TableColumn<R>[] });

/** A number added to the roll, with why and the rule that says so. */
export interface TableModifier {
  readonly value: number;
  readonly reason: string;
  readonly rule: string;
}

/** Columns to move right (+) or left (−) on a table with columns, with why and the rule. */
export interface ColumnShift {
  readonly by: number;
  readonly reason: string;
  readonly rule: string;
}

export interface TableRollInput {
  /** What the roll is for ("PMG", "Lexington's strike"): the dice are named `<title>, <for>`. */
  readonly for?: string;
  readonly modifiers?: readonly TableModifier[];
  /** The column to read, on a table with columns. */
  readonly column?: string;
  readonly shifts?: readonly ColumnShift[];
  /** The dice's own visibility or sealing (RollOptions). */
  readonly options?: RollOptions;
}

/** What a roll on a table did: the data of a rules event, narrated by describeTableRoll. */
export interface TableRoll<R> {
  readonly table: string;
  readonly title: string;
  readonly rule: string;
  readonly for?: string;
  /** The column read, after shifts; `printedColumn` the one asked for, when shifts moved it. */
  readonly column?: string;
  readonly printedColumn?: string;
  readonly shifts?: readonly ColumnShift[];
  readonly dice: readonly number[];
  readonly modifiers: readonly TableModifier[];
  /** The dice plus the modifiers. */
  readonly total: number;
  /** The roll read off the table: the total, or the end of the table's range when `beyond` clamped it. */
  readonly read: number;
  /** The entry read, as printed: `3` or `3-4`. */
  readonly row: string;
  readonly result: R;
  readonly source: ProvenanceSource;
}

export class TableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableError';
  }
}

const span = (rolls: TableEntry<unknown>['rolls']): readonly [number, number] => (typeof rolls === 'number' ? [rolls, rolls] : rolls);
const columnsOf = <R>(table: DieTable<R>): readonly TableColumn<R>[] =>
  'columns' in table ? table.columns : [{ id: '', entries: table.entries }];

/** What is wrong with a table (empty when nothing): entries in order, no gap, no overlap, every unmodified roll covered. */
export function tableProblems(table: DieTable<unknown>): string[] {
  const out: string[] = [];
  const { count, sides } = table.dice;
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(sides) || sides < 2)
    out.push(`${table.id}: dice must be a whole number of dice (1 or more) of 2 or more sides`);
  const columns = columnsOf(table);
  if (!columns.length) out.push(`${table.id}: a table needs at least one column`);
  const ids = new Set<string>();
  for (const column of columns) {
    const where = column.id ? `${table.id} column ${column.id}` : table.id;
    if (ids.has(column.id)) out.push(`${where}: the column is listed twice`);
    ids.add(column.id);
    if (!column.entries.length) out.push(`${where}: no entries`);
    column.entries.forEach((entry, i) => {
      const [lo, hi] = span(entry.rolls);
      if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo > hi) out.push(`${where}: entry ${i + 1} covers ${lo}-${hi}`);
      const prev = column.entries[i - 1];
      if (prev && span(prev.rolls)[1] + 1 !== lo)
        out.push(`${where}: entry ${i + 1} starts at ${lo}, and the one before it ends at ${span(prev.rolls)[1]} (no gap, no overlap)`);
    });
    const first = column.entries[0];
    const last = column.entries[column.entries.length - 1];
    if (first && last && (span(first.rolls)[0] > count || span(last.rolls)[1] < count * sides))
      out.push(`${where}: the entries must cover every roll of ${count}d${sides} (${count}-${count * sides})`);
  }
  return out;
}

/** The index of the column a roll reads before shifts; throws on a bad table or column (before any die is rolled). */
function askedColumn(table: DieTable<unknown>, input: Omit<TableRollInput, 'options'>): number {
  const problems = tableProblems(table);
  if (problems.length) throw new TableError(problems.join('; '));
  const columns = columnsOf(table);
  const hasColumns = 'columns' in table;
  if (hasColumns !== (input.column !== undefined))
    throw new TableError(
      `${table.id}: ${hasColumns ? `name a column (${columns.map((c) => c.id).join(', ')})` : 'this table has no columns'}`,
    );
  const asked = hasColumns ? columns.findIndex((c) => c.id === input.column) : 0;
  if (asked < 0) throw new TableError(`${table.id}: no column "${input.column}" (${columns.map((c) => c.id).join(', ')})`);
  return asked;
}

/** The entry a modified roll reads, and the roll read: pure, for a game that already has its dice. */
export function readTable<R>(table: DieTable<R>, faces: readonly number[], input: Omit<TableRollInput, 'options'> = {}): TableRoll<R> {
  const asked = askedColumn(table, input);
  if (faces.length !== table.dice.count)
    throw new TableError(`${table.id}: ${faces.length} dice read, the table rolls ${table.dice.count}`);
  const columns = columnsOf(table);
  const hasColumns = 'columns' in table;
  const shifts = input.shifts ?? [];
  const at = Math.min(columns.length - 1, Math.max(0, asked + shifts.reduce((n, s) => n + s.by, 0)));
  const column = columns[at];
  const modifiers = input.modifiers ?? [];
  const total = faces.reduce((a, b) => a + b, 0) + modifiers.reduce((n, m) => n + m.value, 0);
  const lowest = span(column.entries[0].rolls)[0];
  const highest = span(column.entries[column.entries.length - 1].rolls)[1];
  if (table.beyond === 'error' && (total < lowest || total > highest))
    throw new TableError(`${table.id}: a roll of ${total} is off the table (${lowest}-${highest}), which allows none`);
  const read = Math.min(highest, Math.max(lowest, total));
  const entry = column.entries.find((e) => span(e.rolls)[0] <= read && read <= span(e.rolls)[1]) as TableEntry<R>;
  const [lo, hi] = span(entry.rolls);
  return {
    table: table.id,
    title: table.title,
    rule: table.rule,
    ...(input.for !== undefined ? { for: input.for } : {}),
    ...(hasColumns ? { column: column.id } : {}),
    ...(hasColumns && at !== asked ? { printedColumn: columns[asked].id } : {}),
    ...(shifts.length ? { shifts: [...shifts] } : {}),
    dice: [...faces],
    modifiers: [...modifiers],
    total,
    read,
    row: lo === hi ? `${lo}` : `${lo}-${hi}`,
    result: entry.result.value,
    source: entry.result.source,
  };
}

/** Rolls the table's dice (each recorded, named `<title>[, <for>][ #k]`, citing the table's rule) and reads the table. */
export function rollOnTable<R>(dice: Dice, table: DieTable<R>, input: TableRollInput = {}): TableRoll<R> {
  askedColumn(table, input);
  const purpose = input.for === undefined ? table.title : `${table.title}, ${input.for}`;
  const { count, sides } = table.dice;
  const faces = Array.from({ length: count }, (_, k) =>
    rollDie(dice, sides, count > 1 ? `${purpose} #${k + 1}` : purpose, table.rule, input.options),
  );
  return readTable(table, faces, input);
}

/** What a choice "at random" did: the die or dice rolled (a reroll keeps every face), the faces each item had. */
export interface RandomChoice<T> {
  readonly rule: string;
  readonly purpose: string;
  readonly items: readonly T[];
  readonly dice: readonly number[];
  /** Faces of one d6 per item (`1-2`), or `d<n>` when a die of n sides chose. */
  readonly faces: readonly string[];
  readonly index: number;
  readonly chosen: T;
}

/**
 * One of `items` "at random" by dice, as a rulebook reads it: by one d6 split into equal ranges for
 * 2, 3 or 6 items (three items: 1-2, 3-4, 5-6); for 4 or 5, a d6 rerolled while it shows more than
 * the items; for more than 6, a die of that many sides. One item is chosen without a die.
 */
export function chooseAtRandom<T>(dice: Dice, items: readonly T[], purpose: string, rule: string, options?: RollOptions): RandomChoice<T> {
  const n = items.length;
  if (!n) throw new TableError(`nothing to choose from at random (${purpose}, rule ${rule})`);
  const base = { rule, purpose, items: [...items] };
  if (n === 1) return { ...base, dice: [], faces: ['-'], index: 0, chosen: items[0] };
  if (n > 6) {
    const face = rollDie(dice, n, purpose, rule, options);
    return { ...base, dice: [face], faces: items.map((_, i) => `${i + 1}`), index: face - 1, chosen: items[face - 1] };
  }
  const width = 6 % n === 0 ? 6 / n : 1;
  const faces = items.map((_, i) => (width === 1 ? `${i + 1}` : `${i * width + 1}-${(i + 1) * width}`));
  const rolled: number[] = [];
  let face: number;
  do {
    face = rollDie(dice, 6, rolled.length ? `${purpose} (reroll)` : purpose, rule, options);
    rolled.push(face);
  } while (face > n * width);
  const index = Math.floor((face - 1) / width);
  return { ...base, dice: rolled, faces, index, chosen: items[index] };
}

const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** The source in words: `rulebook 36`, `reference <ref>`, `reconstructed: <reason>`. */
export function describeSource(source: ProvenanceSource): string {
  if (source.kind === 'rulebook') return `rulebook ${source.rule}`;
  if (source.kind === 'reference') return `reference ${source.ref}${source.status ? ` (${source.status})` : ''}`;
  return `reconstructed: ${source.reason}`;
}

/**
 * The log line of a table roll, e.g. `IJN Movement Doctrine (14.6), PMG: die 4, +1 identified USN
 * TF within 4 (28.3) = 5: toward Port Moresby, fast [reconstructed: ...]`.
 */
export function describeTableRoll<R>(roll: TableRoll<R>, show: (result: R) => string = (r) => String(r)): string {
  const head = `${roll.title} (${roll.rule})${roll.for !== undefined ? `, ${roll.for}` : ''}`;
  const column =
    roll.column === undefined
      ? ''
      : roll.printedColumn === undefined
        ? `, column ${roll.column}`
        : `, column ${roll.printedColumn} ${(roll.shifts ?? []).map((s) => `${signed(s.by)} ${s.reason} (${s.rule})`).join(', ')} → ${roll.column}`;
  const dice = roll.dice.length === 1 ? `die ${roll.dice[0]}` : `dice ${roll.dice.join('+')}`;
  const mods = roll.modifiers.map((m) => `, ${signed(m.value)} ${m.reason} (${m.rule})`).join('');
  const total = roll.modifiers.length || roll.dice.length > 1 ? ` = ${roll.total}` : '';
  const read = roll.read !== roll.total ? `, read as ${roll.read}` : '';
  return `${head}${column}: ${dice}${mods}${total}${read} → ${show(roll.result)} [${describeSource(roll.source)}]`;
}

/** The log line of a choice at random: `Random event 3 target (2.2): die 3 (1-2 TF-11, 3-4 TF-17, 5-6 TF-44) → TF-17`. */
export function describeRandomChoice<T>(choice: RandomChoice<T>, show: (item: T) => string = (t) => String(t)): string {
  const dice = choice.dice.length ? `${choice.dice.length === 1 ? 'die' : 'dice'} ${choice.dice.join(', ')}` : 'no die';
  const faces = choice.items.map((item, i) => `${choice.faces[i]} ${show(item)}`).join(', ');
  return `${choice.purpose} (${choice.rule}): ${dice} (${faces}) → ${show(choice.chosen)}`;
}

/** The zod schema of a table in a game's box, with results of `result` (checked as tableProblems says). */
export function dieTableSchema<T extends z.ZodType>(result: T) {
  const entry = z
    .object({ rolls: z.union([z.number().int(), z.tuple([z.number().int(), z.number().int()])]), result: provenanced(result) })
    .strict();
  const head = {
    id: z.string().min(1),
    title: z.string().min(1),
    rule: z.string().min(1),
    dice: z.object({ count: z.number().int().min(1), sides: z.number().int().min(2) }).strict(),
    beyond: z.enum(['clamp', 'error']),
  };
  return z
    .union([
      z.object({ ...head, entries: z.array(entry).min(1) }).strict(),
      z.object({ ...head, columns: z.array(z.object({ id: z.string().min(1), entries: z.array(entry).min(1) }).strict()).min(1) }).strict(),
    ])
    .superRefine((table, ctx) => {
      for (const message of tableProblems(table as unknown as DieTable<unknown>)) ctx.addIssue({ code: 'custom', message });
    });
}
