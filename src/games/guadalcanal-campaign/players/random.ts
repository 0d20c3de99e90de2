/**
 * Random legal orders from a side's view alone (the fuzzer's and self-play's player): each task
 * force holds or wanders within its movement points and off the land (5.2), now and then docks
 * in a port of its own (campaign games, 10.1C), two in one square now and then combine (4.2), and in a campaign game a port's idle ships now and
 * then form a task force of one type (4.1, 9.2B-D). By day some fighters fly CAP and a few bombers
 * search (7.1A-C), every base or carrier with bombers in range of a sighted TF strikes it with them
 * and its fighters in range (7.3), and a carrier now and then keeps its other bombers for a
 * counterstrike (7.4). With troops and dumps on Guadalcanal it now and then attacks there (6.0).
 */
import { entriesOf, keysOf } from '../keyed';
import type { Rng, StepInfo } from '../../../engine/ruleset';
import { range } from '../box/range';
import type { Mission } from '../box/tables';
import { DIRS, type Dir, type GcOrder, isAmStep, isOrdersStep, isSearchStep } from '../orders';
import type { GcView } from '../view';

const ONLY: Readonly<Record<string, string>> = { CV: 'C', CVL: 'C', TR: 'T', SS: 'U' };
const MISSIONS = ['C', 'B', 'T', 'FC', 'FB', 'FT'] as const;

export function randomGcOrders(view: GcView, step: StepInfo, rng: Rng): GcOrder[] {
  if (!isOrdersStep(step)) return randomAir(view, step, rng);
  const k = view.known;
  const orders: GcOrder[] = [];
  const land = (c: number, r: number) => c < 1 || c > 40 || r < 1 || r > 40 || k.rows[r - 1][c - 1] === '#';
  let active = k.taskForces.length;
  if (!k.mini && active < 7 && rng.int(3) === 0) {
    const ports = entriesOf(k.inPort)
      .filter(([, ships]) => ships.length)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    if (ports.length) {
      const [port, ships] = rng.pick(ports);
      const type = rng.pick(ships).type;
      const same = ships.filter((s) => s.type === type).slice(0, 1 + rng.int(4));
      orders.push({ kind: 'form', port, mission: (ONLY[type] ?? rng.pick(MISSIONS)) as Mission, ships: same.map((s) => s.name) });
      active++;
    }
  }
  // 4.2: now and then two TFs in one square combine, where the ships fit the gaining TF's mission
  const gone = new Set<number>();
  const points = new Map(k.taskForces.map((tf) => [tf.id, tf.points]));
  for (const a of k.taskForces)
    for (const b of k.taskForces) {
      if (a.id === b.id || gone.has(a.id) || gone.has(b.id) || a.col !== b.col || a.row !== b.row || rng.int(2)) continue;
      const mission = a.mission === 'R' || a.mission === 'FR' ? 'R' : b.mission;
      const fits = [...a.ships, ...b.ships].every(
        (x) => mission === 'R' || ((ONLY[x.type] ?? mission) === mission && (mission !== 'U') === (x.type !== 'SS')),
      );
      if ((a.mission === 'U') !== (b.mission === 'U') || !fits) continue;
      orders.push({ kind: 'combine', tf: a.id, into: b.id });
      gone.add(a.id);
      points.set(b.id, Math.min(a.points, b.points));
    }
  for (const tf of k.taskForces.filter((t) => !gone.has(t.id))) {
    if (rng.int(3) === 0) {
      orders.push({ kind: 'hold', tf: tf.id });
      continue;
    }
    let left = points.get(tf.id)!;
    let [col, row] = [tf.col, tf.row];
    const dirs: Dir[] = [];
    for (let tries = 0; tries < 6 && left >= 2; tries++) {
      const d = rng.pick(Object.keys(DIRS) as Dir[]);
      const cost = d.length === 1 ? 2 : 3;
      const [c, r] = [col + DIRS[d][0], row + DIRS[d][1]];
      if (cost > left || land(c, r)) continue;
      dirs.push(d);
      left -= cost;
      [col, row] = [c, r];
    }
    const port = k.ports.some((p) => p.col === col && p.row === row);
    const dock = !k.mini && port && rng.int(4) === 0;
    if (dirs.length || dock) orders.push({ kind: 'move', tf: tf.id, dirs, dock });
    else orders.push({ kind: 'hold', tf: tf.id });
  }
  // 6.0: by day, now and then a land attack at a level the dumps ashore pay for (8.7)
  if (k.land && isAmStep(step) && k.land.inf > 0 && k.land.sup > 0 && rng.int(3) === 0)
    orders.push({ kind: 'attack', level: 1 + rng.int(Math.min(5, k.land.sup)) });
  return orders;
}

function randomAir(view: GcView, step: StepInfo, rng: Rng): GcOrder[] {
  const k = view.known;
  const orders: GcOrder[] = [];
  const role = (t: string) => k.aircraft[t].role;
  for (const at of k.air) {
    const types = keysOf(at.free).sort();
    const fighters = types.filter((t) => role(t) === 'fighter');
    const bombers = types.filter((t) => role(t) === 'bomber');
    if (isSearchStep(step)) {
      if (fighters.length && rng.int(2))
        orders.push({ kind: 'cap', from: at.name, planes: { [fighters[0]]: Math.ceil(at.free[fighters[0]] / 2) } });
      if (bombers.length && rng.int(3) === 0)
        orders.push({ kind: 'search', from: at.name, planes: { [bombers[0]]: Math.min(2, at.free[bombers[0]]) } });
      continue;
    }
    const target = k.sighted.find((x) => bombers.some((t) => k.aircraft[t].attack >= range(at, x)));
    if (target) {
      const d = range(at, target);
      const planes = Object.fromEntries(types.filter((t) => k.aircraft[t].attack >= d).map((t) => [t, at.free[t]]));
      orders.push({ kind: 'strike', target: target.tf, from: at.name, planes });
    } else if (at.carrier && bombers.length && rng.int(3) === 0)
      orders.push({ kind: 'counterstrike', from: at.name, planes: { [bombers[0]]: at.free[bombers[0]] } });
  }
  return orders.length ? orders : [{ kind: 'no-air' }];
}
