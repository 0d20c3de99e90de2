/**
 * The report's map as a PNG: the SVG from map-svg.ts rendered by resvg (@resvg/resvg-js) with the
 * DejaVu fonts shipped in the dejavu-fonts-ttf package and no system fonts, so every machine draws
 * the same pixels. Deterministic: the same SVG gives the same bytes. Not reduced to a palette:
 * libimagequant (tried) made the PNG a third of the size but cost five times the render itself;
 * about 100 KB a report is the cheaper price.
 *
 * Drawn when the mail is sent (outbound.ts drawPictures), never while a game's transaction is
 * open: the outbox keeps the SVG (a tenth of the PNG's size), which is all a resend needs. A
 * drawing costs some 80 ms of CPU (two thirds of it laying out the text, a sixth encoding the
 * PNG), so the whole of it runs on a thread of its own (node:worker_threads), leaving the
 * worker's event loop free, and once per distinct picture in a process: every side of an open
 * game sees the same map, and RESEND sends an earlier one again.
 */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** map-svg.ts sets every text in DejaVu Sans Condensed, regular or bold. */
const FONT_FILES = ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'];

export interface MapPng {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
}

/** The drawing thread: one SVG in, its PNG out, in order. */
const DRAWER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Resvg } = require(workerData.resvg);
parentPort.on('message', ({ id, svg }) => {
  try {
    const image = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: workerData.fonts, defaultFontFamily: 'DejaVu Sans' } }).render();
    parentPort.postMessage({ id, png: image.asPng(), width: image.width, height: image.height });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});`;

type Reply = { id: number; png: Uint8Array; width: number; height: number } | { id: number; error: string };

let drawer: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (m: MapPng) => void; reject: (e: Error) => void }>();

function draw(svg: string): Promise<MapPng> {
  if (!drawer) {
    const fonts = FONT_FILES.map((f) => join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', f));
    const thread = new Worker(DRAWER, { eval: true, workerData: { resvg: require.resolve('@resvg/resvg-js'), fonts } });
    thread.unref(); // an idle drawer never keeps the process alive
    thread.on('message', (m: Reply) => {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (!waiting.size) thread.unref();
      if ('error' in m) w?.reject(new Error(`map drawing failed: ${m.error}`));
      else w?.resolve({ png: Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength), width: m.width, height: m.height });
    });
    thread.on('error', (err) => {
      // the thread died: fail what it held, start a new one for the next drawing
      if (drawer === thread) drawer = undefined;
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    });
    drawer = thread;
  }
  const id = nextId++;
  const thread = drawer;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.ref(); // a drawing in hand is awaited
    thread.postMessage({ id, svg });
  });
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
  const drawing = draw(svg);
  cache.set(key, drawing);
  // a failed drawing is not kept: the next send tries again
  drawing.catch(() => cache.get(key) === drawing && cache.delete(key));
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return drawing;
}
