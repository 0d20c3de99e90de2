import fc from 'fast-check';
import { clonePlain } from '../../src/shared/clone';

describe('clonePlain', () => {
  it("given plain data, then the copy is structuredClone's, keys in the same order, sharing nothing", () => {
    const plain = fc.jsonValue();
    fc.assert(
      fc.property(plain, (v) => {
        const copy = clonePlain(v);
        expect(copy).toStrictEqual(structuredClone(v));
        expect(JSON.stringify(copy)).toBe(JSON.stringify(v));
        if (v !== null && typeof v === 'object' && Object.keys(v).length) expect(copy).not.toBe(v);
      }),
      { numRuns: 500 },
    );
  });

  it('given a member named "__proto__" (JSON.parse makes one), then the copy holds it as its own, and its prototype stays Object.prototype', () => {
    const v = JSON.parse('{"a":1,"__proto__":{"isReferee":true}}');
    const copy = clonePlain(v) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    expect(copy.isReferee).toBeUndefined();
    expect(JSON.stringify(copy)).toBe('{"a":1,"__proto__":{"isReferee":true}}');
  });

  it('given a Date, a Map or a class instance, then it is refused, named', () => {
    expect(() => clonePlain({ at: new Date(0) })).toThrow(/Date is not plain data/);
    expect(() => clonePlain([new Map()])).toThrow(/Map is not plain data/);
    class Unit {}
    expect(() => clonePlain({ u: new Unit() })).toThrow(/Unit is not plain data/);
  });
});
