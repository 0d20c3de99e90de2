/**
 * "Know what the umpire sent": a line of a reply that repeats a line of a mail the umpire sent to
 * this sender in this game is quoted text, whatever the client did to mark it (or failed to).
 * Pure: the texts come in as input (the ingest looks them up in the outbox).
 *
 * Echo-safe: the umpire's acknowledgments and refusals repeat the player's own order lines, but
 * always behind a prefix ("  1. ", "line 3: ", "=> "), and lines are compared whole, so a player
 * who sends last turn's order again is never taken for quoting it.
 */

/** Shorter lines are taken as quoted only inside a run of matched lines (a bare "STAY" is no evidence). */
const SHORT = 16;
/** Known lines at least this long may come back re-wrapped by the client over several lines. */
const WRAPPABLE = 40;

export function normalizeLine(line: string): string {
  return line
    .normalize('NFKC')
    .replace(/^[\s>|]+/, '')
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export class KnownTexts {
  private readonly lines = new Set<string>();
  private readonly long: string[] = [];

  constructor(texts: readonly string[]) {
    for (const text of texts) {
      for (const raw of text.split(/\r?\n/)) {
        const n = normalizeLine(raw);
        if (n.length < 3) continue;
        this.lines.add(n);
        if (n.length >= WRAPPABLE) this.long.push(n);
      }
    }
  }

  get empty(): boolean {
    return this.lines.size === 0;
  }

  /**
   * Which of `candidates` (indexes into `lines`, in order) repeat the umpire's text. A line counts
   * when it equals a known line (a `weak` one, such as a line that reads like an order, only right
   * next to another match; a short one only between two), or when it and the lines after it are
   * one known line the client wrapped.
   */
  match(lines: readonly string[], candidates: readonly number[], weak: (line: string) => boolean = () => false): Set<number> {
    const hit = new Set<number>();
    if (this.empty) return hit;
    const norm = new Map(candidates.map((i) => [i, normalizeLine(lines[i])]));
    const exact = new Set(candidates.filter((i) => norm.get(i) !== '' && this.lines.has(norm.get(i)!)));
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k];
      const n = norm.get(i)!;
      if (n === '') continue;
      if (exact.has(i)) {
        if (n.length < SHORT) {
          if (this.neighbour(candidates, k, -1, norm, exact) && this.neighbour(candidates, k, 1, norm, exact)) hit.add(i);
        } else if (!weak(lines[i]) || exact.has(i - 1) || exact.has(i + 1)) hit.add(i);
        continue;
      }
      const span = this.rewrapped(candidates, k, norm);
      for (let s = 0; s < span; s++) hit.add(candidates[k + s]);
      if (span) k += span - 1;
    }
    return hit;
  }

  /** The nearest non-blank candidate in direction `dir` is an exact match. */
  private neighbour(c: readonly number[], k: number, dir: 1 | -1, norm: Map<number, string>, exact: Set<number>): boolean {
    for (let j = k + dir; j >= 0 && j < c.length; j += dir) {
      if (norm.get(c[j]) === '') continue;
      return exact.has(c[j]);
    }
    return false;
  }

  /** How many consecutive candidates starting at k spell one long known line together (0: none). */
  private rewrapped(c: readonly number[], k: number, norm: Map<number, string>): number {
    const first = norm.get(c[k])!;
    if (first.length < 8) return 0;
    for (const known of this.long) {
      if (!known.startsWith(`${first} `)) continue;
      let rest = known.slice(first.length + 1);
      let j = k + 1;
      while (j < c.length && c[j] === c[j - 1] + 1) {
        const part = norm.get(c[j])!;
        if (part === '') break;
        if (rest === part) return j - k + 1;
        if (!rest.startsWith(`${part} `)) break;
        rest = rest.slice(part.length + 1);
        j++;
      }
    }
    return 0;
  }
}
