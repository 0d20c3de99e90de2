/** Matching the names players write to units and places, with "did you mean ...?" (the kit's nearest-name matcher). */
import { didYouMean } from '../../kit';
import type { Unit, VitpState } from '../types';

const normalized = (text: string): string =>
  text
    .toLowerCase()
    .replace(/u\.s\./g, 'us')
    .replace(/[._\-'’]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A name as matched: lower case, punctuation and runs of spaces as one space. The names written
 * are the board's few names over and over (every order line names units and places): each is
 * worked out once, kept in a bounded cache (cleared when full).
 */
const normCache = new Map<string, string>();
const NORM_CACHE_LIMIT = 10_000;

export function norm(text: string): string {
  let n = normCache.get(text);
  if (n === undefined) {
    if (normCache.size >= NORM_CACHE_LIMIT) normCache.clear();
    normCache.set(text, (n = normalized(text)));
  }
  return n;
}

export type Match<T> = { ok: true; value: T } | { ok: false; problem: string; hint?: string };

/** Short forms players use: "21st AF" for an air force or flotilla, "PoW" for Prince of Wales. */
function aliases(name: string): string[] {
  const n = norm(name);
  const out = [n, n.replace(/\bair (force|flotilla)\b/, 'af')];
  const words = n.split(' ');
  if (words.length >= 3 && words.every((w) => /^[a-z]/.test(w))) out.push(words.map((w) => w[0]).join(''));
  return out;
}

interface NameForms {
  readonly norm: string;
  readonly aliases: readonly string[];
  /** norm and a space: a written name ending in a space is one of its leading-words abbreviations */
  readonly words: string;
}

/**
 * The forms of the names on the board (units, sea areas, ports), worked out once per name: every
 * order line is matched against every unit, and the names come from the box, so they are few.
 */
const formsCache = new Map<string, NameForms>();
const FORMS_CACHE_LIMIT = 10_000;

function formsOf(name: string): NameForms {
  let forms = formsCache.get(name);
  if (!forms) {
    if (formsCache.size >= FORMS_CACHE_LIMIT) formsCache.clear();
    const n = norm(name);
    forms = { norm: n, aliases: aliases(name), words: `${n} ` };
    formsCache.set(name, forms);
  }
  return forms;
}

/** Where each name form is in a list of names: the first with the form as its name, and all with it among their aliases. */
interface NameIndex {
  readonly names: readonly string[];
  readonly named: ReadonlyMap<string, number>;
  readonly aliased: ReadonlyMap<string, readonly number[]>;
}

/**
 * The index of a list of names, made once per list of names: every order line names units, and
 * looking each name up beats comparing it with every unit on the board. A state's units are a new
 * list whenever a unit changes, but their names are the same, in the same order: such a list takes
 * the index of the last list with those names (checked name by name).
 */
const indexes = new WeakMap<readonly unknown[], NameIndex>();
const recent: NameIndex[] = [];

function indexOf<T>(items: readonly T[], nameOf: (t: T) => string): NameIndex {
  let index = indexes.get(items);
  if (index) return index;
  const names = items.map(nameOf);
  index = recent.find((r) => r.names.length === names.length && r.names.every((n, i) => n === names[i]));
  if (!index) {
    const named = new Map<string, number>();
    const aliased = new Map<string, number[]>();
    names.forEach((name, i) => {
      const forms = formsOf(name);
      if (!named.has(forms.norm)) named.set(forms.norm, i);
      for (const alias of new Set(forms.aliases)) {
        const those = aliased.get(alias);
        if (those) those.push(i);
        else aliased.set(alias, [i]);
      }
    });
    index = { names, named, aliased };
    recent.unshift(index);
    if (recent.length > 8) recent.pop();
  }
  indexes.set(items, index);
  return index;
}

function match<T>(written: string, items: readonly T[], nameOf: (t: T) => string, what: string): Match<T> {
  const w = norm(written);
  if (!w) return { ok: false, problem: `a ${what} name is missing` };
  const index = indexOf(items, nameOf);
  const aliased = index.aliased.get(w);
  const exact = index.named.get(w) ?? (aliased?.length === 1 ? aliased[0] : undefined);
  if (exact !== undefined) return { ok: true, value: items[exact] };
  // a unique leading-words abbreviation, e.g. "Yokosuka" or "Pearl"
  const ws = `${w} `;
  const prefix = items.filter((t) => formsOf(nameOf(t)).words.startsWith(ws));
  if (prefix.length === 1) return { ok: true, value: prefix[0] };
  const hint = didYouMean(written, items, { nameOf, normalize: norm }) ?? undefined;
  return { ok: false, problem: `no ${what} called "${written.trim()}"`, hint };
}

/** Units in play for this side and the other (a player may name an enemy as a target). */
export function matchUnit(s: VitpState, written: string): Match<Unit> {
  return match(written, s.units, (u) => u.name, 'unit');
}

export function matchArea(s: VitpState, written: string): Match<string> {
  const m = match(written, s.map.areas, (a) => a.name, 'sea area');
  return m.ok ? { ok: true, value: m.value.name } : m;
}

export function matchPlace(s: VitpState, written: string): Match<string> {
  const m = match(written, s.map.places, (p) => p.name, 'port or base');
  return m.ok ? { ok: true, value: m.value.name } : m;
}

/** "Yamato, Nagato and Mutsu" -> three names. */
export const splitList = (text: string): string[] =>
  text
    .split(/\s*,\s*|\s+and\s+|\s*&\s*/i)
    .map((x) => x.trim())
    .filter(Boolean);
