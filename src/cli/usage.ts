import { readFileSync, statSync } from 'node:fs';

/**
 * A mistake in what the user typed (a bad number, an unknown side, a missing file): printed as
 * `umpire: <message>` without a stack trace, exit code 2, and nothing written anywhere.
 */
export class UsageError extends Error {}

/** `--games 3` → 3; anything but a whole number ≥ 1 is a usage error naming the flag. */
export function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a whole number of at least 1, got "${text}"`);
  return n;
}

/** `--deadline 90` → 90 (minutes); `--grace 0` is allowed where zero makes sense. */
export function nonNegativeNumber(text: string, flag: string, { allowZero = false } = {}): number {
  const n = Number(text);
  if (!text.trim() || !Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) {
    throw new UsageError(`${flag} must be a number of minutes${allowZero ? ' (0 or more)' : ' greater than 0'}, got "${text}"`);
  }
  return n;
}

/** A side name as the ruleset spells it, matched case-insensitively; `referee` too when allowed. */
export function resolveSide(given: string, sides: readonly string[], { referee = false, where = '' } = {}): string {
  const known = referee ? [...sides, 'referee'] : [...sides];
  const hit = known.find((s) => s.toLowerCase() === given.trim().toLowerCase());
  if (!hit) throw new UsageError(`${where}no side "${given}"; the sides are ${known.join(', ')}`);
  return hit;
}

/** An e-mail address, loosely: something@something. */
export function checkAddress(address: string, what: string): string {
  const a = address.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(a))
    throw new UsageError(`${what}: "${address}" is not an e-mail address (expected e.g. player@example.org)`);
  return a;
}

/** A file's text, or a usage error saying which file and why (missing, a directory, unreadable). */
export function readTextFile(path: string, what: string): string {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch (e) {
    throw new UsageError(`${what} ${path}: ${fileProblem(e)}`);
  }
  if (isDir) throw new UsageError(`${what} ${path}: is a directory, not a file`);
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${what} ${path}: ${fileProblem(e)}`);
  }
}

/** A JSON file's data, or a usage error naming the file and what is wrong with it. */
export function readJsonFile(path: string, what: string): unknown {
  const text = readTextFile(path, what);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageError(`${what} ${path}: not valid JSON (${(e as Error).message.split('\n').join(' ')})`);
  }
}

/** "no such file or directory" rather than "ENOENT: no such file or directory, open '/x'". */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    default:
      return (e as Error)?.message ?? String(e);
  }
}
