/**
 * The computer Japanese (11.0), played on the doctrine of the strategy notes (14.0): a pure function
 * of the Japanese view and its dice, which break ties only. It plans afresh at every step:
 *
 * - task forces (14.0): carriers stay together 12 squares from Henderson Field, closing to 5 once
 *   American carriers are reported; battleship groups, the Tokyo Express and transports stage 7
 *   squares out in the AM move (nearer if the PM move could not run in from there, and never back out)
 *   and run in to the objective with the PM move; every TF takes the way by sea round the coasts
 *   (computer-route.ts), so the Coral Sea invasion force reaches Port Moresby; submarines gather south-east
 *   of Guadalcanal; a TF on R or FR, or short of endurance, goes home (docking there in a campaign
 *   game, never in a mini game, 10.1C);
 * - forming (4.1, campaign games): carriers with four cruisers and eight destroyers, battleship groups,
 *   the Express (destroyers), submarines; seven active TFs at most (4.3B);
 * - land attacks (6.0): as landOrders below says;
 * - the air (computer-air.ts): CAP, search, strikes, escorts, Zekes to the Shortlands.
 */
import type { Rng, StepInfo } from '../../../engine/ruleset';
import { range, type Square } from '../box/range';
import type { Mission } from '../box/tables';
import { DIRS, type Dir, type GcOrder, isAmStep, isOrdersStep } from '../orders';
import type { GcView, KnownTf } from '../view';
import { computerAir } from './computer-air';
import { americanCarriersReported, objectiveOf } from './computer-known';
import { bestSquares, isLandOf, pointsAt, pointsTo, stepCostOf } from './computer-route';

type Known = GcView['known'];

/** 14.0: the ranges the notes give from Henderson Field. */
export const DOCTRINE = { carriersOff: 12, carriersClose: 5, stageOff: 7, endurancePad: 1 } as const;
/** 14.0 (forming): a carrier TF's escort. */
const ESCORT = { CA: 4, DD: 8 } as const;

export function computerGcOrders(view: GcView, step: StepInfo, dice: Rng): GcOrder[] {
  if (!isOrdersStep(step)) return computerAir(view, step, dice);
  const k = view.known;
  const orders = [...formOrders(k), ...k.taskForces.map((tf) => moveOrder(k, tf, dice)), ...landOrders(k, step)];
  // nothing to move, form or attack with (all in port, say): said in so many words, as a mail must
  return orders.length ? orders : [{ kind: 'no-orders' }];
}

/** 14.0 as the brief reads it: attack when the men ashore are a third of the last estimate of the US (8.7B). */
export const LAND_DOCTRINE = { estimateShare: 1 / 3, menPerCompany: 200, keepDumps: 1, maxLevel: 5 } as const;

/**
 * 6.0: by day, with companies and at least two dumps on the island, an attack at level supply - 1 (one
 * dump kept for the days after, 9.4A) when the men there reach a third of the last US estimate; with
 * no estimate yet, a level 1 reconnaissance in force to get one. Else it waits for supply.
 */
function landOrders(k: Known, step: StepInfo): GcOrder[] {
  const l = k.land;
  if (!l || !isAmStep(step) || l.henderson === 'japanese' || l.inf === 0 || l.sup <= LAND_DOCTRINE.keepDumps) return [];
  if (!l.estimate) return [{ kind: 'attack', level: 1 }];
  if (l.inf * LAND_DOCTRINE.menPerCompany < l.estimate.men * LAND_DOCTRINE.estimateShare) return [];
  return [{ kind: 'attack', level: Math.min(LAND_DOCTRINE.maxLevel, l.sup - LAND_DOCTRINE.keepDumps) }];
}

/** The nearest own port (ties: first listed). */
function homeOf(k: Known, at: Square): Square & { code: string } {
  return [...k.ports].sort((a, b) => range(at, a) - range(at, b))[0];
}

/** How many moves home takes at this TF's speed: about 2.5 movement points a square (5.2B). */
const turnsHome = (tf: KnownTf, home: Square) => Math.ceil((range(tf, home) * 2.5) / Math.max(tf.points, 1));

/**
 * Where the TF heads this step: a square, the range from it to end at, and whether nearer will do
 * (a staging TF stays where its PM move can still run in: at most 7 squares out, at most a move's
 * worth at 2.5 points a square, 5.2B; and it does not turn back once inside that).
 */
export function goalOf(k: Known, tf: KnownTf): { at: Square; off: number; home: boolean; within?: boolean } {
  const home = homeOf(k, tf);
  if (tf.mission === 'R' || tf.mission === 'FR' || tf.endurance <= turnsHome(tf, home) + DOCTRINE.endurancePad)
    return { at: home, off: 0, home: true };
  const h = objectiveOf(k);
  if (tf.mission === 'C') return { at: h, off: americanCarriersReported(k) ? DOCTRINE.carriersClose : DOCTRINE.carriersOff, home: false };
  if (tf.mission === 'U') return { at: { col: h.col + 3, row: h.row + 3 }, off: 0, home: false };
  // battleship groups, the Express, transports: stage in the AM, run in with the PM move
  if (k.turn % 2 === 0) return { at: h, off: 0, home: false };
  return { at: h, off: Math.min(DOCTRINE.stageOff, Math.floor(tf.points / 2.5)), home: false, within: true };
}

/**
 * 5.2: step by step along the way by sea (computer-route.ts) to the nearest square where the goal is
 * missed least, each step to a square fewer points from it, the shortest way first; ties on a die. A
 * TF the sea does not lead from to such a square steps while each step brings it nearer.
 */
function moveOrder(k: Known, tf: KnownTf, dice: Rng): GcOrder {
  const goal = goalOf(k, tf);
  const miss = (sq: Square) => (goal.within ? Math.max(0, range(sq, goal.at) - goal.off) : Math.abs(range(sq, goal.at) - goal.off));
  const way = pointsTo(k, bestSquares(k, miss));
  const routed = Number.isFinite(pointsAt(way, tf));
  const score = (sq: Square) => (routed ? pointsAt(way, sq) : miss(sq));
  let left = tf.points;
  let at: Square = { col: tf.col, row: tf.row };
  const dirs: Dir[] = [];
  for (;;) {
    const steps = (Object.keys(DIRS) as Dir[])
      .map((d) => ({ d, cost: stepCostOf(d), to: { col: at.col + DIRS[d][0], row: at.row + DIRS[d][1] } }))
      .filter((x) => x.cost <= left && !isLandOf(k, x.to.col, x.to.row) && score(x.to) < score(at));
    if (!steps.length) break;
    // the shortest way: the step whose cost and what is left after it come least (a greedy course: nearest)
    const rank = (x: (typeof steps)[number]) => (routed ? x.cost + score(x.to) : score(x.to));
    const best = Math.min(...steps.map(rank));
    const ties = steps.filter((x) => rank(x) === best);
    const pick = ties.length > 1 ? ties[dice.int(ties.length)] : ties[0];
    dirs.push(pick.d);
    left -= pick.cost;
    at = pick.to;
  }
  const dock = goal.home && !k.mini && at.col === goal.at.col && at.row === goal.at.row;
  if (!dirs.length) return dock ? { kind: 'dock', tf: tf.id } : { kind: 'hold', tf: tf.id };
  return { kind: 'move', tf: tf.id, dirs, dock };
}

/** 4.1, 14.0: new TFs from the ships idle in port, campaign games only (10.1B), seven active at most (4.3B). */
function formOrders(k: Known): GcOrder[] {
  if (k.mini) return [];
  const out: GcOrder[] = [];
  let active = k.taskForces.length;
  const form = (port: string, mission: Mission, ships: readonly { name: string }[]) => {
    if (!ships.length || active >= 7) return;
    out.push({ kind: 'form', port, mission, ships: ships.map((s) => s.name) });
    active++;
  };
  for (const port of Object.keys(k.inPort).sort()) {
    let idle = [...k.inPort[port]];
    const take = (type: string, n: number) => {
      const got = idle.filter((s) => s.type === type).slice(0, n);
      idle = idle.filter((s) => !got.includes(s));
      return got;
    };
    const carriers = [...take('CV', 99), ...take('CVL', 99)];
    if (carriers.length) form(port, 'C', [...carriers, ...take('CA', ESCORT.CA), ...take('DD', ESCORT.DD)]);
    const bbs = take('BB', 99);
    if (bbs.length) form(port, 'B', [...bbs, ...take('CA', 2), ...take('DD', 4)]);
    const express = take('DD', 8);
    if (express.length >= 4) form(port, 'FT', express);
    form(port, 'U', take('SS', 99));
  }
  return out;
}
