import fc from 'fast-check';
import { jsonCopy } from '../../src/shared/json-copy';

const viaText = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('jsonCopy', () => {
  it("given any value of JSON's and JavaScript's plain kinds, then the copy is the JSON round trip's, keys in the same order", () => {
    const anything = fc.anything({
      withNullPrototype: true,
      withDate: true,
      withSparseArray: true,
      withObjectString: false,
      withBoxedValues: true,
    });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), anything), (v) => {
        const copy = jsonCopy(v);
        expect(copy).toStrictEqual(viaText(v));
        expect(JSON.stringify(copy)).toBe(JSON.stringify(v));
      }),
      { numRuns: 500 },
    );
  });

  it('given -0, non-finite numbers, undefined and functions, then they become what JSON makes of them', () => {
    const v = { z: -0, n: Number.NaN, i: [Number.POSITIVE_INFINITY, undefined, () => 1], u: undefined, f: () => 1, d: new Date(0) };
    expect(jsonCopy(v)).toStrictEqual(viaText(v));
    expect(Object.is((jsonCopy(v) as { z: number }).z, 0)).toBe(true);
  });

  it('given a member named "__proto__", then the copy holds it as its own, as JSON.parse does', () => {
    const v = JSON.parse('{"a":1,"__proto__":{"isReferee":true}}');
    const copy = jsonCopy(v) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    expect(copy.isReferee).toBeUndefined();
  });

  it('given what JSON refuses (a cycle, a bigint), then it throws as JSON does', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => jsonCopy(cycle)).toThrow(TypeError);
    expect(() => jsonCopy({ n: BigInt(1) })).toThrow(TypeError);
  });
});
