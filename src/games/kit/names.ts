/**
 * Nearest-name matching for "did you mean ...?" hints: of the names a game knows (units, places,
 * order words), the one fewest edits (Levenshtein, by fastest-levenshtein) from what a player
 * wrote, when it is near enough to be a misspelling. Ties go to the first in the list given, so
 * the same list always gives the same hint.
 */
import { distance } from 'fastest-levenshtein';

export interface NearestOptions<T> {
  /** The name of an item (default: the item itself, for a list of names). */
  readonly nameOf?: (item: T) => string;
  /**
   * The form the written word and the names are compared in (default: lower case). A game with its
   * own spelling rules passes them (VITP: "U.S." as "us", hyphens and dots as spaces).
   */
  readonly normalize?: (text: string) => string;
  /**
   * The most edits a suggestion may be from what was written (compared in normalized form): a
   * number, or a function of the normalized word. Default: a third of its length, at least 2.
   */
  readonly within?: number | ((written: string) => number);
}

const lowerCase = (text: string): string => text.toLowerCase();
const aThird = (written: string): number => Math.max(2, Math.floor(written.length / 3));

/** The item whose name is nearest `written`, or null when none is within reach (or there are none). */
export function nearestName<T>(written: string, items: readonly T[], options: NearestOptions<T> = {}): T | null {
  const { nameOf = String, normalize = lowerCase, within = aThird } = options;
  const w = normalize(written);
  let best = -1;
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < items.length; i++) {
    const d = distance(w, normalize(nameOf(items[i])));
    if (d < least) [best, least] = [i, d];
  }
  const reach = typeof within === 'number' ? within : within(w);
  return best >= 0 && least <= reach ? items[best] : null;
}

/** `did you mean <name>?` for the nearest item, or null when none is near enough (then list the choices). */
export function didYouMean<T>(written: string, items: readonly T[], options: NearestOptions<T> = {}): string | null {
  const near = nearestName(written, items, options);
  return near === null ? null : `did you mean ${(options.nameOf ?? String)(near)}?`;
}
