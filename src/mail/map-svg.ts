/**
 * A schematic map for reports: each sea area a circle with its name, the side that controls it
 * and the units each side has there. Generic over rulesets: the ruleset's view supplies areas
 * (with positions where it has them; the rest are laid out on a grid). Deterministic output, so
 * the same view renders to the same bytes.
 */

export interface MapUnitCount {
  readonly side: string;
  readonly count: number;
  /** Short description, e.g. "2 CV, 1 BB". */
  readonly label?: string;
}

export interface MapArea {
  readonly area: string;
  /** Position in map units (0..100 across); missing positions are laid out on a grid. */
  readonly x?: number;
  readonly y?: number;
  readonly units: readonly MapUnitCount[];
  readonly controlledBy?: string | null;
}

const PALETTE = ['#c0392b', '#2c6fbb', '#27864a', '#8e44ad', '#b9770e', '#566573'];
const SCALE = 8;
const RADIUS = 44;

/** A stable colour for each side: sides sorted by name take palette colours in turn. */
export function sideColours(areas: readonly MapArea[]): Map<string, string> {
  const sides = new Set<string>();
  for (const a of areas) {
    if (a.controlledBy) sides.add(a.controlledBy);
    for (const u of a.units) sides.add(u.side);
  }
  return new Map([...sides].sort().map((s, i) => [s, PALETTE[i % PALETTE.length]]));
}

export function renderMapSvg(areas: readonly MapArea[], title = 'Map'): string {
  const colours = sideColours(areas);
  const placed = layout(areas);
  const width = Math.max(...placed.map((p) => p.cx), 0) + RADIUS + 20;
  const legendY = Math.max(...placed.map((p) => p.cy), 0) + RADIUS + 30;
  const height = legendY + 20;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="11">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#eaf2f8"/>`,
  ];
  for (const p of placed) parts.push(areaSvg(p, colours));
  let lx = 10;
  for (const [side, colour] of colours) {
    parts.push(
      `<rect x="${lx}" y="${legendY - 9}" width="10" height="10" fill="${colour}"/>`,
      `<text x="${lx + 14}" y="${legendY}">${esc(side)}</text>`,
    );
    lx += 24 + side.length * 7;
  }
  parts.push('</svg>');
  return parts.join('\n');
}

interface Placed extends MapArea {
  readonly cx: number;
  readonly cy: number;
}

function layout(areas: readonly MapArea[]): Placed[] {
  const columns = Math.max(1, Math.ceil(Math.sqrt(areas.length)));
  return areas.map((a, i) => {
    const gridX = 10 + RADIUS + (i % columns) * (2 * RADIUS + 20);
    const gridY = 10 + RADIUS + Math.floor(i / columns) * (2 * RADIUS + 20);
    return {
      ...a,
      cx: a.x !== undefined ? Math.round(10 + RADIUS + a.x * SCALE) : gridX,
      cy: a.y !== undefined ? Math.round(10 + RADIUS + a.y * SCALE) : gridY,
    };
  });
}

function areaSvg(p: Placed, colours: Map<string, string>): string {
  const stroke = p.controlledBy ? (colours.get(p.controlledBy) ?? '#333') : '#7f8c8d';
  const lines = [
    `<g>`,
    `<circle cx="${p.cx}" cy="${p.cy}" r="${RADIUS}" fill="#ffffff" stroke="${stroke}" stroke-width="${p.controlledBy ? 4 : 1.5}"/>`,
    `<text x="${p.cx}" y="${p.cy - 18}" text-anchor="middle" font-weight="bold">${esc(p.area)}</text>`,
  ];
  p.units.forEach((u, i) => {
    const colour = colours.get(u.side) ?? '#333';
    lines.push(`<text x="${p.cx}" y="${p.cy + i * 13}" text-anchor="middle" fill="${colour}">${esc(`${u.side}: ${u.count}`)}</text>`);
  });
  lines.push('</g>');
  return lines.join('');
}

/** The same map as plain text lines, for the text/plain part. */
export function renderMapText(areas: readonly MapArea[]): string[] {
  return areas.map((a) => {
    const control = a.controlledBy ? ` [${a.controlledBy}]` : '';
    const units = a.units.length === 0 ? 'empty' : a.units.map((u) => `${u.side} ${u.count}${u.label ? ` (${u.label})` : ''}`).join('; ');
    return `${a.area}${control}: ${units}`;
  });
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
