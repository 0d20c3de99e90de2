import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted, no insignificant whitespace, `undefined` members dropped.
 * Every hash in Umpire (event chain, state hashes, order commitments, box data) is taken over
 * this form, so the same value always hashes to the same bytes whatever order it was built in.
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
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortDeep(v)));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value as Record<string, unknown>).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortDeep(v);
  }
  return out;
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
