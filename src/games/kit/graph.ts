/**
 * Maps as graphs: the places of a board (areas, zones, hexes, off-map boxes) and which ones touch.
 * A `Graph` is built once from the box's edge list or adjacency lists and checked on the way in:
 * unknown places, a place bordering itself, a border listed twice, or (adjacency lists) a border
 * listed by one side only are refused with a message naming them. The searches in ./search.ts take
 * only a neighbour function, so they also run on unchecked data (a club's box under constraint
 * checks) and on grids whose neighbours are computed (./hex.ts).
 */

/** The places next to a place, in a fixed order (searches visit them in this order). */
export type Neighbours<N extends string = string> = (node: N) => readonly N[];

export interface Graph<N extends string = string> {
  /** Every place, in code-unit order. */
  readonly nodes: readonly N[];
  /** Its neighbours in code-unit order; throws on a place not in the graph. */
  readonly neighbours: Neighbours<N>;
  readonly has: (node: string) => node is N;
  readonly adjacent: (a: N, b: N) => boolean;
}

/** What was wrong with the map data, each problem in words. */
export class GraphError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`bad map graph: ${problems.join('; ')}`);
    this.name = 'GraphError';
  }
}

/** Code-unit order (never the locale's): the same on every machine. */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A graph from its places and its borders, each border listed once (either way round).
 * Throws GraphError on unknown places, self-loops and borders listed twice.
 */
export function graphFromEdges<N extends string>(nodes: readonly N[], edges: readonly (readonly [N, N])[]): Graph<N> {
  const problems: string[] = [];
  const adj = emptyAdjacency(nodes, problems);
  const seen = new Set<string>();
  for (const [a, b] of edges) {
    const unknown = [a, b].filter((n) => !adj.has(n));
    if (unknown.length > 0) {
      problems.push(`border ${a}–${b} names unknown place${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
      continue;
    }
    if (a === b) {
      problems.push(`${a} borders itself`);
      continue;
    }
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    if (seen.has(key)) {
      problems.push(`border ${a}–${b} is listed twice`);
      continue;
    }
    seen.add(key);
    adj.get(a)!.push(b);
    adj.get(b)!.push(a);
  }
  return finish(adj, problems);
}

/**
 * A graph from each place's list of neighbours (as boxes often print it). Every border must be
 * listed from both sides; throws GraphError on one-sided borders, unknown places, self-loops and
 * repeats.
 */
export function graphFromAdjacency<N extends string>(lists: Readonly<Record<N, readonly NoInfer<N>[]>>): Graph<N> {
  const problems: string[] = [];
  const nodes = Object.keys(lists) as N[];
  const adj = emptyAdjacency(nodes, problems);
  for (const a of nodes) {
    const mine = new Set<string>();
    for (const b of lists[a]) {
      if (!adj.has(b)) problems.push(`${a} lists unknown place ${b}`);
      else if (a === b) problems.push(`${a} borders itself`);
      else if (mine.has(b)) problems.push(`${a} lists ${b} twice`);
      else if (!lists[b].includes(a)) problems.push(`${a} lists ${b} but ${b} does not list ${a}`);
      else {
        mine.add(b);
        adj.get(a)!.push(b);
      }
    }
  }
  return finish(adj, problems);
}

function emptyAdjacency<N extends string>(nodes: readonly N[], problems: string[]): Map<N, N[]> {
  const adj = new Map<N, N[]>();
  for (const n of nodes) {
    if (adj.has(n)) problems.push(`place ${n} is listed twice`);
    adj.set(n, []);
  }
  return adj;
}

function finish<N extends string>(adj: Map<N, N[]>, problems: readonly string[]): Graph<N> {
  if (problems.length > 0) throw new GraphError(problems);
  for (const list of adj.values()) list.sort(byCodeUnit);
  const nodes = [...adj.keys()].sort(byCodeUnit);
  const has = (node: string): node is N => adj.has(node as N);
  return {
    nodes,
    has,
    neighbours: (node) => {
      const list = adj.get(node);
      if (!list) throw new GraphError([`unknown place ${node}`]);
      return list;
    },
    adjacent: (a, b) => adj.get(a)?.includes(b) ?? false,
  };
}
