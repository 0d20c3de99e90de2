/**
 * Where the report's map draws VITP's sea areas, ports and bases: a schematic layout of the
 * project's own, west to east and north to south so it reads like the Pacific. The published
 * mapboard's geometry is not public (box/map.ts); only the areas, their adjacency and which areas a
 * place touches come from the box data, and the map's caption says the layout is schematic.
 * Positions are in map units (10 px each) of the area boxes' centres and of the place markers.
 */
import type { MapPlace } from '../../engine/board-view';

export const MAP_NOTE =
  "Schematic layout drawn by the umpire from the game box's sea areas, connections, ports and bases: not the published VITP mapboard.";

const col = (c: number) => 8 + 18 * c;
const row = (r: number) => 6 + 16 * r;

export const AREA_AT: Readonly<Record<string, { readonly x: number; readonly y: number }>> = {
  'Aleutian Islands': { x: col(1), y: row(0) },
  'North Pacific Ocean': { x: col(3), y: row(0) },
  'Japanese Islands': { x: col(1), y: row(1) },
  'Marianas Islands': { x: col(2), y: row(1) },
  'Central Pacific Ocean': { x: col(3), y: row(1) },
  'Hawaiian Islands': { x: col(4), y: row(1) },
  'Bay of Bengal': { x: col(0), y: row(2) },
  Indonesia: { x: col(1), y: row(2) },
  'Marshall Islands': { x: col(3), y: row(2) },
  'U.S. Mandate': { x: col(4), y: row(2) },
  'Indian Ocean': { x: col(0.5), y: row(3) },
  'South Pacific Ocean': { x: col(2), y: row(3) },
  'Coral Sea': { x: col(3.5), y: row(3) },
};

/** Links that would cross a box drawn straight: a control point to bend them around it. */
export const LINK_VIA: Readonly<Record<string, { readonly x: number; readonly y: number }>> = {
  'Coral Sea|Indian Ocean': { x: (col(0.5) + col(3.5)) / 2, y: row(3) + 20 },
  'South Pacific Ocean|U.S. Mandate': { x: col(3) + 1, y: row(2.75) },
  'Japanese Islands|North Pacific Ocean': { x: col(2), y: row(0.3) },
};

export const linkKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

type LabelAt = NonNullable<MapPlace['labelAt']>;

/** Marker positions: in the gap between the areas a place touches, or beside its one area's box. */
export const PLACE_AT: Readonly<Record<string, { readonly x: number; readonly y: number; readonly labelAt?: LabelAt }>> = {
  // ports
  'Pearl Harbor': { x: col(4) - 7, y: row(1.5) - 0.3 },
  'Yokosuka Navy Yard': { x: col(1) - 10, y: row(1), labelAt: 'left' },
  Truk: { x: col(2), y: row(2) },
  Saigon: { x: col(1) - 2, y: row(2.5) },
  Singapore: { x: col(0.5), y: row(2) - 2, labelAt: 'below' },
  Australia: { x: col(1.6), y: row(3) + 9.2 },
  Ceylon: { x: col(0) - 7, y: row(2.5) },
  Samoa: { x: col(3.35), y: row(2.5) - 1, labelAt: 'below' },
  // bases
  Philippines: { x: col(1.5), y: row(1.5) },
  Lae: { x: col(1.5), y: row(2.5) },
  'Port Moresby': { x: col(2.4), y: row(3) + 9.2 },
  Guadalcanal: { x: col(2.75), y: row(3) + 2, labelAt: 'below' },
  'Johnston Island': { x: col(4) - 2, y: row(0.5) + 0.6 },
  Attu: { x: col(2), y: row(0), labelAt: 'below' },
  'Dutch Harbor': { x: col(1) - 7, y: row(0.5) },
  Midway: { x: col(3) - 7, y: row(0.5) },
  'Wake Island': { x: col(3) - 7, y: row(1.5) },
  Guam: { x: col(2) + 3, y: row(0.5) + 0.6 },
  'Iwo Jima': { x: col(1.5), y: row(1) - 2, labelAt: 'below' },
  Kwajalein: { x: col(3) - 9, y: row(2) + 4, labelAt: 'left' },
  Tarawa: { x: col(3.5), y: row(2) - 2, labelAt: 'below' },
  'Espiritu Santo': { x: col(4) - 4.5, y: row(2.5) + 0.6 },
};
