import { z } from 'zod';
import { hashCanonical } from '../shared/canonical';
import type { BoardMap } from './board-view';

/**
 * The game box: component data (ships, areas, turn track, ...) where every value says where it
 * comes from, so a club can see how much of a ruleset is the rulebook's word and how much is
 * reconstructed. See docs/game-box.md.
 */

export const provenanceSourceSchema = z.discriminatedUnion('kind', [
  /** printed in the rulebook or on the counters; `rule` cites where */
  z.object({ kind: z.literal('rulebook'), rule: z.string().min(1) }).strict(),
  /** from a secondary reference (errata, a published table, a fan wiki); `status` e.g. "unverified" */
  z.object({ kind: z.literal('reference'), ref: z.string().min(1), status: z.string().min(1).optional() }).strict(),
  /** not found in any source: inferred; `reason` says how */
  z.object({ kind: z.literal('reconstructed'), reason: z.string().min(1) }).strict(),
]);

export type ProvenanceSource = z.infer<typeof provenanceSourceSchema>;
export type ProvenanceKind = ProvenanceSource['kind'];

export interface Provenanced<T> {
  readonly value: T;
  readonly source: ProvenanceSource;
}

/** Schema for one value with its provenance: `{ value, source }`. */
export function provenanced<T extends z.ZodType>(valueSchema: T) {
  return z.object({ value: valueSchema, source: provenanceSourceSchema }).strict();
}

export interface ProvenanceCounts {
  readonly rulebook: number;
  readonly reference: number;
  readonly reconstructed: number;
  readonly total: number;
  /** reference values by their status ("confirmed", "inferred", ...; "unstated" when none is given) */
  readonly referenceByStatus: Readonly<Record<string, number>>;
}

const KINDS: readonly ProvenanceKind[] = ['rulebook', 'reference', 'reconstructed'];

function isProvenanced(x: unknown): x is Provenanced<unknown> {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  const o = x as Record<string, unknown>;
  const src = o.source as Record<string, unknown> | null | undefined;
  return 'value' in o && typeof src === 'object' && src !== null && KINDS.includes(src.kind as ProvenanceKind);
}

/** Walks any data and counts provenanced values by kind (values nested inside a value count too). */
export function countProvenance(data: unknown): ProvenanceCounts {
  const counts = {
    rulebook: 0,
    reference: 0,
    reconstructed: 0,
    total: 0,
    referenceByStatus: {} as Record<string, number>,
  };
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    if (isProvenanced(x)) {
      counts[x.source.kind]++;
      counts.total++;
      if (x.source.kind === 'reference') {
        const status = x.source.status ?? 'unstated';
        counts.referenceByStatus[status] = (counts.referenceByStatus[status] ?? 0) + 1;
      }
      return walk(x.value);
    }
    Object.values(x as Record<string, unknown>).forEach(walk);
  };
  walk(data);
  return counts;
}

/** The data with every `{ value, source }` replaced by its value: what a ruleset computes with. */
export function withoutProvenance<T = unknown>(data: unknown): T {
  const strip = (x: unknown): unknown => {
    if (x === null || typeof x !== 'object') return x;
    if (Array.isArray(x)) return x.map(strip);
    if (isProvenanced(x)) return strip(x.value);
    return Object.fromEntries(Object.entries(x as Record<string, unknown>).map(([k, v]) => [k, strip(v)]));
  };
  return strip(data) as T;
}

export function boxHash(data: unknown): string {
  return hashCanonical(data);
}

/** `$.fleets.red["two words"][3]` */
export function jsonPath(path: readonly PropertyKey[]): string {
  return `$${path
    .map((p) => {
      if (typeof p === 'number') return `[${p}]`;
      const key = String(p);
      return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    })
    .join('')}`;
}

/**
 * Checks box data (the default or a club's override file) against a ruleset's schema. Each problem
 * names the JSON path and what was expected there; empty when the data is valid.
 */
export function validateBox(schema: z.ZodType, data: unknown): string[] {
  const parsed = schema.safeParse(data);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${jsonPath(issue.path)}: ${issue.message}`);
}

/** `ruleset.box` from a schema and the default data. */
export function gameBox<T extends z.ZodType>(
  schema: T,
  defaultData: z.infer<T>,
): { defaultData: z.infer<T>; validate(data: unknown): readonly string[] } {
  return { defaultData, validate: (data) => validateBox(schema, data) };
}

/**
 * What a game's box offers `umpire box check` beyond its data and schema: report lines (provenance
 * by part, constraint results, an override's changes; `against` is the default box when `data` is
 * an override) and the starting position as a board map (throws on a box the schema refuses).
 */
export interface BoxCheckExtras {
  details?(data: unknown, against?: unknown): readonly string[];
  picture?(data: unknown): BoardMap;
}
