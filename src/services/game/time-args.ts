import { STEP_KINDS, type StepKind } from '../../engine/step-kinds';

/**
 * The arguments of the referee's time rulings, checked (mail and CLI alike): a length (`48h`,
 * `2d`, `90m`), a kind of step, an instant (`2026-12-20`, `2026-12-20T08:00Z`). Each reader gives
 * the value or what was wrong and what would be right. Hand-written: three small grammars, the
 * same as EXTEND's (mail/commands.ts), where a date library would add a dependency for `Date.parse`.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string; hint: string };

/** Longest deadline a ruling may set: 60 days. */
export const MAX_LENGTH_MINUTES = 60 * 24 * 60;

export function readLength(text: string): Checked<number> {
  const m = text.trim().match(/^(\d{1,5})\s*(m|min|mins|minutes?|h|hours?|d|days?)$/i);
  const hint = 'Write the length as a number and a unit: 90m, 48h or 3d.';
  if (!m) return { ok: false, problem: `"${text}" is not a length`, hint };
  const unit = m[2][0].toLowerCase();
  const minutes = Number(m[1]) * (unit === 'm' ? 1 : unit === 'h' ? 60 : 1440);
  if (minutes < 1 || minutes > MAX_LENGTH_MINUTES)
    return { ok: false, problem: `${text} is out of range: a deadline lasts from 1 minute to 60 days`, hint };
  return { ok: true, value: minutes };
}

export function readKind(text: string): Checked<StepKind> {
  const kind = text.trim().toLowerCase();
  const known = STEP_KINDS.find((k) => k === kind || `${k}s` === kind);
  return known
    ? { ok: true, value: known }
    : {
        ok: false,
        problem: `"${text}" is no kind of step`,
        hint: `The kinds are ${STEP_KINDS.join(', ')}: e.g. DEADLINE battle 48h.`,
      };
}

/**
 * An instant, with its zone (`Z`, `+01:00`) or a date alone (UTC). A date alone that ends a window
 * (`end`) means the end of that day: ABSENCE japanese 2026-12-20 2026-12-28 runs to 29 Dec 00:00 UTC.
 */
export function readInstant(text: string, end = false): Checked<Date> {
  const t = text.trim();
  const hint = 'Write a date (2026-12-20, read in UTC) or an instant with its zone (2026-12-20T08:00Z).';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(t);
  if (!dateOnly && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(t))
    return { ok: false, problem: `"${text}" is not a date`, hint };
  const d = new Date(dateOnly ? `${t}T00:00:00Z` : t);
  if (Number.isNaN(d.getTime())) return { ok: false, problem: `"${text}" is not a date`, hint };
  return { ok: true, value: dateOnly && end ? new Date(d.getTime() + 86_400_000) : d };
}
