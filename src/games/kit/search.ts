/**
 * Searches on a map given only its neighbour function (a Graph's `neighbours`, a hex grid's, or a
 * game's own filter of either, e.g. "sea zones only"): distances, everything within a range,
 * the shortest path with per-step costs and blocked steps, connected components. Pure and
 * deterministic: visiting order follows the neighbour function; ties between equally short paths
 * are broken by a declared preference, code-unit order of place ids by default.
 *
 * Costs must be positive; `Infinity` means the step cannot be taken. Paths compare sums exactly,
 * so use costs whose sums are exact (integers, halves).
 */
import { byCodeUnit, type Neighbours } from './graph';

export interface StepRules<N extends string> {
  /** What stepping from `from` into its neighbour `to` costs (default 1). */
  readonly cost?: (from: N, to: N) => number;
  /** True when the step from `from` into its neighbour `to` is not allowed (a blocked hexside, a zone that stops movement). */
  readonly blocked?: (from: N, to: N) => boolean;
}

export interface DistanceOptions<N extends string> extends StepRules<N> {
  /** Stop looking past this total cost. */
  readonly max?: number;
}

/**
 * The least total cost from `from` to every place it can reach (`from` itself at 0), in the order
 * they are reached. Unit costs: breadth-first, neighbours in the neighbour function's order.
 */
export function distances<N extends string>(neighbours: Neighbours<N>, from: N, options: DistanceOptions<N> = {}): Map<N, number> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const blocked = options.blocked ?? (() => false);
  if (!options.cost) return breadthFirst(neighbours, from, blocked, max);
  return cheapest(from, max, (at, relax) => {
    for (const n of neighbours(at)) if (!blocked(at, n)) relax(n, stepCost(options.cost!, at, n));
  });
}

/** The least total cost from a to b, or Infinity when b cannot be reached. */
export function distance<N extends string>(neighbours: Neighbours<N>, a: N, b: N, options: StepRules<N> = {}): number {
  return distances(neighbours, a, options).get(b) ?? Number.POSITIVE_INFINITY;
}

/** Every place reachable from `from` at a total cost of at most `range` (`from` included), nearest first, ties in code-unit order. */
export function within<N extends string>(neighbours: Neighbours<N>, from: N, range: number, options: StepRules<N> = {}): N[] {
  const found = distances(neighbours, from, { ...options, max: range });
  return [...found.keys()].sort((a, b) => found.get(a)! - found.get(b)! || byCodeUnit(a, b));
}

export interface PathOptions<N extends string> extends StepRules<N> {
  /**
   * Between two next places that both keep the path shortest, which to take from `at`: negative
   * for `a`. Default: code-unit order of their ids. A hex game may prefer directions instead.
   */
  readonly prefer?: (at: N, a: N, b: N) => number;
}

export interface Path<N extends string> {
  /** The places from start to goal, both included. */
  readonly path: N[];
  readonly cost: number;
}

/**
 * The cheapest path from `from` to `to`, or null when there is none. Of several equally cheap
 * paths, the one that at each step takes the preferred next place (`prefer`). The neighbour
 * relation must be symmetric (a kit Graph or hex grid is): costs to the goal are found backwards.
 */
export function shortestPath<N extends string>(neighbours: Neighbours<N>, from: N, to: N, options: PathOptions<N> = {}): Path<N> | null {
  const blocked = options.blocked ?? (() => false);
  const cost = options.cost ?? (() => 1);
  const prefer = options.prefer ?? ((_at: N, a: N, b: N) => byCodeUnit(a, b));
  const toGoal = cheapest(
    to,
    Number.POSITIVE_INFINITY,
    (at, relax) => {
      for (const n of neighbours(at)) if (!blocked(n, at)) relax(n, stepCost(cost, n, at));
    },
    from,
  );
  const total = toGoal.get(from);
  if (total === undefined) return null;
  const path = [from];
  for (let at = from; at !== to; ) {
    const here = toGoal.get(at)!;
    const keeps = neighbours(at).filter((n) => !blocked(at, n) && toGoal.has(n) && stepCost(cost, at, n) + toGoal.get(n)! === here);
    at = keeps.reduce((best, n) => (prefer(at, n, best) < 0 ? n : best));
    path.push(at);
  }
  return { path, cost: total };
}

/** The map's connected parts: each in code-unit order, the parts ordered by their first place. */
export function components<N extends string>(nodes: readonly N[], neighbours: Neighbours<N>, options: StepRules<N> = {}): N[][] {
  const seen = new Set<N>();
  const parts: N[][] = [];
  for (const n of [...nodes].sort(byCodeUnit)) {
    if (seen.has(n)) continue;
    const part = [...breadthFirst(neighbours, n, options.blocked ?? (() => false), Number.POSITIVE_INFINITY).keys()];
    for (const m of part) seen.add(m);
    parts.push(part.sort(byCodeUnit));
  }
  return parts;
}

/** True when every place can be reached from every other. */
export function isConnected<N extends string>(nodes: readonly N[], neighbours: Neighbours<N>, options: StepRules<N> = {}): boolean {
  if (nodes.length === 0) return true;
  const reached = distances(neighbours, nodes[0], { blocked: options.blocked });
  return nodes.every((n) => reached.has(n));
}

function breadthFirst<N extends string>(neighbours: Neighbours<N>, from: N, blocked: (a: N, b: N) => boolean, max: number): Map<N, number> {
  const dist = new Map<N, number>([[from, 0]]);
  const queue: N[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i];
    const d = dist.get(at)! + 1;
    if (d > max) break;
    for (const n of neighbours(at)) {
      if (!dist.has(n) && !blocked(at, n)) {
        dist.set(n, d);
        queue.push(n);
      }
    }
  }
  return dist;
}

function stepCost<N extends string>(cost: (a: N, b: N) => number, a: N, b: N): number {
  const c = cost(a, b);
  if (!(c > 0)) throw new RangeError(`step ${a} → ${b} costs ${c}: costs must be positive (Infinity for a step that cannot be taken)`);
  return c;
}

/**
 * Dijkstra from `start`; `expand(at, relax)` offers each step out of `at` with its cost. Settled in
 * order of cost, then of discovery; stops once `until` is settled (every place nearer is by then).
 */
function cheapest<N extends string>(
  start: N,
  max: number,
  expand: (at: N, relax: (n: N, c: number) => void) => void,
  until?: N,
): Map<N, number> {
  const best = new Map<N, number>([[start, 0]]);
  const done = new Map<N, number>();
  const heap = new MinHeap<N>();
  heap.push(0, start);
  for (let item = heap.pop(); item; item = heap.pop()) {
    const [d, at] = item;
    if (done.has(at) || d > max) continue;
    done.set(at, d);
    if (at === until) break;
    expand(at, (n, c) => {
      const nd = d + c;
      if (nd !== Number.POSITIVE_INFINITY && !done.has(n) && nd < (best.get(n) ?? Number.POSITIVE_INFINITY)) {
        best.set(n, nd);
        heap.push(nd, n);
      }
    });
  }
  return done;
}

/** A binary heap on (cost, insertion number): equal costs come out first in, so runs repeat exactly. */
class MinHeap<T> {
  private readonly items: { key: number; seq: number; value: T }[] = [];
  private seq = 0;

  push(key: number, value: T): void {
    const items = this.items;
    items.push({ key, seq: this.seq++, value });
    for (let i = items.length - 1; i > 0; ) {
      const up = (i - 1) >> 1;
      if (!this.less(i, up)) break;
      [items[i], items[up]] = [items[up], items[i]];
      i = up;
    }
  }

  pop(): [number, T] | undefined {
    const items = this.items;
    const top = items[0];
    if (!top) return undefined;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.less(l, m)) m = l;
        if (r < items.length && this.less(r, m)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return [top.key, top.value];
  }

  private less(i: number, j: number): boolean {
    const a = this.items[i];
    const b = this.items[j];
    return a.key < b.key || (a.key === b.key && a.seq < b.seq);
  }
}
