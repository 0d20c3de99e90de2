import {
  components,
  distance,
  GraphError,
  hexGrid,
  HexIdError,
  hexLayout,
  hexLine,
  hexMap,
  hexRectangle,
  preferDirections,
  preferToward,
  shortestPath,
  within,
} from '../../../src/games/kit';

/** A 5 × 4 pointy-top sheet (odd rows half a hex right) with an off-map box north-west of it. */
const grid = hexGrid({ orientation: 'pointy', shifted: 'odd' });
const map = hexMap({ grid, hexes: hexRectangle(grid, [1, 5], [1, 4]), boxes: { Truk: ['0101', '0201'] } });

describe('a hex map as a graph', () => {
  it('holds the printed hexes and its boxes, neighbours on the map only', () => {
    expect(map.hexes).toHaveLength(20);
    expect(map.nodes).toHaveLength(21);
    expect(map.neighbours('0101')).toEqual(['0102', '0201', '0202', 'Truk']);
    expect(map.neighbours('0304')).toEqual(['0203', '0204', '0303', '0404']);
    expect(map.onMap('0505')).toBe(false);
    expect(map.hexsideOf('0101', '0201')).toBe('0101/0201');
    expect(map.hexsideOf('Truk', '0101')).toBeNull();
  });

  it('refuses a box touching a hex off the map, and bad hex ids', () => {
    expect(() => hexMap({ grid, hexes: ['0101'], boxes: { Truk: ['0909'] } })).toThrow(GraphError);
    expect(() => hexMap({ grid, hexes: ['0101'], boxes: { Truk: ['0909'] } })).toThrow('border Truk–0909 names unknown place 0909');
    expect(() => hexMap({ grid, hexes: ['0101', '11'] })).toThrow(HexIdError);
  });

  it('routes through boxes and breaks ties by code-unit order or by direction', () => {
    expect(shortestPath(map.neighbours, 'Truk', '0301')).toEqual({ path: ['Truk', '0201', '0301'], cost: 2 });
    expect(shortestPath(map.neighbours, '0101', '0103')?.path).toEqual(['0101', '0102', '0103']);
    const southEastFirst = preferDirections(map, ['SE', 'SW', 'E', 'W', 'NE', 'NW']);
    expect(shortestPath(map.neighbours, '0101', '0103', { prefer: southEastFirst })?.path).toEqual(['0101', '0202', '0103']);
  });

  it('toward a goal, keeps to the straight line of equally short paths, where a fixed direction order wanders', () => {
    const byOrder = shortestPath(map.neighbours, '0104', '0501', { prefer: preferDirections(map, grid.directions) });
    const toward = shortestPath(map.neighbours, '0104', '0501', { prefer: preferToward(map, '0501') });
    expect(byOrder?.path).toEqual(['0104', '0103', '0202', '0201', '0301', '0401', '0501']);
    expect(toward).toEqual({ path: ['0104', '0204', '0203', '0303', '0402', '0502', '0501'], cost: 6 });
    expect(toward?.path).toEqual(hexLine(grid, '0104', '0501'));
    // round a wall, of two equally short ways the one whose next hex is nearer the goal as the crow flies
    const wall = new Set(['0202/0302', '0203/0302', '0203/0303', '0202/0301']);
    const blocked = (a: string, b: string) => wall.has(map.hexsideOf(a, b) ?? '');
    expect(shortestPath(map.neighbours, '0202', '0303', { blocked, prefer: preferDirections(map, grid.directions) })?.path).toEqual([
      '0202',
      '0201',
      '0302',
      '0303',
    ]);
    expect(shortestPath(map.neighbours, '0202', '0303', { blocked, prefer: preferToward(map, '0303') })?.path).toEqual([
      '0202',
      '0203',
      '0304',
      '0303',
    ]);
  });

  it('keeps ships off all-land hexsides and counts the detour', () => {
    // a coast from the top edge down between columns 2 and 3, open only between 0204 and 0304
    const land = new Set(['0201/0301', '0201/0302', '0202/0302', '0203/0302', '0203/0303', '0203/0304']);
    const blocked = (a: string, b: string) => land.has(map.hexsideOf(a, b) ?? '');
    expect(distance(map.neighbours, '0201', '0301')).toBe(1);
    expect(shortestPath(map.neighbours, '0201', '0301', { blocked })).toEqual({
      path: ['0201', '0202', '0103', '0204', '0304', '0303', '0302', '0301'],
      cost: 7,
    });
    expect(within(map.neighbours, '0201', 2, { blocked }).filter((h) => map.onMap(h) && grid.parse(h).col >= 3)).toEqual([]);
    const wall = new Set([...land, '0204/0304']);
    const parts = components(map.nodes, map.neighbours, { blocked: (a, b) => wall.has(map.hexsideOf(a, b) ?? '') });
    expect(parts.map((p) => p.length)).toEqual([9, 12]);
  });

  it('lays the hexes out as touching polygons', () => {
    const layout = hexLayout(grid, ['0101', '0201', '0102'], 10);
    expect(layout.cells.map((c) => c.centre)).toEqual([
      { x: 17.321, y: 10 },
      { x: 34.641, y: 10 },
      { x: 8.66, y: 25 },
    ]);
    expect(layout.width).toBe(43.301);
    expect(layout.height).toBe(35);
  });
});
