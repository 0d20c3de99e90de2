/** Reading the position: pieces, zones, attack values, distances (MOV, ATK.1, REG). */
import { distance } from './box';
import type { Category, IslandId, UnitType, ZoneId } from './box';
import type { GSide, GState, Piece, PieceType } from './types';

export const LAND: readonly PieceType[] = ['INF', 'ART', 'AA'];
export const SEA: readonly PieceType[] = ['TR', 'SS', 'DD', 'CA', 'CV', 'BB', 'PT'];
export const AIR: readonly PieceType[] = ['BMR', 'FTR'];
export const CARGO: readonly PieceType[] = ['INF', 'ART', 'AA', 'SUP'];

export const isLand = (p: Piece) => LAND.includes(p.type);
export const isSea = (p: Piece) => SEA.includes(p.type);
export const isAir = (p: Piece) => AIR.includes(p.type);

export const piece = (s: GState, id: string): Piece | undefined => s.pieces.find((p) => p.id === id);
export const own = (s: GState, side: GSide) => s.pieces.filter((p) => p.side === side);
export const cargoOf = (s: GState, ship: string) => s.pieces.filter((p) => p.on === ship);

export const zoneKind = (s: GState, z: ZoneId) => s.box.zones[z].kind;
export const isIsland = (s: GState, z: ZoneId): z is IslandId => zoneKind(s, z) === 'island';
export const isSeaZone = (s: GState, z: ZoneId) => zoneKind(s, z) === 'sea' || zoneKind(s, z) === 'base-sea';
export const adjacentZones = (s: GState, z: ZoneId): readonly ZoneId[] => s.box.zones[z].adjacent;

/** The base card zones of a side (components: a land zone and a sea zone). */
export function baseOf(s: GState, side: GSide): { land: ZoneId; sea: ZoneId } {
  const zones = Object.keys(s.box.zones).sort() as ZoneId[];
  const find = (kind: string) => zones.find((z) => s.box.zones[z].kind === kind && (s.box.zones[z] as { side?: string }).side === side)!;
  return { land: find('base-land'), sea: find('base-sea') };
}

/** The other side's base zones: never entered (reading: each base is its side's launch point). */
export function enemyBase(s: GState, side: GSide, z: ZoneId): boolean {
  const k = s.box.zones[z] as { kind: string; side?: string };
  return (k.kind === 'base-land' || k.kind === 'base-sea') && k.side !== side;
}

export function attackOf(s: GState, type: PieceType, cat: Category): number {
  if (type === 'SUP') return 0;
  // ADV.pt-boats: the PT boat token has 1 sea attack power
  if (type === 'PT') return cat === 'sea' ? 1 : 0;
  return s.box.units[type].attack[cat];
}

export function costOf(s: GState, type: PieceType): number {
  return type === 'SUP' ? s.box.supplyToken.cost : type === 'PT' ? 0 : s.box.units[type].cost;
}

export const unitName: Record<PieceType, string> = {
  INF: 'infantry',
  ART: 'artillery',
  AA: 'antiaircraft gun',
  TR: 'transport',
  SS: 'submarine',
  DD: 'destroyer',
  CA: 'cruiser',
  CV: 'aircraft carrier',
  BB: 'battleship',
  BMR: 'bomber',
  FTR: 'fighter',
  SUP: 'supply token',
  PT: 'PT boat',
};

/** Air moves per phase: bombers 3, fighters 2 (UNIT, MOV.7, MOV.8); 3 for a side's fighters under Superior Fighters. */
export function airRange(s: GState, type: UnitType, side?: GSide): number {
  const superior = type === 'FTR' && s.active.some((a) => a.side === side && a.advantage === 'superior-fighters');
  return superior ? SUPERIOR_FIGHTER_RANGE : s.box.units[type].move;
}

/** ADV.superior-fighters: fighters move up to 3 zones in Movement and Regroup that turn. */
const SUPERIOR_FIGHTER_RANGE = 3;

export const airDistance = (s: GState, a: ZoneId, b: ZoneId) => distance(s.box.zones, a, b, 'air');

/** Sea units move 1 sea zone (MOV): a neighbouring sea zone, never an enemy base card. */
export function seaMoves(s: GState, side: GSide, from: ZoneId): ZoneId[] {
  return adjacentZones(s, from).filter((z) => isSeaZone(s, z) && !enemyBase(s, side, z));
}

/** Pieces in a zone on the board (not in a damaged area), cargo included unless `free`. */
export function inZone(s: GState, z: ZoneId, side?: GSide): Piece[] {
  return s.pieces.filter((p) => p.zone === z && (side === undefined || p.side === side));
}

/** Units that count as present for combat in a zone: not cargo aboard a ship (fighters on carriers do count). */
export function combatants(s: GState, z: ZoneId, side: GSide): Piece[] {
  return inZone(s, z, side).filter((p) => p.type !== 'SUP' && (p.on === null || p.type === 'FTR'));
}

export function islandsControlled(s: GState, side: GSide): number {
  return Object.values(s.control).filter((c) => c === side).length;
}

export function cargoSpaces(s: GState, type: PieceType): number {
  return type === 'SUP' || type === 'PT' ? 0 : s.box.units[type].cargoSpaces;
}
