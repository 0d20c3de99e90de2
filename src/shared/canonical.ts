import { createHash } from 'node:crypto';
import { setOwn } from './clone';

/**
 * Canonical JSON: object keys sorted, no insignificant whitespace, `undefined` members dropped.
 * Every hash in Umpire (event chain, state hashes, order commitments, box data) is taken over
 * this form, so the same value always hashes to the same bytes whatever order it was built in.
 *
 * The key-sorted copy shares every part of the value that is already in canonical form (keys in
 * order, no Date, no toJSON): JSON.stringify then walks the original there, and only objects
 * built in another key order are copied. test/engine/canonical.spec.ts holds it to the plain
 * copy-everything form on generated values.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new TypeError(`canonicalJson: ${value} has no JSON form`);
    }
    return value;
  }
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      // JSON.stringify writes an undefined item as null, as the copy did
      const s = v === undefined ? v : sortDeep(v);
      if (s !== v) (out ??= value.slice())[i] = s;
    }
    return out ?? value;
  }
  if (value instanceof Date) return value.toISOString();
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  let sorted = typeof obj.toJSON !== 'function';
  for (let i = 1; sorted && i < keys.length; i++) if (!(keys[i - 1] < keys[i])) sorted = false;
  if (!sorted) sortKeys(keys);
  let out: Record<string, unknown> | undefined = sorted ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const v = obj[keys[i]];
    if (v === undefined) continue;
    const s = sortDeep(v);
    if (out === undefined && s !== v) {
      out = {};
      for (let j = 0; j < i; j++) if (obj[keys[j]] !== undefined) setOwn(out, keys[j], obj[keys[j]]);
    }
    if (out !== undefined) setOwn(out, keys[i], s);
  }
  return out ?? obj;
}

/**
 * keys.sort() (UTF-16 code unit order; keys are distinct, so no ties): an insertion sort in place
 * for the few keys of an object, which allocates nothing (Array.prototype.sort copies the array
 * into a work area first, at every object written out of order); sort() past 24 keys.
 */
function sortKeys(keys: string[]): void {
  if (keys.length > 24) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
    keys[j + 1] = k;
  }
}

/**
 * canonicalJson(a) === canonicalJson(b), without writing either: a walk of both values under the
 * same rules (key order ignored, undefined members dropped, undefined array items as null, a
 * Date as its ISO string, non-finite numbers refused). For comparing a re-adjudicated event with
 * the recorded one, where the strings were only ever compared.
 */
export function canonicalEqual(a: unknown, b: unknown): boolean {
  return same(jsonValue(a, false), jsonValue(b, false));
}

function jsonValue(v: unknown, inArray: boolean): unknown {
  switch (typeof v) {
    case 'number':
      if (!Number.isFinite(v)) throw new TypeError(`canonicalJson: ${v} has no JSON form`);
      return v;
    case 'undefined':
    case 'function':
    case 'symbol':
      return inArray ? null : undefined;
    default:
      return v instanceof Date ? v.toISOString() : v;
  }
}

function same(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) {
      const raw = a[i];
      if (raw === bb[i] && (typeof raw === 'string' || typeof raw === 'boolean' || Number.isFinite(raw))) continue;
      if (!same(jsonValue(raw, true), jsonValue(bb[i], true))) return false;
    }
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const aKeys = Object.keys(ao);
  const bKeys = Object.keys(bo);
  // Usually both hold the same keys in the same order (JSON.parse keeps the writer's order): one
  // pass over both, visiting members in the order the general walk below would. At the first key
  // that differs (or a member only one side writes), that walk decides from the start (the
  // members already seen were equal), so it fails or throws exactly where it did before.
  if (aKeys.length === bKeys.length) {
    let i = 0;
    for (; i < aKeys.length && aKeys[i] === bKeys[i]; i++) {
      const raw = ao[aKeys[i]];
      // the same string, boolean or finite number on both sides: equal, as the walk below finds
      if (raw === bo[aKeys[i]] && (typeof raw === 'string' || typeof raw === 'boolean' || Number.isFinite(raw))) continue;
      const av = jsonValue(raw, false);
      const bv = jsonValue(bo[aKeys[i]], false);
      if ((av === undefined) !== (bv === undefined)) break;
      if (!same(av, bv)) return false;
    }
    if (i === aKeys.length) return true;
  }
  let count = 0;
  for (const key of aKeys) {
    const av = jsonValue(ao[key], false);
    if (av === undefined) continue;
    count++;
    if (!Object.hasOwn(bo, key) || !same(av, jsonValue(bo[key], false))) return false;
  }
  for (const key of bKeys) if (jsonValue(bo[key], false) !== undefined) count--;
  return count === 0;
}

/**
 * Where `value` holds something a JSON store would not give back as it is, as a path
 * (`data.units[3].loc`) and what is there, or null when it is plain JSON data all through: null,
 * booleans, strings, finite numbers other than -0, arrays and plain objects of them. For such a value
 * `JSON.parse(JSON.stringify(value))` is a copy equal to it key for key, so a check that stored
 * logs replay as written can walk the log once instead of writing and reading it back. Stricter
 * than the round trip: an `undefined` member (which the store drops), a Date (which comes back a
 * string) or a class instance is named, not silently changed.
 */
export function notPlainJson(value: unknown, path = ''): string | null {
  // the walk that finds nothing writes no paths; only a value found wanting is walked again for one
  return isPlainJson(value) ? null : troubleIn(value, path);
}

function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      // a string or boolean member is passed over without a call (most members of a log are)
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          if (typeof v !== 'string' && typeof v !== 'boolean' && !isPlainJson(v)) return false;
        }
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      const obj = value as Record<string, unknown>;
      if (typeof obj.toJSON === 'function') return false;
      for (const key in obj) {
        const v = obj[key];
        if (typeof v !== 'string' && typeof v !== 'boolean' && !isPlainJson(v)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

function troubleIn(value: unknown, path: string): string | null {
  const at = path || 'the value';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      if (Object.is(value, -0)) return `${at} is -0, which JSON writes as 0`;
      return Number.isFinite(value) ? null : `${at} is ${value}, which JSON has no form for`;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const trouble = troubleIn(value[i], `${path}[${i}]`);
          if (trouble) return trouble;
        }
        return null;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null)
        return `${at} is a ${proto?.constructor?.name ?? 'non-plain object'}, not plain data`;
      const obj = value as Record<string, unknown>;
      if (typeof obj.toJSON === 'function') return `${at} has a toJSON method, not plain data`;
      for (const key in obj) {
        const trouble = troubleIn(obj[key], path ? `${path}.${key}` : key);
        if (trouble) return trouble;
      }
      return null;
    }
    default:
      return `${at} is ${value === undefined ? 'undefined' : `a ${typeof value}`}, which a JSON store drops`;
  }
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hashCanonical(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * String order by UTF-16 code unit: the same on every machine. `localeCompare` follows the
 * machine's locale, so a replay elsewhere could break a tie another way.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
