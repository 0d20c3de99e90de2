/**
 * What the orders read of a position, in one place, on core's state helpers (../state.ts): the
 * box's places and costs, the USN's own forces, its ready squadrons, which TFs are at sea. The IJN
 * is read only through the USN's view (./names.ts, ../fog.ts), so nothing the orders answer can
 * tell a face-down ship or a submarine's counter (27).
 */
import { type AirBox, type CoralState, type ShipState, type StaffSlots, type TaskForceState } from '../types';
import { maxUsnScreen } from '../rules/surface';
import { bookOf } from '../rules/surface/forces';
import { baseAt, boardFor, carriersOf, hexOf, taskForcesOf } from '../state';

export { boardFor };

/** A USN ship's key from its counter id, as orders name it (`CV-2` → `usn:CV-2`). */
export const usnKey = (id: string): `usn:${string}` => `usn:${id}`;
/** A counter id without its side (`usn:CV-2` → `CV-2`). */
export const idOf = (key: string): string => key.replace(/^(usn|ijn):/, '');
/** An air unit's home as orders name it (a carrier by counter id, a base by name) → the state's (`usn:CV-1`, `Port-Moresby`). */
export const homeOf = (origin: string): string => (/^[A-Z]+-\d+$/.test(origin) ? usnKey(origin) : origin);

/** USN task forces on the map, by id (stored state keeps no key order: core's state helpers sort). */
export const usnTaskForces = (s: CoralState): TaskForceState[] => taskForcesOf(s, 'usn');

/** USN carriers live in a TF on the map, by counter id order. */
export const usnCarriers = (s: CoralState): ShipState[] => carriersOf(s, 'usn').sort((a, b) => (a.id < b.id ? -1 : 1));

/** Squadrons of each type in one box at an origin (a carrier's counter id or a base). */
export function squadrons(s: CoralState, origin: string, box: AirBox = 'ready'): Record<string, number> {
  const home = homeOf(origin);
  const out: Record<string, number> = {};
  for (const a of s.air) if (a.side === 'usn' && a.home === home && a.box === box) out[a.type] = (out[a.type] ?? 0) + a.strength;
  return out;
}

/** The origins of USN air: carriers (counter id) and bases, in that order. */
export function usnOrigins(s: CoralState): string[] {
  const homes = [...new Set(s.air.filter((a) => a.side === 'usn').map((a) => a.home as string))];
  return [...homes.filter((h) => h.startsWith('usn:')).sort(), ...homes.filter((h) => !h.startsWith('usn:')).sort()].map(idOf);
}

/** The hex of a USN origin: a carrier's TF hex, or a base's; null when not on the map. */
export function hexOfOrigin(s: CoralState, origin: string): string | null {
  const home = homeOf(origin);
  if (home.startsWith('usn:')) return Object.values(s.taskForces).find((tf) => tf.ships.includes(home as `usn:${string}`))?.hex ?? null;
  return home in s.box.bases ? hexOf(s.box, home) : null;
}

/** A USN origin in play: a live carrier in a TF on the map, or a USN base. */
export function isUsnOrigin(s: CoralState, origin: string): boolean {
  const home = homeOf(origin);
  if (home.startsWith('usn:')) return usnCarriers(s).some((c) => c.key === home);
  return home in s.box.bases && s.box.bases[home as keyof CoralState['bases']].side.value === 'usn';
}

/** 9a2: at sea is not in a hex of a USN base (core's logistics reads it the same way). */
export function atSea(s: CoralState, tf: TaskForceState): boolean {
  if (tf.hex === null) return false;
  const base = baseAt(s.box, tf.hex);
  return base === undefined || s.box.bases[base].side.value !== 'usn';
}

/** The CP the day's command phase shares out (7.2: 20, less a foul-up, 36 result 5). */
export const dayCp = (s: CoralState): number => Math.max(0, s.box.constants.cpPerDay.value - s.core.foulUp);

/** The box's place names and their hexes. */
export const placeHex = (s: CoralState, place: string): string => hexOf(s.box, place);

/** A command mission's slot and cost (the box's USN Command Missions Chart). */
export function missionCost(s: CoralState, mission: string): { slot: keyof StaffSlots; cost: number } | undefined {
  const m = s.box.commandMissions[mission];
  return m ? { slot: m.slot, cost: m.cost.value } : undefined;
}

/** 33.1 SCREEN MAX: the most USN ships the surface battle waiting on the USN lets it screen (the surface rules' count), by counter id. */
export function mostScreened(s: CoralState): string[] {
  const pending = bookOf(s).pending;
  if (!pending) return [];
  return maxUsnScreen(s, s.box, pending.hex, pending.attacker, pending.ijnScreened).map((k) => s.ships[k].id);
}
