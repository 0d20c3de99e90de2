import fc from 'fast-check';
import { canonicalEqual, canonicalJson, notPlainJson } from '../../src/shared/canonical';
import { commitAndSeal, commitmentFor, sealPlaintext } from '../../src/engine/sealing';

/**
 * The earlier definition: a key-sorted deep copy, then JSON.stringify. The one-pass writer must
 * match it byte for byte. A member named "__proto__" (JSON.parse makes one) is copied as an own
 * member: assigned, it would set the copy's prototype and vanish from the JSON.
 */
function reference(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}
function sortDeep(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('no JSON form');
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortDeep(v)));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value as Record<string, unknown>).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) Object.defineProperty(out, key, { value: sortDeep(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const key = fc.oneof(
  fc.string(),
  fc.nat({ max: 20 }).map(String),
  fc.constantFrom('0', '01', '-1', '1.5', '4294967294', '4294967295', '10', '2', 'a', 'B', 'é', '\u{1F600}', '__proto__x'),
);
const leaf = fc.oneof(
  fc.string(),
  fc.fullUnicodeString(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(-0),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 6 }),
  object: fc.dictionary(key, tie('node'), { maxKeys: 8 }),
})).node;

describe('canonicalJson', () => {
  it('is byte for byte the key-sorted copy stringified, on generated values', () => {
    fc.assert(
      fc.property(value, (v) => {
        const want = reference(v);
        expect(canonicalJson(v)).toBe(want);
        // already in canonical key order (the shared path), at every depth
        if (want !== undefined) expect(canonicalJson(JSON.parse(want))).toBe(want);
      }),
      { numRuns: 1000 },
    );
  });

  it('puts array-index keys first in numeric order, as JSON.stringify of a built object does', () => {
    expect(canonicalJson({ b: 1, 10: 2, 2: 3, a: 4, '01': 5 })).toBe('{"2":3,"10":2,"01":5,"a":4,"b":1}');
  });

  it('keeps a member named "__proto__" (JSON.parse makes one), whatever order the keys come in', () => {
    const a = JSON.parse('{"b":1,"__proto__":{"x":1},"a":2}');
    const b = JSON.parse('{"__proto__":{"x":1},"a":2,"b":1}');
    expect(canonicalJson(a)).toBe('{"__proto__":{"x":1},"a":2,"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(canonicalEqual(a, b)).toBe(true);
    expect(canonicalEqual(a, { a: 2, b: 1 })).toBe(false);
  });

  it('drops undefined members, writes null for undefined array items, refuses non-finite numbers', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/no JSON form/);
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow(/no JSON form/);
  });

  it('canonicalEqual agrees with comparing the canonical strings, on generated pairs', () => {
    const pair = fc.oneof(
      fc.tuple(value, value),
      value.map((v) => [v, v] as const),
      value.map((v) => [v, canonicalJson(v) === undefined ? v : JSON.parse(canonicalJson(v))] as const),
      fc.tuple(value, fc.constantFrom(null, 0, '', [], {}, [null], { a: null })).map(([v, w]) => [{ x: v }, { x: w }] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(canonicalEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
      }),
      { numRuns: 1000 },
    );
    expect(canonicalEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(canonicalEqual([undefined], [null])).toBe(true);
    expect(canonicalEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(canonicalEqual({ a: 1, c: 3 }, { a: 1, b: 3 })).toBe(false);
    expect(canonicalEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});

describe('notPlainJson', () => {
  it('passes exactly the values a JSON round trip gives back key for key, on generated values', () => {
    fc.assert(
      fc.property(value, (v) => {
        const trouble = notPlainJson(v);
        if (trouble === null) {
          const back = JSON.parse(JSON.stringify(v));
          expect(back).toStrictEqual(v);
          expect(JSON.stringify(back)).toBe(JSON.stringify(v));
        } else if (v !== undefined) {
          // what it names is really lost or changed: the round trip is not the value
          expect(() => expect(JSON.parse(JSON.stringify(v))).toStrictEqual(v)).toThrow();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names the first place that is not plain JSON data, with its path', () => {
    class Fleet {
      constructor(readonly ships = 1) {}
    }
    expect(notPlainJson({ type: 'x', data: { units: [{ loc: 'a' }, { loc: new Date(0) }] } }, 'event #7')).toBe(
      'event #7.data.units[1].loc is a Date, not plain data',
    );
    expect(notPlainJson({ a: { b: undefined } })).toBe('a.b is undefined, which a JSON store drops');
    expect(notPlainJson([1, Number.NaN])).toBe('[1] is NaN, which JSON has no form for');
    expect(notPlainJson({ n: -0 })).toBe('n is -0, which JSON writes as 0');
    expect(notPlainJson({ f: new Fleet() })).toBe('f is a Fleet, not plain data');
    expect(notPlainJson({ m: new Map() })).toBe('m is a Map, not plain data');
    expect(notPlainJson({ t: { toJSON: () => 1 } })).toBe('t has a toJSON method, not plain data');
    expect(notPlainJson({ big: 1n })).toBe('big is a bigint, which a JSON store drops');
    expect(notPlainJson({ a: [1, 'x', true, null, { b: [] }], c: Object.create(null) })).toBeNull();
  });
});

describe('commitAndSeal', () => {
  it('gives the commitment and the sealed plaintext of commitmentFor and sealPlaintext, byte for byte', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 5 }),
        fc.fullUnicodeString(),
        fc.fullUnicodeString(),
        fc.string(),
        (orders, side, stepId, salt) => {
          const made = commitAndSeal(side, stepId, orders, salt);
          expect(made.commitment).toBe(commitmentFor(orders, salt));
          expect(made.plaintext()).toBe(sealPlaintext(side, stepId, orders, salt));
        },
      ),
      { numRuns: 500 },
    );
  });
});
