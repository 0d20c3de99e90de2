/**
 * The report's map as a picture, for any game's board view (src/engine/board-view.ts): area cells
 * as boxes (header and border in the controlling side's colour), hex cells as hexagons where the
 * kit's hex layout puts them (src/games/kit/hex-picture.ts; every hex of the sheet outlined),
 * square cells as squares; the links between cells, ports and bases in their owner's colour, each
 * side's units by type, markers and damage in each cell, battles marked. Drawn as SVG here and
 * turned into a PNG by map-png.ts, because many mail clients show no inline SVG. Nothing here
 * knows a game: the view supplies the cells (with positions where it has them; areas without are
 * laid out on a grid), the links, the places, the sides' names and colours and a caption.
 * Deterministic: the same map gives the same bytes. Where things go is map-geometry.ts's; the
 * static board's empty hexes and links are drawn once per layout and placement and kept there
 * (issue 33), the rest (cells, places, legend: what the moment colours or fills) each time.
 */

import type { BoardCell, BoardMap, MapBattle, MapPlace, MapUnitCount } from '../engine/board-view';
import type { Point } from '../games/kit/hex-picture';
import {
  type CellBox,
  FONT,
  LINE_H,
  labelLines,
  layoutOf,
  MARGIN,
  MARK_R,
  type MapGeometry,
  mapGeometry,
  NOBODY_COLOUR,
  PLACE_LINE_H,
  r,
  remember,
  SCALE,
  SEA_COLOUR,
  type SideStyle,
  sideStyles,
  textWidth,
  wrap,
} from './map-geometry';
import type { LabelSpot } from './map-labels';

export { type CellBox, type MapGeometry, mapGeometry, NOBODY_COLOUR, SEA_COLOUR, type SideStyle, sideStyles } from './map-geometry';

/**
 * Marks around the legend band (an opaque white band from `legendY` to the foot, over everything
 * drawn before it, and nothing after it): `<!--umpire:band 723-->…<!--/umpire:band-->`. A comment
 * to every SVG reader; map-png.ts draws the band once per distinct legend and the rest each time.
 */
export const BAND_START = '<!--umpire:band ';
export const BAND_END = '<!--/umpire:band-->';

/** Battle markers: the battle being fought, combat still due, combat done this turn. */
export const BATTLE_COLOURS: Readonly<Record<MapBattle, string>> = { now: '#ff7a00', due: '#ffd23f', fought: '#b3b3b3' };

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
  // the static board (empty hexes, links): drawn once per layout and where this picture puts it
  const layout = layoutOf(p);
  const at = `${dx},${dy}`;
  let board = layout.drawn.get(at);
  if (board === undefined) {
    board = staticBoard(p, g, centre);
    remember(layout.drawn, at, board);
  }
  parts.push(board);
  for (const [i, a] of p.cells.entries()) parts.push(cellSvg(a, g.cells[i], styles, colourOf));
  for (const [i, pl] of (p.places ?? []).entries()) parts.push(placeSvg(p, pl, g.places[i], g.labels[i], styles, colourOf));
  // the legend band: nothing of the moment is drawn in it, so map-png.ts draws it once per layout (BAND_START's marks)
  parts.push(`${BAND_START}${g.legendY}-->`, legendSvg(p, g, styles), BAND_END);
  parts.push('</svg>');
  return parts.join('\n');
}

/** The empty hexes and the links between cells and places: nothing in them depends on the moment. */
function staticBoard(p: BoardMap, g: MapGeometry, centre: (cell: string) => Point | null): string {
  const { x: dx, y: dy } = g.offset;
  const parts: string[] = [];
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

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
