import { createHash } from 'node:crypto';

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
  if (!sorted) keys.sort();
  let out: Record<string, unknown> | undefined = sorted ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const v = obj[keys[i]];
    if (v === undefined) continue;
    const s = sortDeep(v);
    if (out === undefined && s !== v) {
      out = {};
      for (let j = 0; j < i; j++) if (obj[keys[j]] !== undefined) out[keys[j]] = obj[keys[j]];
    }
    if (out !== undefined) out[keys[i]] = s;
  }
  return out ?? obj;
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
