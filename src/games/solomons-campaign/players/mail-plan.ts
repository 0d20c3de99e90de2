/**
 * What the Solomons Campaign mail player orders, from its side's view alone (SolView.known): the
 * CP split (6.2), the forces (1B-1C, 10.2), an Operations Phase (2A) and the Logistics Phase (3E-3F).
 * It writes no line of a rule still missing (index.ts MISSING: SPECIAL 6.6, SUB 36.2, PASS 4.6,
 * REPLACE 30.1, WITHDRAW 38.2, ANNOUNCE 39.1) and no air order (2A2a, 2A3a, 2A3d); it never puts a
 * submarine in a TF. (36.4, a submarine attack on a US TF, needs a Japanese submarine on the map: no
 * set-up or reinforcement of the box has one, and their deployment, 36.2, is not built.)
 *
 * The play: every turn a transport TF (transports and their escorts, 10.2) forms on an own major
 * base, the turn's supply is bought there (1B), and it loads the battalions and supply there (19.3, 33.4) and carries them to the side's
 * foothold on Guadalcanal (PLAN ... UNLOAD AT, 19.4); every other TF goes home (PLAN ... RETURN);
 * where its ground units share a hex with the enemy and have supply, it attacks (28.1); in the
 * Logistics Phase it entrenches there (37.1) and its engineers build (33.2).
 */
import type { SolOrder } from '../orders';
import type { OpsOrder } from '../rules/ops-orders';
import type { SolView } from '../view';

type Known = SolView['known'];
type Alloc = { combined: number; intel: number; ops: number; log: number };

/** The side's base on the map, where supply is bought and transport TFs form (Truk and Australia are off it, 8.2). */
export const homeBase = (k: Known): string => (k.side === 'japanese' ? 'Rabaul' : 'Espiritu Santo');

const CAPITAL = ['BB', 'BC', 'B'];
const typeOf = (id: string) => id.split('-')[0];
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);

/**
 * The ships of a transport TF: up to four transports and two escorts on one own major base, no capital
 * ship (1 CP, 10.2), on the base with battalions waiting there if one has transports, else on the
 * one with most transports (the supply is bought there, 1B); none on August I for the US (10.13).
 */
export function transportTf(k: Known): { tf: number; at: string; ships: string[] } | null {
  const own = k.own;
  if (!own || (k.side === 'us' && k.turn === 1)) return null;
  const freeAt = (at: string) =>
    Object.values(own.ships)
      .filter((s) => s.tf === null && s.at === at && !k.sailed.includes(s.id) && !CAPITAL.includes(s.type) && s.type !== 'SS')
      .sort(byId);
  const cargo = (at: string) => own.ground.filter((g) => g.at === at && g.size === 'battalion').length;
  const trs = (at: string) => freeAt(at).filter((s) => s.type === 'TR').length;
  const at = [...k.bases].filter((b) => trs(b) > 0).sort((a, b) => cargo(b) - cargo(a) || trs(b) - trs(a) || (a < b ? -1 : 1))[0];
  if (!at) return null;
  const free = freeAt(at);
  const transports = free.filter((s) => s.type === 'TR').slice(0, 4);
  const escorts = free.filter((s) => s.type === 'DD' || s.type === 'CL' || s.type === 'CA').slice(0, 2);
  const used = new Set(Object.keys(own.taskForces).map(Number));
  let tf = 1;
  while (used.has(tf)) tf++;
  return { tf, at, ships: [...transports, ...escorts].map((s) => s.id) };
}

/** 6.2: Operations one a TF on the map and one for the TF to form, the rest Logistics (supply, 50.0). */
export function cpPlan(k: Known): Alloc {
  const total = k.cpTotal ?? 0;
  const tfs = Object.keys(k.own?.taskForces ?? {}).length + (transportTf(k) ? 1 : 0);
  const ops = Math.min(total, Math.max(1, tfs));
  return { combined: 0, intel: 0, ops, log: total - ops };
}

/** 1B-1C: every Logistics CP as supply on the home base; the transport TF (skilled players only). */
export function forcesPlan(k: Known, alloc: Alloc, withTf: boolean): SolOrder[] {
  const orders: SolOrder[] = [];
  const tf = withTf && alloc.ops > Object.keys(k.own?.taskForces ?? {}).length ? transportTf(k) : null;
  if (alloc.log > 0) orders.push({ kind: 'supply', points: alloc.log * 3, at: tf?.at ?? homeBase(k) });
  if (tf) orders.push({ kind: 'tf', ...tf });
  return orders.length ? orders : [{ kind: 'none' }];
}

/** The side's foothold on Guadalcanal: the hex with most of its ground units there (the first hex if none). */
export function foothold(k: Known): string {
  const hexes = [...(k.islands.Guadalcanal ?? [])].sort();
  const count = (h: string) => k.own?.ground.filter((g) => g.at === h).length ?? 0;
  return [...hexes].sort((a, b) => count(b) - count(a))[0] ?? hexes[0];
}

/** 28.1: the hexes where the side's ground units able to attack meet an enemy stack, with supply of its own there (28.3 (1)). */
export function attackHexes(k: Known): string[] {
  const own = k.own;
  if (!own) return [];
  return [...new Set(k.enemyStacks.map((x) => x.at))]
    .filter((h) => own.ground.some((g) => g.at === h && g.type !== 'engineer') && (own.supply[h] ?? 0) > 0)
    .sort();
}

/**
 * 2A: each TF on its home base with battalions or supply there loads them (19.3, 33.4) and is bound to
 * unload at the foothold; every other TF returns home; an attack where one can be made. `plain`: a
 * newcomer's, who loads nothing and sends every TF home.
 */
export function opsPlan(k: Known, plain: boolean): OpsOrder[] {
  const own = k.own;
  if (!own) return [];
  const orders: OpsOrder[] = [];
  const plans: OpsOrder[] = [];
  for (const tf of Object.values(own.taskForces).sort((a, b) => a.id - b.id)) {
    // 19.2: three a transport, one a Japanese destroyer: battalions first, supply in the room left
    const transports = tf.ships.filter((id) => typeOf(id) === 'TR').length;
    const room = 3 * transports + (k.side === 'japanese' ? tf.ships.filter((id) => typeOf(id) === 'DD').length : 0);
    const battalions = own.ground
      .filter((g) => g.at === tf.at && g.size === 'battalion')
      .sort(byId)
      .slice(0, room)
      .map((g) => g.id);
    const supply = Math.min(own.supply[tf.at] ?? 0, 3, room - battalions.length);
    if (!plain && tf.id !== 0 && transports > 0 && k.bases.includes(tf.at) && (battalions.length || supply)) {
      orders.push({ kind: 'load', tf: tf.id, units: battalions, supply });
      plans.push({ kind: 'plan', tf: tf.id, action: 'unload', to: foothold(k), ask: [] });
    } else plans.push({ kind: 'plan', tf: tf.id, action: 'return', to: null, ask: [] });
  }
  for (const hex of attackHexes(k)) orders.push({ kind: 'attack', combat: 'ground', hex });
  // every TF has its line; ALL holds for those formed later this turn (none are), and the plan asks nothing
  return [...orders, ...plans, { kind: 'plan', tf: null, action: 'hold', to: null, ask: [] }];
}

/** Whether an Operations Phase of the side's would do more than its plan: something to load or an attack to make. */
export const opsWanted = (k: Known, formed: boolean): boolean => formed || attackHexes(k).length > 0;

/** 3E-3F: entrench where its units meet the enemy (37.1); its engineers build where they stand on own supply (33.2). */
export function logisticsPlan(k: Known, plain: boolean): SolOrder[] {
  const own = k.own;
  if (!own || plain) return [{ kind: 'none' }];
  const orders: SolOrder[] = [];
  const land = new Set(Object.values(k.islands).flat());
  const enemyAt = new Set(k.enemyStacks.map((x) => x.at));
  for (const [hex, supply] of Object.entries(own.supply).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!land.has(hex) || supply <= 0) continue;
    const here = own.ground.filter((g) => g.at === hex);
    const engineers = here.filter((g) => g.type === 'engineer').sort(byId);
    const field = k.airfields.find((a) => a.hex === hex);
    const mayBuild = field ? field.side === k.side && field.value < 24 : !enemyAt.has(hex);
    if (enemyAt.has(hex) && here.length) orders.push({ kind: 'entrench', hex });
    else if (engineers.length && mayBuild) orders.push({ kind: 'build', hex, engineers: [engineers[0].id] });
  }
  return orders.length ? orders : [{ kind: 'none' }];
}
