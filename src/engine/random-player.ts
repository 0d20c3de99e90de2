import { createHash } from 'node:crypto';
import type { Rng } from './ruleset';

/**
 * A seeded generator for the random player and self-play (never for a real game's dice, which come
 * from the seed chain): sfc32, seeded from SHA-256 of a seed string. Same seed, same sequence.
 */
export interface SeededRng extends Rng {
  /** next raw 32-bit unsigned value */
  nextUint32(): number;
  /** `bytes` random bytes as hex (salts, test secrets) */
  hex(bytes: number): string;
}

/** Each byte's two hex digits. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function seededRng(seed: string): SeededRng {
  const h = createHash('sha256').update(seed).digest();
  let a = h.readUInt32LE(0),
    b = h.readUInt32LE(4),
    c = h.readUInt32LE(8),
    d = h.readUInt32LE(12);
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint32();
  const int = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`rng.int(${n})`);
    // Reject the top partial block so every value is equally likely.
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = nextUint32();
      if (x < limit) return x % n;
    }
  };
  return {
    nextUint32,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('rng.pick from an empty list');
      return items[int(items.length)];
    },
    hex: (bytes) => {
      let out = '';
      for (let i = 0; i < bytes; i++) out += HEX[int(256)];
      return out;
    },
  };
}
