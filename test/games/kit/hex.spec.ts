import fc from 'fast-check';
import { type HexGridSpec, hexGrid, HexIdError, hexLayout, hexLine, hexRange, hexRing, hexWalk } from '../../../src/games/kit';

/** Flat-top columns, even columns half a hex lower: 0101 sits higher than 0201 (a common printed layout). */
const flat = hexGrid({ orientation: 'flat', shifted: 'even' });
/** Pointy-top rows, odd rows half a hex to the right (W and E hexsides). */
const pointy = hexGrid({ orientation: 'pointy', shifted: 'odd' });

describe('hex ids and neighbours on printed-style grids', () => {
  it('names the six neighbours of an upper and a lower column on a flat-top map', () => {
    expect(flat.directions).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
    expect(flat.neighbours('0505')).toEqual(['0504', '0604', '0605', '0506', '0405', '0404']);
    expect(flat.neighbours('0606')).toEqual(['0605', '0706', '0707', '0607', '0507', '0506']);
    expect(flat.neighbour('0101', 'SE')).toBe('0201');
  });

  it('names the six neighbours on a pointy-top map with shifted odd rows', () => {
    expect(pointy.directions).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW']);
    expect(pointy.neighbours('0505')).toEqual(['0604', '0605', '0606', '0506', '0405', '0504']);
    expect(pointy.neighbours('0404')).toEqual(['0403', '0504', '0405', '0305', '0304', '0303']);
    expect(() => pointy.neighbour('0505', 'N')).toThrow(/N is not a direction on a pointy-top grid/);
  });

  it('measures distances along rows, columns and diagonals', () => {
    expect(flat.distance('0101', '0104')).toBe(3);
    expect(flat.distance('0101', '0401')).toBe(3);
    expect(flat.distance('0101', '0501')).toBe(4);
    expect(flat.distance('0101', '0503')).toBe(4);
    expect(flat.distance('0101', '0504')).toBe(5);
    expect(pointy.distance('0101', '0501')).toBe(4);
    expect(pointy.distance('0101', '0105')).toBe(4);
    expect(pointy.distance('0101', '0305')).toBe(4);
  });

  it('names a hexside the same from both hexes, and knows directions', () => {
    expect(flat.hexsideAt('0505', 'N')).toBe('0504/0505');
    expect(flat.hexsideAt('0504', 'S')).toBe('0504/0505');
    expect(pointy.hexsideAt('0505', 'W')).toBe('0405/0505');
    expect(pointy.hexsideHexes('0505/0405')).toEqual(['0405', '0505']);
    expect(flat.directionOf('0606', '0707')).toBe('SE');
    expect(flat.directionOf('0606', '0808')).toBeNull();
    expect(flat.turn('N', -1)).toBe('NW');
    expect(pointy.opposite('W')).toBe('E');
  });

  it('reads and prints ids with clear errors', () => {
    expect(flat.parse('0812')).toEqual({ col: 8, row: 12 });
    expect(hexGrid({ orientation: 'flat', shifted: 'odd', digits: 3 }).format({ col: 8, row: 112 })).toBe('008112');
    expect(() => flat.parse('812')).toThrow(
      new HexIdError('"812" is not a hex id: expected 4 digits, the column\'s 2 then the row\'s (e.g. 0801)'),
    );
    expect(() => flat.parse('08a2')).toThrow(HexIdError);
    expect(() => flat.format({ col: -1, row: 3 })).toThrow('column -1 cannot be printed in 2 digits');
    expect(() => flat.hexside('0505', '0507')).toThrow('0505 and 0507 do not touch: no hexside between them');
    expect(() => flat.hexsideHexes('0505-0506')).toThrow(/not a hexside/);
  });

  it('draws lines, rings, ranges and straight moves in a fixed order', () => {
    expect(hexLine(flat, '0101', '0104')).toEqual(['0101', '0102', '0103', '0104']);
    expect(hexLine(flat, '0101', '0401')).toEqual(['0101', '0201', '0301', '0401']);
    expect(hexLine(pointy, '0303', '0303')).toEqual(['0303']);
    expect(hexRing(flat, '0505', 1)).toEqual(flat.neighbours('0505'));
    // beyond the printable grid (column or row -1) nothing is listed
    expect(hexRing(flat, '0000', 1)).toEqual(['0100', '0101', '0001']);
    expect(hexRange(pointy, '0505', 1)).toEqual(['0505', ...pointy.neighbours('0505')]);
    const landWest = new Set(['0304/0404']);
    expect(hexWalk(pointy, '0604', 'W', 4, (a, b) => landWest.has(pointy.hexside(a, b)))).toEqual(['0504', '0404']);
    expect(hexWalk(pointy, '0604', 'W', 2)).toEqual(['0504', '0404']);
    expect(hexWalk(pointy, '0104', 'W', 3)).toEqual(['0004']);
  });
});

const specs = fc.record({
  orientation: fc.constantFrom('flat' as const, 'pointy' as const),
  shifted: fc.constantFrom('odd' as const, 'even' as const),
}) as fc.Arbitrary<HexGridSpec>;
/** Hexes well inside the printable grid, so every step and ring around them has an id. */
const hexAt = fc.record({ col: fc.integer({ min: 10, max: 89 }), row: fc.integer({ min: 10, max: 89 }) });

describe('hex grid properties (all four layouts)', () => {
  it('offset ↔ cube ↔ id round trips', () => {
    fc.assert(
      fc.property(specs, hexAt, (spec, at) => {
        const g = hexGrid(spec);
        const id = g.format(at);
        expect(g.parse(id)).toEqual(at);
        expect(g.toOffset(g.fromOffset(at))).toEqual(at);
        const c = g.toCube(id);
        expect(c.q + c.r + c.s).toBe(0);
        expect(g.fromCube(c)).toBe(id);
      }),
    );
  });

  it('distance is symmetric, zero only to itself, and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(specs, hexAt, hexAt, hexAt, (spec, x, y, z) => {
        const g = hexGrid(spec);
        const [a, b, c] = [x, y, z].map(g.format);
        expect(g.distance(a, b)).toBe(g.distance(b, a));
        expect(g.distance(a, b) === 0).toBe(a === b);
        expect(g.distance(a, c)).toBeLessThanOrEqual(g.distance(a, b) + g.distance(b, c));
        expect(Number.isInteger(g.distance(a, b))).toBe(true);
      }),
    );
  });

  it('the six neighbours are distinct, at distance 1, and step back the opposite way', () => {
    fc.assert(
      fc.property(specs, hexAt, (spec, at) => {
        const g = hexGrid(spec);
        const a = g.format(at);
        const ns = g.neighbours(a);
        expect(new Set(ns).size).toBe(6);
        g.directions.forEach((d, i) => {
          expect(g.distance(a, ns[i])).toBe(1);
          expect(g.directionOf(a, ns[i])).toBe(d);
          expect(g.neighbour(ns[i], g.opposite(d))).toBe(a);
        });
        // the hexes at distance 1 are exactly the neighbours
        expect(
          hexRange(g, a, 2)
            .filter((h) => g.distance(a, h) === 1)
            .sort(),
        ).toEqual([...ns].sort());
      }),
    );
  });

  it('each hexside is shared by exactly two hexes, and its picture by exactly two corners', () => {
    fc.assert(
      fc.property(specs, hexAt, fc.nat(5), (spec, at, i) => {
        const g = hexGrid(spec);
        const a = g.format(at);
        const d = g.directions[i];
        const side = g.hexsideAt(a, d);
        const holders = hexRange(g, a, 2).filter((h) => g.directions.some((e) => g.hexsideAt(h, e) === side));
        expect(holders.sort()).toEqual(g.hexsideHexes(side));
        const b = g.neighbour(a, d);
        expect(g.hexsideAt(b, g.opposite(d))).toBe(side);
        const [pa, pb] = hexLayout(g, [a, b], 10).cells.map((c) => c.corners.map((p) => `${p.x},${p.y}`));
        expect(pa.filter((p) => pb.includes(p))).toHaveLength(2);
      }),
    );
  });

  it('lines join neighbours from end to end; rings and ranges have the right sizes and distances', () => {
    fc.assert(
      fc.property(specs, hexAt, hexAt, fc.integer({ min: 0, max: 6 }), (spec, x, y, k) => {
        const g = hexGrid(spec);
        const [a, b] = [x, y].map(g.format);
        const line = hexLine(g, a, b);
        expect(line).toHaveLength(g.distance(a, b) + 1);
        expect([line[0], line.at(-1)]).toEqual([a, b]);
        for (let s = 1; s < line.length; s++) expect(g.distance(line[s - 1], line[s])).toBe(1);
        const ring = hexRing(g, a, k);
        expect(ring).toHaveLength(k === 0 ? 1 : 6 * k);
        expect(new Set(ring.map((h) => g.distance(a, h)))).toEqual(new Set([k]));
        const range = hexRange(g, a, k);
        expect(new Set(range).size).toBe(3 * k * (k + 1) + 1);
      }),
    );
  });
});
