/**
 * Task force adjustment and movement (4.1, 5.1-5.3) with missions (9.2) and endurance (9.3A, 9.3E).
 * A side's orders step is walked in the order the lines were written, each order on the position the
 * ones before it leave; the walk yields the events or the problems, each citing its rule.
 */
import { keysOf, valuesOf } from '../keyed';
import { Fold } from '../../kit';
import { missionProblems } from './eligibility';
import { planAttack } from './land';
import { DIRS, type GcOrder } from '../orders';
import { type GcSide, type GcState, type TaskForce, isMini } from '../state';
import { cargo } from './cargo';
import { divide, scuttle } from './divide';
import { train } from './training';
import { evolveGc, type GcEvent } from './events';

export interface Problem {
  readonly index: number;
  readonly problem: string;
  readonly rule: string;
}

/** 4.3B (and, as read, 4.1): at most seven active task forces a side. */
export const MAX_TFS = 7;

/** 5.1: the fleet speed: the slowest ship, capped at 25 knots, or 30 on a fast mission. */
export function fleetSpeed(s: GcState, tf: Pick<TaskForce, 'ships' | 'mission'>): number {
  const cap = s.fastMissions.includes(tf.mission) ? 30 : 25;
  return Math.min(cap, ...tf.ships.map((n) => s.ships[n].ms));
}

/** 5.2A: one movement point for each 2.5 knots of fleet speed (fractions dropped), three at least. */
export function movementPoints(speed: number): number {
  return Math.max(3, Math.floor(speed / 2.5));
}

/** 5.2B-C: two points a square north, south, east or west; three diagonally. */
export const stepCost = (dir: keyof typeof DIRS) => (dir.length === 1 ? 2 : 3);

export const isLand = (s: GcState, col: number, row: number) => s.map.rows[row - 1]?.[col - 1] === '#';
export const portAt = (s: GcState, side: GcSide, col: number, row: number) =>
  s.map.places.find((p) => s.map.ports[side].includes(p.code) && p.col === col && p.row === row);

/** The lowest task force number of the side that is free (US 2-10, Japan 12-20: TF 1 and 11 are the bases, 7.3B). */
export function freeTfNumber(s: GcState, side: GcSide): number | null {
  const base = side === 'american' ? 2 : 12;
  for (let n = base; n < base + 9; n++) if (!s.taskForces[n]) return n;
  return null;
}

/** The events of a side's orders step, or the problems that refuse it. */
export function walkOrders(
  s: GcState,
  side: GcSide,
  orders: readonly GcOrder[],
): { events: GcEvent[]; problems: Problem[]; state: GcState } {
  const fold = new Fold<GcState>(s, evolveGc);
  const events: GcEvent[] = [];
  const problems: Problem[] = [];
  const emit = (e: GcEvent) => {
    events.push(e);
    fold.emit(e);
  };
  const moved = new Set<number>();
  const walk = (o: GcOrder, index: number): void => {
    const refuse = (problem: string, rule: string): void => {
      problems.push({ index, problem, rule });
    };
    if (o.kind === 'attack') return planAttack(fold.s, side, o, emit, refuse);
    if (o.kind === 'load' || o.kind === 'unload') return cargo(fold.s, side, o, emit, refuse);
    if (o.kind === 'train') return train(fold.s, side, o, emit, refuse);
    if (o.kind === 'divide') return divide(fold.s, side, o, moved, emit, refuse);
    if (o.kind === 'scuttle') return scuttle(fold.s, side, o, emit, refuse);
    if (!('tf' in o) && o.kind !== 'form') return; // air orders: parseGcOrders keeps them to the air steps
    if (o.kind === 'form') return form(fold.s, side, o, emit, refuse);
    if (o.kind === 'combine') return combine(fold.s, side, o, moved, emit, refuse);
    const tf = fold.s.taskForces[o.tf];
    if (!tf || tf.side !== side) return refuse(`TF ${o.tf} is none of your active task forces`, '4.9');
    if (moved.has(o.tf)) return refuse(`TF ${o.tf} has been given its move already: a TF moves once, in one go (5.3A)`, '5.3A');
    moved.add(o.tf);
    if (o.kind === 'hold') return;
    const dirs = o.kind === 'move' ? o.dirs : [];
    const dock = o.kind === 'dock' || (o.kind === 'move' && o.dock);
    const points = movementPoints(fleetSpeed(fold.s, tf));
    let left = points;
    let at: [number, number] = [tf.col, tf.row];
    const path: [number, number][] = [];
    for (const d of dirs) {
      const cost = stepCost(d);
      if (left < 2) return refuse(`TF ${o.tf} has ${left} movement point(s) left and can move no further (5.2D)`, '5.2D');
      if (left < cost) return refuse(`TF ${o.tf} has ${left} movement point(s) left, and a move ${d} costs ${cost} (5.2B-C)`, '5.2C');
      const next: [number, number] = [at[0] + DIRS[d][0], at[1] + DIRS[d][1]];
      if (next[0] < 1 || next[0] > 40 || next[1] < 1 || next[1] > 40)
        return refuse(`TF ${o.tf} would leave the 40 x 40 map at ${next.join(',')} (1.4)`, '1.4');
      if (isLand(fold.s, next[0], next[1])) return refuse(`TF ${o.tf} may not enter the land square ${next.join(',')} (5.2F)`, '5.2F');
      left -= cost;
      at = next;
      path.push(next);
    }
    if (dock) {
      if (isMini(fold.s)) return refuse('task forces never dock in a mini game (10.1C)', '10.1C');
      if (!portAt(fold.s, side, at[0], at[1]))
        return refuse(`TF ${o.tf} would end at ${at.join(',')}, no port of yours, and cannot dock there (4.1A, 5.2D)`, '5.2D');
    }
    if (path.length) emit({ type: 'gcc.tf-moved', data: { side, tf: tf.id, path, points, spent: points - left }, visibleTo: [side] });
    if (dock) {
      const port = portAt(fold.s, side, at[0], at[1])!.code;
      emit({ type: 'gcc.tf-docked', data: { side, tf: tf.id, port, ships: [...tf.ships], turn: fold.s.turn }, visibleTo: [side] });
    }
  };
  for (const [index, o] of orders.entries()) walk(o, index);
  if (!problems.length) endurance(fold.s, side, emit);
  return { events, problems, state: fold.s };
}

function form(
  s: GcState,
  side: GcSide,
  o: Extract<GcOrder, { kind: 'form' }>,
  emit: (e: GcEvent) => void,
  refuse: (problem: string, rule: string) => void,
): void {
  const place = s.map.places.find((p) => p.code === o.port);
  if (!place || !s.map.ports[side].includes(o.port))
    return refuse(`${o.port} is none of your ports: ${s.map.ports[side].join(', ')} (4.1A)`, '4.1A');
  if (isMini(s)) {
    const exception = s.scenario === 'guadalcanal' && side === 'japanese' && o.port === 'R' && !s.formedInMini;
    if (!exception) return refuse('no new task forces in a mini game, save one Japanese TF at Rabaul in Guadalcanal (10.1B)', '10.1B');
  }
  if (o.mission === 'R' || o.mission === 'FR')
    return refuse(`a TF is never formed to ${o.mission}: that mission only follows one ended (9.2A, 9.2H)`, '9.2A');
  const active = valuesOf(s.taskForces).filter((t) => t.side === side).length;
  if (active >= MAX_TFS) return refuse(`you have ${active} active task forces already, the most there may be (4.3B)`, '4.3B');
  const tf = o.tf ?? freeTfNumber(s, side);
  const range = side === 'american' ? [2, 10] : [12, 20];
  if (tf === null || tf < range[0] || tf > range[1] || s.taskForces[tf])
    return refuse(`TF ${o.tf} is not free: your task forces are numbered ${range[0]}-${range[1]}`, '4.1');
  const names: string[] = [];
  for (const written of o.ships) {
    const name = keysOf(s.ships).find((n) => n.toLowerCase() === written.toLowerCase());
    const ship = name ? s.ships[name] : undefined;
    if (!ship || ship.side !== side) return refuse(`${written} is none of your ships`, '4.1C');
    if (ship.port !== o.port) return refuse(`${ship.name} is not in port at ${place.name} (4.1C)`, '4.1C');
    if (ship.dockedTurn === s.turn) return refuse(`${ship.name} docked this turn and goes to repair or refit first (8.8)`, '8.8');
    if ((ship.repairUntil ?? 0) > s.turn) return refuse(`${ship.name} is in repair or refit until turn ${ship.repairUntil} (8.8)`, '8.8');
    if (names.includes(ship.name)) return refuse(`${ship.name} is named twice`, '4.1D');
    names.push(ship.name);
  }
  const bad = missionProblems(
    names.map((n) => s.ships[n]),
    o.mission,
    s.onlyMission,
  );
  if (bad.length) return refuse(bad[0], '9.2');
  emit({
    type: 'gcc.tf-formed',
    data: { side, tf, mission: o.mission, endurance: s.endurance[o.mission], port: o.port, col: place.col, row: place.row, ships: names },
    visibleTo: [side],
  });
}

/**
 * 4.2: two task forces in one square become one: the gaining TF takes every ship of the merging one
 * and the lower endurance, and an R or FR merging TF turns it to R; submarines combine only with
 * submarines (4.2E). As read: it is TF adjustment, so neither may have moved yet (4.0 before 5.0),
 * and the ships must be fit for the mission they end with (9.2B-D).
 */
function combine(
  s: GcState,
  side: GcSide,
  o: Extract<GcOrder, { kind: 'combine' }>,
  moved: ReadonlySet<number>,
  emit: (e: GcEvent) => void,
  refuse: (problem: string, rule: string) => void,
): void {
  const [merging, gaining] = [s.taskForces[o.tf], s.taskForces[o.into]];
  for (const [n, tf] of [
    [o.tf, merging],
    [o.into, gaining],
  ] as const)
    if (!tf || tf.side !== side) return refuse(`TF ${n} is none of your active task forces`, '4.9');
  if (o.tf === o.into) return refuse(`TF ${o.tf} cannot combine with itself`, '4.2A');
  if (moved.has(o.tf) || moved.has(o.into))
    return refuse('task forces combine in the adjustment phase, before either moves (4.0, 5.0)', '3.3');
  if (merging.col !== gaining.col || merging.row !== gaining.row)
    return refuse(
      `TF ${o.tf} at ${merging.col},${merging.row} and TF ${o.into} at ${gaining.col},${gaining.row} are not in one square (4.2)`,
      '4.2',
    );
  if ((merging.mission === 'U') !== (gaining.mission === 'U'))
    return refuse('submarine task forces combine only with submarine task forces (4.2E)', '4.2E');
  const mission = merging.mission === 'R' || merging.mission === 'FR' ? 'R' : gaining.mission;
  const ships = [...gaining.ships, ...merging.ships];
  if (mission !== 'R' && mission !== 'FR') {
    const bad = missionProblems(
      ships.map((n) => s.ships[n]),
      mission,
      s.onlyMission,
    );
    if (bad.length) return refuse(bad[0], '9.2');
  }
  const endurance = Math.min(merging.endurance, gaining.endurance);
  emit({ type: 'gcc.tf-combined', data: { side, tf: o.tf, into: o.into, ships, mission, endurance }, visibleTo: [side] });
}

/** 9.3A: a TF at sea spends one turn of endurance; 9.3E: at 0 its ships can make 5 knots at most. */
function endurance(s: GcState, side: GcSide, emit: (e: GcEvent) => void): void {
  for (const tf of valuesOf(s.taskForces).filter((t) => t.side === side)) {
    const left = Math.max(0, tf.endurance - 1);
    emit({ type: 'gcc.endurance', data: { side, tf: tf.id, endurance: left }, visibleTo: [side] });
    const slow = tf.ships.filter((n) => s.ships[n].ms > 5);
    if (left === 0 && slow.length) emit({ type: 'gcc.out-of-fuel', data: { side, tf: tf.id, ships: slow }, visibleTo: [side] });
  }
}
