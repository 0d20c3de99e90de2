/**
 * Checking a box, the default or a club's override: the schema first, then every constraint the
 * rules and the rulebook's examples impose (./constraints-board.ts, ./constraints-setup.ts), and
 * the values printed in the rulebook, which an override may not change.
 */
import { jsonPath, validateBox, withoutProvenance } from '../../../engine/box';
import { canonicalJson } from '../../../shared/canonical';
import type { Constraint, ConstraintResult, Problem } from './constraint';
import { boardConstraints } from './constraints-board';
import { setupConstraints } from './constraints-setup';
import { defaultBox } from './default-box';
import { guadalcanalBoxSchema, type GuadalcanalBoxData } from './schema';

type Node = Record<string, unknown>;
/** JSON data compared by content (key order and object prototypes aside). */
const sameJson = (a: unknown, b: unknown) => a === b || (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b));
const isProvenanced = (x: unknown): x is { value: unknown; source: { kind: string; rule?: string } } =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && 'value' in x && 'source' in x;

/**
 * Every value the default box takes from the rulebook, by path in the plain data. Lists of
 * provenanced entries (a zone's neighbours, setup pieces and airfields) are left to the constraints
 * that check them by meaning, since a transcription may list them in another order.
 */
export function printedValues(box: unknown = defaultBox): { path: PropertyKey[]; value: unknown; rule: string }[] {
  const out: { path: PropertyKey[]; value: unknown; rule: string }[] = [];
  const walk = (x: unknown, path: PropertyKey[]) => {
    if (x === null || typeof x !== 'object' || Array.isArray(x)) return;
    if (isProvenanced(x)) {
      if (x.source.kind === 'rulebook') out.push({ path, value: withoutProvenance(x.value), rule: x.source.rule ?? '' });
      return;
    }
    for (const [k, v] of Object.entries(x as Node)) walk(v, [...path, k]);
  };
  walk(box, []);
  return out;
}

const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((x, k) => (x !== null && typeof x === 'object' ? (x as Node)[k as string] : undefined), data);

const printedConstraint: Constraint = {
  id: 'printed.unchanged',
  rule: 'see each value',
  text: 'values printed in the rulebook (unit table, battle box, airfield slots, constants, SETUP facts, example deployment numbers) are kept',
  check: (box) =>
    printedValues().flatMap(({ path, value, rule }): Problem[] => {
      const found = valueAt(box, path);
      return sameJson(found, value)
        ? []
        : [{ path: jsonPath(path), message: `printed ${JSON.stringify(value)} (${rule}), found ${JSON.stringify(found)}` }];
    }),
};

export const constraints: readonly Constraint[] = [printedConstraint, ...boardConstraints, ...setupConstraints];

export interface BoxCheck {
  /** schema problems (`$.path: expected ...`); when any, the constraints were not run */
  readonly schema: readonly string[];
  readonly results: readonly ConstraintResult[];
}

export function checkBox(data: unknown): BoxCheck {
  const schema = validateBox(guadalcanalBoxSchema, data);
  if (schema.length) return { schema, results: [] };
  const plain = withoutProvenance<GuadalcanalBoxData>(guadalcanalBoxSchema.parse(data));
  const results = constraints.map((c) => ({
    id: c.id,
    rule: c.rule,
    text: c.text,
    severity: c.severity ?? 'error',
    problems: c.check(plain),
  }));
  return { schema, results };
}

/** Problems that make a box unusable: schema errors, then each failed error-level constraint's problems. */
export function boxProblems(data: unknown): string[] {
  const { schema, results } = checkBox(data);
  return [
    ...schema,
    ...results.filter((r) => r.severity === 'error').flatMap((r) => r.problems.map((p) => `${p.path}: ${p.message} [${r.id}, ${r.rule}]`)),
  ];
}

/** `ruleset.box` for the aa-guadalcanal ruleset: the default data and the full check. */
export const guadalcanalBox = { defaultData: defaultBox, validate: (data: unknown): readonly string[] => boxProblems(data) };
