import { z } from 'zod';
import { sha256Hex } from '../shared/canonical';
import { setOwn } from '../shared/clone';
import { jsonPath } from './box';
import { CaseDice, diceSchema } from './case-dice';
import { checkExpectations, stepMatches, unclaimedRejections, type Expectations, type Rejection } from './case-checks';
import { isPlainObject, lookupPath, show } from './case-match';
import { decide, readyToResolve } from './decide';
import { makeSealedSeedChain, makeSeedChain } from './dice';
import { CommandRejected, type EngineCommand, type EngineEvent, type EngineState, type RefusedSection } from './engine-events';
import { evolve, initialState, type AnyRuleset } from './evolve';

export { partialDiff } from './case-match';
export type { CaseSupport } from './ruleset';

/**
 * Adjudication cases as data, in the manner of godip's DATC: one JSON file per topic, each case
 * giving a start, the orders sent, the dice, and what must follow. One generic runner for every
 * ruleset. Format: docs/cases.md. Pure: the caller reads the files (src/cli/case-files.ts).
 */

const expectationsShape = {
  expectEvents: z.array(z.record(z.string(), z.unknown())).optional(),
  expectNoEvents: z.array(z.record(z.string(), z.unknown())).optional(),
  expectDice: z.array(z.record(z.string(), z.unknown())).optional(),
  expectNoDice: z.array(z.record(z.string(), z.unknown())).optional(),
  expectState: z.record(z.string(), z.unknown()).optional(),
  expectUnits: z.record(z.string(), z.unknown()).optional(),
  expectErrors: z.array(z.record(z.string(), z.unknown())).optional(),
  expectStep: z.unknown().optional(),
};

const stepPattern = z.union([z.string().min(1), z.record(z.string(), z.unknown())]);

const whenSchema = z.union([
  /** `at`: the step these orders are for (the case fails if another is in play) */
  z.object({ side: z.string(), orders: z.string(), at: stepPattern.optional() }).strict(),
  z.object({ deadline: z.literal(true) }).strict(),
  z.object({ resolve: z.literal(true) }).strict(),
  /** deadlines (default orders for the silent) until this step is in play; "end": until the game is over */
  z.object({ advance: stepPattern, max: z.number().int().positive().optional() }).strict(),
  /** a checkpoint: the state now, the events and refusals since the last checkpoint */
  z.object({ expect: z.object(expectationsShape).strict(), note: z.string().optional() }).strict(),
]);

export const caseSchema = z
  .object({
    name: z.string().min(1),
    ruleset: z.string().min(1),
    description: z.string().optional(),
    rules: z.array(z.string()).optional(),
    options: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).optional(),
    scenario: z.string().optional(),
    given: z
      .object({
        box: z.unknown().optional(),
        /** a start position in the game's own terms, checked by the ruleset (CaseSupport.setup) */
        setup: z.unknown().optional(),
        /** deep-merged into the ruleset's state after setup (unchecked; not event-sourced) */
        state: z.record(z.string(), z.unknown()).optional(),
        /** engine events folded in after GameCreated (unchecked) */
        events: z.array(z.object({ type: z.string(), data: z.unknown() })).optional(),
      })
      .strict()
      .optional(),
    when: z.array(whenSchema).default([]),
    dice: diceSchema.default([]),
    then: z.object(expectationsShape).strict().default({}),
  })
  .strict();

export type AdjudicationCase = z.input<typeof caseSchema>;
type ParsedCase = z.output<typeof caseSchema>;

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
export function parseCaseFile(text: string, file: string): ParsedCase[] | { problems: string[] } {
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

/** Thrown inside the runner when the case itself cannot go on (a step that never comes, a bad setup). */
class CaseStopped extends Error {}

const DEFAULT_ADVANCE_LIMIT = 400;

export function runCase(input: AdjudicationCase, registry: Readonly<Record<string, AnyRuleset>>, file = '(inline)'): CaseResult {
  const parsed = caseSchema.safeParse(input);
  if (!parsed.success)
    return {
      file,
      name: input.name,
      passed: false,
      failures: parsed.error.issues.map((i) => `${jsonPath(i.path)}: ${i.message}`),
      events: [],
    };
  const c = parsed.data;
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
  // a case whose options make a side the umpire's seats only the others; sealed dice come from its own chain
  const options = Object.fromEntries(ruleset.options.map((o) => [o.id, c.options?.[o.id] ?? o.default]));
  const system = ruleset.systemSides?.(options) ?? [];
  const sealed = ruleset.sealedDice?.(options) ? makeSealedSeedChain(Buffer.from(sha256Hex(`case:${c.name}`), 'hex'), 100) : null;
  const dice = new CaseDice(c.dice);
  const rejections: Rejection[] = [];
  const claimed = new Set<Rejection['errors'][number]>();
  const events: EngineEvent[] = [];
  const failures: string[] = [];
  let state: EngineState<unknown> = initialState();
  let mark = { events: 0, rejections: 0 };
  const run = (cmd: EngineCommand, into: EngineEvent[] | null): void => {
    dice.step = state.step?.id ?? '';
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    into?.push(...out);
  };
  // Cases seal with the identity, so opening is reading the plaintext back.
  const resolve = (type: 'Resolve' | 'Deadline'): EngineCommand => ({
    type,
    now: 'case',
    seeds: chain.seeds,
    ...(sealed ? { sealedSeeds: sealed.seeds } : {}),
    open: (blob) => blob,
    forcedDice: dice,
  });
  const unit = (ref: string): unknown =>
    ruleset.cases?.unit
      ? ruleset.cases.unit(state.rules, ref)
      : lookupPath(state, `/rules/units/@${ref.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  const check = (x: Expectations, label: string): string[] => {
    const window = {
      state,
      events: events.slice(mark.events),
      rejections: rejections.slice(mark.rejections),
      claimed,
      unit,
    };
    mark = { events: events.length, rejections: rejections.length };
    return checkExpectations(x, window, label);
  };

  try {
    run(
      {
        type: 'CreateGame',
        gameId: c.name,
        scenario: c.scenario,
        options: c.options ?? {},
        seedAnchor: chain.anchor,
        ...(sealed ? { sealedSeedAnchor: sealed.anchor } : {}),
        now: 'case',
        box: c.given?.box,
        // a case says every answer itself: no default standing instructions answer for a side
        defaultStanding: false,
        sides: ruleset.sides
          .filter((side) => !system.includes(side))
          .map((side) => ({ side, player: { address: `${side}@case.invalid` } })),
      },
      null,
    );
    state = applyGiven(state, c, ruleset);
    if (readyToResolve(state, ruleset)) run(resolve('Resolve'), events);
    c.when.forEach((w, i) => {
      try {
        if ('expect' in w) {
          failures.push(...check(w.expect, `when[${i}]${w.note ? ` (${w.note})` : ''}`));
        } else if ('advance' in w) {
          advance(w.advance, w.max ?? DEFAULT_ADVANCE_LIMIT, i);
        } else if ('orders' in w) {
          if (w.at !== undefined && !stepMatches(w.at, state.step))
            throw new CaseStopped(`when[${i}]: orders for ${show(w.at)}, but the step in play is ${describeStep(state)}`);
          // a FOR section refused when it arrived is a refusal of its own (code refused-ahead); the rest of the mail stands
          const refusedAhead = (r: RefusedSection) =>
            rejections.push({ when: i, side: w.side, errors: r.errors.map((x) => ({ ...x, code: 'refused-ahead' })) });
          run(
            { type: 'SubmitOrders', side: w.side, text: w.orders, salt: `salt-${i}`, now: `case+${i}`, seal: (p) => p, refusedAhead },
            events,
          );
          if (readyToResolve(state, ruleset)) run(resolve('Resolve'), events);
        } else run(resolve('deadline' in w ? 'Deadline' : 'Resolve'), events);
      } catch (e) {
        if (!(e instanceof CommandRejected)) throw e;
        const errors = e.errors.length ? e.errors : [{ line: 0, text: '', problem: e.message }];
        rejections.push({ when: i, side: 'side' in w ? w.side : undefined, errors: errors.map((x) => ({ ...x, code: e.code })) });
      }
    });
  } catch (e) {
    return fail([...failures, `the case stopped with an error: ${(e as Error).message}`], events);
  }
  failures.push(...check(c.then, ''), ...unclaimedRejections(rejections, claimed));
  if (dice.remaining > 0) failures.push(`the case supplies dice that were never rolled: ${dice.unused()}`);
  return fail(failures, events);

  function advance(target: unknown, max: number, i: number): void {
    for (let n = 0; !stepMatches(target, state.step); n++) {
      if (state.step === null || n >= max)
        throw new CaseStopped(
          `when[${i}]: advance to ${show(target)}: ${state.step === null ? 'the game ended first' : `not reached after ${max} deadlines`} (the step in play is ${describeStep(state)})`,
        );
      run(resolve('Deadline'), events);
    }
  }
}

function describeStep(state: EngineState<unknown>): string {
  return state.step ? `${state.step.id} "${state.step.title}"` : 'none (the game is over)';
}

function applyGiven(state: EngineState<unknown>, c: ParsedCase, ruleset: AnyRuleset): EngineState<unknown> {
  let s = state;
  for (const e of c.given?.events ?? []) s = evolve(s, e as EngineEvent, ruleset);
  if (c.given?.setup !== undefined) {
    if (!ruleset.cases?.setup)
      throw new CaseStopped(`given.setup: ruleset ${ruleset.id} offers no checked setup (use given.state / given.events)`);
    const built = ruleset.cases.setup(s.rules, c.given.setup);
    if ('problems' in built)
      throw new CaseStopped(`given.setup is not a consistent position:\n${built.problems.map((p) => `    ${p}`).join('\n')}`);
    for (const event of built.events) s = evolve(s, { type: 'RulesApplied', data: { stepId: 'setup', event } } as EngineEvent, ruleset);
  }
  if (c.given?.state) s = { ...s, rules: deepMerge(s.rules, c.given.state) };
  if (c.given?.events || c.given?.state || c.given?.setup !== undefined)
    s = { ...s, step: s.rules === null ? null : ruleset.currentStep(s.rules) };
  return s;
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) setOwn(out, k, deepMerge(base[k], v));
  return out;
}
