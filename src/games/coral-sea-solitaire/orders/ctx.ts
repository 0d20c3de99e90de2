/**
 * What a verb's parser works with: the position (for names only: what the USN may see, ./names.ts)
 * and small readers for the parts orders share: a name of given kinds, a list of names, a number.
 */
import type { CoralState } from '../types';
import { lookup, type NameKind, type Named } from './names';
import { isProblem, listOf, type Problem } from './tokens';

export interface Ctx {
  readonly s: CoralState;
  /** The syntax of the verb being read, for hints. */
  readonly syntax: string;
  readonly rule?: string;
}

export const fail = (c: Ctx, problem: string, hint?: string): Problem => ({ problem, hint: hint ?? c.syntax, rule: c.rule });

/** One name of `kinds`, from exactly one word. */
export function one(c: Ctx, words: readonly string[], kinds: readonly NameKind[], what: string): Named | Problem {
  const ws = listOf(words);
  if (ws.length === 0) return fail(c, `${what} is missing`);
  if (ws.length > 1) return fail(c, `one ${what} expected, not "${ws.join(' ')}"`);
  const found = lookup(c.s, ws[0], kinds);
  return found.ok ? found.named : { problem: found.problem, hint: found.hint, rule: c.rule };
}

/** Names of `kinds` separated by commas; at least one. */
export function many(c: Ctx, words: readonly string[], kinds: readonly NameKind[], what: string): Named[] | Problem {
  const ws = listOf(words);
  if (!ws.length) return fail(c, `no ${what} named`);
  const out: Named[] = [];
  for (const w of ws) {
    const found = lookup(c.s, w, kinds);
    if (!found.ok) return { problem: found.problem, hint: found.hint, rule: c.rule };
    if (out.some((n) => n.id === found.named.id)) return fail(c, `${found.named.display} is named twice`);
    out.push(found.named);
  }
  return out;
}

/** A whole number from one word, within bounds. */
export function count(c: Ctx, word: string | undefined, what: string, min = 0, max = 99): number | Problem {
  if (word === undefined || !/^\d+$/.test(word)) return fail(c, `${what}: a number expected${word ? `, not "${word}"` : ''}`);
  const n = Number(word);
  if (n < min || n > max) return fail(c, `${what}: ${n} is out of range (${min} to ${max})`);
  return n;
}

export { isProblem };
