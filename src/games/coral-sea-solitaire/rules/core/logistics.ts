/**
 * Logistics (5.6 9, 25.4, 30.4, 34.1): the USN pays Logistics CP to refit air, rest and repair
 * ships and, at night, to refuel each TF at sea (the rest are fatigued); the IJN rolls for each
 * fatigue and damage marker and each squadron in a Recovery box (9b), its rolls hidden where the
 * thing rolled for is (a face-down ship, air on the ground).
 */
import type { StepHandler } from '../../../../engine/define';
import type { IjnDecider } from '../../handlers';
import { ijnAirRecovery, ijnShipRecovery } from '../../ijn/doctrine';
import { baseAt, isLive, shipsOf, taskForcesIn, taskForcesOf } from '../../state';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState, ShipKey } from '../../types';
import { costOf, spendCp, usnShip } from './organization';
import { type CoralFold, foldOf, moveAir, ordersOf, SEALED, skip } from './util';

/** A TF at sea: not in a hex of a friendly base (9a2). */
const atSea = (s: CoralState, hex: string | null): boolean => {
  const base = hex === null ? undefined : baseAt(s.box, hex);
  return hex !== null && (base === undefined || s.box.bases[base].side.value !== 'usn');
};

const withB = (s: CoralState, tf: string): boolean => shipsOf(s, tf, true).some((x) => x.type === 'B');

/** 9a: the USN's refit, rest, repair and (night) refuel orders, in the order written, then the fatigue of the unrefuelled. */
export const logisticsUsn: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  for (const o of orders.usn ?? []) {
    if (o.kind === 'refit') refit(f, o);
    else if (o.kind === 'rest') rest(f, o);
    else if (o.kind === 'repair') repair(f, o);
  }
  if (!isDay(f.s.turn)) {
    const all = ordersOf(orders, 'usn', 'refuel-all').length > 0;
    const asked = all ? taskForcesOf(f.s, 'usn').map((tf): Extract<CoralOrder, { kind: 'refuel' }> => ({ kind: 'refuel', tf: tf.id })) : [];
    refuel(f, [...ordersOf(orders, 'usn', 'refuel'), ...asked]);
  }
  return f.s;
};

function refit(f: CoralFold, o: Extract<CoralOrder, { kind: 'refit' }>): void {
  const home = o.at.startsWith('usn:') || /^[A-Z]+-\d+$/.test(o.at) ? usnShip(o.at) : o.at;
  const units = f.s.air.filter((a) => a.side === 'usn' && a.home === home && a.box === 'recovery');
  if (!units.length) return skip(f, o, `no USN air in ${o.at}'s Recovery box`, '9a1');
  const cost = costOf(f.s, 'refit-carrier-or-base');
  if (!spendCp(f, 'logistics', cost, `refit ${o.at}`, '9a1'))
    return skip(f, o, `a refit costs ${cost} Logistics CP; ${f.s.cp.slots.logistics} left`, '9a1');
  for (const u of units) moveAir(f, u, u.strength, { box: 'ready' }, `refit at ${o.at}`, '9a1', ['usn']);
}

function rest(f: CoralFold, o: Extract<CoralOrder, { kind: 'rest' }>): void {
  const ships = shipsOf(f.s, o.tf, true).filter((x) => x.side === 'usn' && x.fatigued);
  if (!ships.length) return skip(f, o, `${o.tf} has no fatigued ship`, '9a1');
  const cost = costOf(f.s, 'remove-fatigue-tf');
  if (!spendCp(f, 'logistics', cost, `rest ${o.tf}`, '9a1'))
    return skip(f, o, `resting a TF costs ${cost} Logistics CP; ${f.s.cp.slots.logistics} left`, '9a1');
  f.emit({ type: 'coral.ship.fatigue', data: { ships: ships.map((x) => x.key), fatigued: false, cause: `${o.tf} rests`, rule: '9a1' } });
}

function repair(f: CoralFold, o: Extract<CoralOrder, { kind: 'repair' }>): void {
  const key = usnShip(o.ship);
  const ship = f.s.ships[key];
  if (ship?.status !== 'damaged') return skip(f, o, `${o.ship} is not a damaged USN ship`, '9a1');
  const cost = costOf(f.s, 'repair-ship');
  if (!spendCp(f, 'logistics', cost, `repair ${o.ship}`, '9a1'))
    return skip(f, o, `a repair costs ${cost} Logistics CP; ${f.s.cp.slots.logistics} left`, '9a1');
  f.emit({ type: 'coral.ship.status', data: { ship: key, from: 'damaged', to: 'ok', cause: 'repaired', rule: '9a1' } });
}

/** 9a2: each USN TF at sea refuels for its CP (one more with a B, 30.4; free beside TF-6, 34.1) or its ships are fatigued. */
function refuel(f: CoralFold, asked: readonly Extract<CoralOrder, { kind: 'refuel' }>[]): void {
  const wanted = new Set(asked.map((o) => o.tf));
  for (const tf of taskForcesOf(f.s, 'usn')) {
    if (!atSea(f.s, tf.hex)) continue;
    const oilers =
      f.s.options.fuelingGroup && taskForcesIn(f.s, tf.hex as string, 'usn').some((t) => t.id === 'TF-6' && shipsOf(f.s, t, true).length);
    if (oilers) continue;
    if (wanted.has(tf.id)) {
      const cost = costOf(f.s, 'refuel-tf') + (withB(f.s, tf.id) ? costOf(f.s, 'refuel-tf-with-b') : 0);
      if (spendCp(f, 'logistics', cost, `refuel ${tf.id}`, '9a2')) continue;
      skip(
        f,
        asked.find((o) => o.tf === tf.id) as CoralOrder,
        `refuelling ${tf.id} costs ${cost} Logistics CP; ${f.s.cp.slots.logistics} left`,
        '9a2',
      );
    }
    const ships: ShipKey[] = shipsOf(f.s, tf, true)
      .filter((x) => !x.fatigued)
      .map((x) => x.key);
    if (ships.length) f.emit({ type: 'coral.ship.fatigue', data: { ships, fatigued: true, cause: `${tf.id} not refuelled`, rule: '9a2' } });
  }
}

/** 9b: the IJN's recovery rolls, one per marker and per squadron; hidden (sealed) for face-down ships and for air. */
export const logisticsIjnDecide: IjnDecider = (k, _step, dice) => {
  const orders: CoralOrder[] = [];
  const records: { type: 'IjnDecided'; data: { what: string; rule: string; roll: unknown }; visibleTo?: readonly string[] }[] = [];
  for (const tf of k.own.taskForces) {
    for (const ship of tf.ships ?? []) {
      if (!ship.key || !ship.status || ship.status === 'sunk' || ship.status === 'crippled') continue;
      const open = ship.faceUp ? {} : SEALED;
      for (const marker of ['fatigue', 'damage'] as const) {
        if (marker === 'fatigue' ? !ship.fatigued : ship.status !== 'damaged') continue;
        const roll = ijnShipRecovery(dice, k.box, ship.id as string, marker, ship.faceUp ? undefined : open);
        orders.push({ kind: 'ijn-recover', target: ship.key, marker, removed: roll.result === 'removed' ? 1 : 0 });
        records.push({
          type: 'IjnDecided',
          data: { what: `${marker} on ${ship.id}: ${roll.result}`, rule: '9b1', roll },
          ...(ship.faceUp ? {} : { visibleTo: [] }),
        });
      }
    }
  }
  for (const a of k.own.air.filter((x) => x.box === 'recovery')) {
    let ready = 0;
    for (let n = 1; n <= a.strength; n++) {
      const roll = ijnAirRecovery(dice, k.box, `${a.type} of ${a.home} #${n}`, a.home.startsWith('ijn:') ? 'carrier' : 'land', SEALED);
      if (roll.result === 'ready') ready++;
      records.push({ type: 'IjnDecided', data: { what: `${a.type} of ${a.home}: ${roll.result}`, rule: '9b2', roll }, visibleTo: [] });
    }
    orders.push({ kind: 'ijn-recover', target: a.id, marker: 'air', removed: ready });
  }
  return { orders, records };
};

/** 9b: applies the IJN's recovery rolls. */
export const logisticsIjn: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  for (const o of ordersOf(orders, 'ijn', 'ijn-recover')) {
    if (!o.removed) continue;
    if (o.marker === 'air') {
      const unit = f.s.air.find((a) => a.id === o.target);
      if (unit) moveAir(f, unit, Math.min(o.removed, unit.strength), { box: 'ready' }, 'IJN air recovered', '9b2', ['ijn']);
      continue;
    }
    const ship = f.s.ships[o.target as ShipKey];
    if (!ship || !isLive(ship)) continue;
    const vis = ship.faceUp ? {} : { visibleTo: ['ijn'] as const };
    if (o.marker === 'fatigue' && ship.fatigued)
      f.emit({ type: 'coral.ship.fatigue', data: { ships: [ship.key], fatigued: false, cause: 'IJN recovery roll', rule: '9b1' }, ...vis });
    if (o.marker === 'damage' && ship.status === 'damaged')
      f.emit({
        type: 'coral.ship.status',
        data: { ship: ship.key, from: 'damaged', to: 'ok', cause: 'IJN recovery roll', rule: '9b1' },
        ...vis,
      });
  }
  return f.s;
};
