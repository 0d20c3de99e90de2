/**
 * The report's map as a PNG: the SVG from map-svg.ts rendered by resvg (@resvg/resvg-js) with the
 * DejaVu fonts shipped in the dejavu-fonts-ttf package and no system fonts, so every machine draws
 * the same pixels. Deterministic: the same SVG gives the same bytes. Not reduced to a palette:
 * libimagequant (tried) made the PNG a third of the size but cost five times the render itself;
 * about 100 KB a report is the cheaper price.
 *
 * Drawn when the mail is sent (outbound.ts drawPictures), never while a game's transaction is
 * open: the outbox keeps the SVG (a tenth of the PNG's size), which is all a resend needs. The
 * drawing runs on a thread of its own (node:worker_threads), leaving the worker's event loop free,
 * and once per distinct picture in a process: every side of an open game sees the same map, and
 * RESEND sends an earlier one again.
 *
 * Fonts: resvg reads its font files again for every text it lays out, so the time a map's hundred
 * labels cost grows with the size of the font files, and was most of a picture's. The thread
 * therefore draws with subsets of the two faces (subset-font, HarfBuzz's subsetter), made once per
 * process in a temporary folder: a small one (Latin and punctuation, about 40 KB a face, what the
 * maps write) and, for a picture with a character outside it, a wide one (arrows and common
 * symbols too, about 170 KB a face; issue 33 measured the small one parsing a VITP map in a third
 * of the wide one's time). The glyphs and their layout tables are HarfBuzz's own, so the pixels
 * are the same as with the whole faces (test/mail/map-png.spec.ts compares them); a picture with
 * any character outside both is drawn with the whole faces.
 *
 * PNG: an opaque picture (every map: the sea fills it) is written by the thread itself, its rows
 * unfiltered and deflated at zlib's level 3, in about half the time resvg's own encoder takes, and
 * smaller; the pixels are resvg's. A picture with any transparency goes through resvg's encoder.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';

/** map-svg.ts sets every text in DejaVu Sans Condensed, regular or bold. */
const FONT_FILES = ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'];

/** The characters the small subsets keep, as code point ranges (inclusive): what the maps write. */
export const SMALL_SUBSET_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x17f], // Latin-1 and Latin Extended-A
  [0x2000, 0x206f], // General Punctuation (dashes, quotes, the ellipsis)
];

/** The characters the wide subsets keep, as code point ranges (inclusive). */
export const SUBSET_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x24f], // Latin-1, Latin Extended-A and -B
  [0x2000, 0x206f], // General Punctuation (dashes, quotes, the ellipsis)
  [0x2190, 0x21ff], // Arrows
  [0x2200, 0x22ff], // Mathematical Operators (minus, ≤, ≥)
  [0x25a0, 0x25ff], // Geometric Shapes
  [0x2600, 0x26ff], // Miscellaneous Symbols
  [0x2700, 0x27bf], // Dingbats (✓, ✗)
];

/** A character outside the ranges (every range lies in the Basic Multilingual Plane). */
const outside = (ranges: readonly (readonly [number, number])[]) =>
  new RegExp(
    `[^${ranges.map(([lo, hi]) => `\\u${lo.toString(16).padStart(4, '0')}-\\u${hi.toString(16).padStart(4, '0')}`).join('')}\\n\\r\\t]`,
    'u',
  );
const OUTSIDE = outside(SUBSET_RANGES);
const OUTSIDE_SMALL = outside(SMALL_SUBSET_RANGES);

/** Whether every character of `svg` lies in the (wide) subsets (markup is ASCII; only the texts matter). */
export function fitsSubset(svg: string): boolean {
  return !OUTSIDE.test(svg);
}

/** The faces a picture is drawn with: the small subsets where they do, else the wide ones, else the whole faces. */
type Faces = 'small' | 'wide' | 'whole';

export interface MapPng {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  /** the faces it was drawn with: the subsets, or the whole faces (a character outside them, or no subsets) */
  readonly fonts: 'subset' | 'whole';
}

/**
 * The drawing thread: makes the subsets once (a failure leaves it on the whole faces), then one
 * SVG in, its PNG out, in order.
 */
const DRAWER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Resvg } = require(workerData.resvg);
// resvg's native objects (the parsed picture, the 2.8 MB pixel buffer) are freed only when this
// thread's garbage collector finalises their small JS handles, and a heap this small is seldom
// collected: without collections the process grew by ~2.8 MB a picture. A full collection costs
// about a tenth of a drawing, so one follows every fourth drawing (some 15 MB held at most)
require('node:v8').setFlagsFromString('--expose-gc');
const fullGc = require('node:vm').runInNewContext('gc');
let drawings = 0;
const collect = () => ++drawings % 4 === 0 && fullGc();
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const zlib = require('node:zlib');
async function makeSubsets(ranges) {
  const subsetFont = require(workerData.subsetFont);
  let text = '';
  for (const [lo, hi] of ranges) for (let c = lo; c <= hi; c++) text += String.fromCodePoint(c);
  const faces = workerData.fonts.map((f) => fs.readFileSync(f));
  const key = crypto.createHash('sha256').update(text);
  for (const face of faces) key.update(face);
  const dir = path.join(workerData.tmp, 'umpire-map-fonts-' + key.digest('hex').slice(0, 16));
  const files = workerData.fonts.map((f) => path.join(dir, path.basename(f)));
  if (files.every((f) => fs.existsSync(f))) return files;
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < faces.length; i++) {
    const bytes = await subsetFont(faces[i], text, { targetFormat: 'truetype' });
    // written whole under another name, then renamed: another process never reads half a font
    const part = files[i] + '.' + process.pid + '.part';
    fs.writeFileSync(part, bytes);
    fs.renameSync(part, files[i]);
  }
  return files;
}
const subsets = { small: makeSubsets(workerData.smallRanges).catch(() => null), wide: makeSubsets(workerData.ranges).catch(() => null) };
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)) >>> 0, 0);
  return [head, data, crc];
}
// an opaque picture's PNG: RGBA rows, unfiltered, deflated at level 3 (resvg's pixels are
// premultiplied, the same as straight where every alpha is 255), from its pixels in parts of
// whole rows, top first; null when any pixel is not opaque
// the alpha byte of an RGBA pixel read as one 32-bit word
const ALPHA = require('node:os').endianness() === 'LE' ? 0xff000000 : 0xff;
function opaque(px) {
  if (px.byteOffset % 4 !== 0) {
    for (let i = 3; i < px.length; i += 4) if (px[i] !== 255) return false;
    return true;
  }
  // every alpha byte is 255 when the AND of all the words keeps the alpha byte whole (eight words a
  // step, a look every 4096: a third of the time of testing each word)
  const words = new Uint32Array(px.buffer, px.byteOffset, px.length >> 2);
  const n = words.length;
  let all = ALPHA;
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    all &= words[i] & words[i + 1] & words[i + 2] & words[i + 3] & words[i + 4] & words[i + 5] & words[i + 6] & words[i + 7];
    if (i % 4096 === 0 && (all & ALPHA) >>> 0 !== ALPHA) return false;
  }
  for (; i < n; i++) all &= words[i];
  return (all & ALPHA) >>> 0 === ALPHA;
}
function opaquePng(parts, width, height) {
  if (!parts.every(opaque)) return null;
  const stride = width * 4;
  // not zero-filled first (a millisecond a picture): every row's filter byte and pixels are written below
  const rows = Buffer.allocUnsafe((stride + 1) * height);
  let y = 0;
  for (const px of parts)
    for (let from = 0; from < px.length && y < height; from += stride, y++) {
      rows[y * (stride + 1)] = 0; // filter: none
      px.copy(rows, y * (stride + 1) + 1, from, from + stride);
    }
  if (y !== height || parts.reduce((n, px) => n + px.length, 0) !== stride * height) return null;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    ...chunk('IHDR', ihdr),
    ...chunk('IDAT', zlib.deflateSync(rows, { level: 3 })),
    ...chunk('IEND', Buffer.alloc(0)),
  ]);
}
// the legend band of a map (map-svg.ts's marks), drawn once per distinct legend and fonts, by key
const BAND = /<!--umpire:band (\\d+)-->([\\s\\S]*?)<!--\\/umpire:band-->/;
const bands = new Map();
// a map with its band marked: the rest drawn to the band's top edge, the band's rows from the last
// time it was drawn (or drawn now, by itself), the two joined; null when the SVG is not so marked
function banded(svg, options) {
  const m = BAND.exec(svg);
  const open = /^<svg [^>]*>/.exec(svg);
  const size = open && /width="(\\d+)" height="(\\d+)" viewBox="0 0 \\d+ \\d+"/.exec(open[0]);
  if (!m || !size) return null;
  const [top, width, height] = [Number(m[1]), Number(size[1]), Number(size[2])];
  if (!(top > 0 && top < height)) return null;
  const head = (y, rows) => open[0].replace(size[0], 'width="' + width + '" height="' + rows + '" viewBox="0 ' + y + ' ' + width + ' ' + rows + '"');
  const key = options.font.fontFiles.join('\\n') + '\\n' + head(top, height - top) + m[2];
  let band = bands.get(key);
  if (!band) {
    const image = new Resvg(head(top, height - top) + m[2] + '</svg>', options).render();
    if (image.width !== width || image.height !== height - top) return null;
    band = image.pixels;
    bands.set(key, band);
    if (bands.size > 16) bands.delete(bands.keys().next().value);
  }
  const image = new Resvg(head(0, top) + svg.slice(open[0].length, m.index) + svg.slice(m.index + m[0].length), options).render();
  if (image.width !== width || image.height !== top) return null;
  return { parts: [image.pixels, band], width, height };
}
parentPort.on('message', async ({ id, svg, faces }) => {
  try {
    const subset = faces === 'whole' ? null : (await subsets[faces]) || (faces === 'small' ? await subsets.wide : null);
    const options = { font: { loadSystemFonts: false, fontFiles: subset || workerData.fonts, defaultFontFamily: 'DejaVu Sans' } };
    const split = banded(svg, options);
    let drawn = split && { png: opaquePng(split.parts, split.width, split.height), width: split.width, height: split.height };
    if (!drawn || !drawn.png) {
      const image = new Resvg(svg, options).render();
      drawn = { png: opaquePng([image.pixels], image.width, image.height) || image.asPng(), width: image.width, height: image.height };
    }
    parentPort.postMessage({ id, ...drawn, fonts: subset ? 'subset' : 'whole' });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
  collect();
});`;

type Reply = { id: number; png: Uint8Array; width: number; height: number; fonts: MapPng['fonts'] } | { id: number; error: string };

/**
 * A drawing thread is retired after this many pictures, and ended once it has sent them: its
 * allocator keeps pages resvg freed (700 drawings grew one thread past 1 GB of RSS), and ending
 * the thread gives them back. A new thread costs some 50 ms to start (the subsets are on disk).
 */
const DRAWINGS_PER_THREAD = 100;

interface Drawer {
  readonly thread: Worker;
  readonly waiting: Map<number, { resolve: (m: MapPng) => void; reject: (e: Error) => void }>;
  given: number;
  retired: boolean;
}

let drawer: Drawer | undefined;
let nextId = 0;

function startDrawer(): Drawer {
  const fonts = FONT_FILES.map((f) => join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', f));
  const thread = new Worker(DRAWER, {
    eval: true,
    workerData: {
      resvg: require.resolve('@resvg/resvg-js'),
      subsetFont: require.resolve('subset-font'),
      fonts,
      ranges: SUBSET_RANGES,
      smallRanges: SMALL_SUBSET_RANGES,
      tmp: tmpdir(),
    },
  });
  const d: Drawer = { thread, waiting: new Map(), given: 0, retired: false };
  thread.unref(); // an idle drawer never keeps the process alive
  thread.on('message', (m: Reply) => {
    const w = d.waiting.get(m.id);
    d.waiting.delete(m.id);
    if (!d.waiting.size) {
      thread.unref();
      if (d.retired) void thread.terminate();
    }
    if ('error' in m) w?.reject(new Error(`map drawing failed: ${m.error}`));
    else
      w?.resolve({ png: Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength), width: m.width, height: m.height, fonts: m.fonts });
  });
  thread.on('error', (err) => {
    // the thread died: fail what it held, start a new one for the next drawing
    if (drawer === d) drawer = undefined;
    for (const w of d.waiting.values()) w.reject(err);
    d.waiting.clear();
  });
  return d;
}

function draw(svg: string, faces: Faces): Promise<MapPng> {
  if (drawer && drawer.given >= DRAWINGS_PER_THREAD) {
    drawer.retired = true;
    if (!drawer.waiting.size) void drawer.thread.terminate();
    drawer = undefined;
  }
  drawer ??= startDrawer();
  const d = drawer;
  const id = nextId++;
  d.given++;
  return new Promise((resolve, reject) => {
    d.waiting.set(id, { resolve, reject });
    d.thread.ref(); // a drawing in hand is awaited
    d.thread.postMessage({ id, svg, faces });
  });
}

/**
 * The pictures drawn, by the SHA-256 of their SVG, up to PICTURE_CACHE_BYTES of PNG, the least
 * recently used going first. Within a game most reports show a map some earlier report of the
 * game already showed (nothing moved in a battle's decision steps: in self-play half of a side's
 * reports repeat its previous map, three quarters some earlier one), so a game's pictures are kept
 * while other games are played. A drawing under way is shared by everyone who asks for it; one
 * that fails is not kept, and the next send tries again.
 */
const PICTURE_CACHE_BYTES = 48 * 1024 * 1024;
const cache = new LRUCache<string, MapPng, { svg: string; faces: Faces }>({
  maxSize: PICTURE_CACHE_BYTES,
  sizeCalculation: (m) => m.png.length,
  fetchMethod: (_key, _stale, { context }) => draw(context.svg, context.faces),
});

/**
 * The PNG of a map SVG. `wholeFonts` draws with the whole DejaVu faces even when the subsets
 * would do (the test that shows both give the same pixels).
 */
export async function drawMapPng(svg: string, options: { wholeFonts?: boolean } = {}): Promise<MapPng> {
  const faces: Faces = options.wholeFonts === true || !fitsSubset(svg) ? 'whole' : OUTSIDE_SMALL.test(svg) ? 'wide' : 'small';
  // the small and wide subsets draw the same pixels: one key for both
  const key = createHash('sha256')
    .update(faces === 'whole' ? 'whole\n' : 'subset\n')
    .update(svg)
    .digest('hex');
  const png = await cache.fetch(key, { context: { svg, faces } });
  if (!png) throw new Error('map drawing gave no picture');
  return png;
}
