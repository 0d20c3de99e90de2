import type { EngineEvent, EngineState } from './engine-events';
import { isPlainObject, lookupPath, partialDiff, show } from './case-match';
import type { LineError, Side, StepInfo } from './ruleset';

/**
 * The checks of a case's expectations (docs/cases.md "How it matches"), run at each checkpoint of
 * `when` and at the end (`then`) against the state then, the events since the last checkpoint and
 * the order refusals since then.
 */

export interface Expectations {
  readonly expectEvents?: readonly Record<string, unknown>[];
  readonly expectNoEvents?: readonly Record<string, unknown>[];
  readonly expectDice?: readonly Record<string, unknown>[];
  readonly expectNoDice?: readonly Record<string, unknown>[];
  readonly expectState?: Readonly<Record<string, unknown>>;
  readonly expectUnits?: Readonly<Record<string, unknown>>;
  readonly expectErrors?: readonly Record<string, unknown>[];
  readonly expectStep?: unknown;
}

export interface Rejection {
  readonly when: number;
  readonly side?: Side;
  readonly errors: readonly (LineError & { code: string })[];
}

export interface Window {
  readonly state: EngineState<unknown>;
  readonly events: readonly EngineEvent[];
  /** refusals since the last checkpoint; a check that expects one marks it in `claimed` */
  readonly rejections: readonly Rejection[];
  readonly claimed: Set<Rejection['errors'][number]>;
  /** the ruleset's view of one unit (Ruleset.cases.unit), or the item of rules.units with that id or name */
  readonly unit: (ref: string) => unknown;
}

/**
 * `{"event": "combat.retreated", "data": {...}}` is short for the rules event inside a RulesApplied;
 * `{"die": {...}}`-style dice patterns are matched against DieRolled's data. Any other pattern is an
 * engine event as logged.
 */
export function eventPattern(want: Record<string, unknown>): Record<string, unknown> {
  if (typeof want.event !== 'string' || 'type' in want) return want;
  const { event, ...rest } = want;
  return { type: 'RulesApplied', data: { event: { type: event, ...rest } } };
}

const dicePattern = (want: Record<string, unknown>): Record<string, unknown> => ({ type: 'DieRolled', data: want });

export function checkExpectations(x: Expectations, w: Window, label: string): string[] {
  const tag = (fs: string[]) => (label ? fs.map((f) => `${label}: ${f}`) : fs);
  return tag([
    ...checkEvents((x.expectEvents ?? []).map(eventPattern), w.events),
    ...checkNoEvents((x.expectNoEvents ?? []).map(eventPattern), w.events),
    ...checkEvents((x.expectDice ?? []).map(dicePattern), w.events),
    ...checkNoEvents((x.expectNoDice ?? []).map(dicePattern), w.events),
    ...checkState(x.expectState, w.state),
    ...checkUnits(x.expectUnits, w.unit),
    ...checkStep(x.expectStep, w.state.step),
    ...checkErrors(x.expectErrors, w),
  ]);
}

/** Each expected event must match a later event than the previous match (a subsequence). */
function checkEvents(expected: readonly Record<string, unknown>[], events: readonly EngineEvent[]): string[] {
  let from = 0;
  for (const [i, want] of expected.entries()) {
    const found = events.findIndex((e, j) => j >= from && partialDiff(want, e).length === 0);
    if (found >= 0) {
      from = found + 1;
      continue;
    }
    const rest = events.slice(from);
    const sameType = rest.filter((e) => e.type === want.type);
    // Nearest: first those whose nested `type`s agree (a ShipLost for a ShipLost), then the fewest differences.
    const typeMisses = (diff: string[]) => diff.filter((d) => /(^|\.)type: /.test(d)).length;
    const nearest = sameType.map((e) => partialDiff(want, e)).sort((a, b) => typeMisses(a) - typeMisses(b) || a.length - b.length)[0];
    const earlier = from > 0 && events.slice(0, from).some((e) => partialDiff(want, e).length === 0);
    return [
      `expected event #${i + 1} not found after event ${from}: ${show(want)}`,
      nearest
        ? `  nearest ${String(want.type)}:\n${nearest.map((d) => `    ${d}`).join('\n')}`
        : `  no ${String(want.type)} event follows; the rest are: ${rest.map(describeEvent).join(', ') || 'none'}`,
      ...(earlier ? ['  (it matches an event before the previous match: expected events are in order)'] : []),
    ];
  }
  return [];
}

function checkNoEvents(banned: readonly Record<string, unknown>[], events: readonly EngineEvent[]): string[] {
  return banned.flatMap((want) => {
    const hit = events.findIndex((e) => partialDiff(want, e).length === 0);
    return hit < 0 ? [] : [`expected no event matching ${show(want)}, but event ${hit} is ${show(events[hit])}`];
  });
}

export function describeEvent(e: EngineEvent): string {
  return e.type === 'RulesApplied' ? `RulesApplied(${e.data.event.type})` : e.type;
}

/** Keys are paths into the engine state: "rules.fleets.red.ships", "/rules/control/U.S. Mandate", "rules.units[@Nagato].loc". */
function checkState(expected: Readonly<Record<string, unknown>> | undefined, state: EngineState<unknown>): string[] {
  return Object.entries(expected ?? {}).flatMap(([path, want]) => partialDiff(want, lookupPath(state, path), path));
}

function checkUnits(expected: Readonly<Record<string, unknown>> | undefined, unit: (ref: string) => unknown): string[] {
  return Object.entries(expected ?? {}).flatMap(([ref, want]) => {
    const actual = unit(ref);
    if (actual === undefined && !(isPlainObject(want) && want.$absent === true)) return [`unit ${ref}: no unit with that id or name`];
    return partialDiff(want, actual, `unit ${ref}`);
  });
}

/**
 * A step pattern: the step's id, the end of its id after a "/" ("return/allied"), or words of its
 * title, case-blind ("Allied return to port"). An object matches the step partially.
 */
export function stepMatches(pattern: unknown, step: StepInfo | null): boolean {
  if (step === null) return pattern === null || pattern === 'end';
  if (typeof pattern !== 'string') return partialDiff(pattern, step).length === 0;
  return step.id === pattern || step.id.endsWith(`/${pattern}`) || step.title.toLowerCase().includes(pattern.toLowerCase());
}

function checkStep(expected: unknown, step: StepInfo | null): string[] {
  if (expected === undefined || stepMatches(expected, step)) return [];
  return [`step: expected ${show(expected)}, the step in play is ${step ? `${step.id} "${step.title}"` : 'none (the game is over)'}`];
}

/** An expected refusal's `rule` matches a rule the refusal names ("5.37, 7.8" names two); a list means any of them. */
function ruleMatches(want: unknown, actual: string | undefined): boolean {
  const named = (actual ?? '').split(/\s*[,;/]\s*|\s+and\s+/).filter(Boolean);
  const alternatives = Array.isArray(want) ? want : [want];
  return alternatives.some((w) => (typeof w === 'string' ? w === actual || named.includes(w) : partialDiff(w, actual).length === 0));
}

function errorMatches(want: Record<string, unknown>, a: Record<string, unknown>): boolean {
  const { rule, ...rest } = want;
  return partialDiff(rest, a).length === 0 && (rule === undefined || ruleMatches(rule, a.rule as string | undefined));
}

type Flat = LineError & { code: string; side?: Side; when: number; ref: Rejection['errors'][number] };

/**
 * Every expected refusal must match one refused line since the last checkpoint; a refusal nobody
 * expected fails the case (at the end: see unclaimedRejections). `[]` says nothing was refused.
 */
function checkErrors(expected: readonly Record<string, unknown>[] | undefined, w: Window): string[] {
  const actual: Flat[] = w.rejections.flatMap((r) => r.errors.map((e) => ({ ...e, side: r.side, when: r.when, ref: e })));
  if (!expected) return [];
  const failures = expected.flatMap((want, i) => {
    // each expected refusal takes a refused line no other has taken, if one matches
    const candidates = actual.filter((a) => errorMatches(want, a as unknown as Record<string, unknown>));
    const hit = candidates.find((a) => !w.claimed.has(a.ref)) ?? candidates[0];
    if (hit) {
      w.claimed.add(hit.ref);
      return [];
    }
    return [
      `expected error #${i + 1} ${show(want)} was not raised; errors raised: ${actual.length ? actual.map((a) => show({ ...a, ref: undefined })).join('; ') : 'none'}`,
    ];
  });
  if (expected.length === 0) {
    for (const a of actual) w.claimed.add(a.ref);
    if (actual.length) failures.push(`expected no errors, got ${actual.map((a) => show({ ...a, ref: undefined })).join('; ')}`);
  }
  return failures;
}

/** Refusals no expectation accounted for. */
export function unclaimedRejections(rejections: readonly Rejection[], claimed: ReadonlySet<Rejection['errors'][number]>): string[] {
  const left = rejections.flatMap((r) => r.errors.filter((e) => !claimed.has(e)).map((e) => ({ ...e, side: r.side, when: r.when })));
  return left.length
    ? [
        `unexpected rejection(s):\n${left.map((a) => `    when[${a.when}] ${a.side ?? ''} line ${a.line}: ${a.problem} (${a.code})`).join('\n')}`,
      ]
    : [];
}
