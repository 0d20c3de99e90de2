/**
 * The report's map as a picture, for any game's board view (src/engine/board-view.ts): area cells
 * as boxes (header and border in the controlling side's colour), hex cells as hexagons where the
 * kit's hex layout puts them (src/games/kit/hex-picture.ts; every hex of the sheet outlined),
 * square cells as squares; the links between cells, ports and bases in their owner's colour, each
 * side's units by type, markers and damage in each cell, battles marked. Drawn as SVG here and
 * turned into a PNG by map-png.ts, because many mail clients show no inline SVG. Nothing here
 * knows a game: the view supplies the cells (with positions where it has them; areas without are
 * laid out on a grid), the links, the places, the sides' names and colours and a caption.
 * Deterministic: the same map gives the same bytes.
 */

import type { BoardCell, BoardMap, MapBattle, MapPlace, MapUnitCount } from '../engine/board-view';
import { hexGrid } from '../games/kit/hex';
import { hexLayout, type Point } from '../games/kit/hex-picture';
import { type LabelSpot, placeLabels } from './map-labels';

const PALETTE = ['#c0392b', '#2c6fbb', '#27864a', '#8e44ad', '#b9770e', '#566573'];
/** The colour of an area or place nobody holds. */
export const NOBODY_COLOUR = '#7f8c8d';
export const SEA_COLOUR = '#d6e6f2';
/** Battle markers: the battle being fought, combat still due, combat done this turn. */
export const BATTLE_COLOURS: Readonly<Record<MapBattle, string>> = { now: '#ff7a00', due: '#ffd23f', fought: '#b3b3b3' };

const SCALE = 10;
const AREA_W = 150;
const AREA_H = 112;
const HEADER_H = 20;
/** A hex's centre-to-corner and a square's side, in map units, unless the map says otherwise. */
const HEX_SIZE = 7;
const SQUARE_SIZE = 14;
const LINE_H = 13;
const MARGIN = 14;
/** The title and, under it, what moment of the game the map shows. */
const TITLE_H = 46;
const LEGEND_H = 74;
const MARK_R = 13;
const PLACE_LINE_H = 11;
const PLACE_LINE_CHARS = 30;
const FONT = 'DejaVu Sans';

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

/** Where everything goes, in pixels: what the SVG draws and what tests measure the PNG by. */
export function mapGeometry(p: BoardMap): MapGeometry {
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
  const styles = sideStyles(p);
  // each place's label: its name and notes, then its units by type, placed where it overlaps no other (map-labels.ts)
  const rawLabels = placeLabels(
    (p.places ?? []).map((pl, i) => {
      const texts = labelLines(p, pl, styles).map((l) => l.text);
      return {
        at: rawPlaces[i],
        w: Math.max(...texts.map((t) => textWidth(t, 10))),
        h: texts.length * PLACE_LINE_H + 3,
        prefer: pl.labelAt ?? 'right',
      };
    }),
    raw.cells.map((c) => ({ x: c.centre.x - c.w / 2, y: c.centre.y - c.h / 2, w: c.w, h: c.h })),
    PLACE_LINE_H,
  );
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
function textWidth(s: string, size: number): number {
  return Math.ceil(s.length * size * 0.56);
}

/**
 * The map as SVG; `moment` says under the title what it shows (issue 28): the step it is drawn for
 * and when (`as Allied patrol movement (5.21) begins`, `at the end of the game`).
 */
export function renderMapSvg(p: BoardMap, title = 'Map', moment?: string): string {
  const styles = sideStyles(p);
  const g = mapGeometry(p);
  const colourOf = (side: string | null | undefined) => (side ? (styles.get(side)?.colour ?? NOBODY_COLOUR) : NOBODY_COLOUR);
  const box = new Map(g.cells.map((b) => [b.name, b]));
  const centre = (cell: string) => {
    const b = box.get(cell);
    return b ? { x: b.x + b.w / 2, y: b.y + b.h / 2 } : null;
  };
  const { x: dx, y: dy } = g.offset;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${g.height}" viewBox="0 0 ${g.width} ${g.height}" font-family="${FONT}" font-stretch="condensed" font-size="11">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${g.width}" height="${g.height}" fill="${SEA_COLOUR}"/>`,
    `<text x="${MARGIN}" y="${MARGIN + 12}" font-size="15" font-weight="bold" fill="#1b2631">${esc(title)}</text>`,
    ...(moment ? [`<text x="${MARGIN}" y="${MARGIN + 30}" font-size="12" fill="#1b2631">${esc(moment)}</text>`] : []),
  ];
  if (g.emptyHexes.length) {
    parts.push(`<g fill="#ffffff" fill-opacity="0.5" stroke="#9fb3c8" stroke-width="1">`);
    for (const corners of g.emptyHexes) parts.push(`<polygon points="${pointsOf(corners)}"/>`);
    parts.push('</g>');
  }
  // connections under the cells
  parts.push(`<g stroke="#4f6f8f" stroke-width="2.5" fill="none" stroke-linecap="round">`);
  for (const l of p.links ?? []) {
    const a = centre(l.a);
    const b = centre(l.b);
    if (!a || !b) continue;
    parts.push(
      l.via
        ? `<path d="M${a.x} ${a.y} Q${r(l.via.x * SCALE + dx)} ${r(l.via.y * SCALE + dy)} ${b.x} ${b.y}"/>`
        : `<path d="M${a.x} ${a.y} L${b.x} ${b.y}"/>`,
    );
  }
  parts.push('</g>');
  if (p.placeLinks) {
    parts.push(`<g stroke="#6b8e23" stroke-width="1.5" stroke-dasharray="4 3" fill="none">`);
    for (const [i, pl] of (p.places ?? []).entries()) {
      for (const t of pl.touches) {
        const c = centre(t);
        if (c) parts.push(`<path d="M${g.places[i].x} ${g.places[i].y} L${c.x} ${c.y}"/>`);
      }
    }
    parts.push('</g>');
  }
  for (const [i, a] of p.cells.entries()) parts.push(cellSvg(a, g.cells[i], styles, colourOf));
  for (const [i, pl] of (p.places ?? []).entries()) parts.push(placeSvg(p, pl, g.places[i], g.labels[i], styles, colourOf));
  parts.push(legendSvg(p, g, styles));
  parts.push('</svg>');
  return parts.join('\n');
}

function tint(hex: string, keep: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * keep + 255 * (1 - keep));
  return `#${[n >> 16, (n >> 8) & 255, n & 255]
    .map(mix)
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

interface TextLine {
  readonly text: string;
  readonly colour: string;
  readonly bold?: boolean;
  readonly indent?: boolean;
}

/** The lines written in a cell: its controller (areas), each side's units, damage and markers. */
function cellLines(a: BoardCell, width: number, styles: Map<string, SideStyle>): TextLine[] {
  const lines: TextLine[] = [];
  const chars = Math.floor(width / (11 * 0.6));
  if (a.kind === 'area' && a.control !== undefined) {
    const controller = a.control ? (styles.get(a.control)?.name ?? a.control) : null;
    lines.push({ text: controller ? `controlled by ${controller}` : 'controlled by nobody', colour: '#4d5656' });
  }
  const unitLines = (units: readonly MapUnitCount[], prefix: string) => {
    for (const u of units) {
      const st = styles.get(u.side);
      const words = `${st?.short ?? u.side}: ${prefix}${u.label ?? `${u.count} unit${u.count === 1 ? '' : 's'}`}`;
      wrap(words, chars).forEach((text, i) => {
        lines.push({ text, colour: st?.colour ?? '#333', bold: true, indent: i > 0 });
      });
    }
  };
  unitLines(a.units, '');
  if (a.units.length === 0 && a.kind === 'area') lines.push({ text: 'no units at sea', colour: '#7b7d7d' });
  unitLines(a.damage ?? [], 'damaged ');
  for (const m of a.markers ?? []) for (const [i, text] of wrap(m, chars).entries()) lines.push({ text, colour: '#1b2631', indent: i > 0 });
  return lines;
}

function cellSvg(a: BoardCell, b: CellBox, styles: Map<string, SideStyle>, colourOf: (s: string | null | undefined) => string): string {
  const colour = colourOf(a.control);
  const out: string[] = [`<g>`];
  let top: number;
  let left: number;
  let room: number;
  if (a.kind === 'area') {
    out.push(
      `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="7" fill="${a.control ? tint(colour, 0.16) : '#ffffff'}"/>`,
      `<path d="M${b.x} ${b.y + b.headerH} V${b.y + 7} Q${b.x} ${b.y} ${b.x + 7} ${b.y} H${b.x + b.w - 7} Q${b.x + b.w} ${b.y} ${b.x + b.w} ${b.y + 7} V${b.y + b.headerH} Z" fill="${colour}"/>`,
      `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="7" fill="none" stroke="${colour}" stroke-width="${a.control ? 3 : 1.5}"/>`,
      `<text x="${b.x + b.w / 2}" y="${b.y + 14}" text-anchor="middle" font-size="12" font-weight="bold" fill="#ffffff">${esc(a.name)}</text>`,
    );
    top = b.y + b.headerH + 13;
    left = b.x;
    room = Math.floor((b.h - b.headerH - 6) / LINE_H);
  } else {
    // a hex or a square: its outline in the controller's colour, its name at the top, the lines under it
    out.push(
      `<polygon points="${pointsOf(b.corners ?? [])}" fill="${a.control ? tint(colour, 0.16) : '#ffffff'}" stroke="${colour}" stroke-width="${a.control ? 3 : 1.5}" stroke-linejoin="round"/>`,
      `<text x="${b.x + b.w / 2}" y="${b.y + 16}" text-anchor="middle" font-size="11" font-weight="bold" fill="${a.control ? colour : '#1b2631'}">${esc(a.name)}</text>`,
    );
    const inset = a.kind === 'hex' ? Math.round(b.w / 6) : 0;
    top = b.y + 16 + LINE_H;
    left = b.x + inset;
    room = Math.floor((b.h - 22) / LINE_H);
  }
  const width = a.kind === 'hex' ? b.w - 2 * Math.round(b.w / 6) : b.w;
  const lines = cellLines(a, width - 14, styles);
  const shown = lines.length > room ? [...lines.slice(0, room - 1), { text: '…', colour: '#333' }] : lines;
  shown.forEach((l, i) => {
    out.push(
      `<text x="${left + (l.indent ? 19 : 7)}" y="${top + i * LINE_H}"${l.bold ? ' font-weight="bold"' : ''} fill="${l.colour}">${esc(l.text)}</text>`,
    );
  });
  if (a.battle && b.mark) out.push(battleMark(b.mark.x, b.mark.y, a.battle));
  out.push('</g>');
  return out.join('');
}

const pointsOf = (corners: readonly Point[]) => corners.map((c) => `${r(c.x)},${r(c.y)}`).join(' ');

/** A burst: the wargamer's battle marker. */
function battleMark(cx: number, cy: number, kind: MapBattle, scale = 1): string {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const rr = (i % 2 === 0 ? MARK_R : MARK_R * 0.55) * scale;
    const ang = (Math.PI * 2 * i) / 16 - Math.PI / 2;
    pts.push(`${r(cx + rr * Math.cos(ang))},${r(cy + rr * Math.sin(ang))}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${BATTLE_COLOURS[kind]}" stroke="#1b2631" stroke-width="1.2" stroke-linejoin="round"/>`;
}

/** A place's name, with its damage and markers: its units are listed under it (labelLines). */
function placeLabel(pl: MapPlace, styles: Map<string, SideStyle>): string {
  const notes = placeNotes(pl, styles);
  return notes.length ? `${pl.name} [${notes.join('; ')}]` : pl.name;
}

/** Every line of a place's label: its name, then each side's units by type (issue 28: types in port as at sea). */
function labelLines(p: BoardMap, pl: MapPlace, styles: Map<string, SideStyle>): { side: string | null; text: string }[] {
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

function placeSvg(
  p: BoardMap,
  pl: MapPlace,
  at: { x: number; y: number },
  label: LabelSpot,
  styles: Map<string, SideStyle>,
  colourOf: (s: string | null | undefined) => string,
): string {
  const fill = pl.owner ? colourOf(pl.owner) : '#ffffff';
  const marker =
    pl.kind === 'port'
      ? `<rect x="${at.x - 6}" y="${at.y - 6}" width="12" height="12" fill="${fill}" stroke="#1b2631" stroke-width="1.5"/>`
      : `<circle cx="${at.x}" cy="${at.y}" r="6" fill="${fill}" stroke="#1b2631" stroke-width="1.5"/>`;
  const halo = 'stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"';
  // a label moved away from its marker is joined to it by a leader line
  const leader = label.moved
    ? `<path d="M${at.x} ${at.y} L${r(label.x < at.x ? label.x + label.w : label.x)} ${r(label.y + 6)}" stroke="#1b2631" stroke-width="0.8" fill="none"/>`
    : '';
  const lines = labelLines(p, pl, styles).map(
    (l, i) =>
      `<text x="${label.x}" y="${r(label.y + 9 + PLACE_LINE_H * i)}" font-size="10"${l.side ? ` font-weight="bold" fill="${colourOf(l.side)}"` : ' fill="#1b2631"'} ${halo}>${esc(l.text)}</text>`,
  );
  return `<g>${leader}${marker}${lines.join('')}</g>`;
}

function legendSvg(p: BoardMap, g: MapGeometry, styles: Map<string, SideStyle>): string {
  const y = g.legendY;
  const out = [`<rect x="0" y="${y}" width="${g.width}" height="${g.height - y}" fill="#ffffff"/>`];
  let x = MARGIN;
  const row1 = y + 20;
  for (const [, s] of styles) {
    out.push(
      `<rect x="${x}" y="${row1 - 10}" width="14" height="12" fill="${s.colour}"/>`,
      `<text x="${x + 18}" y="${row1}">${esc(`${s.name} (${s.short})`)}</text>`,
    );
    x += 30 + textWidth(`${s.name} (${s.short})`, 11);
  }
  out.push(
    `<rect x="${x}" y="${row1 - 10}" width="14" height="12" fill="${NOBODY_COLOUR}"/>`,
    `<text x="${x + 18}" y="${row1}">nobody</text>`,
  );
  x += 30 + textWidth('nobody', 11) + 10;
  if (p.places?.length) {
    const placeKey = "base, in the owner's colour; its units by type under its name";
    out.push(
      `<rect x="${x}" y="${row1 - 10}" width="11" height="11" fill="#ffffff" stroke="#1b2631" stroke-width="1.5"/>`,
      `<text x="${x + 16}" y="${row1}">port</text>`,
      `<circle cx="${x + 56}" cy="${row1 - 4}" r="5.5" fill="#ffffff" stroke="#1b2631" stroke-width="1.5"/>`,
      `<text x="${x + 66}" y="${row1}">${esc(placeKey)}</text>`,
    );
    x += 90 + textWidth(placeKey, 11);
  }
  const row2 = y + 44;
  let bx = MARGIN + 10;
  for (const [kind, text] of [
    ['now', 'battle now'],
    ['due', 'combat due this turn'],
    ['fought', 'fought this turn'],
  ] as const) {
    out.push(battleMark(bx, row2 - 4, kind, 0.75), `<text x="${bx + 14}" y="${row2}">${text}</text>`);
    bx += 34 + textWidth(text, 11);
  }
  const areas = p.cells.some((c) => c.kind === 'area');
  const words = [
    ...(p.links?.length ? [areas ? 'Lines join adjacent sea areas.' : 'Lines join adjacent cells.'] : []),
    ...(p.placeLinks ? ['Dashed: what each place borders.'] : []),
    areas ? 'Units by type, at sea and in each port or base.' : 'Units by type.',
  ];
  out.push(`<text x="${bx}" y="${row2}">${esc(words.join(' '))}</text>`);
  if (p.note) out.push(`<text x="${MARGIN}" y="${y + 64}" font-size="10" fill="#4d5656">${esc(p.note)}</text>`);
  return out.join('');
}

/** Lines of at most `width` characters, broken after the commas or semicolons of a list ("2 CV, 1 BB; aboard 2 FTR"). */
function wrap(text: string, width: number): string[] {
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

const r = (n: number) => Math.round(n * 10) / 10;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
