import { z } from 'zod';
import { canonicalJson, sha256Hex } from '../shared/canonical';
import { jsonPath } from './box';
import { decide, readyToResolve } from './decide';
import { ForcedDiceQueue, makeSeedChain } from './dice';
import { CommandRejected, type EngineCommand, type EngineEvent, type EngineState } from './engine-events';
import { evolve, initialState, type AnyRuleset } from './evolve';
import type { LineError, Side } from './ruleset';

/**
 * Adjudication cases as data, in the manner of godip's DATC: one JSON file per topic, each case
 * giving a start, the orders sent, the dice, and what must follow. One generic runner for every
 * ruleset. Format: docs/cases.md. Pure: the caller reads the files (src/cli/case-files.ts).
 */

const whenSchema = z.union([
  z.object({ side: z.string(), orders: z.string() }).strict(),
  z.object({ deadline: z.literal(true) }).strict(),
  z.object({ resolve: z.literal(true) }).strict(),
]);

export const caseSchema = z
  .object({
    name: z.string().min(1),
    ruleset: z.string().min(1),
    description: z.string().optional(),
    rules: z.array(z.string()).optional(),
    options: z.record(z.string(), z.boolean()).optional(),
    scenario: z.string().optional(),
    given: z
      .object({
        box: z.unknown().optional(),
        /** deep-merged into the ruleset's state after setup (a start position; not event-sourced) */
        state: z.record(z.string(), z.unknown()).optional(),
        /** engine events folded in after GameCreated */
        events: z.array(z.object({ type: z.string(), data: z.unknown() })).optional(),
      })
      .strict()
      .optional(),
    when: z.array(whenSchema).default([]),
    dice: z.array(z.number().int().min(1).max(6)).default([]),
    then: z
      .object({
        expectEvents: z.array(z.record(z.string(), z.unknown())).optional(),
        expectState: z.record(z.string(), z.unknown()).optional(),
        expectErrors: z.array(z.record(z.string(), z.unknown())).optional(),
      })
      .strict(),
  })
  .strict();

export type AdjudicationCase = z.infer<typeof caseSchema>;

export interface CaseResult {
  readonly file: string;
  readonly name: string;
  readonly passed: boolean;
  /** readable differences, empty when passed */
  readonly failures: readonly string[];
  /** the events the `when` part produced */
  readonly events: readonly EngineEvent[];
}

/** A file holds one case or an array of cases. Schema problems name the JSON path. */
export function parseCaseFile(text: string, file: string): AdjudicationCase[] | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { problems: [`${file}: not JSON: ${(e as Error).message}`] };
  }
  const parsed = z.array(caseSchema).safeParse(Array.isArray(json) ? json : [json]);
  if (parsed.success) return parsed.data;
  return { problems: parsed.error.issues.map((i) => `${file}: ${jsonPath(i.path)}: ${i.message}`) };
}

export function runCaseFiles(
  files: readonly { path: string; text: string }[],
  registry: Readonly<Record<string, AnyRuleset>>,
): CaseResult[] {
  return files.flatMap(({ path, text }) => {
    const cases = parseCaseFile(text, path);
    if (!Array.isArray(cases)) return [{ file: path, name: '(file)', passed: false, failures: cases.problems, events: [] }];
    return cases.map((c) => runCase(c, registry, path));
  });
}

interface Rejection {
  readonly when: number;
  readonly side?: Side;
  readonly errors: readonly (LineError & { code: string })[];
}

export function runCase(c: AdjudicationCase, registry: Readonly<Record<string, AnyRuleset>>, file = '(inline)'): CaseResult {
  const ruleset = registry[c.ruleset];
  const fail = (failures: string[], events: readonly EngineEvent[] = []): CaseResult => ({
    file,
    name: c.name,
    passed: failures.length === 0,
    failures,
    events,
  });
  if (!ruleset) return fail([`no ruleset "${c.ruleset}" (known: ${Object.keys(registry).join(', ') || 'none'})`]);

  const chain = makeSeedChain(Buffer.from(sha256Hex(`case:${c.name}`), 'hex'), 100);
  const forcedDice = new ForcedDiceQueue(c.dice);
  const rejections: Rejection[] = [];
  const events: EngineEvent[] = [];
  let state: EngineState<unknown> = initialState();
  const run = (cmd: EngineCommand, into: EngineEvent[] | null): void => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    into?.push(...out);
  };
  // Cases seal with the identity, so opening is reading the plaintext back.
  const resolve = (type: 'Resolve' | 'Deadline'): EngineCommand => ({
    type,
    now: 'case',
    seeds: chain.seeds,
    open: (sealed) => sealed,
    forcedDice,
  });

  try {
    run(
      {
        type: 'CreateGame',
        gameId: c.name,
        scenario: c.scenario,
        options: c.options ?? {},
        seedAnchor: chain.anchor,
        now: 'case',
        box: c.given?.box,
        sides: ruleset.sides.map((side) => ({ side, player: { address: `${side}@case.invalid` } })),
      },
      null,
    );
    state = applyGiven(state, c, ruleset);
    if (readyToResolve(state, ruleset)) run(resolve('Resolve'), events);
    c.when.forEach((w, i) => {
      try {
        if ('orders' in w) {
          run(
            {
              type: 'SubmitOrders',
              side: w.side,
              text: w.orders,
              salt: `salt-${i}`,
              now: `case+${i}`,
              seal: (p) => p,
            },
            events,
          );
          if (readyToResolve(state, ruleset)) run(resolve('Resolve'), events);
        } else run(resolve('deadline' in w ? 'Deadline' : 'Resolve'), events);
      } catch (e) {
        if (!(e instanceof CommandRejected)) throw e;
        const errors = e.errors.length ? e.errors : [{ line: 0, text: '', problem: e.message }];
        rejections.push({
          when: i,
          side: 'side' in w ? w.side : undefined,
          errors: errors.map((x) => ({ ...x, code: e.code })),
        });
      }
    });
  } catch (e) {
    return fail([`the case stopped with an error: ${(e as Error).message}`], events);
  }
  const failures = [
    ...checkEvents(c.then.expectEvents, events),
    ...checkState(c.then.expectState, state),
    ...checkErrors(c.then.expectErrors, rejections),
  ];
  if (forcedDice.remaining > 0)
    failures.push(`the case supplies ${c.dice.length} dice but only ${c.dice.length - forcedDice.remaining} were rolled`);
  return fail(failures, events);
}

function applyGiven(state: EngineState<unknown>, c: AdjudicationCase, ruleset: AnyRuleset): EngineState<unknown> {
  let s = state;
  for (const e of c.given?.events ?? []) s = evolve(s, e as EngineEvent, ruleset);
  if (c.given?.state) s = { ...s, rules: deepMerge(s.rules, c.given.state) };
  if (c.given?.events || c.given?.state) s = { ...s, step: s.rules === null ? null : ruleset.currentStep(s.rules) };
  return s;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = deepMerge(base[k], v);
  return out;
}

// ---------------------------------------------------------------- matching

/** Differences between what a case expects and what happened; objects match partially. */
export function partialDiff(expected: unknown, actual: unknown, path = ''): string[] {
  const at = path || '(root)';
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [`${at}: expected an object ${show(expected)}, got ${show(actual)}`];
    return Object.entries(expected).flatMap(([k, v]) => partialDiff(v, actual[k], path ? `${path}.${k}` : k));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected an array, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [`${at}: expected ${expected.length} item(s) ${show(expected)}, got ${actual.length} ${show(actual)}`];
    return expected.flatMap((v, i) => partialDiff(v, actual[i], `${path}[${i}]`));
  }
  return canonicalJson(expected) === canonicalJson(actual ?? null) && (actual !== undefined || expected === undefined)
    ? []
    : [`${at}: expected ${show(expected)}, got ${show(actual)}`];
}

function show(x: unknown): string {
  const s = x === undefined ? 'nothing' : JSON.stringify(x);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** Each expected event must match a later event than the previous match (a subsequence). */
function checkEvents(expected: readonly Record<string, unknown>[] | undefined, events: readonly EngineEvent[]): string[] {
  let from = 0;
  for (const [i, want] of (expected ?? []).entries()) {
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
    return [
      `expected event #${i + 1} not found after event ${from}: ${show(want)}`,
      nearest
        ? `  nearest ${String(want.type)}:\n${nearest.map((d) => `    ${d}`).join('\n')}`
        : `  no ${String(want.type)} event follows; the rest are: ${rest.map(describeEvent).join(', ') || 'none'}`,
    ];
  }
  return [];
}

function describeEvent(e: EngineEvent): string {
  return e.type === 'RulesApplied' ? `RulesApplied(${e.data.event.type})` : e.type;
}

/** Keys are paths into the engine state: "rules.fleets.red.ships", "step.id", "submissions.red.kind", "x[0]". */
function checkState(expected: Record<string, unknown> | undefined, state: EngineState<unknown>): string[] {
  return Object.entries(expected ?? {}).flatMap(([path, want]) => partialDiff(want, lookup(state, path), path));
}

function lookup(root: unknown, path: string): unknown {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  return keys.reduce<unknown>((x, k) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined), root);
}

/** Every expected error must match one rejected line; a rejection nobody expected is a failure. */
function checkErrors(expected: readonly Record<string, unknown>[] | undefined, rejections: readonly Rejection[]): string[] {
  const actual = rejections.flatMap((r) => r.errors.map((e) => ({ ...e, side: r.side, when: r.when })));
  if (!expected) {
    return actual.length
      ? [
          `unexpected rejection(s):\n${actual.map((a) => `    when[${a.when}] ${a.side ?? ''} line ${a.line}: ${a.problem} (${a.code})`).join('\n')}`,
        ]
      : [];
  }
  const failures = expected.flatMap((want, i) =>
    actual.some((a) => partialDiff(want, a).length === 0)
      ? []
      : [
          `expected error #${i + 1} ${show(want)} was not raised; errors raised: ${actual.length ? actual.map((a) => show(a)).join('; ') : 'none'}`,
        ],
  );
  if (expected.length === 0 && actual.length) failures.push(`expected no errors, got ${actual.map((a) => show(a)).join('; ')}`);
  return failures;
}
