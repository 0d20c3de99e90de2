/**
 * Naval transport (19.1-19.4, 33.4, 27.10) and ground movement (27.1, 2.17).
 *
 * Transports: TR, APD and Japanese DD carry battalions and supply points within their capacity
 * (19.1-19.2; a higher echelon counts its battalions, 27.8, 27.10). Loading and unloading take the
 * TF's whole Naval Movement Sub-Segment and need TF and cargo together at its start (19.3-19.4);
 * on an island no more than 3 supply points a phase, 3 more for each own engineer there, and no
 * limit on a major base (33.4, which the errata make the rule over 19.3-19.4's per-ship rates).
 * The Tokyo Express unloads at the end of its move without spending it (10.3 (3)). Cargo is
 * counted over the whole TF; supply points are put on the transports in ship-id order.
 *
 * Ground units move one land hex to an adjacent hex of the same island, spending a supply point
 * of the hex they leave for each 9 battalions (27.1, 2.17).
 */
import type { SolSide, SolState, TaskForce } from '../state';
import { groundAt } from './contacts';
import type { SolFold } from './naval';
import { aboardOf } from './ops-events';
import { adjacent, hexOf, islandOf } from './places';

type Note = (text: string, rule: string) => void;

/** A note to the side, and the order not carried out. */
const refuse = (note: Note, text: string, rule: string): false => {
  note(text, rule);
  return false;
};

const battalions = (s: SolState, size: keyof SolState['opsData']['groundSizes']) => s.opsData.groundSizes[size];

/** 19.1-19.2: each transport of the TF with its capacity. */
function carriers(s: SolState, side: SolSide, tf: TaskForce): { ship: string; room: number }[] {
  const t = s.opsData.transport;
  return [...tf.ships].sort().flatMap((id) => {
    const type = s.forces[side].ships[id].type;
    const cap = type === 'TR' ? t.TR : type === 'APD' ? t.APD : type === 'DD' && side === 'japanese' ? t.japaneseDD : 0;
    return cap ? [{ ship: id, room: cap }] : [];
  });
}

/** 33.4: supply a side may load or unload at a place this phase. */
function supplyLimit(s: SolState, side: SolSide, place: string): number {
  if (s.bases[place]?.side === side) return Number.POSITIVE_INFINITY;
  const hex = hexOf(s, place)!;
  const engineers = groundAt(s, side, hex).filter((g) => g.type === 'engineer').length;
  return 3 + 3 * engineers;
}

/** 33.4: the supply still free to load or unload at a place this phase (the limit is the hex's, shared by every TF). */
function supplyLeft(f: SolFold, side: SolSide, place: string): number {
  const used = f.events.reduce((t, e) => {
    const d = e.data as { side?: SolSide; at?: string; supply?: readonly { points: number }[] };
    const moved = (e.type === 'sol.loaded' || e.type === 'sol.unloaded') && d.side === side && d.at === place;
    return moved ? t + d.supply!.reduce((u, x) => u + x.points, 0) : t;
  }, 0);
  return supplyLimit(f.s, side, place) - used;
}

/** 19.3, 33.4: load units and supply at the TF's place; false (with a note) when it cannot. */
export function load(f: SolFold, side: SolSide, id: number, units: readonly string[], points: number, note: Note): boolean {
  const s = f.s;
  const tf = s.forces[side].taskForces[id];
  const own = s.forces[side];
  for (const u of units) {
    const g = own.ground.find((x) => x.id === u);
    if (!g || g.at !== tf.at) return refuse(note, `TF ${id} cannot load ${u}: it is not at ${tf.at} with the TF`, '19.3');
  }
  if (points > (own.supply[tf.at] ?? 0))
    return refuse(note, `TF ${id} cannot load ${points} supply: ${own.supply[tf.at] ?? 0} at ${tf.at}`, '19.3');
  if (points > supplyLeft(f, side, tf.at))
    return refuse(note, `at most ${supplyLimit(s, side, tf.at)} supply are loaded or unloaded at ${tf.at} a phase`, '33.4');
  const holds = carriers(s, side, tf);
  const aboard = own.ground.filter((g) => g.at === aboardOf(id)).reduce((t, g) => t + battalions(s, g.size), 0);
  const cargo = aboard + units.reduce((t, u) => t + battalions(s, own.ground.find((g) => g.id === u)!.size), 0);
  const supplyAboard = tf.ships.reduce((t, x) => t + own.ships[x].supply, 0);
  const room = holds.reduce((t, h) => t + h.room, 0);
  if (cargo + supplyAboard + points > room)
    return refuse(note, `TF ${id} carries ${room}: ${cargo} battalions and ${supplyAboard + points} supply do not fit`, '19.2');
  const supply: { ship: string; points: number }[] = [];
  let left = points;
  for (const h of holds) {
    const take = Math.min(left, h.room - own.ships[h.ship].supply);
    if (take > 0) supply.push({ ship: h.ship, points: take });
    left -= Math.max(0, take);
  }
  if (left > 0) return refuse(note, `TF ${id}: ${left} supply find no room on its transports`, '19.2');
  f.emit({ type: 'sol.loaded', data: { side, tf: id, at: tf.at, units: [...units], supply }, visibleTo: [side] });
  return true;
}

/** 19.4, 33.4: unload everything aboard on an island hex or an own major base (supply within 33.4). */
export function unload(f: SolFold, side: SolSide, id: number, note: Note, cargo: 'all' | 'units' = 'all'): boolean {
  const s = f.s;
  const tf = s.forces[side].taskForces[id];
  const own = s.forces[side];
  const hex = hexOf(s, tf.at);
  const ownBase = s.bases[tf.at]?.side === side;
  if (!ownBase && (!hex || !islandOf(s, hex)))
    return refuse(note, `TF ${id} is at ${tf.at}, no island: nothing is unloaded at sea`, '19.4');
  const units = own.ground.filter((g) => g.at === aboardOf(id)).map((g) => g.id);
  // 43.2 (3): an amphibious assault lands combat units only
  let left = cargo === 'units' ? 0 : supplyLeft(f, side, tf.at);
  const supply: { ship: string; points: number }[] = [];
  for (const ship of [...tf.ships].sort()) {
    const take = Math.min(left, own.ships[ship].supply);
    if (take > 0) supply.push({ ship, points: take });
    left -= take;
  }
  if (!units.length && !supply.length) {
    const full = tf.ships.some((x) => own.ships[x].supply > 0);
    return full
      ? refuse(note, `no more supply may be unloaded at ${tf.at} this phase`, '33.4')
      : refuse(note, `TF ${id} has nothing aboard to unload`, '19.4');
  }
  f.emit({
    type: 'sol.unloaded',
    data: { side, tf: id, at: tf.at, units, supply, ...(cargo === 'units' ? { assault: true } : {}) },
    visibleTo: [side],
  });
  return true;
}

/** 27.1, 2.17: ground units from one hex to an adjacent hex of the same island, a supply point a 9 battalions. */
export function moveGround(f: SolFold, side: SolSide, units: readonly string[], to: string, note: Note): void {
  const s = f.s;
  const own = s.forces[side];
  const moving = units.map((u) => own.ground.find((g) => g.id === u)!);
  const from = moving[0].at;
  const fromHex = hexOf(s, from);
  const toHex = hexOf(s, to);
  const island = fromHex ? islandOf(s, fromHex) : null;
  if (!fromHex || !toHex || !island || islandOf(s, toHex) !== island || !adjacent(fromHex, toHex))
    return note(`${units.join(', ')} at ${from} cannot reach ${to}: one land hex on the same island`, '27.1');
  const cost = Math.ceil(moving.reduce((t, g) => t + battalions(s, g.size), 0) / 9);
  if ((own.supply[from] ?? 0) < cost) return note(`${units.join(', ')} need ${cost} supply at ${from} to move by land`, '27.1');
  f.emit({ type: 'sol.ground-moved', data: { side, units: [...units], from, to, supply: cost }, visibleTo: [side] });
}
