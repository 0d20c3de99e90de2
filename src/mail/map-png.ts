/**
 * The report's map as a PNG: the SVG from map-svg.ts rendered by resvg (@resvg/resvg-js) with the
 * DejaVu fonts shipped in the dejavu-fonts-ttf package and no system fonts, so every machine draws
 * the same pixels. Deterministic: the same SVG gives the same bytes. Not reduced to a palette:
 * libimagequant (tried) made the PNG a third of the size but cost about a second per map inside the
 * game's transaction, five times the render itself; about 100 KB a report is the cheaper price.
 */
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** map-svg.ts sets every text in DejaVu Sans Condensed, regular or bold. */
const FONT_FILES = ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'];

let fontFiles: string[] | undefined;
function fonts(): string[] {
  fontFiles ??= FONT_FILES.map((f) => join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', f));
  return fontFiles;
}

export interface MapPng {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
}

/** Every recipient of a step's reports sees the same picture in an open game: keep the last few. */
const cache = new Map<string, MapPng>();
const CACHE_SIZE = 8;

export function renderMapPng(svg: string, useCache = true): MapPng {
  const hit = useCache ? cache.get(svg) : undefined;
  if (hit) return hit;
  const image = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: fonts(), defaultFontFamily: 'DejaVu Sans' },
  }).render();
  const out = { png: image.asPng(), width: image.width, height: image.height };
  cache.set(svg, out);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return out;
}
