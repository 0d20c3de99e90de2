/**
 * A screenshot re-encoded as a palette PNG (colour type 3, 256 colours) so docs/mails stays small:
 * the colours counted at 5 bits a channel, the 256 most used kept, every pixel drawn in the nearest
 * of them. Text and the maps' flat colours survive; a page shrinks about 3.5 times.
 */
import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, tail]);
}

/** A colour at 5 bits a channel, as one number, and back to 8 bits (the middle of its bin). */
const key = (d: Buffer, i: number) => ((d[i] >> 3) << 10) | ((d[i + 1] >> 3) << 5) | (d[i + 2] >> 3);
const rgbOf = (k: number): [number, number, number] => [((k >> 10) & 31) * 8 + 4, ((k >> 5) & 31) * 8 + 4, (k & 31) * 8 + 4];

export function palettePng(screenshot: Buffer): Buffer {
  const { width, height, data } = PNG.sync.read(screenshot);
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) counts.set(key(data, i), (counts.get(key(data, i)) ?? 0) + 1);
  const palette = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 256)
    .map(([k]) => rgbOf(k));
  const nearest = new Map<number, number>();
  const indexOf = (k: number): number => {
    const known = nearest.get(k);
    if (known !== undefined) return known;
    const [r, g, b] = rgbOf(k);
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    palette.forEach(([pr, pg, pb], j) => {
      const distance = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [j, distance];
    });
    nearest.set(k, best);
    return best;
  };
  // each row: filter byte 0, then one palette index a pixel
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = indexOf(key(data, (y * width + x) * 4));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits an index
  header[9] = 3; // palette colour
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
