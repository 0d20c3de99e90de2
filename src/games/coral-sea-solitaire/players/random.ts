/**
 * The random USN player (self-play, the fuzzer, a machine-played seat): legal orders drawn from the
 * USN's view alone. Ship movement reads the box's map (public component data, the default box's:
 * a club's map would need it in the view). Rows whose area has no random orders of its own yet get
 * none, which the rules read as "nothing this phase".
 */
import type { Rng, Side, StepInfo } from '../../../engine/ruleset';
import { boardOf, defaultBox } from '../box';
import { rowIdOf } from '../steps';
import type { CoralOrder, ShipKey } from '../types';
import type { CoralView, TfSeen } from '../view';

const board = boardOf(defaultBox);
const MP: Record<string, number> = { CV: 2, CVL: 2, BB: 2, B: 1, CA: 2, CL: 2, DD: 2, GB: 1, TR: 1, CYP: 1, SS: 1, Dummy: 2 };

const own = (v: CoralView): TfSeen[] => v.taskForces.filter((t) => t.side === 'usn' && t.hex !== null && !t.gone);
const baseHex = (v: CoralView, id: string) => v.bases.find((b) => b.id === id)?.hex as string;

export function randomCoralOrders(view: CoralView, side: Side, step: StepInfo, rng: Rng): CoralOrder[] {
  const orders = side === 'usn' ? forRow(view, step, rng) : [];
  // NONE: an order text is never empty (a FOR section with nothing after it is refused)
  return orders.length ? orders : [{ kind: 'none' }];
}

function forRow(view: CoralView, step: StepInfo, rng: Rng): CoralOrder[] {
  switch (rowIdOf(step.id)) {
    case 'deployment':
      return deployment(view, rng);
    case 'command-decision':
      return [command(view, rng)];
    case 'organization':
      return organization(view, rng);
    case 'intelligence':
      return intelligence(view, rng);
    case 'movement-usn':
      return movement(view, rng);
    case 'logistics-usn':
      return logistics(view);
    case 'leadership':
      return [{ kind: 'leadership', use: rng.int(2) === 0 }];
    case 'intelligence-choice':
      return view.intelChoice ? [{ kind: 'intelligence-choice', choice: view.intelChoice.identify.length ? 'identify' : 'reveal' }] : [];
    default:
      return [];
  }
}

function deployment(v: CoralView, rng: Rng): CoralOrder[] {
  const nc = baseHex(v, 'New-Caledonia');
  const near = [nc, ...board.seaNeighbours(nc)].filter((h) => board.terrainOf(h) !== 'land');
  const out: CoralOrder[] = ['TF-11', 'TF-17', 'TF-6', 'TF-9'].map((tf) => ({ kind: 'deploy', tf, hex: rng.pick(near) }));
  out.push({ kind: 'deploy', tf: 'TF-44', hex: rng.pick(['North-Australia', 'South-Australia']) });
  const air = { LF: rng.int(6), LMB: rng.int(7) };
  const named = Object.fromEntries(Object.entries(air).filter(([, n]) => n > 0));
  if (Object.keys(named).length) out.push({ kind: 'base-air', base: 'South-Australia', air: named });
  const ncTfs = ['TF-11', 'TF-17', 'TF-6', 'TF-9'];
  // 30.1: where CV-3 and DD-7 go should their die be 0; 30.4: the battleships, some games
  if (v.options.biggerBattle) out.push({ kind: 'reinforce-cv3', tf: rng.pick(ncTfs) });
  if (v.options.usnBattleships && rng.int(2) === 0)
    out.push({ kind: 'battleships', ships: ['usn:B-1', 'usn:B-2'].slice(0, 1 + rng.int(2)) as ShipKey[], tf: rng.pick(ncTfs) });
  return out;
}

function command(v: CoralView, rng: Rng): CoralOrder {
  let left = v.cpToday ?? 20;
  const take = () => {
    const n = rng.int(left + 1);
    left -= n;
    return n;
  };
  const organization = take();
  const intelligence = take();
  const operations = take();
  return { kind: 'allocate', slots: { organization, intelligence, operations, logistics: left } };
}

function organization(v: CoralView, rng: Rng): CoralOrder[] {
  const tfs = own(v);
  const big = tfs.filter((t) => (t.ships?.length ?? 0) > 1);
  const free = ['TF-3', 'TF-5'].filter((m) => !v.taskForces.some((t) => t.id === m && t.side === 'usn' && t.hex !== null && !t.gone));
  const cp = v.cp?.slots.organization ?? 0;
  if (!big.length || rng.int(3) > 0 || cp < 2) return [];
  const from = rng.pick(big);
  const ship = rng.pick(from.ships ?? []).id as string;
  const mate = tfs.find((t) => t !== from && t.hex === from.hex);
  if (mate && rng.int(2) === 0) return [{ kind: 'transfer', ships: [ship], from: from.id, to: mate.id }];
  return free.length && cp >= 3 ? [{ kind: 'new-tf', tf: free[0], from: from.id, ships: [ship] }] : [];
}

function intelligence(v: CoralView, rng: Rng): CoralOrder[] {
  const targets = v.taskForces.filter((t) => t.side === 'ijn' && t.hex !== null && !t.gone);
  const cost = v.options.historical ? 2 : 1;
  const n = targets.length ? Math.min(rng.int(3), Math.floor((v.cp?.slots.intelligence ?? 0) / cost)) : 0;
  return Array.from({ length: n }, () => ({
    kind: 'intelligence',
    target: rng.pick(targets).id as 'CSF',
    prefer: rng.pick(['identify', 'reveal'] as const),
  }));
}

function movement(v: CoralView, rng: Rng): CoralOrder[] {
  const out: CoralOrder[] = [];
  const enemyAt = new Set(v.taskForces.filter((t) => t.side === 'ijn' && t.hex !== null && !t.gone).map((t) => t.hex as string));
  // 23.1: no entering an enemy major base
  const closed = new Set(v.bases.filter((b) => b.side === 'ijn' && b.id === 'Rabaul').map((b) => b.hex));
  for (const tf of own(v)) {
    const live = (tf.ships ?? []).filter((s) => s.status === 'ok' || s.status === 'damaged');
    // 14.9: without the initiative a TF with an enemy TF in its hex stays
    if (!live.length || rng.int(3) === 0 || (enemyAt.has(tf.hex as string) && v.initiative !== 'usn')) continue;
    const each = Math.min(...live.map((s) => (s.status === 'damaged' ? 1 : (MP[s.type as string] ?? 1))));
    // 34.2: TF-6 moves one hex a turn under the fueling-group rule
    const ma = v.options.fuelingGroup && tf.id === 'TF-6' ? Math.min(each, 1) : each;
    const path: string[] = [];
    let at = tf.hex as string;
    for (let k = 0; k < ma; k++) {
      const next = board.seaNeighbours(at).filter((h) => !path.includes(h) && h !== tf.hex && !closed.has(h));
      if (!next.length) break;
      at = rng.pick(next);
      path.push(at);
      // 12.4: a TF entering a hex with an enemy TF stops
      if (enemyAt.has(at)) break;
    }
    if (path.length) out.push({ kind: 'move', tf: tf.id, path, fast: false });
  }
  return out;
}

function logistics(v: CoralView): CoralOrder[] {
  const out: CoralOrder[] = [];
  let cp = v.cp?.slots.logistics ?? 0;
  const usnBases = new Set(v.bases.filter((b) => b.side === 'usn').map((b) => b.hex));
  // 9a1: a refit is at a USN base or a carrier still in play (air homed on a carrier sunk or crippled is not refitted there)
  const live = (s: { status?: string }) => s.status === 'ok' || s.status === 'damaged';
  const origins = new Set([
    ...v.bases.filter((b) => b.side === 'usn').map((b) => b.id as string),
    ...own(v).flatMap((tf) => (tf.ships ?? []).filter((x) => (x.type === 'CV' || x.type === 'CVL') && live(x)).map((x) => `usn:${x.id}`)),
  ]);
  for (const home of new Set(v.air.filter((a) => a.side === 'usn' && a.box === 'recovery' && origins.has(a.home)).map((a) => a.home))) {
    if (cp <= 0) break;
    out.push({ kind: 'refit', at: home.startsWith('usn:') ? home.slice(4) : home });
    cp--;
  }
  if (!v.day)
    for (const tf of own(v)) {
      // 30.4: a TF with a battleship costs one more
      const cost = 1 + ((tf.ships ?? []).some((x) => x.type === 'B' && (x.status === 'ok' || x.status === 'damaged')) ? 1 : 0);
      if (cp < cost || usnBases.has(tf.hex as string)) continue;
      out.push({ kind: 'refuel', tf: tf.id });
      cp -= cost;
    }
  return out;
}
