/**
 * The report's map as a picture: sea areas as boxes (header and border in the controlling side's
 * colour), the connections between them, ports and bases in their owner's colour, each side's units
 * at sea by type, battles marked. Drawn as SVG here and turned into a PNG by map-png.ts, because
 * many mail clients show no inline SVG. Generic over rulesets: the ruleset's view supplies the
 * areas (with positions where it has them; the rest are laid out on a grid), the links, the places,
 * the sides' names and colours and a caption. Deterministic: the same picture gives the same bytes.
 */

import { asPicture, type MapArea, type MapBattle, type MapData, type MapPicture, type MapPlace } from '../engine/board-view';

export {
  asPicture,
  type MapArea,
  type MapBattle,
  type MapData,
  type MapLink,
  type MapPicture,
  type MapPlace,
  type MapSide,
  type MapUnitCount,
} from '../engine/board-view';

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
const LINE_H = 13;
const MARGIN = 14;
const TITLE_H = 30;
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
 * Each side's name, letter and colour: the picture's sides first (in their order), then any other
 * side met in the areas or places, sorted by name, in palette colours not yet taken.
 */
export function sideStyles(map: MapData): Map<string, SideStyle> {
  const p = asPicture(map);
  const out = new Map<string, SideStyle>();
  const taken = new Set<string>();
  for (const s of p.sides ?? []) {
    const colour = s.colour ?? PALETTE.find((c) => !taken.has(c)) ?? PALETTE[out.size % PALETTE.length];
    taken.add(colour);
    out.set(s.id, { name: s.name, short: s.short ?? s.name.slice(0, 1).toUpperCase(), colour });
  }
  const seen = new Set<string>();
  for (const a of p.areas) {
    if (a.controlledBy) seen.add(a.controlledBy);
    for (const u of a.units) seen.add(u.side);
  }
  for (const pl of p.places ?? []) {
    if (pl.owner) seen.add(pl.owner);
    for (const u of pl.units ?? []) seen.add(u.side);
  }
  for (const side of [...seen].filter((s) => !out.has(s)).sort()) {
    const colour = PALETTE.find((c) => !taken.has(c)) ?? PALETTE[out.size % PALETTE.length];
    taken.add(colour);
    out.set(side, { name: side, short: side.slice(0, 1).toUpperCase(), colour });
  }
  return out;
}

/** Back-compat: side id → colour. */
export function sideColours(map: MapData): Map<string, string> {
  return new Map([...sideStyles(map)].map(([id, s]) => [id, s.colour]));
}

export interface AreaBox {
  readonly area: string;
  /** Top-left corner and size, in pixels. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** The header band (the area's name on its controller's colour). */
  readonly headerH: number;
  /** Centre of its battle marker, if it has one. */
  readonly mark?: { readonly x: number; readonly y: number };
}

export interface MapGeometry {
  readonly width: number;
  readonly height: number;
  readonly areas: readonly AreaBox[];
  readonly places: readonly { readonly name: string; readonly x: number; readonly y: number }[];
  /** Top of the legend band. */
  readonly legendY: number;
  /** Pixels = map units × 10 + offset. */
  readonly offset: { readonly x: number; readonly y: number };
}

/** Where everything goes, in pixels: what the SVG draws and what tests measure the PNG by. */
export function mapGeometry(map: MapData): MapGeometry {
  const p = asPicture(map);
  const columns = Math.max(1, Math.ceil(Math.sqrt(p.areas.length)));
  const centres = new Map<string, { x: number; y: number }>();
  p.areas.forEach((a, i) => {
    const gx = AREA_W / 2 + (i % columns) * (AREA_W + 30);
    const gy = AREA_H / 2 + Math.floor(i / columns) * (AREA_H + 40);
    centres.set(a.area, {
      x: a.x !== undefined ? a.x * SCALE : gx,
      y: a.y !== undefined ? a.y * SCALE : gy,
    });
  });
  const placeAt = (pl: MapPlace): { x: number; y: number } => {
    if (pl.x !== undefined && pl.y !== undefined) return { x: pl.x * SCALE, y: pl.y * SCALE };
    const at = pl.touches.map((t) => centres.get(t)).filter((c): c is { x: number; y: number } => !!c);
    if (at.length === 0) return { x: 0, y: 0 };
    const x = at.reduce((s, c) => s + c.x, 0) / at.length;
    const y = at.reduce((s, c) => s + c.y, 0) / at.length;
    // a place touching one area sits under its box
    return at.length === 1 ? { x: x - AREA_W / 2 + 10, y: y + AREA_H / 2 + 12 } : { x, y };
  };
  const rawPlaces = (p.places ?? []).map((pl) => ({ name: pl.name, ...placeAt(pl) }));
  const styles = sideStyles(p);
  const lines = (p.places ?? []).map((pl) => placeUnitLines(p, pl, styles).length);
  const xs = [...[...centres.values()].flatMap((c) => [c.x - AREA_W / 2, c.x + AREA_W / 2]), ...rawPlaces.map((q) => q.x)];
  const ys = [
    ...[...centres.values()].flatMap((c) => [c.y - AREA_H / 2, c.y + AREA_H / 2]),
    ...rawPlaces.map((q, i) => (lines[i] ? q.y + 18 + PLACE_LINE_H * lines[i] : q.y)),
  ];
  const minX = Math.min(...xs, 0);
  const minY = Math.min(...ys, 0);
  const dx = MARGIN - minX;
  const dy = MARGIN + TITLE_H - minY;
  // room on the right for place names
  const width = Math.round(Math.max(...xs, 0) + dx + MARGIN + Math.max(0, ...labelOverhang(p, rawPlaces, Math.max(...xs, 0), styles)));
  const legendY = Math.round(Math.max(...ys, 0) + dy + MARGIN);
  const areas = p.areas.map((a): AreaBox => {
    const c = centres.get(a.area)!;
    const x = Math.round(c.x - AREA_W / 2 + dx);
    const y = Math.round(c.y - AREA_H / 2 + dy);
    return {
      area: a.area,
      x,
      y,
      w: AREA_W,
      h: AREA_H,
      headerH: HEADER_H,
      ...(a.battle ? { mark: { x: x + AREA_W - 4, y: y - 2 } } : {}),
    };
  });
  return {
    width: Math.max(width, 640),
    height: legendY + LEGEND_H,
    areas,
    places: rawPlaces.map((q) => ({ name: q.name, x: Math.round(q.x + dx), y: Math.round(q.y + dy) })),
    legendY,
    offset: { x: dx, y: dy },
  };
}

function labelOverhang(
  p: MapPicture,
  placed: readonly { name: string; x: number }[],
  maxX: number,
  styles: Map<string, SideStyle>,
): number[] {
  return (p.places ?? []).map((pl, i) => {
    if ((pl.labelAt ?? 'right') !== 'right') return 0;
    const texts = [placeLabel(p, pl), ...placeUnitLines(p, pl, styles).map((l) => l.text)];
    return placed[i].x + 10 + Math.max(...texts.map((t) => textWidth(t, 10))) - maxX;
  });
}

/** A rough width of text in DejaVu Sans Condensed, for wrapping and room: ~0.56 em a character. */
function textWidth(s: string, size: number): number {
  return Math.ceil(s.length * size * 0.56);
}

export function renderMapSvg(map: MapData, title = 'Map'): string {
  const p = asPicture(map);
  const styles = sideStyles(p);
  const g = mapGeometry(p);
  const colourOf = (side: string | null | undefined) => (side ? (styles.get(side)?.colour ?? NOBODY_COLOUR) : NOBODY_COLOUR);
  const box = new Map(g.areas.map((b) => [b.area, b]));
  const centre = (area: string) => {
    const b = box.get(area);
    return b ? { x: b.x + b.w / 2, y: b.y + b.h / 2 } : null;
  };
  const { x: dx, y: dy } = g.offset;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${g.height}" viewBox="0 0 ${g.width} ${g.height}" font-family="${FONT}" font-stretch="condensed" font-size="11">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${g.width}" height="${g.height}" fill="${SEA_COLOUR}"/>`,
    `<text x="${MARGIN}" y="${MARGIN + 12}" font-size="15" font-weight="bold" fill="#1b2631">${esc(title)}</text>`,
  ];
  // connections under the boxes
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
  for (const [i, a] of p.areas.entries()) parts.push(areaSvg(a, g.areas[i], styles, colourOf));
  for (const [i, pl] of (p.places ?? []).entries()) parts.push(placeSvg(p, pl, g.places[i], styles, colourOf));
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

function areaSvg(a: MapArea, b: AreaBox, styles: Map<string, SideStyle>, colourOf: (s: string | null | undefined) => string): string {
  const colour = colourOf(a.controlledBy);
  const held = a.controlledBy !== undefined;
  const out = [
    `<g>`,
    `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="7" fill="${a.controlledBy ? tint(colour, 0.16) : '#ffffff'}"/>`,
    `<path d="M${b.x} ${b.y + b.headerH} V${b.y + 7} Q${b.x} ${b.y} ${b.x + 7} ${b.y} H${b.x + b.w - 7} Q${b.x + b.w} ${b.y} ${b.x + b.w} ${b.y + 7} V${b.y + b.headerH} Z" fill="${colour}"/>`,
    `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="7" fill="none" stroke="${colour}" stroke-width="${a.controlledBy ? 3 : 1.5}"/>`,
    `<text x="${b.x + b.w / 2}" y="${b.y + 14}" text-anchor="middle" font-size="12" font-weight="bold" fill="#ffffff">${esc(a.area)}</text>`,
  ];
  const lines: { text: string; colour: string; bold?: boolean; indent?: boolean }[] = [];
  const controller = a.controlledBy ? (styles.get(a.controlledBy)?.name ?? a.controlledBy) : null;
  if (held) lines.push({ text: controller ? `controlled by ${controller}` : 'controlled by nobody', colour: '#4d5656' });
  for (const u of a.units) {
    const st = styles.get(u.side);
    const words = `${st?.short ?? u.side}: ${u.label ?? `${u.count} unit${u.count === 1 ? '' : 's'}`}`;
    wrap(words, Math.floor((b.w - 14) / (11 * 0.6))).forEach((text, i) => {
      lines.push({ text, colour: st?.colour ?? '#333', bold: true, indent: i > 0 });
    });
  }
  if (a.units.length === 0) lines.push({ text: 'no units at sea', colour: '#7b7d7d' });
  const room = Math.floor((b.h - b.headerH - 6) / LINE_H);
  const shown = lines.length > room ? [...lines.slice(0, room - 1), { text: '…', colour: '#333' }] : lines;
  shown.forEach((l, i) => {
    out.push(
      `<text x="${b.x + (l.indent ? 19 : 7)}" y="${b.y + b.headerH + 13 + i * LINE_H}"${l.bold ? ' font-weight="bold"' : ''} fill="${l.colour}">${esc(l.text)}</text>`,
    );
  });
  if (a.battle && b.mark) out.push(battleMark(b.mark.x, b.mark.y, a.battle));
  out.push('</g>');
  return out.join('');
}

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

function placeLabel(p: MapPicture, pl: MapPlace): string {
  const n = (pl.units ?? []).reduce((s, u) => s + u.count, 0);
  return n && !p.placeUnits ? `${pl.name} (${n})` : pl.name;
}

/** With `placeUnits`: each side's units in a place, a line each ("JP: 2 INF, 1 ART"), long lists wrapped. */
function placeUnitLines(p: MapPicture, pl: MapPlace, styles: Map<string, SideStyle>): { side: string; text: string }[] {
  if (!p.placeUnits) return [];
  return (pl.units ?? []).flatMap((u) =>
    wrap(`${styles.get(u.side)?.short ?? u.side}: ${u.label ?? `${u.count}`}`, PLACE_LINE_CHARS).map((text, i) => ({
      side: u.side,
      text: i ? `   ${text}` : text,
    })),
  );
}

function placeSvg(
  p: MapPicture,
  pl: MapPlace,
  at: { x: number; y: number },
  styles: Map<string, SideStyle>,
  colourOf: (s: string | null | undefined) => string,
): string {
  const fill = pl.owner ? colourOf(pl.owner) : '#ffffff';
  const marker =
    pl.kind === 'port'
      ? `<rect x="${at.x - 6}" y="${at.y - 6}" width="12" height="12" fill="${fill}" stroke="#1b2631" stroke-width="1.5"/>`
      : `<circle cx="${at.x}" cy="${at.y}" r="6" fill="${fill}" stroke="#1b2631" stroke-width="1.5"/>`;
  const side = pl.labelAt ?? 'right';
  const [lx, ly, anchor] =
    side === 'right'
      ? [at.x + 10, at.y + 4, 'start']
      : side === 'left'
        ? [at.x - 10, at.y + 4, 'end']
        : side === 'above'
          ? [at.x, at.y - 10, 'middle']
          : [at.x, at.y + 18, 'middle'];
  const halo = 'stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"';
  // unit lines under the name; a name above the marker has them under the marker
  const y0 = side === 'above' ? at.y + 18 - PLACE_LINE_H : ly;
  const lines = placeUnitLines(p, pl, styles).map(
    (l, i) =>
      `<text x="${lx}" y="${y0 + PLACE_LINE_H * (i + 1)}" text-anchor="${anchor}" font-size="10" font-weight="bold" fill="${colourOf(l.side)}" ${halo}>${esc(l.text)}</text>`,
  );
  return `<g>${marker}<text x="${lx}" y="${ly}" text-anchor="${anchor}" font-size="10" fill="#1b2631" ${halo}>${esc(placeLabel(p, pl))}</text>${lines.join('')}</g>`;
}

function legendSvg(p: MapPicture, g: MapGeometry, styles: Map<string, SideStyle>): string {
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
    const placeKey = `base, in the owner's colour; ${p.placeUnits ? 'its units listed under it' : '(n) units in it'}`;
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
  const dashed = p.placeLinks ? ' Dashed: what each place borders.' : '';
  out.push(
    `<text x="${bx}" y="${row2}">Lines join adjacent sea areas.${dashed} ${p.placeUnits ? 'Units by type, at sea and in each place.' : 'Units at sea by type.'}</text>`,
  );
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
