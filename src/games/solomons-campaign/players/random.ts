/**
 * Random legal orders from a side's view alone (self-play's and the fuzzer's player): a random CP
 * split within the side's total (6.3); supply within the Logistics CP on an own major base, and now
 * and then a task force of ships in one base within the Operations CP (10.2; none for the US on
 * August I, 10.13). In the Operations Phase (2A): now and then an intelligence mission on an enemy
 * marker's or stack's hex not searched yet (2A1), and for each TF one of a move, a load, an unload
 * or a plan line (2A2b); a ground unit on a two-hex island now and then crosses to the other hex (27.1).
 * Now and then an attack (2A3) where an enemy marker or stack is seen; a ground attack (28.1) every
 * other phase where own units able to attack share a hex with an enemy stack.
 * By day now and then one air transfer, air transport or airborne landing where the view says it reaches (2A2a, 34.2).
 * In the Logistics Phase now and then an airbase built or a hex entrenched (3E-3F).
 */
import type { Rng, StepInfo } from '../../../engine/ruleset';
import { kindOfStep, type SolOrder } from '../orders';
import type { Trigger } from '../rules/ops-orders';
import type { SolView } from '../view';

function randomOps(view: SolView, rng: Rng, attacks: boolean): SolOrder[] {
  const k = view.known;
  if (!k.own) return [{ kind: 'none' }];
  const orders: SolOrder[] = [];
  const hexes = Object.values(k.islands).flat().sort();
  const places = [...hexes, ...k.bases];
  const targets = [...new Set([...k.enemyMarkers.map((m) => m.at), ...k.enemyStacks.map((m) => m.at)])]
    .filter((h) => /^\d{4}$/.test(h) && !k.searched.includes(h))
    .sort();
  if (k.cp && k.cp.intel > 0 && targets.length && rng.int(2)) orders.push({ kind: 'intel', hex: rng.pick(targets) });
  for (const tf of Object.values(k.own.taskForces).sort((a, b) => a.id - b.id)) {
    const roll = rng.int(6);
    const hasGround = k.own.ground.some((g) => g.at === tf.at && g.size === 'battalion');
    if (roll === 0) orders.push({ kind: 'move', tf: tf.id, to: rng.pick(places) });
    else if (roll === 1 && hasGround) {
      const g = k.own.ground.filter((x) => x.at === tf.at && x.size === 'battalion').sort((a, b) => (a.id < b.id ? -1 : 1))[0];
      orders.push({ kind: 'load', tf: tf.id, units: [g.id], supply: rng.int(2) ? Math.min(3, k.own.supply[tf.at] ?? 0) : 0 });
    } else if (roll === 2) orders.push({ kind: 'unload', tf: tf.id });
    else if (roll === 3 || !k.plan) {
      const action = rng.pick(['move', 'unload', 'hold', 'return'] as const);
      const ask = (['contact', 'attacked', 'ends'] as const).filter(() => rng.int(2) === 0) as Trigger[];
      orders.push({ kind: 'plan', tf: tf.id, action, to: action === 'move' || action === 'unload' ? rng.pick(places) : null, ask });
    }
  }
  // 2A3: now and then an attack where an enemy TF marker or stack is seen (a contact after movement, or skipped)
  const seen = [...k.enemyMarkers.map((x) => ({ at: x.at, tf: true })), ...k.enemyStacks.map((x) => ({ at: x.at, tf: false }))];
  // 28.1: where own units able to attack share a hex with an enemy stack, a ground attack every other time
  const groundHexes = new Set(
    k.enemyStacks.filter((x) => attacks && k.own!.ground.some((g) => g.at === x.at && g.type !== 'engineer')).map((x) => x.at),
  );
  for (const hex of [...groundHexes].sort())
    if (rng.int(2) === 0) orders.push({ kind: 'attack', combat: 'ground', hex, ...(rng.int(2) ? { combined: true } : {}) });
  for (const m of seen.filter((x) => attacks && !groundHexes.has(x.at) && (/^\d{4}$/.test(x.at) || hexes.includes(x.at))))
    if (rng.int(3) === 0) {
      const combat = m.tf ? 'naval' : rng.pick(['ground', 'bombardment'] as const);
      // now and then an Operations CP for a column in surface combat (14.3 (5))
      const shift = combat === 'naval' && (k.cp?.ops ?? 0) > 0 && rng.int(2) === 0;
      orders.push(shift ? { kind: 'attack', combat, hex: m.at, shift } : { kind: 'attack', combat, hex: m.at });
    }
  orders.push(...randomAir(k, rng, orders));
  if (!k.plan && !orders.some((o) => o.kind === 'plan'))
    orders.push({ kind: 'plan', tf: null, action: 'hold', to: null, ask: ['contact'] });
  for (const hexesOf of Object.values(k.islands).filter((h) => h.length === 2)) {
    const units = k.own.ground.filter((g) => hexesOf.includes(g.at)).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (units.length && rng.int(8) === 0) {
      const g = rng.pick(units);
      orders.push({ kind: 'ground', unit: g.id, to: hexesOf.find((h) => h !== g.at)! });
    }
  }
  return orders.length ? orders : [{ kind: 'none' }];
}

/** 2A2a: now and then (by day: the view offers nothing at night, 32.2) one air transfer, air transport or airborne landing. */
function randomAir(k: SolView['known'], rng: Rng, orders: readonly SolOrder[]): SolOrder[] {
  const moving = new Set(orders.flatMap((o) => (o.kind === 'ground' ? [o.unit] : o.kind === 'load' ? o.units : [])));
  const reach = k.airReach.filter((r) => r.to.length || (r.jumpers?.length && r.drops?.length));
  if (!reach.length || rng.int(3)) return [];
  const r = rng.pick(reach);
  const base = { service: r.service, type: r.type, from: r.from };
  const jumpers = (r.jumpers ?? []).filter((u) => !moving.has(u));
  if (jumpers.length && r.drops?.length && rng.int(2))
    return [{ kind: 'airlift', ...base, points: 1, to: rng.pick(r.drops), units: [rng.pick(jumpers)], supply: 0, drop: true }];
  if (!r.to.length) return [];
  const to = rng.pick(r.to);
  const cargo = (r.cargo ?? []).filter((u) => !moving.has(u));
  if (r.lift?.length && (cargo.length || r.supply) && rng.int(2)) {
    const lift = rng.pick(r.lift);
    const unit = cargo.length && (!r.supply || rng.int(2)) ? [rng.pick(cargo)] : [];
    return [{ kind: 'airlift', ...base, points: 1, to: lift, units: unit, supply: unit.length ? 0 : 1, drop: false }];
  }
  return [{ kind: 'transfer', ...base, points: 1 + rng.int(Math.min(r.ready, to.room)), to: to.place }];
}

/** 3D-3F: now and then a reorganization, an airbase built or raised where own engineers and supply are, or a hex entrenched. */
function randomLogistics(view: SolView, rng: Rng): SolOrder[] {
  const k = view.known;
  if (!k.own) return [{ kind: 'none' }];
  const own = k.own;
  const orders: SolOrder[] = [];
  const land = new Set(Object.values(k.islands).flat());
  const enemyAt = new Set(k.enemyStacks.map((x) => x.at));
  for (const [hex, supply] of Object.entries(own.supply).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!land.has(hex) || supply <= 0) continue;
    const engineers = own.ground
      .filter((g) => g.at === hex && g.type === 'engineer')
      .map((g) => g.id)
      .sort();
    const field = k.airfields.find((a) => a.hex === hex);
    const may = engineers.length > 0 && (field ? field.side === k.side && field.value < 24 : !enemyAt.has(hex));
    if (may && rng.int(2))
      orders.push({ kind: 'build', hex, engineers: engineers.slice(0, Math.min(supply, 1 + rng.int(engineers.length))) });
    else if (own.ground.some((g) => g.at === hex) && rng.int(3) === 0) orders.push({ kind: 'entrench', hex });
  }
  // 3D (27.3, 27.5): now and then three loose infantry battalions of a service combined, or a larger unit broken
  const loose = own.ground
    .filter((g) => g.type === 'infantry' && g.size === 'battalion' && !g.at.startsWith('TF '))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const g of loose) {
    const mates = loose.filter((x) => x.at === g.at && x.service === g.service).slice(0, 3);
    if (mates[0] !== g || mates.length < 3 || (k.side === 'japanese' && g.service === 'navy') || rng.int(2)) continue;
    orders.push({ kind: 'combine', units: mates.map((x) => x.id), into: `${g.id}-R` });
  }
  const big = own.ground
    .filter((g) => g.type === 'infantry' && g.size !== 'battalion' && !g.at.startsWith('TF '))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  if (big.length && rng.int(6) === 0) orders.push({ kind: 'break', unit: rng.pick(big).id, full: rng.int(2) === 0 });
  return orders.length ? orders : [{ kind: 'none' }];
}

/** `attacks`: false for the cautious player, who never attacks (11.2: attacking is voluntary). */
export function randomSolOrders(view: SolView, step: StepInfo, rng: Rng, attacks = true): SolOrder[] {
  const k = view.known;
  const kind = kindOfStep(step);
  if (kind === 'ops') return randomOps(view, rng, attacks);
  if (kind === 'logistics') return randomLogistics(view, rng);
  if (kind === 'cp' && k.cpTotal !== null) {
    const alloc = { combined: 0, intel: 0, ops: 0, log: 0 };
    const keys = ['combined', 'intel', 'ops', 'log'] as const;
    for (let i = rng.int(k.cpTotal + 1); i > 0; i--) alloc[rng.pick(keys)]++;
    return [{ kind: 'cp', alloc }];
  }
  if (kind === 'forces' && k.cp && k.own && k.bases.length) {
    const orders: SolOrder[] = [];
    if (k.cp.log > 0 && rng.int(4)) orders.push({ kind: 'supply', points: 1 + rng.int(k.cp.log * 3), at: rng.pick(k.bases) });
    const usTurnOne = k.side === 'us' && k.turn === 1;
    if (!usTurnOne && k.cp.ops > 0 && rng.int(2)) {
      const free = Object.values(k.own.ships)
        .filter((s) => s.tf === null && k.bases.includes(s.at) && !['BB', 'BC', 'B'].includes(s.type) && !k.sailed.includes(s.id))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      const used = new Set(Object.keys(k.own.taskForces).map(Number));
      if (free.length) {
        const at = rng.pick(free).at;
        const here = free.filter((s) => s.at === at).sort((a, b) => (a.id < b.id ? -1 : 1));
        let tf = 1;
        while (used.has(tf)) tf++;
        orders.push({ kind: 'tf', tf, at, ships: here.slice(0, 1 + rng.int(here.length)).map((s) => s.id) });
      }
    }
    // now and then the plan comes with the forces (issue 32: fewer mails)
    if (rng.int(2)) orders.push({ kind: 'plan', tf: null, action: rng.pick(['hold', 'return'] as const), to: null, ask: ['contact'] });
    return orders.length ? orders : [{ kind: 'none' }];
  }
  return [{ kind: 'none' }];
}
