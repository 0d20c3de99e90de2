import fc from 'fast-check';
import {
  byCodeUnit,
  components,
  distance,
  distances,
  GraphError,
  graphFromAdjacency,
  graphFromEdges,
  isConnected,
  shortestPath,
  within,
} from '../../../src/games/kit';

/** A ladder: a1-a2-a3-a4 on top, b1-b2-b3-b4 below, rungs between a_i and b_i. */
const ladder = graphFromEdges(
  ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4', 'z'],
  [
    ['a1', 'a2'],
    ['a2', 'a3'],
    ['a3', 'a4'],
    ['b2', 'b1'],
    ['b3', 'b2'],
    ['b4', 'b3'],
    ['a1', 'b1'],
    ['a2', 'b2'],
    ['a3', 'b3'],
    ['a4', 'b4'],
  ],
);

const problems = (f: () => unknown): readonly string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof GraphError) return e.problems;
    throw e;
  }
  throw new Error('expected a GraphError');
};

describe('graph building', () => {
  it('refuses unknown places, self-loops, repeated borders and repeated places, naming each', () => {
    expect(
      problems(() =>
        graphFromEdges(
          ['A', 'B', 'A'],
          [
            ['A', 'X'],
            ['B', 'B'],
            ['A', 'B'],
            ['B', 'A'],
          ],
        ),
      ),
    ).toEqual(['place A is listed twice', 'border A–X names unknown place X', 'B borders itself', 'border B–A is listed twice']);
  });

  it('refuses one-sided adjacency lists', () => {
    const lists: Record<string, string[]> = { A: ['B'], B: [], C: ['C', 'Q'] };
    expect(problems(() => graphFromAdjacency(lists))).toEqual([
      'A lists B but B does not list A',
      'C borders itself',
      'C lists unknown place Q',
    ]);
  });

  it('lists places and neighbours in code-unit order whatever the input order', () => {
    const g = graphFromAdjacency({ b: ['a', 'B'], a: ['b'], B: ['b'] });
    expect(g.nodes).toEqual(['B', 'a', 'b']);
    expect(g.neighbours('b')).toEqual(['B', 'a']);
    expect(g.adjacent('a', 'b')).toBe(true);
    expect(g.adjacent('a', 'B')).toBe(false);
    expect(g.has('B')).toBe(true);
    expect(() => g.neighbours('c' as 'a')).toThrow(/unknown place c/);
  });
});

describe('searches on a small graph', () => {
  const nb = ladder.neighbours;

  it('counts steps breadth-first and says Infinity for a place out of reach', () => {
    expect(Object.fromEntries(distances(nb, 'a1'))).toEqual({ a1: 0, a2: 1, b1: 1, a3: 2, b2: 2, a4: 3, b3: 3, b4: 4 });
    expect(distance(nb, 'a1', 'z')).toBe(Number.POSITIVE_INFINITY);
  });

  it('lists what is within a range, nearest first then by id', () => {
    expect(within(nb, 'b2', 1)).toEqual(['b2', 'a2', 'b1', 'b3']);
    expect(within(nb, 'b2', 1, { blocked: (_f, t) => t === 'a2' })).toEqual(['b2', 'b1', 'b3']);
  });

  it('breaks ties between equally short paths by code-unit order, or by the preference given', () => {
    expect(shortestPath(nb, 'a1', 'b4')).toEqual({ path: ['a1', 'a2', 'a3', 'a4', 'b4'], cost: 4 });
    const lower = (_at: string, a: string, b: string) => (a[0] === b[0] ? byCodeUnit(a, b) : a[0] === 'b' ? -1 : 1);
    expect(shortestPath(nb, 'a1', 'b4', { prefer: lower })?.path).toEqual(['a1', 'b1', 'b2', 'b3', 'b4']);
  });

  it('takes step costs and blocked steps into account', () => {
    const dear = (f: string, t: string) => (f[0] === 'a' && t[0] === 'a' ? 3 : 1);
    expect(shortestPath(nb, 'a1', 'a4', { cost: dear })).toEqual({ path: ['a1', 'b1', 'b2', 'b3', 'b4', 'a4'], cost: 5 });
    expect(distances(nb, 'a1', { cost: dear, max: 2 })).toEqual(
      new Map([
        ['a1', 0],
        ['b1', 1],
        ['b2', 2],
      ]),
    );
    const cut = (f: string, t: string) => (f === 'a2' && t === 'a3') || (f === 'b2' && t === 'b3');
    expect(shortestPath(nb, 'a1', 'a4', { blocked: cut })).toBeNull();
    expect(shortestPath(nb, 'a4', 'a1', { blocked: cut })?.path).toEqual(['a4', 'a3', 'a2', 'a1']);
    expect(() => shortestPath(nb, 'a1', 'a4', { cost: () => 0 })).toThrow(/costs must be positive/);
  });

  it('finds the connected parts', () => {
    expect(components(ladder.nodes, nb)).toEqual([['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4'], ['z']]);
    expect(isConnected(ladder.nodes, nb)).toBe(false);
    expect(isConnected(['a1', 'b4'], nb)).toBe(true);
  });
});

/** A random connected-or-not graph on up to 9 places, with integer costs per border. */
const randomGraph = fc
  .record({
    n: fc.integer({ min: 2, max: 9 }),
    pairs: fc.array(fc.tuple(fc.nat(8), fc.nat(8), fc.integer({ min: 1, max: 4 })), { maxLength: 24 }),
    seed: fc.nat(),
  })
  .map(({ n, pairs, seed }) => {
    const nodes = Array.from({ length: n }, (_, i) => `p${i}`);
    const costs = new Map<string, number>();
    for (const [x, y, c] of pairs) {
      const a = x % n;
      const b = y % n;
      if (a !== b) costs.set(a < b ? `p${a} p${b}` : `p${b} p${a}`, c);
    }
    const edges = [...costs.keys()].map((k) => k.split(' ') as [string, string]);
    // the same borders in another order and orientation
    const shuffled = edges.map((e, i) => ((i + seed) % 2 ? ([e[1], e[0]] as [string, string]) : e)).reverse();
    const cost = (a: string, b: string) => costs.get(a < b ? `${a} ${b}` : `${b} ${a}`)!;
    return { nodes, edges, shuffled, cost };
  });

describe('graph properties', () => {
  it('distance is symmetric and obeys the triangle inequality, with or without costs', () => {
    fc.assert(
      fc.property(randomGraph, fc.nat(8), fc.nat(8), fc.nat(8), fc.boolean(), (g, i, j, k, weighted) => {
        const graph = graphFromEdges(g.nodes, g.edges);
        const [a, b, c] = [i, j, k].map((x) => g.nodes[x % g.nodes.length]);
        const opts = weighted ? { cost: g.cost } : {};
        const d = (x: string, y: string) => distance(graph.neighbours, x, y, opts);
        expect(d(a, b)).toBe(d(b, a));
        expect(d(a, c)).toBeLessThanOrEqual(d(a, b) + d(b, c));
        expect(d(a, a)).toBe(0);
      }),
    );
  });

  it('a shortest path is a real path of the least cost, and the same whatever order the borders were listed in', () => {
    fc.assert(
      fc.property(randomGraph, fc.nat(8), fc.nat(8), (g, i, j) => {
        const one = graphFromEdges(g.nodes, g.edges);
        const two = graphFromEdges(g.nodes, g.shuffled);
        const [a, b] = [i, j].map((x) => g.nodes[x % g.nodes.length]);
        const found = shortestPath(one.neighbours, a, b, { cost: g.cost });
        const best = distance(one.neighbours, a, b, { cost: g.cost });
        expect(shortestPath(two.neighbours, a, b, { cost: g.cost })).toEqual(found);
        if (best === Number.POSITIVE_INFINITY) return expect(found).toBeNull();
        expect(found!.cost).toBe(best);
        expect(found!.path[0]).toBe(a);
        expect(found!.path.at(-1)).toBe(b);
        let sum = 0;
        for (let s = 1; s < found!.path.length; s++) {
          expect(one.adjacent(found!.path[s - 1], found!.path[s])).toBe(true);
          sum += g.cost(found!.path[s - 1], found!.path[s]);
        }
        expect(sum).toBe(best);
      }),
    );
  });

  it('neighbours are at distance 1 and components split the places', () => {
    fc.assert(
      fc.property(randomGraph, (g) => {
        const graph = graphFromEdges(g.nodes, g.edges);
        for (const a of graph.nodes) for (const b of graph.neighbours(a)) expect(distance(graph.neighbours, a, b)).toBe(1);
        const parts = components(graph.nodes, graph.neighbours);
        expect(parts.flat().sort()).toEqual([...g.nodes].sort());
        for (const part of parts)
          for (const x of part) expect(distance(graph.neighbours, part[0], x)).toBeLessThan(Number.POSITIVE_INFINITY);
        expect(isConnected(graph.nodes, graph.neighbours)).toBe(parts.length === 1);
      }),
    );
  });
});
