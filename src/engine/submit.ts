import { CommandRejected, type EngineEvent, type EngineState, type SubmitOrders } from './engine-events';
import type { AnyRuleset } from './evolve';
import type { LineError, Side, StepInfo } from './ruleset';
import { commitmentFor, sealPlaintext } from './sealing';
import { sectionSalt, splitMessage, STANDING_LINE, type StepSection } from './sections';

/**
 * SubmitOrders: a side's message, split into standing instructions and the orders for each step it
 * names. Orders for the step in play are validated now; orders for an upcoming step are parsed as
 * far as today's state allows and queued, sealed, until the step comes (see queue.ts). All or
 * nothing: one bad line rejects the whole message, with the line numbers of the player's text.
 */

/** What standing instructions' salt is derived with; no step id holds a space, so it is no step's salt. */
export const STANDING_SALT_LABEL = 'STANDING instructions';

type Made = { ok: true; event: EngineEvent } | { ok: false; errors: readonly LineError[] };

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
  if (split.sections.some((x) => x.stepId === step.id) && !step.owes.includes(cmd.side)) {
    const problem = `${cmd.side} owes no orders at ${step.title}; waiting for ${step.owes.join(', ') || 'nobody'}`;
    throw new CommandRejected('not-owed', problem, [{ line: 0, text: '', problem }]);
  }
  const sealedCount = split.sections.filter((x) => x.stepId !== step.id || step.mode === 'simultaneous').length;
  if (typeof cmd.seal === 'string' && sealedCount > 1) {
    throw new CommandRejected('invalid-orders', 'orders for several steps need a seal function, not one sealed blob');
  }

  const errors: LineError[] = [...split.errors];
  const events: EngineEvent[] = [];
  if (hasStanding) {
    const parsed = parseStanding(ruleset, rules, cmd.side, split.standing, lines);
    if (parsed.ok) {
      const text = split.standing
        .split('\n')
        .filter((l) => l.trim())
        .join('\n');
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
  for (const section of split.sections) {
    const made =
      section.stepId === step.id
        ? ordersForStepInPlay(cmd, section, rules, step, ruleset)
        : queueOrders(cmd, section, rules, upcoming, ruleset, lines);
    if (made.ok) events.push(made.event);
    else errors.push(...made.errors);
  }
  if (errors.length) {
    const steps = split.sections.map((x) => x.stepId).join(', ') || step.id;
    throw new CommandRejected(
      'invalid-orders',
      `orders from ${cmd.side} for ${steps} were not accepted`,
      errors.sort((a, b) => a.line - b.line),
    );
  }
  return events;
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

function ordersForStepInPlay(cmd: SubmitOrders, section: StepSection, rules: unknown, step: StepInfo, ruleset: AnyRuleset): Made {
  const parsed = ruleset.parseOrders(rules, cmd.side, section.text, step);
  if (!parsed.ok) return parsed;
  const errors = ruleset.validateOrders(rules, cmd.side, parsed.orders, step);
  if (errors.length) return { ok: false, errors };
  const orders = parsed.orders;
  if (step.mode === 'sequential') {
    return {
      ok: true,
      event: {
        type: 'OrdersAccepted',
        data: { side: cmd.side, stepId: step.id, orders, receivedAt: cmd.now },
      },
    };
  }
  const salt = sectionSalt(cmd.salt, step.id);
  return {
    ok: true,
    event: {
      type: 'OrdersSubmitted',
      data: {
        side: cmd.side,
        stepId: step.id,
        commitment: commitmentFor(orders, salt),
        sealed: seal(cmd, step.id, orders, salt),
        receivedAt: cmd.now,
      },
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
  const parsed = ruleset.parseOrders(rules, cmd.side, section.text, ahead);
  if (!parsed.ok) return parsed;
  const salt = sectionSalt(cmd.salt, ahead.id);
  const data = {
    side: cmd.side,
    stepId: ahead.id,
    commitment: commitmentFor(parsed.orders, salt),
    sealed: seal(cmd, ahead.id, parsed.orders, salt),
    receivedAt: cmd.now,
  };
  return { ok: true, event: { type: 'OrdersQueued', data } };
}

function seal(cmd: SubmitOrders, stepId: string, orders: readonly unknown[], salt: string): string {
  return typeof cmd.seal === 'string' ? cmd.seal : cmd.seal(sealPlaintext(cmd.side, stepId, orders, salt));
}

function parseStanding(
  ruleset: AnyRuleset,
  rules: unknown,
  side: Side,
  text: string,
  lines: readonly string[],
): { ok: true; instructions: unknown } | { ok: false; errors: readonly LineError[] } {
  if (!ruleset.parseStanding) {
    const errors = lines.flatMap((l, i) =>
      STANDING_LINE.test(l) ? [{ line: i + 1, text: l.trim(), problem: `${ruleset.name} has no standing instructions` }] : [],
    );
    return { ok: false, errors };
  }
  const parsed = ruleset.parseStanding(rules, side, text);
  return parsed.ok ? { ok: true, instructions: parsed.orders } : parsed;
}
