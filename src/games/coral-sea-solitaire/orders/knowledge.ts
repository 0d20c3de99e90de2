/**
 * What the orders read of a position, in one place: the box the game plays with, its board, the
 * USN's own forces, and the few facts about the IJN the USN may see (task-force markers, their
 * identified side, face-up ships: 27.1, 28.1). Nothing here reads a face-down ship or a
 * submarine's counter, so what the orders answer cannot leak them (27).
 */
import { withoutProvenance } from '../../../engine/box';
import { type Board, boardOf, type CoralBox, defaultBox, IJN_TFS } from '../box';
import type { AirUnitState, CoralState, ShipKey, ShipState, StaffSlots, TaskForceState } from '../types';

/** The box the game plays with: the state's own when the setup keeps one there, else the default box. */
export function boxOf(s: CoralState): CoralBox {
  return (s as CoralState & { readonly box?: CoralBox }).box ?? defaultBox;
}

const boards = new WeakMap<CoralBox, Board>();
/** The box's hex map (built once per box). */
export function boardFor(s: CoralState): Board {
  const box = boxOf(s);
  let b = boards.get(box);
  if (!b) {
    b = boardOf(box);
    boards.set(box, b);
  }
  return b;
}

/** Plain values of the box parts the orders need. */
export interface PlainBits {
  readonly places: Readonly<Record<string, string>>;
  readonly tfMarkers: readonly string[];
  readonly costs: Readonly<Record<string, { slot: keyof StaffSlots; cost: number }>>;
  readonly usnRanges: Readonly<Record<string, number>>;
  readonly cpPerDay: number;
}

const plain = new WeakMap<CoralBox, PlainBits>();
export function bitsOf(s: CoralState): PlainBits {
  const box = boxOf(s);
  let b = plain.get(box);
  if (!b) {
    const p = withoutProvenance<{
      map: { places: Record<string, string> };
      setup: { usn: { tfMarkers: string[] } };
      commandMissions: Record<string, { slot: keyof StaffSlots; cost: number }>;
      airRanges: { usn: Record<string, number> };
      constants: { cpPerDay: number };
    }>(box);
    b = {
      places: p.map.places,
      tfMarkers: p.setup.usn.tfMarkers,
      costs: p.commandMissions,
      usnRanges: p.airRanges.usn,
      cpPerDay: p.constants.cpPerDay,
    };
    plain.set(box, b);
  }
  return b;
}

/** A ship's printed id without its side (`usn:CV-2` → `CV-2`). */
export const idOf = (key: string): string => key.replace(/^(usn|ijn):/, '');
export const usnKey = (id: string): ShipKey => `usn:${id}`;

/** USN task forces in play (on the map, not gone). */
export function usnTaskForces(s: CoralState): TaskForceState[] {
  // sorted by id: stored state keeps no key order (JSONB)
  return Object.keys(s.taskForces)
    .sort()
    .map((id) => s.taskForces[id])
    .filter((tf) => tf.side === 'usn' && tf.hex !== null && !tf.gone);
}

/** IJN task forces whose markers are on the map (the USN sees every marker, 27.1(1), 28.1). */
export function ijnMarkers(s: CoralState): TaskForceState[] {
  return IJN_TFS.map((id) => s.taskForces[id]).filter((tf): tf is TaskForceState => !!tf && tf.hex !== null && !tf.gone);
}

export function shipOf(s: CoralState, key: string): ShipState | undefined {
  return s.ships[key as ShipKey];
}

/** Ships still afloat and fighting (not sunk or crippled, 6.3). */
export const afloat = (ship: ShipState | undefined): boolean => !!ship && ship.status !== 'sunk' && ship.status !== 'crippled';

/** The USN TF a ship sails in, if any. */
export function tfOfShip(s: CoralState, key: string): TaskForceState | undefined {
  return Object.values(s.taskForces).find((tf) => tf.ships.includes(key as ShipKey));
}

/** USN carriers in play (CV/CVL afloat in a TF on the map). */
export function usnCarriers(s: CoralState): ShipState[] {
  return usnTaskForces(s)
    .flatMap((tf) => tf.ships.map((k) => s.ships[k]))
    .filter((ship) => afloat(ship) && (ship.type === 'CV' || ship.type === 'CVL'));
}

/** USN air units at an origin (a carrier's ShipKey or a base). */
export function airAt(s: CoralState, home: string): AirUnitState[] {
  return s.air.filter((a) => a.side === 'usn' && a.home === home);
}

/** Squadrons of each type in a box at an origin. */
export function squadrons(s: CoralState, home: string, box: AirUnitState['box'] = 'ready'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of airAt(s, home)) if (a.box === box) out[a.type] = (out[a.type] ?? 0) + a.strength;
  return out;
}

/** The hex of a USN origin: a carrier's TF hex, or a base's place. */
export function hexOfOrigin(s: CoralState, home: string): string | null {
  if (home.startsWith('usn:')) return tfOfShip(s, home)?.hex ?? null;
  return bitsOf(s).places[home] ?? null;
}

/** USN bases (3.1) as the places they stand on. */
export const USN_BASES = ['Port-Moresby', 'North-Australia', 'South-Australia', 'New-Caledonia'] as const;

/** 9a2: a TF at sea is one not in a USN base hex (a reading: ships in port need no refuelling). */
export function atSea(s: CoralState, tf: TaskForceState): boolean {
  const places = bitsOf(s).places;
  return tf.hex !== null && !USN_BASES.some((b) => places[b] === tf.hex);
}

/** The CP a day's allocation may share out (7.2): the box's CP a day less the day's command foul-up (RE 5, core.foulUp). */
export function dayCp(s: CoralState): number {
  return Math.max(0, bitsOf(s).cpPerDay - (s.core?.foulUp ?? 0));
}
