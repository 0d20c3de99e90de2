/**
 * Where the map picture draws each zone, in map units (10 px each; src/mail/map-svg.ts): sea zones
 * and base-card sea zones as boxes, islands and base land zones as markers. Rabaul in the north-west
 * corner and New Caledonia in the south-east (S2: bases at opposite corners), the two island chains
 * with the Slot between them (S2). The board's own geometry is not public: every position is
 * reconstructed, and the picture's caption says the layout is schematic.
 */
import type { GuadalcanalBox, ZoneId } from './schema';
import { p, rec } from './provenance';

const WHY = 'schematic position chosen to draw the adjacency legibly; the board geometry is not public';

const at: Record<ZoneId, { x: number; y: number; labelAt?: 'right' | 'left' | 'above' | 'below' }> = {
  'Rabaul-Sea': { x: 8, y: 6 },
  A: { x: 26, y: 6 },
  B: { x: 44, y: 6 },
  C: { x: 64, y: 6 },
  E: { x: 90, y: 14 },
  L: { x: 8, y: 26 },
  F: { x: 40, y: 28 },
  D: { x: 72, y: 28 },
  M: { x: 20, y: 46 },
  G: { x: 52, y: 46 },
  H: { x: 72, y: 50 },
  I: { x: 26, y: 68 },
  J: { x: 50, y: 70 },
  K: { x: 92, y: 62 },
  'New-Caledonia-Sea': { x: 92, y: 84 },
  Rabaul: { x: 8, y: 16 },
  'New-Caledonia': { x: 92, y: 94 },
  Bougainville: { x: 24, y: 26, labelAt: 'below' },
  Choiseul: { x: 53, y: 19 },
  'Santa-Isabel': { x: 61, y: 35, labelAt: 'below' },
  Malaita: { x: 88, y: 38, labelAt: 'below' },
  'New-Georgia': { x: 36, y: 53, labelAt: 'below' },
  Guadalcanal: { x: 70, y: 60, labelAt: 'left' },
};

export const layout = Object.fromEntries(Object.entries(at).map(([z, xy]) => [z, p(xy, rec(WHY))])) as GuadalcanalBox['layout'];
