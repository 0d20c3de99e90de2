/**
 * One pass for every error (issue 28): a mail's orders are read whole before anything is said, so
 * a refusal names every problem at once. A section's lines that cannot be read and its legal-looking
 * lines that break a rule are reported together (ParseResult carries the orders of the lines it
 * could read, and they are checked too); a line written for a step to come, without its FOR, is
 * named with the FOR line that would take it; and a FOR section is checked when it arrives against
 * the board the mail's earlier orders leave (Ruleset.boardAfter), not only when its step comes.
 */
import type { DefinedRuleset } from './define';
import type { AnyRuleset } from './evolve';
import type { LineError, Side, StepInfo } from './ruleset';

export type SectionRead =
  | { readonly ok: true; readonly orders: readonly unknown[] }
  | {
      readonly ok: false;
      readonly errors: readonly LineError[];
      readonly unreadable: ReadonlySet<number>;
      /** the orders of the lines that could be read (the board they leave is where later sections are checked) */
      readonly orders: readonly unknown[];
    };

/**
 * A section's orders for `step` on `board`: parsed, and checked against the rules when `check` is
 * set. Lines that cannot be read and orders that break a rule come back together; a check that
 * speaks of the set as a whole (line 0) is left out when some lines could not be read, since the
 * lines missing are what it would miss.
 */
export function readSection(ruleset: AnyRuleset, board: unknown, side: Side, text: string, step: StepInfo, check: boolean): SectionRead {
  const parsed = ruleset.parseOrders(board, side, text, step);
  const orders = parsed.ok ? parsed.orders : (parsed.orders ?? []);
  const unreadable = parsed.ok ? [] : parsed.errors;
  const read = new Set(unreadable.map((e) => e.line));
  if (!check) return unreadable.length ? { ok: false, errors: unreadable, unreadable: read, orders } : { ok: true, orders };
  const illegal = parsed.ok || orders.length ? ruleset.validateOrders(board, side, orders, step) : [];
  const errors = [...unreadable, ...(parsed.ok ? illegal : illegal.filter((e) => e.line > 0 && !read.has(e.line)))];
  return errors.length ? { ok: false, errors, unreadable: read, orders } : { ok: true, orders };
}

/** Every word a player may write after FOR in this game (its step table's), upper case. */
export function forWordsOf(ruleset: object): string[] {
  const rows = (ruleset as Partial<Pick<DefinedRuleset<unknown, unknown, unknown>, 'steps'>>).steps?.rows ?? [];
  return rows.flatMap((r) => (r.for ? [r.for.toUpperCase()] : []));
}

/** The word a player writes after FOR for a step: its step-table row's, else the step id. */
export function forWordOf(ruleset: AnyRuleset, step: StepInfo): string {
  const row = (ruleset as Partial<Pick<DefinedRuleset<unknown, unknown, unknown>, 'stepRow'>>).stepRow;
  try {
    return row?.(step).for ?? step.id;
  } catch {
    return step.id;
  }
}

/**
 * The step to come that `side` owes and whose orders the line `lineNo` of `lines` is, or null. A
 * game that can check orders ahead (boardAfter) checks the line there too; without, the line must
 * read as the orders of one step to come and no other (a MOVE that every movement step reads
 * names none).
 */
export function laterStepOf(
  ruleset: AnyRuleset,
  board: unknown,
  side: Side,
  upcoming: readonly StepInfo[] | null,
  lines: readonly string[],
  lineNo: number,
): StepInfo | null {
  if (!upcoming || lineNo < 1 || !lines[lineNo - 1]?.trim()) return null;
  const only = lines.map((l, i) => (i === lineNo - 1 ? l : '')).join('\n');
  const checks = ruleset.boardAfter !== undefined;
  const fits = upcoming.filter((u) => {
    if (!u.owes.includes(side)) return false;
    const read = readSection(ruleset, board, side, only, u, checks);
    return read.ok && read.orders.length > 0;
  });
  return checks || fits.length === 1 ? (fits[0] ?? null) : null;
}

/** `use FOR AMPHIBIOUS`: the hint for an order written for a step to come. */
export function laterStepHint(ruleset: AnyRuleset, later: StepInfo): string {
  return `this is an order for ${later.title}, a step to come: use FOR ${forWordOf(ruleset, later)} on the line above it (and above the other orders for that step)`;
}

/**
 * Errors of the section for the step in play, each line that reads as an order for a step to come
 * told so: a line this step cannot read, or (where the game checks orders ahead) one it refuses.
 */
export function withLaterStepHints(
  errors: readonly LineError[],
  unreadable: ReadonlySet<number>,
  ruleset: AnyRuleset,
  board: unknown,
  side: Side,
  upcoming: readonly StepInfo[] | null,
  lines: readonly string[],
): LineError[] {
  return errors.map((e) => {
    if (!unreadable.has(e.line) && ruleset.boardAfter === undefined) return e;
    const later = laterStepOf(ruleset, board, side, upcoming, lines, e.line);
    return later ? { ...e, hint: laterStepHint(ruleset, later) } : e;
  });
}

/**
 * Orders for the step in play from a side it does not ask: each line, with what it is for when it
 * reads as an order of a step to come (never `line 0`: the player sees which lines, and what to do).
 */
export function notOwedErrors(
  ruleset: AnyRuleset,
  board: unknown,
  side: Side,
  step: StepInfo,
  upcoming: readonly StepInfo[] | null,
  lines: readonly string[],
  section: string,
): LineError[] {
  const waiting = step.owes.join(', ') || 'nobody';
  const problem = `${step.title} asks nothing of ${side} (it waits for ${waiting})`;
  const own = section.split('\n').flatMap((l, i) => (l.trim() ? [i + 1] : []));
  const errors = own.map((line): LineError => {
    const later = laterStepOf(ruleset, board, side, upcoming, lines, line);
    return {
      line,
      text: lines[line - 1].trim(),
      problem,
      hint: later ? laterStepHint(ruleset, later) : 'send your orders when a step asks for them (STATUS says what is awaited)',
    };
  });
  return errors.length ? errors : [{ line: 0, text: '', problem }];
}
