/** Matching the names players write to units and places, with "did you mean ...?" (fastest-levenshtein). */
import { closest, distance } from 'fastest-levenshtein';
import type { Unit, VitpState } from '../types';

export const norm = (text: string): string =>
  text
    .toLowerCase()
    .replace(/u\.s\./g, 'us')
    .replace(/[._\-'’]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export type Match<T> = { ok: true; value: T } | { ok: false; problem: string; hint?: string };

/** Short forms players use: "21st AF" for an air force or flotilla, "PoW" for Prince of Wales. */
function aliases(name: string): string[] {
  const n = norm(name);
  const out = [n, n.replace(/\bair (force|flotilla)\b/, 'af')];
  const words = n.split(' ');
  if (words.length >= 3 && words.every((w) => /^[a-z]/.test(w))) out.push(words.map((w) => w[0]).join(''));
  return out;
}

function match<T>(written: string, items: readonly T[], nameOf: (t: T) => string, what: string): Match<T> {
  const w = norm(written);
  if (!w) return { ok: false, problem: `a ${what} name is missing` };
  const exact = items.find((t) => norm(nameOf(t)) === w) ?? unique(items.filter((t) => aliases(nameOf(t)).includes(w)));
  if (exact) return { ok: true, value: exact };
  // a unique leading-words abbreviation, e.g. "Yokosuka" or "Pearl"
  const prefix = items.filter((t) => `${norm(nameOf(t))} `.startsWith(`${w} `));
  if (prefix.length === 1) return { ok: true, value: prefix[0] };
  const names = items.map((t) => norm(nameOf(t)));
  const near = names.length ? closest(w, names) : null;
  const hint =
    near && distance(w, near) <= Math.max(2, Math.floor(w.length / 3)) ? `did you mean ${nameOf(items[names.indexOf(near)])}?` : undefined;
  return { ok: false, problem: `no ${what} called "${written.trim()}"`, hint };
}

const unique = <T>(xs: T[]): T | undefined => (xs.length === 1 ? xs[0] : undefined);

/** Units in play for this side and the other (a player may name an enemy as a target). */
export function matchUnit(s: VitpState, written: string): Match<Unit> {
  return match(written, s.units, (u) => u.name, 'unit');
}

export function matchArea(s: VitpState, written: string): Match<string> {
  return match(
    written,
    s.map.areas.map((a) => a.name),
    (n) => n,
    'sea area',
  );
}

export function matchPlace(s: VitpState, written: string): Match<string> {
  return match(
    written,
    s.map.places.map((p) => p.name),
    (n) => n,
    'port or base',
  );
}

/** "Yamato, Nagato and Mutsu" -> three names. */
export const splitList = (text: string): string[] =>
  text
    .split(/\s*,\s*|\s+and\s+|\s*&\s*/i)
    .map((x) => x.trim())
    .filter(Boolean);
