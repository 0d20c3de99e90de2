import { z } from 'zod';
import { boxHash, countProvenance, provenanced, validateBox, withoutProvenance } from '../../src/engine/box';
import { fleetDuelBoxSchema } from '../../src/games/fleet-duel/box';
import { fleetDuel } from '../../src/games/fleet-duel';

describe('provenanced values', () => {
  const speed = provenanced(z.number().int());

  it.each([
    { value: 2, source: { kind: 'rulebook', rule: '6.4' } },
    { value: 2, source: { kind: 'reference', ref: 'errata 1981' } },
    { value: 2, source: { kind: 'reference', ref: 'wiki', status: 'unverified' } },
    { value: 2, source: { kind: 'reconstructed', reason: 'same as sister ship' } },
  ])('given %j, then it is valid', (data) => {
    expect(validateBox(speed, data)).toEqual([]);
  });

  it('given a source of an unknown kind, then the problem names the path and the kinds expected', () => {
    expect(validateBox(speed, { value: 2, source: { kind: 'hearsay' } })).toEqual([
      expect.stringMatching(/^\$\.source\.kind: .*'rulebook' \| 'reference' \| 'reconstructed'/),
    ]);
  });

  it('given a rulebook value without its rule, then it is invalid', () => {
    expect(validateBox(speed, { value: 2, source: { kind: 'rulebook' } })).toEqual([
      expect.stringMatching(/^\$\.source\.rule: .*expected string/),
    ]);
  });
});

describe('a club override file', () => {
  it('given the default box, then it is valid', () => {
    expect(fleetDuel.box.validate(fleetDuel.box.defaultData)).toEqual([]);
  });

  it('given wrong values in several places, then each problem names its JSON path and what was expected', () => {
    const data = structuredClone(fleetDuel.box.defaultData) as unknown as {
      turns: { value: unknown };
      fleets: { blue: { start: { value: unknown }; extra?: unknown } };
    };
    data.turns.value = 'three';
    data.fleets.blue.start.value = 'atlantis';
    data.fleets.blue.extra = 1;
    const problems = validateBox(fleetDuelBoxSchema, data);

    expect(problems).toHaveLength(3);
    expect(problems).toContainEqual(expect.stringMatching(/^\$\.turns\.value: .*expected number, received string/));
    expect(problems).toContainEqual(expect.stringMatching(/^\$\.fleets\.blue\.start\.value: .*"north"\|"center"\|"south"/));
    expect(problems).toContainEqual(expect.stringMatching(/^\$\.fleets\.blue: .*extra/));
  });
});

describe('countProvenance', () => {
  it('given the test game box, then it counts each kind wherever the values are nested', () => {
    expect(countProvenance(fleetDuel.box.defaultData)).toEqual({
      rulebook: 5,
      reference: 1,
      reconstructed: 1,
      total: 7,
      referenceByStatus: expect.any(Object),
    });
  });

  it('given values in arrays and values inside values, then those count too', () => {
    const data = {
      ships: [
        { v: { value: 1, source: { kind: 'reference', ref: 'r' } } },
        { v: { value: 3, source: { kind: 'reference', ref: 'r', status: 'inferred' } } },
      ],
      nested: {
        value: { a: { value: 2, source: { kind: 'reconstructed', reason: 'x' } } },
        source: { kind: 'rulebook', rule: '1' },
      },
    };
    expect(countProvenance(data)).toEqual({
      rulebook: 1,
      reference: 2,
      reconstructed: 1,
      total: 4,
      referenceByStatus: { unstated: 1, inferred: 1 },
    });
    expect(withoutProvenance(data)).toEqual({ ships: [{ v: 1 }, { v: 3 }], nested: { a: 2 } });
  });
});

describe('boxHash', () => {
  it('given the same data built in another key order, then the same hash; any change, another hash', () => {
    expect(boxHash({ a: 1, b: [1, 2] })).toBe(boxHash({ b: [1, 2], a: 1 }));
    expect(boxHash({ a: 1, b: [1, 2] })).not.toBe(boxHash({ a: 1, b: [2, 1] }));
  });
});
