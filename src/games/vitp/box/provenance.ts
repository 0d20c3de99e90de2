/**
 * Provenance for component values (shared/README.md "Component data").
 * Written locally because src/engine/box.ts (the generic `provenanced()` helper) did not exist
 * when this ruleset was written; swap to the engine helper once it lands.
 */
import { z } from 'zod';

export type Source =
  | { readonly kind: 'rulebook'; readonly rule: string }
  | { readonly kind: 'reference'; readonly ref: string; readonly status: 'confirmed' | 'inferred' }
  | { readonly kind: 'reconstructed'; readonly reason: string };

export interface P<T> {
  readonly value: T;
  readonly source: Source;
}

export const sourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rulebook'), rule: z.string().regex(/^\d+(\.\d+)*$/) }),
  z.object({ kind: z.literal('reference'), ref: z.string().min(1), status: z.enum(['confirmed', 'inferred']) }),
  z.object({ kind: z.literal('reconstructed'), reason: z.string().min(3) }),
]);

export function provenanced<T extends z.ZodTypeAny>(value: T) {
  return z.object({ value, source: sourceSchema });
}

/** Shorthands for writing the box data. */
export const rule = (r: string): Source => ({ kind: 'rulebook', rule: r });
export const ref = (id: string, status: 'confirmed' | 'inferred' = 'confirmed'): Source => ({ kind: 'reference', ref: id, status });
export const rec = (reason: string): Source => ({ kind: 'reconstructed', reason });
export const p = <T>(value: T, source: Source): P<T> => ({ value, source });

/** Count every provenanced value in a tree by source kind (for reports and tests). */
export function provenanceCounts(data: unknown): Record<Source['kind'], number> {
  const counts = { rulebook: 0, reference: 0, reconstructed: 0 };
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Record<string, unknown>;
    if ('value' in o && 'source' in o && o.source && typeof o.source === 'object') {
      counts[(o.source as Source).kind] += 1;
      walk(o.value);
      return;
    }
    Object.values(o).forEach(walk);
  };
  walk(data);
  return counts;
}
