import { canonicalJson } from '../../shared/canonical';
import { setOwn } from '../../shared/clone';

/**
 * What every side sees, for observers: the part of several sides' views that is the same, at the
 * same place, in every one of them. Whatever an observer is shown, each side was shown too, so an
 * observer's page can hold no side's hidden fact (a ruleset's own view treats an unknown viewer as
 * the referee, so it is never asked for an observer's).
 *
 * - values equal in every view are kept whole;
 * - objects keep the keys every view has, each reduced the same way (keys left empty are dropped);
 * - lists of the same length whose items are objects are reduced item by item (a map's areas);
 *   other lists keep the items found in every view (a summary's sentences);
 * - anything else (values that differ) is left out.
 */
export function commonView(views: readonly unknown[]): unknown {
  if (views.length === 0) return undefined;
  const [first, ...rest] = views;
  const key = canonicalJson(first ?? null);
  if (rest.every((v) => canonicalJson(v ?? null) === key)) return first;
  if (views.every(Array.isArray)) return commonList(views as unknown[][]);
  if (views.every(isPlainObject)) {
    const objects = views as Record<string, unknown>[];
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(objects[0])) {
      if (!objects.every((o) => Object.hasOwn(o, k))) continue;
      const v = commonView(objects.map((o) => o[k]));
      if (v !== undefined) setOwn(out, k, v);
    }
    return out;
  }
  return undefined;
}

function commonList(lists: readonly unknown[][]): unknown[] {
  const [first, ...rest] = lists;
  if (rest.every((l) => l.length === first.length) && first.every(isPlainObject)) {
    return first.flatMap((_, i) => {
      const v = commonView(lists.map((l) => l[i]));
      return v === undefined ? [] : [v];
    });
  }
  const others = rest.map((l) => new Set(l.map((x) => canonicalJson(x ?? null))));
  return first.filter((x) => others.every((s) => s.has(canonicalJson(x ?? null))));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Lines every side reads, in the first side's order. */
export function commonLines(perSide: readonly (readonly string[])[]): string[] {
  if (perSide.length === 0) return [];
  const [first, ...rest] = perSide;
  const others = rest.map((l) => new Set(l));
  return first.filter((line) => others.every((s) => s.has(line)));
}
