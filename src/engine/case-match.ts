import { canonicalJson } from '../shared/canonical';

/**
 * How a case's expectations match what happened (docs/cases.md "How it matches"): partial objects,
 * arrays element by element, and operator objects (`{"$contains": "too slow"}`, `{"$absent": true}`,
 * `{"$includes": [...]}`, ...) where a case wants more or less than equality. Also the paths a case
 * uses to point into the state: dotted (`rules.control["U.S. Mandate"]`) or JSON-pointer-like
 * (`/rules/control/U.S. Mandate`), with array items picked by a field (`[id=nagato]`) or by id or
 * name (`@Nagato`). Pure, for every ruleset.
 */

export function isPlainObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

export function show(x: unknown): string {
  const s = x === undefined ? 'nothing' : JSON.stringify(x);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** The operators an expected value may be: an object whose every key is one of these. */
export const OPERATORS = [
  '$absent',
  '$present',
  '$contains',
  '$regex',
  '$flags',
  '$anyOf',
  '$not',
  '$includes',
  '$excludes',
  '$unordered',
  '$length',
  '$exact',
  '$gte',
  '$lte',
] as const;

function isOperator(x: unknown): x is Record<string, unknown> {
  if (!isPlainObject(x)) return false;
  const keys = Object.keys(x);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

const matches = (expected: unknown, actual: unknown): boolean => partialDiff(expected, actual).length === 0;

/** Differences between what a case expects and what happened; objects match partially. */
export function partialDiff(expected: unknown, actual: unknown, path = ''): string[] {
  const at = path || '(root)';
  if (isOperator(expected)) return operatorDiff(expected, actual, at);
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

function operatorDiff(op: Record<string, unknown>, actual: unknown, at: string): string[] {
  const unknown = Object.keys(op).filter((k) => !(OPERATORS as readonly string[]).includes(k));
  if (unknown.length) return [`${at}: unknown matcher ${unknown.join(', ')} (known: ${OPERATORS.join(', ')})`];
  const out: string[] = [];
  const fail = (what: string) => out.push(`${at}: expected ${what}, got ${show(actual)}`);
  if ('$absent' in op && (actual === undefined) !== (op.$absent === true)) fail(op.$absent === true ? 'no such key' : 'a value');
  if ('$present' in op && (actual !== undefined) !== (op.$present === true)) fail(op.$present === true ? 'a value' : 'no such key');
  if ('$contains' in op) {
    const want = op.$contains;
    const ok =
      typeof actual === 'string'
        ? typeof want === 'string' && actual.includes(want)
        : Array.isArray(actual) && actual.some((x) => matches(want, x));
    if (!ok) fail(`something containing ${show(want)}`);
  }
  if ('$regex' in op) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(String(op.$regex), typeof op.$flags === 'string' ? op.$flags : '');
    } catch (e) {
      out.push(`${at}: bad $regex ${show(op.$regex)}: ${(e as Error).message}`);
    }
    if (re && !(typeof actual === 'string' && re.test(actual))) fail(`text matching /${String(op.$regex)}/${op.$flags ?? ''}`);
  }
  if ('$anyOf' in op) {
    const alternatives = Array.isArray(op.$anyOf) ? op.$anyOf : [op.$anyOf];
    if (!alternatives.some((x) => matches(x, actual))) fail(`any of ${show(alternatives)}`);
  }
  if ('$not' in op && matches(op.$not, actual)) fail(`anything but ${show(op.$not)}`);
  if ('$includes' in op) out.push(...includesDiff(op.$includes, actual, at, false));
  if ('$unordered' in op) out.push(...includesDiff(op.$unordered, actual, at, true));
  if ('$excludes' in op) {
    const banned = Array.isArray(op.$excludes) ? op.$excludes : [op.$excludes];
    const list = Array.isArray(actual) ? actual : [];
    for (const b of banned) if (list.some((x) => matches(b, x))) fail(`no item matching ${show(b)}`);
  }
  if ('$length' in op) {
    const n = Array.isArray(actual) || typeof actual === 'string' ? actual.length : undefined;
    if (!matches(op.$length, n)) fail(`length ${show(op.$length)}`);
  }
  if ('$exact' in op && canonicalJson(op.$exact) !== canonicalJson(actual ?? null)) fail(`exactly ${show(op.$exact)}`);
  if ('$gte' in op && !(typeof actual === 'number' && actual >= Number(op.$gte))) fail(`at least ${show(op.$gte)}`);
  if ('$lte' in op && !(typeof actual === 'number' && actual <= Number(op.$lte))) fail(`at most ${show(op.$lte)}`);
  return out;
}

/** Each expected item matches a different actual item, in any order; `all`: and nothing else is there. */
function includesDiff(expected: unknown, actual: unknown, at: string, all: boolean): string[] {
  const want = Array.isArray(expected) ? expected : [expected];
  if (!Array.isArray(actual)) return [`${at}: expected an array, got ${show(actual)}`];
  if (all && actual.length !== want.length)
    return [`${at}: expected ${want.length} item(s) in any order ${show(want)}, got ${actual.length} ${show(actual)}`];
  // a matching of expected items to distinct actual items (augmenting paths: a general item cannot steal a specific one's match)
  const owner: (number | null)[] = actual.map(() => null);
  const tryItem = (i: number, seen: Set<number>): boolean => {
    for (let j = 0; j < actual.length; j++) {
      if (seen.has(j) || !matches(want[i], actual[j])) continue;
      seen.add(j);
      if (owner[j] === null || tryItem(owner[j]!, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  const missing = want.filter((_, i) => !tryItem(i, new Set()));
  return missing.length ? [`${at}: no item matching ${missing.map(show).join(', ')} in ${show(actual)}`] : [];
}

// ---------------------------------------------------------------- paths

/** One step of a path: a key, an array index, an item picked by a field, or by id or name. */
export type PathStep =
  | { readonly key: string }
  | { readonly index: number }
  | { readonly field: string; readonly value: string }
  | { readonly ref: string };

function segment(raw: string): PathStep {
  if (raw.startsWith('@')) return { ref: raw.slice(1) };
  const m = raw.match(/^\[([^=\]]+)=(.*)\]$/);
  if (m) return { field: m[1], value: m[2] };
  return /^\d+$/.test(raw) ? { index: Number(raw) } : { key: raw };
}

/**
 * A path into the state. `/a/b c/0/@Nagato/[id=x]` (JSON pointer: `~1` is "/", `~0` is "~") or the
 * dotted form `a.b[0]["b.c"][id=x][@Nagato]`; a key holding "." needs the pointer or the quoted form.
 */
export function parsePath(path: string): PathStep[] {
  if (path.startsWith('/'))
    return path
      .slice(1)
      .split('/')
      .map((s) => segment(s.replace(/~1/g, '/').replace(/~0/g, '~')));
  const steps: PathStep[] = [];
  const re = /\[\s*"((?:[^"\\]|\\.)*)"\s*\]|\[([^\]]*)\]|([^.[\]]+)/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) steps.push({ key: JSON.parse(`"${m[1]}"`) as string });
    else if (m[2] !== undefined)
      steps.push(/^\d+$/.test(m[2]) ? { index: Number(m[2]) } : segment(m[2].includes('=') ? `[${m[2]}]` : m[2]));
    else steps.push(segment(m[3]));
  }
  return steps;
}

const refMatches = (x: unknown, ref: string): boolean =>
  isPlainObject(x) && (x.id === ref || (typeof x.name === 'string' && x.name.toLowerCase() === ref.toLowerCase()));

export function lookupPath(root: unknown, path: string): unknown {
  return parsePath(path).reduce<unknown>((x, step) => {
    if (x === null || typeof x !== 'object') return undefined;
    if ('key' in step) return Array.isArray(x) ? undefined : (x as Record<string, unknown>)[step.key];
    if ('index' in step) return Array.isArray(x) ? x[step.index] : (x as Record<string, unknown>)[String(step.index)];
    if (!Array.isArray(x)) return undefined;
    if ('ref' in step) return x.find((item) => refMatches(item, step.ref));
    return x.find((item) => isPlainObject(item) && String(item[step.field]) === step.value);
  }, root);
}
