/**
 * Moves as hex paths for the system side (14.4, 14.6, 14.8, 14.10, 12.4): toward a goal hex by the
 * shortest way by sea, or on a compass heading with deflection at all-land hexsides and along the
 * map edge. Pure: the board, the side's blocked steps and what stops a TF come in; dice only where
 * the rules leave a choice at random (2.2: which way to deflect when both ways are open, 14.10).
 *
 * Declared tie-breaks: of equally short ways to a goal, the next hex nearer the goal as the crow
 * flies, then the hex the straight line enters, then NE E SE SW W NW (the kit's preferToward). A
 * goal the side may not enter (an enemy major base) is approached to its nearest open neighbour.
 */
import type { Dice, RollOptions } from '../../../../engine/ruleset';
import {
  byCodeUnit,
  chooseAtRandom,
  cube,
  distances,
  type HexDirection,
  preferToward,
  type RandomChoice,
  shortestPath,
} from '../../../kit';
import type { Board } from '../../box/board';
import type { MoveStep } from '../../types';

export type Step = MoveStep;

export interface Stop {
  readonly at: string;
  readonly reason: string;
  readonly rule: string;
}

export interface Plan {
  readonly steps: readonly Step[];
  /** Why the move ended before its allowance was spent, or why it never began. */
  readonly stop?: Stop;
  /** 14.10: the hex where it leaves the map post-panic. */
  readonly withdraw?: { readonly hex: string; readonly via: 'Rabaul' | 'To-Truk' };
  /** The dice of a deflection at random (2.2, 14.8, 14.10). */
  readonly choices: readonly RandomChoice<HexDirection>[];
}

export interface Walk {
  readonly board: Board;
  /** The side's blocked steps (all-land hexsides, land, enemy major bases). */
  readonly blocked: (from: string, to: string) => boolean;
  readonly mp: number;
  /** Why the mover must stop on entering `hex` (12.4: an enemy TF there), or null. */
  readonly stopIn: (hex: string) => Stop | null;
  /** 14.10 post-panic: where entering `hex` takes the TF off the map. */
  readonly leaveAt?: (hex: string) => 'Rabaul' | 'To-Truk' | null;
  /** Names the mover in the dice's purposes. */
  readonly who: string;
  readonly options?: RollOptions;
}

/** The hex next to `at` in `dir`, or null beyond the map. */
export function neighbourOn(board: Board, at: string, dir: HexDirection): string | null {
  const c = board.grid.toCube(at);
  const [dq, dr] = board.grid.step(dir);
  const off = board.grid.toOffset(cube(c.q + dq, c.r + dr));
  if (!board.grid.printable(off)) return null;
  const id = board.grid.format(off);
  return board.map.onMap(id) ? id : null;
}

const isEdge = (board: Board, hex: string) => board.grid.directions.some((d) => neighbourOn(board, hex, d) === null);

/**
 * Hexes by sea from `from` to `goal`; for a goal the side may not enter, to its nearest open
 * neighbour. Null when there is no way.
 */
export function seaReach(board: Board, blocked: Walk['blocked'], from: string, goal: string): { hex: string; steps: number } | null {
  const dist = distances(board.map.neighbours, from, { blocked });
  const direct = dist.get(goal);
  if (direct !== undefined) return { hex: goal, steps: direct };
  const around = board.map
    .neighbours(goal)
    .filter((n) => dist.has(n))
    .sort((a, b) => dist.get(a)! - dist.get(b)! || byCodeUnit(a, b));
  return around.length ? { hex: around[0], steps: dist.get(around[0])! + 1 } : null;
}

/** Takes the steps of `path` (from its second hex) while allowance lasts, checking each hex entered. */
function follow(walk: Walk, path: readonly string[], end: string, goalName: string, rule: string): Plan {
  const steps: Step[] = [];
  for (let i = 1; i < path.length && steps.length < walk.mp; i++) {
    const to = path[i];
    steps.push({ from: path[i - 1], to, why: `toward ${goalName}`, rule });
    const via = walk.leaveAt?.(to);
    if (via) return { steps, withdraw: { hex: to, via }, choices: [] };
    const left = walk.mp - steps.length > 0;
    if (to === end) return { steps, ...(left ? { stop: { at: to, reason: `reached ${goalName}`, rule } } : {}), choices: [] };
    const stop = walk.stopIn(to);
    if (stop) return { steps, ...(left ? { stop } : {}), choices: [] };
  }
  return { steps, choices: [] };
}

/** Toward `goal` by the shortest way by sea (14.4), stopping there (14.8) or where 12.4 stops it. */
export function planToward(walk: Walk, from: string, goal: string, goalName: string, rule: string): Plan {
  const stay = (reason: string, r: string): Plan => ({ steps: [], stop: { at: from, reason, rule: r }, choices: [] });
  if (walk.mp <= 0) return stay('no movement allowance', '14.1');
  if (from === goal) return stay(`already at ${goalName}`, rule);
  const reach = seaReach(walk.board, walk.blocked, from, goal);
  if (!reach) return stay(`no way by sea to ${goalName}`, '14.4');
  if (reach.hex === from) return stay(`as near ${goalName} as its ships may come`, '23.1');
  const path = shortestPath(walk.board.map.neighbours, from, reach.hex, {
    blocked: walk.blocked,
    prefer: preferToward(walk.board.map, goal),
  });
  return follow(walk, path!.path, reach.hex, goalName, rule);
}

/**
 * On a heading (14.6): each step straight on; at an all-land hexside (or land, or a closed base)
 * into the next hex in the same general direction, one side off the heading (14.8: at random when
 * both are open); at the map edge along it, a direction at random, kept for the rest of the move
 * (14.10). Stops when no way on is open.
 */
export function planHeading(dice: Dice, walk: Walk, from: string, heading: HexDirection, rule: string): Plan {
  const { board } = walk;
  const steps: Step[] = [];
  const choices: RandomChoice<HexDirection>[] = [];
  const open = (at: string, d: HexDirection) => {
    const n = neighbourOn(board, at, d);
    return n !== null && !walk.blocked(at, n) ? n : null;
  };
  let at = from;
  let dir = heading;
  while (steps.length < walk.mp) {
    let next = neighbourOn(board, at, dir);
    let why = `heading ${dir}`;
    let stepRule = rule;
    if (next === null) {
      const along = board.grid.directions.filter(
        (d) => d !== board.grid.opposite(dir) && open(at, d) !== null && isEdge(board, open(at, d)!),
      );
      if (!along.length) return { steps, stop: { at, reason: 'at the map edge with no way along it', rule: '14.10' }, choices };
      const pick = chooseAtRandom(dice, along, `${walk.who}: along the map edge`, '14.10', walk.options);
      choices.push(pick);
      dir = pick.chosen;
      next = open(at, dir)!;
      why = `along the map edge, heading ${dir}`;
      stepRule = '14.10';
    } else if (walk.blocked(at, next)) {
      const sides = [board.grid.turn(dir, -1), board.grid.turn(dir, 1)].filter((d) => open(at, d) !== null);
      if (!sides.length) return { steps, stop: { at, reason: `no hex ${dir} of it that ships may enter`, rule: '14.8' }, choices };
      let side = sides[0];
      if (sides.length === 2) {
        const pick = chooseAtRandom(dice, sides, `${walk.who}: deflected from ${dir}`, '14.8', walk.options);
        choices.push(pick);
        side = pick.chosen;
      }
      next = open(at, side)!;
      why = `deflected ${side} from ${dir} by all land`;
      stepRule = '14.8';
    }
    steps.push({ from: at, to: next, why, rule: stepRule });
    at = next;
    const via = walk.leaveAt?.(next);
    if (via) return { steps, withdraw: { hex: next, via }, choices };
    const stop = walk.stopIn(next);
    if (stop) return { steps, ...(steps.length < walk.mp ? { stop } : {}), choices };
  }
  return { steps, choices };
}
