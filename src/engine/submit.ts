import { notOwedErrors, readSection, withLaterStepHints } from './arrival';
import { CommandRejected, type EngineEvent, type EngineState, type RefusedSection, type SubmitOrders } from './engine-events';
import type { AnyRuleset } from './evolve';
import type { LineError, Side, StepInfo } from './ruleset';
import { commitAndSeal, commitmentFor } from './sealing';
import { sectionSalt, splitMessage, STANDING_LINE, type StepSection } from './sections';
import { mergeStanding, standingKindsOf } from './standing';

/**
 * SubmitOrders: a side's message, split into standing instructions and the orders for each step it
 * names. Orders for the step in play are validated now; orders for an upcoming step are parsed as
 * far as today's state allows and queued, sealed, until the step comes (see queue.ts). All or
 * nothing: one bad line rejects the whole message, with the line numbers of the player's text.
 */

/** What standing instructions' salt is derived with; no step id holds a space, so it is no step's salt. */
export const STANDING_SALT_LABEL = 'STANDING instructions';

type Made =
  | { ok: true; event: EngineEvent; step: StepInfo; orders: readonly unknown[] }
  /** refused; `read`: the step and the orders of the lines that could be read, for the board later sections are checked on */
  | { ok: false; errors: readonly LineError[]; read?: { step: StepInfo; orders: readonly unknown[] } }
  | { ok: false; refused: RefusedSection };

export function requireInPlay(state: EngineState<unknown>): { step: StepInfo; rules: unknown } {
  if (!state.game) throw new CommandRejected('no-game', 'no game has been created');
  if (!state.step)
    throw new CommandRejected(
      'game-over',
      `game ${state.game.gameId} is over${state.result ? ` (${state.result.summary.trim()})` : ''}: no more orders are taken`,
    );
  return { step: state.step, rules: state.rules };
}

export function decideSubmitOrders(cmd: SubmitOrders, state: EngineState<unknown>, ruleset: AnyRuleset): EngineEvent[] {
  const { step, rules } = requireInPlay(state);
  if (!state.game!.sides.some((s) => s.side === cmd.side)) throw new CommandRejected('unknown-side', `no side "${cmd.side}" in this game`);
  const upcoming: readonly StepInfo[] | null = ruleset.upcomingSteps?.(rules) ?? null;
  const canonical = canonicalStepId([step, ...(upcoming ?? [])], (name) => ruleset.resolveSection?.(rules, cmd.side, name) ?? null);
  const defaultStepId = cmd.stepId === undefined ? step.id : canonical(cmd.stepId);
  if (defaultStepId !== step.id && !upcoming?.some((u) => u.id === defaultStepId)) {
    throw new CommandRejected(
      'wrong-step',
      `orders are for step ${cmd.stepId}, but the step in play is ${step.id} (${step.title}) and ${cmd.stepId} is not among the steps to come${stepsHint(upcoming)}`,
    );
  }
  const lines = cmd.text.split(/\r?\n/);
  const split = splitMessage(cmd.text, defaultStepId, canonical);
  const hasStanding = split.standing.trim() !== '';
  if (!hasStanding && !split.sections.length && !split.errors.length) {
    throw new CommandRejected('invalid-orders', 'no orders found', [{ line: 0, text: '', problem: 'the message holds no orders' }]);
  }
  const sealedCount = split.sections.filter((x) => x.stepId !== step.id || step.mode === 'simultaneous').length;
  if (typeof cmd.seal === 'string' && sealedCount > 1) {
    throw new CommandRejected('invalid-orders', 'orders for several steps need a seal function, not one sealed blob');
  }

  const errors: LineError[] = [...split.errors];
  const events: EngineEvent[] = [];
  if (hasStanding) {
    const parsed = parseStanding(ruleset, state, cmd.side, split.standing, lines);
    if (parsed.ok) {
      const text = parsed.text;
      const salt = sectionSalt(cmd.salt, STANDING_SALT_LABEL);
      events.push({
        type: 'StandingInstructionsSet',
        data: {
          side: cmd.side,
          text,
          instructions: parsed.instructions,
          setAt: cmd.now,
          commitment: commitmentFor([text], salt),
          salt,
        },
      });
    } else errors.push(...parsed.errors);
  }
  // sections in the order their steps come, each read on the board the earlier ones leave
  const rank = (id: string) => {
    const at = [step, ...(upcoming ?? [])].findIndex((u) => u.id === id);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const sections = [...split.sections].sort((a, b) => rank(a.stepId) - rank(b.stepId));
  const refused: RefusedSection[] = [];
  let board = rules;
  let notOwed = false;
  for (const section of sections) {
    if (section.stepId === step.id && !step.owes.includes(cmd.side)) {
      notOwed = true;
      errors.push(...notOwedErrors(ruleset, rules, cmd.side, step, upcoming, lines, section.text));
      continue;
    }
    const made =
      section.stepId === step.id
        ? ordersForStepInPlay(cmd, section, rules, step, ruleset, upcoming, lines)
        : queueOrders(cmd, section, board, upcoming, ruleset, lines);
    if ('refused' in made) refused.push(made.refused);
    else if (!made.ok) {
      errors.push(...made.errors);
      // one pass: later sections are still checked, on the board the lines that could be read leave
      if (made.read && ruleset.boardAfter) board = ruleset.boardAfter(board, cmd.side, made.read.step, made.read.orders);
    } else {
      events.push(made.event);
      if (ruleset.boardAfter) board = ruleset.boardAfter(board, cmd.side, made.step, made.orders);
    }
  }
  // nothing taken at all: the mail is refused, every problem named
  const refusedOnly = refused.length && !events.length && !errors.length;
  if (errors.length || refusedOnly) {
    const all = [...errors, ...refused.flatMap((r) => r.errors)].sort((a, b) => a.line - b.line);
    throw new CommandRejected(notOwed ? 'not-owed' : 'invalid-orders', refusalSummary(all), all);
  }
  for (const r of refused) cmd.refusedAhead?.(r);
  return events;
}

/**
 * What the refusal's first line says: which lines were refused and what to do. Nothing of the mail
 * was taken (a FOR section refused at arrival is only refused alone when the rest stands).
 */
function refusalSummary(errors: readonly LineError[]): string {
  const lines = [...new Set(errors.map((e) => e.line).filter((l) => l > 0))];
  const where = lines.length ? ` (line${lines.length === 1 ? '' : 's'} ${lines.join(', ')})` : '';
  const n = errors.length;
  return `Your mail was not taken: ${n} problem${n === 1 ? '' : 's'}${where}, all listed below. Nothing was changed: correct ${n === 1 ? 'it' : 'them'} and send the whole mail again.`;
}

/**
 * A step id as the player wrote it, matched to the ruleset's spelling when only the case differs,
 * or a section name the ruleset knows (`FOR FIGHTERS`, Ruleset.resolveSection) turned into its id.
 */
function canonicalStepId(known: readonly StepInfo[], section: (name: string) => string | null): (written: string) => string {
  return (written) =>
    known.find((k) => k.id === written)?.id ??
    known.find((k) => k.id.toLowerCase() === written.toLowerCase())?.id ??
    section(written) ??
    written;
}

function stepsHint(upcoming: readonly StepInfo[] | null): string {
  if (!upcoming) return ' (this game takes orders for the step in play only)';
  if (!upcoming.length) return ' (no step is to come)';
  const ids = upcoming.slice(0, 8).map((u) => u.id);
  return ` (steps to come: ${ids.join(', ')}${upcoming.length > ids.length ? ', …' : ''})`;
}

function ordersForStepInPlay(
  cmd: SubmitOrders,
  section: StepSection,
  rules: unknown,
  step: StepInfo,
  ruleset: AnyRuleset,
  upcoming: readonly StepInfo[] | null,
  lines: readonly string[],
): Made {
  const read = readSection(ruleset, rules, cmd.side, section.text, step, true);
  if (!read.ok)
    return {
      ok: false,
      errors: withLaterStepHints(read.errors, read.unreadable, ruleset, rules, cmd.side, upcoming, lines),
      read: { step, orders: read.orders },
    };
  const orders = read.orders;
  if (step.mode === 'sequential') {
    return {
      ok: true,
      step,
      orders,
      event: {
        type: 'OrdersAccepted',
        data: { side: cmd.side, stepId: step.id, orders, receivedAt: cmd.now },
      },
    };
  }
  const salt = sectionSalt(cmd.salt, step.id);
  const made = commitAndSeal(cmd.side, step.id, orders, salt);
  return {
    ok: true,
    step,
    orders,
    event: {
      type: 'OrdersSubmitted',
      data: { side: cmd.side, stepId: step.id, commitment: made.commitment, sealed: seal(cmd, made.plaintext), receivedAt: cmd.now },
    },
  };
}

/**
 * Parsed only: the state may differ when the step comes, and validateOrders runs then. A ruleset
 * without upcomingSteps takes no orders ahead: its parseOrders may read today's phase, not `step`.
 */
function queueOrders(
  cmd: SubmitOrders,
  section: StepSection,
  rules: unknown,
  upcoming: readonly StepInfo[] | null,
  ruleset: AnyRuleset,
  lines: readonly string[],
): Made {
  const line = section.headerLine ?? 0;
  const text = section.headerLine === null ? '' : lines[section.headerLine - 1].trim();
  if (!upcoming)
    return {
      ok: false,
      errors: [
        {
          line,
          text,
          problem: `${ruleset.name} takes orders for the step in play only`,
          hint: 'send these orders when that step comes',
        },
      ],
    };
  const ahead = upcoming.find((u) => u.id === section.stepId);
  if (!ahead) {
    return {
      ok: false,
      errors: [
        {
          line,
          text,
          problem: `step ${section.stepId} is not to come`,
          hint: `steps to come: ${upcoming.map((u) => u.id).join(', ') || 'none'}`,
        },
      ],
    };
  }
  if (!ahead.owes.includes(cmd.side)) {
    return {
      ok: false,
      errors: [{ line, text, problem: `${cmd.side} will owe no orders at ${ahead.title}`, rule: ahead.rule }],
    };
  }
  // checked now against the board the mail's earlier orders leave, where the game can tell it (boardAfter)
  const check = ruleset.boardAfter !== undefined;
  const read = readSection(ruleset, rules, cmd.side, section.text, ahead, check);
  if (!read.ok) {
    const readsButFails = check && ruleset.parseOrders(rules, cmd.side, section.text, ahead).ok;
    // orders that read but cannot work there: that section is refused, the rest of the mail stands
    return readsButFails
      ? { ok: false, refused: { stepId: ahead.id, title: ahead.title, errors: read.errors } }
      : { ok: false, errors: read.errors };
  }
  const salt = sectionSalt(cmd.salt, ahead.id);
  const made = commitAndSeal(cmd.side, ahead.id, read.orders, salt);
  const data = { side: cmd.side, stepId: ahead.id, commitment: made.commitment, sealed: seal(cmd, made.plaintext), receivedAt: cmd.now };
  return { ok: true, step: ahead, orders: read.orders, event: { type: 'OrdersQueued', data } };
}

function seal(cmd: SubmitOrders, plaintext: () => string): string {
  return typeof cmd.seal === 'string' ? cmd.seal : cmd.seal(plaintext());
}

/**
 * The standing instructions in force after the mail's STANDING lines: with the game's kinds of
 * decision, the set in force changed kind by kind (standing.ts); without, the mail's lines alone.
 * Errors carry the player's line numbers.
 */
function parseStanding(
  ruleset: AnyRuleset,
  state: EngineState<unknown>,
  side: Side,
  text: string,
  lines: readonly string[],
): { ok: true; instructions: unknown; text: string } | { ok: false; errors: readonly LineError[] } {
  const rules = state.rules;
  if (!ruleset.parseStanding) {
    const errors = lines.flatMap((l, i) =>
      STANDING_LINE.test(l) ? [{ line: i + 1, text: l.trim(), problem: `${ruleset.name} has no standing instructions` }] : [],
    );
    return { ok: false, errors };
  }
  const kinds = standingKindsOf(ruleset);
  if (!kinds.length) {
    const parsed = ruleset.parseStanding(rules, side, text);
    const whole = text
      .split('\n')
      .filter((l) => l.trim())
      .join('\n');
    return parsed.ok ? { ok: true, instructions: parsed.orders, text: whole } : parsed;
  }
  const options = state.game?.options ?? {};
  const merged = mergeStanding(kinds, state.standing[side]?.text ?? '', text, (k) => k.defaults?.(side, options) ?? []);
  // the player's own lines first, with their line numbers; then the whole set in force
  const own = merged.written.trim() ? ruleset.parseStanding(rules, side, merged.written) : null;
  const errors = [...merged.errors, ...(own && !own.ok ? own.errors : [])];
  if (errors.length) return { ok: false, errors };
  const whole = ruleset.parseStanding(rules, side, merged.text);
  if (!whole.ok)
    return {
      ok: false,
      errors: whole.errors.map((e) => ({
        ...e,
        line: 0,
        problem: `a standing instruction in force (${e.text}) no longer reads: ${e.problem}`,
        hint: 'send it again as it should read now, or STANDING ASK <kind> to be asked instead',
      })),
    };
  return { ok: true, instructions: whole.orders, text: merged.text };
}
