/**
 * Reading one order line: its words, with the names players split over several words put back
 * together (`TF 17`, `Port Moresby`, `IJN CV 1`, `Carrier Strike Force`), commas and `AND` as list
 * separators, and the squadron lists orders carry (`VB 5 VT 2`, `3 LF 4 LMB`, `2 VB, 1 VF`).
 */
import { AIR_TYPES, type AirType, PLACES } from '../box';
import { IJN_TF_NAMES } from './names';

/** Counter and marker prefixes whose number a player may write apart (`TF 17`, `CV 1`). */
const NUMBERED = 'TF|CVL|CV|BB|B|CA|CL|DD|GB|TR|CYP|SS|DUMMY';

/** Names of several words, longest first, as their hyphenated form. */
const MULTI = [...Object.values(IJN_TF_NAMES), ...PLACES]
  .filter((n) => n.includes('-'))
  .sort((a, b) => b.length - a.length)
  .map((n) => [new RegExp(`\\b${n.split('-').join('[\\s-]+')}\\b`, 'gi'), n] as const);

/** The line as words: comments and extra spaces gone, split names joined, list separators kept as `,`. */
export function wordsOf(line: string): string[] {
  let t = line.replace(/#.*$/, '').trim();
  for (const [re, name] of MULTI) t = t.replace(re, name);
  t = t
    .replace(new RegExp(`\\b(${NUMBERED})[\\s-]+(\\d{1,2})\\b`, 'gi'), '$1-$2')
    .replace(new RegExp(`\\b(usn|ijn)\\s*[:\\s-]\\s*(?=(${NUMBERED})-\\d)`, 'gi'), (_m, side: string) => `${side.toUpperCase()}-`)
    .replace(/[;:]/g, ' ')
    .replace(/\s*,\s*/g, ' , ')
    .replace(/\s*&\s*/g, ' , ');
  return t
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^and$/i.test(w) ? ',' : w));
}

/** A problem with a line, before its line number is known. */
export interface Problem {
  readonly problem: string;
  readonly hint?: string;
  readonly rule?: string;
}

export const isProblem = (x: unknown): x is Problem => typeof x === 'object' && x !== null && 'problem' in x;

/** Words read left to right; keywords compared in capitals. */
export class Reader {
  private at = 0;
  constructor(readonly words: readonly string[]) {}
  peek(k = 0): string | undefined {
    return this.words[this.at + k];
  }
  /** The next word is one of `keywords` (any case). */
  is(...keywords: string[]): boolean {
    const w = this.peek()?.toUpperCase();
    return w !== undefined && keywords.includes(w);
  }
  next(): string | undefined {
    return this.words[this.at++];
  }
  /** Takes the next word if it is one of `keywords`. */
  accept(...keywords: string[]): string | null {
    if (!this.is(...keywords)) return null;
    return this.next()!.toUpperCase();
  }
  done(): boolean {
    return this.at >= this.words.length;
  }
  /** The words up to (not including) the first of `stops`, or to the end. */
  until(...stops: string[]): string[] {
    const out: string[] = [];
    while (!this.done() && !this.is(...stops)) out.push(this.next()!);
    return out;
  }
  rest(): string[] {
    return this.until();
  }
}

/** A list of names separated by commas (or AND): `CA-1 , DD-1` → [CA-1, DD-1]; no empty items. */
export function listOf(words: readonly string[]): string[] {
  return words.filter((w) => w !== ',');
}

const AIR_WORD = new RegExp(`^(\\d+)?(${AIR_TYPES.join('|')})(\\d+)?$`, 'i');

export type AirList = Partial<Record<AirType, number>>;

/**
 * Squadrons by type: `VB 5 VT 2`, `3 LF 4 LMB 2 LHB`, `2 VB , 1 VF`, `VB5`. Each type once; counts
 * whole and positive.
 */
export function airListOf(words: readonly string[]): AirList | Problem {
  const out: AirList = {};
  const hint = 'squadrons as type and number, e.g. VB 5 VT 2 (types: VF, VB, VT, LF, LD, LMB, LHB)';
  let pending: number | null = null;
  let open: AirType | null = null;
  const put = (type: AirType, n: number): Problem | null => {
    if (out[type] !== undefined) return { problem: `${type} is listed twice`, hint };
    if (!Number.isInteger(n) || n < 1) return { problem: `${n} ${type}: a number of squadrons is 1 or more`, hint };
    out[type] = n;
    return null;
  };
  for (const w of listOf(words)) {
    const m = AIR_WORD.exec(w);
    if (m) {
      const type = m[2].toUpperCase() as AirType;
      if (open) return { problem: `how many ${open}?`, hint };
      const n = m[1] ?? m[3];
      if (n !== undefined) {
        const p = put(type, Number(n));
        if (p) return p;
      } else if (pending !== null) {
        const p = put(type, pending);
        if (p) return p;
        pending = null;
      } else open = type;
    } else if (/^\d+$/.test(w)) {
      if (open) {
        const p = put(open, Number(w));
        if (p) return p;
        open = null;
      } else if (pending === null) pending = Number(w);
      else return { problem: `"${w}": two numbers in a row`, hint };
    } else return { problem: `"${w}" is no aircraft type`, hint };
  }
  if (open) return { problem: `how many ${open}?`, hint };
  if (pending !== null) return { problem: `${pending} of which aircraft type?`, hint };
  if (!Object.keys(out).length) return { problem: 'no squadrons named', hint };
  return out;
}
