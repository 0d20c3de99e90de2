/**
 * Where everything on the report's map goes (map-svg.ts draws it): each side's style, the cells'
 * boxes and outlines, the places, their labels and the picture's size. The part that depends only
 * on the board's layout (cells, hex sheet, places, links) is computed once per layout and kept
 * (issue 33: maps at the cost of what changed); the labels' spots are kept per layout and label
 * sizes, since a label's size is all of the moment the placement reads. Deterministic.
 */

import type { BoardCell, BoardMap, MapPlace } from '../engine/board-view';
import { hexGrid } from '../games/kit/hex';
import { hexLayout, type Point } from '../games/kit/hex-picture';
import { type LabelSpot, placeLabels } from './map-labels';

const PALETTE = ['#c0392b', '#2c6fbb', '#27864a', '#8e44ad', '#b9770e', '#566573'];
/** The colour of an area or place nobody holds. */
export const NOBODY_COLOUR = '#7f8c8d';
export const SEA_COLOUR = '#d6e6f2';
export const SCALE = 10;
const AREA_W = 150;
const AREA_H = 112;
const HEADER_H = 20;
/** A hex's centre-to-corner and a square's side, in map units, unless the map says otherwise. */
const HEX_SIZE = 7;
const SQUARE_SIZE = 14;
export const LINE_H = 13;
export const MARGIN = 14;
/** The title and, under it, what moment of the game the map shows. */
const TITLE_H = 46;
const LEGEND_H = 74;
export const MARK_R = 13;
export const PLACE_LINE_H = 11;
const PLACE_LINE_CHARS = 30;
export const FONT = 'DejaVu Sans';

export interface SideStyle {
  readonly name: string;
  readonly short: string;
  readonly colour: string;
}

/**
 * Each side's name, letter and colour: the map's sides first (in their order), then any other
 * side met in the cells or places, sorted by name, in palette colours not yet taken.
 */
export function sideStyles(p: BoardMap): Map<string, SideStyle> {
  const out = new Map<string, SideStyle>();
  const taken = new Set<string>();
  for (const s of p.sides ?? []) {
    const colour = s.colour ?? PALETTE.find((c) => !taken.has(c)) ?? PALETTE[out.size % PALETTE.length];
    taken.add(colour);
    out.set(s.id, { name: s.name, short: s.short ?? s.name.slice(0, 1).toUpperCase(), colour });
  }
  const seen = new Set<string>();
  for (const a of p.cells) {
    if (a.control) seen.add(a.control);
    for (const u of [...a.units, ...(a.damage ?? [])]) seen.add(u.side);
  }
  for (const pl of p.places ?? []) {
    if (pl.owner) seen.add(pl.owner);
    for (const u of [...(pl.units ?? []), ...(pl.damage ?? [])]) seen.add(u.side);
  }
  for (const side of [...seen].filter((s) => !out.has(s)).sort()) {
    const colour = PALETTE.find((c) => !taken.has(c)) ?? PALETTE[out.size % PALETTE.length];
    taken.add(colour);
    out.set(side, { name: side, short: side.slice(0, 1).toUpperCase(), colour });
  }
  return out;
}

/** Where a cell goes, in pixels. */
export interface CellBox {
  readonly name: string;
  readonly kind: BoardCell['kind'];
  /** Top-left corner and size of its bounding box. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** An area's header band (its name on its controller's colour); 0 for hexes and squares. */
  readonly headerH: number;
  /** A hex's or square's outline, clockwise. */
  readonly corners?: readonly Point[];
  /** Centre of its battle marker, if it has one. */
  readonly mark?: { readonly x: number; readonly y: number };
}

export interface MapGeometry {
  readonly width: number;
  readonly height: number;
  /** In the order of the map's cells. */
  readonly cells: readonly CellBox[];
  /** The outlines of the sheet's hexes that are no cell (empty hexes), in pixels. */
  readonly emptyHexes: readonly (readonly Point[])[];
  readonly places: readonly { readonly name: string; readonly x: number; readonly y: number }[];
  /** Each place's label (its name, notes and units by type), in the order of the places: never two on each other. */
  readonly labels: readonly LabelSpot[];
  /** Top of the legend band. */
  readonly legendY: number;
  /** Pixels = map units × 10 + offset. */
  readonly offset: { readonly x: number; readonly y: number };
}

interface RawCell {
  readonly centre: Point;
  readonly w: number;
  readonly h: number;
  readonly corners?: readonly Point[];
}

/** Each cell's centre, size and outline before the picture is shifted into place; the empty hexes' outlines. */
function rawCells(p: BoardMap): { cells: RawCell[]; emptyHexes: Point[][] } {
  const areas = p.cells.filter((c) => c.kind === 'area');
  const columns = Math.max(1, Math.ceil(Math.sqrt(areas.length)));
  const hexes = hexPositions(p);
  const side = (p.squareSize ?? SQUARE_SIZE) * SCALE;
  const cells = p.cells.map((c): RawCell => {
    if (c.kind === 'hex') {
      const at = hexes.at.get(c.hex)!;
      return { centre: at.centre, w: at.w, h: at.h, corners: at.corners };
    }
    if (c.kind === 'square') {
      const [x0, y0] = [c.col * side, c.row * side];
      const corners = [
        { x: x0, y: y0 },
        { x: x0 + side, y: y0 },
        { x: x0 + side, y: y0 + side },
        { x: x0, y: y0 + side },
      ];
      return { centre: { x: x0 + side / 2, y: y0 + side / 2 }, w: side, h: side, corners };
    }
    const i = areas.indexOf(c);
    const gx = AREA_W / 2 + (i % columns) * (AREA_W + 30);
    const gy = AREA_H / 2 + Math.floor(i / columns) * (AREA_H + 40);
    return { centre: { x: c.x !== undefined ? c.x * SCALE : gx, y: c.y !== undefined ? c.y * SCALE : gy }, w: AREA_W, h: AREA_H };
  });
  return { cells, emptyHexes: hexes.empty };
}

/** The hex cells' places from the kit's layout of the whole sheet (so a hex sits where it does whatever else is drawn). */
function hexPositions(p: BoardMap): { at: Map<string, RawCell>; empty: Point[][] } {
  const cellHexes = p.cells.flatMap((c) => (c.kind === 'hex' ? [c.hex] : []));
  if (!cellHexes.length) return { at: new Map(), empty: [] };
  if (!p.hexGrid) throw new Error(`a map with hex cells needs its hexGrid (cell ${cellHexes[0]})`);
  const sheet = [...new Set([...(p.hexGrid.hexes ?? []), ...cellHexes])];
  const layout = hexLayout(hexGrid(p.hexGrid), sheet, (p.hexGrid.size ?? HEX_SIZE) * SCALE);
  const at = new Map<string, RawCell>();
  for (const cell of layout.cells) {
    const xs = cell.corners.map((c) => c.x);
    const ys = cell.corners.map((c) => c.y);
    at.set(cell.id, {
      centre: cell.centre,
      w: Math.max(...xs) - Math.min(...xs),
      h: Math.max(...ys) - Math.min(...ys),
      corners: cell.corners,
    });
  }
  const used = new Set(cellHexes);
  return { at, empty: layout.cells.filter((c) => !used.has(c.id)).map((c) => [...c.corners]) };
}

/** What a board's layout alone decides: its cells' raw places and outlines, its places' spots, the boxes labels keep out of. */
interface Layout {
  readonly raw: { readonly cells: readonly RawCell[]; readonly emptyHexes: readonly (readonly Point[])[] };
  readonly rawPlaces: readonly { readonly name: string; readonly x: number; readonly y: number }[];
  readonly keepOut: readonly { x: number; y: number; w: number; h: number }[];
  /** Label spots by the labels' sizes (map-labels.ts reads nothing else of the moment). */
  readonly labels: Map<string, LabelSpot[]>;
  /** Drawn pieces of the static board (map-svg.ts), by where the picture puts the board. */
  readonly drawn: Map<string, string>;
}

/** Layouts by their key; a handful of games' boards at a time, so a small bound is plenty. */
const layouts = new Map<string, Layout>();
const KEEP = 64;
/** The layout of a board object already met (a picture reads it more than once: geometry, then drawing). */
let layoutByMap = new WeakMap<BoardMap, Layout>();

/** Keeps a value, forgetting the oldest once the map holds KEEP. */
export function remember<V>(m: Map<string, V>, key: string, value: V): void {
  if (m.size >= KEEP) m.delete(m.keys().next().value!);
  m.set(key, value);
}

/** Everything of a board that does not depend on the moment: its cells' kinds and spots, its hex sheet, places and links. */
function layoutKey(p: BoardMap): string {
  return JSON.stringify([
    p.cells.map((c) => [c.kind, c.name, c.kind === 'hex' ? c.hex : c.kind === 'square' ? [c.col, c.row] : [c.x, c.y]]),
    p.hexGrid ?? null,
    p.squareSize ?? null,
    (p.places ?? []).map((pl) => [pl.name, pl.x, pl.y, pl.touches, pl.labelAt]),
    (p.links ?? []).map((l) => [l.a, l.b, l.via ?? null]),
    p.placeLinks ?? null,
  ]);
}

/** The board's layout, computed the first time it is met and kept. */
export function layoutOf(p: BoardMap): Layout {
  const met = layoutByMap.get(p);
  if (met) return met;
  const key = layoutKey(p);
  const known = layouts.get(key);
  if (known) {
    layoutByMap.set(p, known);
    return known;
  }
  const raw = rawCells(p);
  const centres = new Map(p.cells.map((c, i) => [c.name, raw.cells[i].centre]));
  const placeAt = (pl: MapPlace): { x: number; y: number } => {
    if (pl.x !== undefined && pl.y !== undefined) return { x: pl.x * SCALE, y: pl.y * SCALE };
    const at = pl.touches.map((t) => centres.get(t)).filter((c): c is Point => !!c);
    if (at.length === 0) return { x: 0, y: 0 };
    const x = at.reduce((s, c) => s + c.x, 0) / at.length;
    const y = at.reduce((s, c) => s + c.y, 0) / at.length;
    // a place touching one area sits under its box
    return at.length === 1 ? { x: x - AREA_W / 2 + 10, y: y + AREA_H / 2 + 12 } : { x, y };
  };
  const rawPlaces = (p.places ?? []).map((pl) => ({ name: pl.name, ...placeAt(pl) }));
  const layout: Layout = {
    raw,
    rawPlaces,
    keepOut: raw.cells.map((c) => ({ x: c.centre.x - c.w / 2, y: c.centre.y - c.h / 2, w: c.w, h: c.h })),
    labels: new Map(),
    drawn: new Map(),
  };
  remember(layouts, key, layout);
  layoutByMap.set(p, layout);
  return layout;
}

/** The geometry of a board object already met: a report's picture reads it twice (its size, then the drawing). */
let geometryByMap = new WeakMap<BoardMap, MapGeometry>();

/** Where everything goes, in pixels: what the SVG draws and what tests measure the PNG by. */
export function mapGeometry(p: BoardMap): MapGeometry {
  let g = geometryByMap.get(p);
  if (!g) {
    g = measure(p);
    geometryByMap.set(p, g);
  }
  return g;
}

function measure(p: BoardMap): MapGeometry {
  const layout = layoutOf(p);
  const { raw, rawPlaces } = layout;
  const styles = sideStyles(p);
  // each place's label: its name and notes, then its units by type, placed where it overlaps no other (map-labels.ts)
  const toPlace = (p.places ?? []).map((pl, i) => {
    const texts = labelLines(p, pl, styles).map((l) => l.text);
    return {
      at: rawPlaces[i],
      w: Math.max(...texts.map((t) => textWidth(t, 10))),
      h: texts.length * PLACE_LINE_H + 3,
      prefer: pl.labelAt ?? 'right',
    };
  });
  const sizes = toPlace.map((l) => `${l.w}x${l.h}${l.prefer}`).join(' ');
  let rawLabels = layout.labels.get(sizes);
  if (!rawLabels) {
    rawLabels = placeLabels(toPlace, layout.keepOut, PLACE_LINE_H);
    remember(layout.labels, sizes, rawLabels);
  }
  const emptyCorners = raw.emptyHexes.flat();
  const xs = [
    ...raw.cells.flatMap((c) => [c.centre.x - c.w / 2, c.centre.x + c.w / 2]),
    ...emptyCorners.map((c) => c.x),
    ...rawPlaces.map((q) => q.x),
    ...rawLabels.flatMap((b) => [b.x, b.x + b.w]),
  ];
  const ys = [
    ...raw.cells.flatMap((c) => [c.centre.y - c.h / 2, c.centre.y + c.h / 2]),
    ...emptyCorners.map((c) => c.y),
    ...rawPlaces.map((q) => q.y),
    ...rawLabels.flatMap((b) => [b.y, b.y + b.h]),
  ];
  const minX = Math.min(...xs, 0);
  const minY = Math.min(...ys, 0);
  const dx = MARGIN - minX;
  const dy = MARGIN + TITLE_H - minY;
  const width = Math.round(Math.max(...xs, 0) + dx + MARGIN);
  const legendY = Math.round(Math.max(...ys, 0) + dy + MARGIN);
  const shift = (c: Point): Point => ({ x: r(c.x + dx), y: r(c.y + dy) });
  const cells = p.cells.map((a, i): CellBox => {
    const c = raw.cells[i];
    const x = Math.round(c.centre.x - c.w / 2 + dx);
    const y = Math.round(c.centre.y - c.h / 2 + dy);
    return {
      name: a.name,
      kind: a.kind,
      x,
      y,
      w: Math.round(c.w),
      h: Math.round(c.h),
      headerH: a.kind === 'area' ? HEADER_H : 0,
      ...(c.corners ? { corners: c.corners.map(shift) } : {}),
      // an area's mark on its top right corner; a hex's or square's on its top edge, right of the name
      ...(a.battle
        ? { mark: a.kind === 'area' ? { x: x + Math.round(c.w) - 4, y: y - 2 } : { x: x + Math.round(c.w * 0.75), y: y + 4 } }
        : {}),
    };
  });
  return {
    width: Math.max(width, 640),
    height: legendY + LEGEND_H,
    cells,
    emptyHexes: raw.emptyHexes.map((h) => h.map(shift)),
    places: rawPlaces.map((q) => ({ name: q.name, x: Math.round(q.x + dx), y: Math.round(q.y + dy) })),
    labels: rawLabels.map((b) => ({ x: r(b.x + dx), y: r(b.y + dy), w: b.w, h: b.h, moved: b.moved })),
    legendY,
    offset: { x: dx, y: dy },
  };
}

/** A rough width of text in DejaVu Sans Condensed, for wrapping and room: ~0.56 em a character. */
export function textWidth(s: string, size: number): number {
  return Math.ceil(s.length * size * 0.56);
}

/** A place's name, with its damage and markers: its units are listed under it (labelLines). */
function placeLabel(pl: MapPlace, styles: Map<string, SideStyle>): string {
  const notes = placeNotes(pl, styles);
  return notes.length ? `${pl.name} [${notes.join('; ')}]` : pl.name;
}

/** Every line of a place's label: its name, then each side's units by type (issue 28: types in port as at sea). */
export function labelLines(p: BoardMap, pl: MapPlace, styles: Map<string, SideStyle>): { side: string | null; text: string }[] {
  return [{ side: null, text: placeLabel(pl, styles) }, ...placeUnitLines(p, pl, styles)];
}

/** A place's damage and markers, as words: "damaged 1 DD", "airfield JP", "1 slot free". */
function placeNotes(pl: MapPlace, styles: Map<string, SideStyle>): string[] {
  const damage = (pl.damage ?? []).map(
    (u) => `damaged ${pl.owner === u.side ? '' : `${styles.get(u.side)?.short ?? u.side}: `}${u.label ?? u.count}`,
  );
  return [...damage, ...(pl.markers ?? [])];
}

/** Each side's units in a place, a line each ("JP: 2 INF, 1 ART"), long lists wrapped. */
function placeUnitLines(_p: BoardMap, pl: MapPlace, styles: Map<string, SideStyle>): { side: string; text: string }[] {
  return (pl.units ?? []).flatMap((u) =>
    wrap(`${styles.get(u.side)?.short ?? u.side}: ${u.label ?? `${u.count}`}`, PLACE_LINE_CHARS).map((text, i) => ({
      side: u.side,
      text: i ? `   ${text}` : text,
    })),
  );
}

/** Lines of at most `width` characters, broken after the commas or semicolons of a list ("2 CV, 1 BB; aboard 2 FTR"). */
export function wrap(text: string, width: number): string[] {
  const parts = text.split(/(?<=[,;]) /);
  const lines: string[] = [];
  let line = '';
  for (const p of parts) {
    if (line && line.length + 1 + p.length > width) {
      lines.push(line);
      line = p;
    } else line = line ? `${line} ${p}` : p;
  }
  if (line) lines.push(line);
  return lines;
}

export const r = (n: number) => Math.round(n * 10) / 10;

/** Forgets every kept layout: for the bench's full-redraw figure and the tests that compare with it. */
export function forgetLayouts(): void {
  layouts.clear();
  layoutByMap = new WeakMap();
  geometryByMap = new WeakMap();
}
