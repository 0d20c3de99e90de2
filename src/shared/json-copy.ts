import { setOwn } from './clone';

/**
 * `JSON.parse(JSON.stringify(value))` without writing the text: the same copy (members JSON drops
 * left out, array items it writes as null made null, -0 and non-finite numbers as JSON writes
 * them, toJSON called, keys in the same order, nothing shared with `value`), made by one walk. A
 * value the walk does not take as it is (a bigint, a boxed primitive, a cycle: whatever JSON
 * refuses or treats apart) goes the way of the text, which gives JSON's own answer or error.
 */
export function jsonCopy<T>(value: T): T {
  try {
    const copy = walk(value, '');
    if (copy !== SKIP) return copy as T;
  } catch (e) {
    if (!(e instanceof Unusual) && !(e instanceof RangeError)) throw e;
  }
  return JSON.parse(JSON.stringify(value)) as T;
}

const SKIP = Symbol('skip');

/** Something the walk leaves to JSON itself. */
class Unusual extends Error {}

function walk(v: unknown, key: string): unknown {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function')
    v = (v as { toJSON: (key: string) => unknown }).toJSON(key);
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    case 'undefined':
    case 'function':
    case 'symbol':
      return SKIP;
    case 'object': {
      if (v === null) return null;
      if (v instanceof Number || v instanceof String || v instanceof Boolean) throw new Unusual();
      if (Array.isArray(v)) {
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) {
          const item = walk(v[i], String(i));
          out[i] = item === SKIP ? null : item;
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const member = walk((v as Record<string, unknown>)[k], k);
        if (member !== SKIP) setOwn(out, k, member);
      }
      return out;
    }
    default:
      throw new Unusual();
  }
}
