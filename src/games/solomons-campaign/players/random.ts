/**
 * Random legal orders from a side's view alone (self-play's and the fuzzer's player): a random CP
 * split within the side's total (6.3); supply within the Logistics CP on an own major base, and now
 * and then a task force of ships in one base within the Operations CP (10.2; none for the US on
 * August I, 10.13). In the Operations Phase (2A): now and then an intelligence mission on an enemy
 * marker's or stack's hex not searched yet (2A1), and for each TF one of a move, a load, an unload
 * or a plan line (2A2b); a ground unit on a two-hex island now and then crosses to the other hex (27.1).
 * Now and then an attack (2A3) where an enemy marker or stack is seen; a ground attack (28.1) every
 * other phase where own units able to attack share a hex with an enemy stack; with the recon/withdrawal
 * option (28.3) now and then RECON CP on it, and a few CP now and then when asked as the defender.
 * With the forces (1B) now and then an option announced, a replacement or a withdrawal (30, 38, 39).
 * By day now and then one air transfer, air transport or airborne landing where the view says it reaches (2A2a, 34.2).
 * With optional rule 45 now and then air assigned to a mission, and missions flown by assigned air
 * alone (45.2); with optional rule 48 Japan's night strikes from December I (48.1).
 * The US now and then supports a ground attack with naval gunfire or close air support (28.3 (2), 16.1).
 * In the Logistics Phase now and then an airbase built or a hex entrenched (3E-3F).
 * In the Logistics Phase now and then an airbase built or a hex entrenched (3E-3F). With Task Force
 * Endurance (42.0) most TFs at sea paid for to stay, and now and then two combined or one split at 1C.
 * With Training Carrier Air Units (47.0) ready NAC on land at a training base now and then trained aboard a carrier there.
 */
import type { Rng, StepInfo } from '../../../engine/ruleset';
import { kindOfStep, type SolOrder } from '../orders';
import type { Trigger } from '../rules/ops-orders';
import type { SolView } from '../view';
import { adjacent } from '../rules/places';
import { randomTraining } from './random-training';
import { randomAir, randomAssign, randomSupport } from './random-air';

/** 1D (36.2-36.3): each sub off the map placed on a free allowed hex (mostly next to a US TF marker or on an island), now and then one on the map moved a hex; a standing answer now and then. */
function randomSubs(view: SolView, rng: Rng): SolOrder[] {
  const k = view.known;
  const orders: SolOrder[] = [];
  const taken = new Set(k.subs.flatMap((b) => (b.at ? [b.at] : [])));
  const islands = new Set(Object.values(k.islands).flat());
  const free = () => k.subHexes.filter((h) => !taken.has(h));
  for (const b of k.subs) {
    if (b.at === null && b.back <= k.turn) {
      // mostly next to a US TF marker or on an island, where US TFs go
      const marked = free().filter((h) => k.enemyMarkers.some((m) => /^\d{4}$/.test(m.at) && adjacent(m.at, h)));
      const near = marked.length && rng.int(4) ? marked : free().filter((h) => islands.has(h));
      const choice = near.length && rng.int(4) ? near : free();
      if (!choice.length) continue;
      const at = rng.pick(choice);
      taken.add(at);
      orders.push({ kind: 'sub-place', sub: b.id, at });
    } else if (b.at !== null && b.since !== null && k.turn - b.since < 4 && rng.int(2) === 0) {
      const to = free().filter((h) => adjacent(b.at!, h));
      if (!to.length) continue;
      const at = rng.pick(to);
      taken.delete(b.at);
      taken.add(at);
      orders.push({ kind: 'sub-place', sub: b.id, at });
    }
  }
  if (rng.int(3) === 0) orders.push({ kind: 'sub-standing', answer: rng.pick(['always', 'never', 'ask'] as const) });
  return orders.length ? orders : [{ kind: 'none' }];
}

/** 4.6: now and then an offer to pass, or one taken back. */
function randomPass(rng: Rng): SolOrder[] {
  const r = rng.int(12);
  return r < 2
    ? [{ kind: 'pass', when: 'now' }]
    : r === 2
      ? [{ kind: 'pass', when: 'in-port' }]
      : r === 3
        ? [{ kind: 'pass', when: null }]
        : [];
}

/** 43.2 (optional): an amphibious assault the side can pay for, its battalions on its transports (each carries one at least). */
function mayAssault(k: SolView['known'], tf: number): boolean {
  const own = k.own!;
  const aboard = own.ground.filter((g) => g.at === `TF ${tf}`);
  const tr = own.taskForces[tf].ships.filter((id) => own.ships[id].type === 'TR').length;
  const army = aboard.some((g) => g.service === 'army');
  return (
    k.options.amphibiousAssault &&
    aboard.length > 0 &&
    aboard.every((g) => g.size === 'battalion') &&
    aboard.length <= tr &&
    (k.cp?.ops ?? 0) >= 1 &&
    (!army || (k.cp?.combined ?? 0) >= 1)
  );
}

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
  const numbers = new Set(Object.keys(k.own.taskForces).map(Number));
  for (const tf of Object.values(k.own.taskForces).sort((a, b) => a.id - b.id)) {
    // 44.4 (optional): now and then the crippled ships leave their TF and head for a major base; a crippled TF mostly heads home
    const crippled = k.options.crippledUnits ? tf.ships.filter((id) => k.own!.ships[id].crippled) : [];
    if (crippled.length && crippled.length < tf.ships.length && k.bases.length && rng.int(2)) {
      let as = 1;
      while (numbers.has(as)) as++;
      numbers.add(as);
      orders.push({ kind: 'detach', tf: tf.id, as }, { kind: 'move', tf: as, to: rng.pick(k.bases) });
      continue;
    }
    if (crippled.length && k.bases.length && rng.int(4)) {
      orders.push({ kind: 'move', tf: tf.id, to: rng.pick(k.bases) });
      continue;
    }
    const roll = rng.int(6);
    const hasGround = k.own.ground.some((g) => g.at === tf.at && g.size === 'battalion');
    if (mayAssault(k, tf.id) && rng.int(2)) {
      orders.push({ kind: 'move', tf: tf.id, to: rng.pick(hexes) }, { kind: 'unload', tf: tf.id });
      continue;
    }
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
  // 28.3 (optional): recon CP now and then, within the Intelligence and Operations CP the phase leaves
  let reconLeft = (k.cp?.intel ?? 0) + (k.cp?.ops ?? 0) - orders.filter((o) => o.kind === 'intel').length;
  for (const hex of [...groundHexes].sort())
    if (rng.int(2) === 0) {
      const recon = k.options.reconWithdrawal && reconLeft > 0 && rng.int(2) ? 1 + rng.int(Math.min(reconLeft, 3)) : 0;
      reconLeft -= recon;
      orders.push({
        kind: 'attack',
        combat: 'ground',
        hex,
        ...(rng.int(2) ? { combined: true } : {}),
        // 49.1 (optional): Japan cries Banzai! now and then (it applies only at 149% or lower)
        ...(k.options.banzai && k.side === 'japanese' && rng.int(2) ? { banzai: true } : {}),
        ...(recon ? { recon: { total: recon } } : {}),
      });
    }
  for (const m of seen.filter((x) => attacks && !groundHexes.has(x.at) && (/^\d{4}$/.test(x.at) || hexes.includes(x.at))))
    if (rng.int(3) === 0) {
      const combat = m.tf ? 'naval' : rng.pick(['ground', 'bombardment'] as const);
      // now and then an Operations CP for a column in surface combat (14.3 (5))
      const shift = combat === 'naval' && (k.cp?.ops ?? 0) > 0 && rng.int(2) === 0;
      orders.push(shift ? { kind: 'attack', combat, hex: m.at, shift } : { kind: 'attack', combat, hex: m.at });
    }
  orders.push(...randomAirMoves(k, rng, orders));
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
function randomAirMoves(k: SolView['known'], rng: Rng, orders: readonly SolOrder[]): SolOrder[] {
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
  orders.push(...randomStays(view, rng));
  orders.push(...randomTraining(view, rng));
  return orders.length ? orders : [{ kind: 'none' }];
}

const CAPITAL = ['BB', 'BC', 'B'];
const atSea = (k: SolView['known']) =>
  Object.values(k.own?.taskForces ?? {})
    .filter((t) => !k.bases.includes(t.at))
    .sort((a, b) => a.id - b.id);

/** 42.2 (optional): most TFs at sea paid for to stay, as the Logistics CP left allow. */
function randomStays(view: SolView, rng: Rng): SolOrder[] {
  const k = view.known;
  if (!k.options.endurance || !k.cp) return [];
  let left = k.cp.log;
  const out: SolOrder[] = [];
  for (const t of atSea(k)) {
    const cost = Math.max(1, Math.ceil(t.ships.length / 10)) * (t.ships.some((id) => CAPITAL.includes(id.split('-')[0])) ? 2 : 1);
    if (cost > left || rng.int(3) === 0) continue;
    left -= cost;
    out.push({ kind: 'stay', tf: t.id });
  }
  return out;
}

/** 42.4 (optional): now and then two TFs at sea in one hex combined, or one split in two, within the Operations CP left. */
function randomTfReorg(view: SolView, rng: Rng, ops: number, taken: Set<number>): SolOrder[] {
  const k = view.known;
  if (!k.options.endurance || ops < 1 || !k.own || rng.int(3)) return [];
  const own = k.own;
  const normal = atSea(k).filter((t) => t.kind === 'normal');
  const pairs = normal.flatMap((a) => normal.filter((b) => b.id > a.id && b.at === a.at).map((b) => [a, b] as const));
  if (pairs.length && rng.int(2)) {
    const [a, b] = rng.pick(pairs);
    return [{ kind: 'tf-combine', tf: a.id, with: b.id }];
  }
  if (k.side === 'us' && k.turn === 1) return [];
  const splittable = normal.filter((t) => t.ships.length > 1 && !own.ground.some((g) => g.at === `TF ${t.id}`));
  if (!splittable.length) return [];
  const t = rng.pick(splittable);
  let into = 1;
  while (taken.has(into)) into++;
  return [{ kind: 'tf-split', tf: t.id, into, ships: t.ships.slice(0, 1 + rng.int(t.ships.length - 1)) }];
}

/** 1B (30, 38, 39): now and then an option announced, a replacement bought, a Marine unit withdrawn. */
function randomChoices(view: SolView, rng: Rng): SolOrder[] {
  const open = view.known.choices;
  const out: SolOrder[] = [];
  const army = open.filter((o) => o.kind === 'announce' && (o.option === '18th-army' || o.option === 'no-18th-army'));
  if (army.length && rng.int(3)) out.push(rng.pick(army));
  for (const o of open) {
    if (o.kind === 'announce' && (o.option === 'quick-response' || o.option === 'accelerated') && rng.int(2)) out.push(o);
    if (o.kind === 'announce' && (o.option === 'BB-1' || o.option === 'BB-2') && rng.int(5) === 0) out.push(o);
    if (o.kind === 'replace' && rng.int(3) === 0) out.push(o);
  }
  const marines = open.filter((o) => o.kind === 'withdraw');
  if (marines.length && rng.int(3) === 0) out.push(rng.pick(marines));
  return out;
}

/** `attacks`: false for the cautious player, who never attacks (11.2: attacking is voluntary). */
export function randomSolOrders(view: SolView, step: StepInfo, rng: Rng, attacks = true): SolOrder[] {
  const k = view.known;
  const kind = kindOfStep(step);
  if (kind === 'ops') {
    const air = randomAir(view, rng, attacks, false);
    const orders = randomSupport(view, rng, [...randomOps(view, rng, attacks).filter((o) => o.kind !== 'none'), ...air]);
    const all = [...orders, ...randomPass(rng)];
    return all.length ? all : [{ kind: 'none' }];
  }
  if (kind === 'defence') {
    const air = randomAir(view, rng, attacks, true);
    return air.length ? air : [{ kind: 'none' }];
  }
  if (kind === 'subs') return randomSubs(view, rng);
  if (kind === 'assign') return randomAssign(view, rng);
  // 28.3 (optional): a few recon CP now and then against the attack waiting
  if (kind === 'recon') {
    const held = (k.cp?.intel ?? 0) + (k.cp?.ops ?? 0);
    const n = held && rng.int(2) ? 1 + rng.int(Math.min(held, 3)) : 0;
    return n ? [{ kind: 'recon-cp', cp: { total: n } }] : [{ kind: 'none' }];
  }
  // 36.4: attack or wait, sub by sub
  if (kind === 'sub')
    return [...new Set(k.subChances.map((c) => c.sub))]
      .sort()
      .map((sub) => ({ kind: rng.int(2) ? 'sub-attack' : 'sub-wait', sub }) as SolOrder);
  // 6.6: the US now and then spends an Intelligence CP on special intelligence, then allocates the rest
  if (kind === 'cp' && k.side === 'us' && (k.cpTotal ?? 0) > 0 && rng.int(4) === 0) return [{ kind: 'special-intel' }];
  if (kind === 'cp-us' && k.cpTotal !== null) {
    const alloc = { combined: 0, intel: 0, ops: 0, log: 0 };
    const keys = ['combined', 'intel', 'ops', 'log'] as const;
    for (let i = rng.int(k.cpTotal); i > 0; i--) alloc[rng.pick(keys)]++;
    return [{ kind: 'cp', alloc }];
  }
  if (kind === 'logistics') return randomLogistics(view, rng);
  if (kind === 'cp' && k.cpTotal !== null) {
    const alloc = { combined: 0, intel: 0, ops: 0, log: 0 };
    const keys = ['combined', 'intel', 'ops', 'log'] as const;
    for (let i = rng.int(k.cpTotal + 1); i > 0; i--) alloc[rng.pick(keys)]++;
    return [{ kind: 'cp', alloc }];
  }
  if (kind === 'forces' && k.cp && k.own && k.bases.length) {
    const orders: SolOrder[] = [];
    // 42.2: with Task Force Endurance some Logistics CP are kept to pay for TFs staying at sea
    const log = k.options.endurance ? k.cp.log - rng.int(k.cp.log + 1) : k.cp.log;
    if (log > 0 && rng.int(4)) orders.push({ kind: 'supply', points: 1 + rng.int(log * 3), at: rng.pick(k.bases) });
    const usTurnOne = k.side === 'us' && k.turn === 1;
    const taken = new Set(Object.keys(k.own.taskForces).map(Number));
    let ops = k.cp.ops;
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
        taken.add(tf);
        ops -= 1;
      }
    }
    orders.push(...randomTfReorg(view, rng, ops, taken));
    orders.push(...randomChoices(view, rng));
    // now and then the plan comes with the forces (issue 32: fewer mails)
    if (rng.int(2)) orders.push({ kind: 'plan', tf: null, action: rng.pick(['hold', 'return'] as const), to: null, ask: ['contact'] });
    orders.push(...randomPass(rng));
    return orders.length ? orders : [{ kind: 'none' }];
  }
  return [{ kind: 'none' }];
}
