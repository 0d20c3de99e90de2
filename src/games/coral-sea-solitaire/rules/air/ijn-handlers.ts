/**
 * The IJN's air rows carried out: the decisions ijn-decide.ts made from the IJN's view arrive as
 * its orders. 5a-c/d: each strike is committed and its bombers put in the Strike box bound for the
 * target hex; a carrier TF that launches is identified and its carriers turned face up (4.3,
 * 27.1(4), 28.2(3)); a chit the IJN used is spent (8.6). 5a1d-e: fighters go to escort (with their
 * origin's strike) or CAP over their own hex, and every strike flies, stopping at the first hex of
 * its path where USN CAP flies (21.2, brief 9.17). Moves of air that launched nothing stay the IJN's own.
 */
import { hexLine } from '../../../kit';
import type { AirType, CoralBox } from '../../box/schema';
import type { AirMission, CoralOrder, CoralState } from '../../types';
import { changeChits } from '../core/util';
import type { AirFold } from './fold';
import type { AirHome } from './state';
import { readyUnits, take } from './transfer';
import { type AirMove, boardFor, homeHex, isCarrier, tfOfShip } from './units';

const isCarrierType = (t: string) => t === 'CV' || t === 'CVL';

/** 5a-c, 5a-d: the IJN's chits and strikes. */
export function runIjnDoctrine(f: AirFold, box: CoralBox, orders: readonly CoralOrder[]): void {
  for (const o of orders) if (o.kind === 'ijn-chit' && o.use) changeChits(f, 'ijn', -1, `used on the ${o.fn}`, '8.6');
  const moves: AirMove[] = [];
  const launched = new Set<string>();
  for (const o of orders) {
    if (o.kind !== 'ijn-air-strike') continue;
    const from = o.from as AirHome;
    const fromHex = homeHex(f.s, box, from);
    if (!fromHex) continue;
    const mission: AirMission = {
      id: `ijn:${o.from.replace(/^ijn:/, '')}:strike:${o.target}`,
      side: 'ijn',
      mission: 'strike',
      from,
      fromHex,
      target: o.target,
      targetHex: o.targetHex,
      extended: o.extended,
      planned: o.air,
      cp: 0,
    };
    f.emit({ type: 'coral.air.committed', data: { mission } });
    for (const [type, n] of Object.entries(o.air) as [AirType, number][])
      for (const { unit, strength } of take(readyUnits(f.s, from, type), n))
        moves.push({
          id: unit.id,
          strength,
          to: { home: from, box: 'strike', flyingTo: o.targetHex, target: o.target, ...(o.extended ? { extendedRange: true } : {}) },
        });
    if (isCarrier(from)) {
      const tf = tfOfShip(f.s, from);
      if (tf && !launched.has(tf.id)) {
        launched.add(tf.id);
        if (!tf.identified)
          f.emit({
            type: 'coral.tf.identified',
            data: { tf: tf.id, identified: true, cause: `${tf.id} launched an air strike`, rule: '28.2(3)' },
          });
        const faceDown = tf.ships.filter((k) => isCarrierType(f.s.ships[k].type) && !f.s.ships[k].faceUp);
        if (faceDown.length)
          f.emit({
            type: 'coral.ship.revealed',
            data: { ships: faceDown, cause: `${tf.id} launched: its carriers are turned face up`, rule: '4.3, 27.1(4)' },
          });
      }
    }
  }
  if (moves.length) f.emit({ type: 'coral.air.launched', data: { side: 'ijn', moves, rule: '5.6 5a-c, 5a-d' } });
}

/** 5a1d-e: fighters to escort and CAP, then the strikes fly. */
export function runIjnFighters(f: AirFold, box: CoralBox, orders: readonly CoralOrder[]): void {
  const missions = (f.s.airMissions ?? []).filter((m) => m.side === 'ijn' && m.mission === 'strike');
  const seen: AirMove[] = [];
  const unseen: AirMove[] = [];
  for (const o of orders) {
    if (o.kind !== 'ijn-air-fighters') continue;
    const home = o.from as AirHome;
    const hex = homeHex(f.s, box, home);
    if (!hex) continue;
    const strike = missions.find((m) => m.from === home);
    const out = strike ? seen : unseen;
    let units = readyUnits(f.s, home, o.type);
    if (strike && o.escort > 0) {
      const escorts = take(units, o.escort);
      for (const { unit, strength } of escorts)
        out.push({
          id: unit.id,
          strength,
          to: {
            home,
            box: 'escort',
            flyingTo: strike.targetHex,
            target: strike.target,
            ...(strike.extended ? { extendedRange: true } : {}),
          },
        });
      units = units
        .map((u) => ({ ...u, strength: u.strength - (escorts.find((e) => e.unit.id === u.id)?.strength ?? 0) }))
        .filter((u) => u.strength > 0);
    }
    for (const { unit, strength } of take(units, o.cap)) out.push({ id: unit.id, strength, to: { home, box: 'cap', flyingTo: hex } });
  }
  if (seen.length) f.emit({ type: 'coral.air.launched', data: { side: 'ijn', moves: seen, rule: '5.6 5a1d' } });
  if (unseen.length) f.emit({ type: 'coral.air.launched', data: { side: 'ijn', moves: unseen, rule: '5.6 5a1d' }, visibleTo: ['ijn'] });
  const flights: AirMove[] = [];
  for (const u of f.s.air) {
    if (u.side !== 'ijn' || (u.box !== 'strike' && u.box !== 'escort') || !u.flyingTo || u.aborted) continue;
    const stop = stopHex(f.s, box, u.home as AirHome, u.flyingTo);
    if (stop !== u.flyingTo)
      flights.push({
        id: u.id,
        strength: u.strength,
        to: {
          home: u.home as AirHome,
          box: u.box,
          flyingTo: stop,
          ...(u.target ? { target: u.target } : {}),
          ...(u.extendedRange ? { extendedRange: true } : {}),
        },
      });
  }
  if (flights.length)
    f.emit({ type: 'coral.air.moved', data: { moves: flights, cause: 'USN CAP on the way stops the strike (5a1e)', rule: '21.2' } });
}

/** 21.2: the first hex of the flight from its carrier or base to the target where USN CAP flies, else the target hex. */
export function stopHex(s: CoralState, box: CoralBox, home: AirHome, target: string): string {
  const from = homeHex(s, box, home);
  if (!from) return target;
  const path = hexLine(boardFor(box).grid, from, target).slice(1);
  return path.find((h) => s.air.some((u) => u.side === 'usn' && u.box === 'cap' && u.flyingTo === h)) ?? target;
}
