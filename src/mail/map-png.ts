/**
 * The report's map as a PNG: the SVG from map-svg.ts rendered by resvg (@resvg/resvg-js) with the
 * DejaVu fonts shipped in the dejavu-fonts-ttf package and no system fonts, so every machine draws
 * the same pixels. Deterministic: the same SVG gives the same bytes. Not reduced to a palette:
 * libimagequant (tried) made the PNG a third of the size but cost five times the render itself;
 * about 100 KB a report is the cheaper price.
 *
 * Drawn when the mail is sent (outbound.ts drawPictures), never while a game's transaction is
 * open: the outbox keeps the SVG (a tenth of the PNG's size), which is all a resend needs. A
 * drawing costs some 80 ms of CPU (two thirds of it laying out the text), so it is done off the
 * main thread (resvg's renderAsync, on libuv's pool), once per distinct picture in a process:
 * every side of an open game sees the same map, and RESEND sends an earlier one again.
 */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';

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

/** The last few pictures drawn (and those being drawn), by the SHA-256 of their SVG, least recently used first. */
const cache = new Map<string, Promise<MapPng>>();
const CACHE_SIZE = 16;

export function drawMapPng(svg: string): Promise<MapPng> {
  const key = createHash('sha256').update(svg).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const drawing = renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: fonts(), defaultFontFamily: 'DejaVu Sans' },
  }).then((image) => ({ png: image.asPng(), width: image.width, height: image.height }));
  cache.set(key, drawing);
  // a failed drawing is not kept: the next send tries again
  drawing.catch(() => cache.get(key) === drawing && cache.delete(key));
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return drawing;
}
