/**
 * 4b, the USN's movement orders checked against the position (12.4, 12.5, 14.1-14.5, 14.9, 14.10,
 * 23.1, 34.2): `MOVE TF-17 2416 2515 [FAST]`, `MOVE TF-17 SE SE`, `MOVE TF-17 TO 2515`, `STAY TF-17`.
 * Each refusal names the rule and what would be legal. Reads only what the USN may see: its own TFs,
 * the IJN TF markers' hexes, the map and the bases; nothing face down (27.1).
 */
import { byCodeUnit, distances, type HexDirection, preferToward, shortestPath } from '../../../kit';
import type { Board } from '../../box/board';
import type { CoralBox } from '../../box/schema';
import type { CoralOrder, CoralState, TaskForceState } from '../../types';
import { boardFor, onMap, taskForcesIn, taskForcesOf } from '../../state';
import { neighbourOn, type Step } from './path';
import { allowance, blockedFor, whyNot } from './where';

export interface UsnMove {
  /** The index of the order in the list. */
  readonly index: number;
  readonly tf: string;
  readonly steps: readonly Step[];
  readonly fast: boolean;
  /** The fast move's Operations CP (14.3), charged whenever FAST is ordered. */
  readonly cost: number;
}

export interface MoveProblem {
  readonly index: number;
  readonly problem: string;
  readonly hint?: string;
  readonly rule: string;
}

type MoveOrder = Extract<CoralOrder, { kind: 'move' | 'stay' }>;
const isMoveOrder = (o: CoralOrder): o is MoveOrder => o.kind === 'move' || o.kind === 'stay';

const sortTfs = (ids: string[]) => ids.sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')) || byCodeUnit(a, b));

/** The hexes a USN TF at `at` may step to, for a refusal's hint. */
function legalNext(board: Board, box: CoralBox, at: string): string {
  const open = board.grid.directions.flatMap((d) => {
    const n = neighbourOn(board, at, d);
    return n && !whyNot(board, box, 'usn', at, n) ? [`${d} ${n}`] : [];
  });
  return open.length ? `from ${at} it may go ${open.join(', ')}` : `no hex next to ${at} is open to ships`;
}

const ijnIn = (s: CoralState, hex: string) => taskForcesIn(s, hex, 'ijn').map((t) => t.id);

/** The steps of `MOVE tf <hex|direction>...`, or the first problem on the way. */
function walkPath(
  s: CoralState,
  box: CoralBox,
  board: Board,
  tf: TaskForceState,
  path: readonly string[],
): Step[] | Omit<MoveProblem, 'index'> {
  const steps: Step[] = [];
  let at = tf.hex!;
  const entries = path[0] === at ? path.slice(1) : path;
  for (const [i, raw] of entries.entries()) {
    const word = raw.toUpperCase();
    let next: string | null;
    if ((board.grid.directions as readonly string[]).includes(word)) {
      next = neighbourOn(board, at, word as HexDirection);
      if (next === null) return { problem: `${word} of ${at} is off the map`, hint: legalNext(board, box, at), rule: '14.10' };
    } else if (/^\d{4}$/.test(raw)) next = raw;
    else
      return {
        problem: `"${raw}" is neither a hex id nor a direction`,
        hint: 'write hex ids (2416) or directions NE E SE SW W NW',
        rule: '14.4',
      };
    const why = whyNot(board, box, 'usn', at, next);
    if (why) return { problem: `${tf.id} cannot go from ${at} to ${next}: ${why}`, hint: legalNext(board, box, at), rule: '14.4' };
    const ijn = ijnIn(s, next);
    if (ijn.length && i < entries.length - 1)
      return {
        problem: `${tf.id} must stop in ${next}, where IJN ${ijn.join(', ')} ${ijn.length > 1 ? 'are' : 'is'}; the path goes on`,
        hint: `end the move at ${next}`,
        rule: '12.4',
      };
    steps.push({ from: at, to: next, why: 'as ordered', rule: '14.4' });
    at = next;
  }
  return steps;
}

/** The shortest legal path of `MOVE tf TO hex`: never through a hex with an IJN TF (12.4). */
function pathTo(
  s: CoralState,
  box: CoralBox,
  board: Board,
  tf: TaskForceState,
  to: string,
  mp: number,
): Step[] | Omit<MoveProblem, 'index'> {
  if (!board.map.onMap(to))
    return {
      problem: `${to} is not a hex of the map`,
      hint: `hex ids run from 0101 to ${board.grid.format({ col: board.columns, row: board.rows })}`,
      rule: '14.10',
    };
  const start = tf.hex!;
  const side = blockedFor(board, box, 'usn');
  const blocked = (a: string, b: string) => side(a, b) || (a !== start && ijnIn(s, a).length > 0);
  const found = shortestPath(board.map.neighbours, start, to, { blocked, prefer: preferToward(board.map, to) });
  if (!found) {
    const reason = board.terrainOf(to) === 'land' ? `${to} is all land (14.4, 36)` : `no way by sea reaches ${to} (14.4, 12.4, 23.1)`;
    return { problem: `${tf.id} cannot reach ${to}: ${reason}`, rule: '14.4' };
  }
  if (found.cost > mp) {
    const near = [...distances(board.map.neighbours, start, { blocked, max: mp }).keys()].filter((h) => h !== start);
    return {
      problem: `${to} is ${found.cost} hexes by sea from ${tf.id} at ${start}; it has ${mp} MP`,
      hint: near.length ? `within reach: ${near.sort(byCodeUnit).join(' ')}` : 'it cannot move',
      rule: '14.1, 14.5',
    };
  }
  return found.path.slice(1).map((h, i) => ({ from: found.path[i], to: h, why: `toward ${to}`, rule: '14.4' }));
}

function maWords(s: CoralState, tf: TaskForceState): string {
  const a = allowance(s, tf);
  if (!a.slowest || a.noFast?.includes('34.2')) return `MA ${a.ma} (14.1${a.noFast?.includes('34.2') ? ', 34.2' : ''})`;
  return `MA ${a.ma}: its slowest ship ${a.slowest.id}${a.slowest.status === 'damaged' ? ' is damaged' : ` (${a.slowest.type})`} (14.1, 14.2)`;
}

type Problem = Omit<MoveProblem, 'index'>;

/** One MOVE or STAY order against the position: its plan (none for STAY), or its problem. */
function checkOne(
  s: CoralState,
  box: CoralBox,
  board: Board,
  order: MoveOrder,
  operations: number,
): Omit<UsnMove, 'index'> | Problem | null {
  const tf = s.taskForces[order.tf];
  if (tf?.side !== 'usn' || !onMap(tf))
    return {
      problem: tf?.side === 'ijn' ? `${order.tf} is an IJN task force` : `no USN task force ${order.tf} on the map`,
      hint: `yours: ${sortTfs(taskForcesOf(s, 'usn').map((t) => t.id)).join(', ')}`,
      rule: '13.6',
    };
  if (order.kind === 'stay') return null;
  const ijnHere = ijnIn(s, tf.hex!);
  if (ijnHere.length && s.initiative !== 'usn')
    return {
      problem: `${tf.id} starts in ${tf.hex} with IJN ${ijnHere.join(', ')} and the USN lacks the operational initiative: it must stay`,
      hint: `STAY ${tf.id}`,
      rule: '14.9, 12.5',
    };
  const a = allowance(s, tf);
  if (order.fast && a.noFast)
    return { problem: a.noFast, hint: `move without FAST (${maWords(s, tf)})`, rule: a.noFast.includes('34.2') ? '34.2' : '14.3' };
  const fast = box.constants.fastMove.value;
  const mp = a.ma + (order.fast ? fast : 0);
  // MOVE TO is routed; MOVE by hexes or directions is walked as written
  const walked =
    order.to !== undefined
      ? pathTo(s, box, board, tf, order.to, mp)
      : walkPath(s, box, board, tf, [...order.path, ...(order.directions ?? [])]);
  if (!Array.isArray(walked)) return walked;
  const fastCost = box.commandMissions['fast-move'].cost.value;
  if (walked.length > mp) {
    const withFast = !order.fast && !a.noFast && walked.length <= a.ma + fast;
    return {
      problem: `${tf.id} has ${mp} MP (${maWords(s, tf)}${order.fast ? ', +1 fast' : ''}) and the path takes ${walked.length}`,
      hint: withFast ? `add FAST (${fastCost} Operations CP) for one more hex (14.3)` : `stop after ${walked[mp - 1]?.to ?? tf.hex}`,
      rule: '14.1, 14.5',
    };
  }
  // ordering FAST is deciding on the fast move (14.3): it costs its CP, as the acknowledgment echoes
  const cost = order.fast ? fastCost : 0;
  if (cost > operations)
    return {
      problem: `FAST for ${tf.id} needs ${cost} Operations CP and ${operations} ${operations === 1 ? 'is' : 'are'} left`,
      hint: `move ${a.ma} hexes without FAST, or allocate more CP to Operations at 1d`,
      rule: '14.3, 7.4',
    };
  return { tf: tf.id, steps: walked, fast: order.fast, cost };
}

/** Every USN MOVE and STAY order checked and planned, in order; the problems, if any. */
export function planUsnMoves(s: CoralState, orders: readonly CoralOrder[]): { moves: UsnMove[]; problems: MoveProblem[] } {
  const { box } = s;
  const board = boardFor(s);
  const moves: UsnMove[] = [];
  const problems: MoveProblem[] = [];
  const seen = new Map<string, number>();
  let operations = s.cp.slots.operations;
  for (const [index, order] of orders.entries()) {
    if (!isMoveOrder(order)) continue;
    const before = seen.get(order.tf);
    if (before !== undefined) {
      problems.push({
        index,
        problem: `${order.tf} has an order already (order ${before + 1})`,
        hint: 'one MOVE or STAY per TF',
        rule: '13.6',
      });
      continue;
    }
    seen.set(order.tf, index);
    const checked = checkOne(s, box, board, order, operations);
    if (checked === null) continue;
    if ('problem' in checked) problems.push({ index, ...checked });
    else {
      operations -= checked.cost;
      moves.push({ index, ...checked });
    }
  }
  return { moves, problems };
}
