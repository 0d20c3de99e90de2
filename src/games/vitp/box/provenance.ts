/**
 * Provenance shorthands for writing the box data (shared/README.md "Component data").
 * The schema helper is the engine's generic `provenanced()` (src/engine/box.ts).
 */
export { provenanced, countProvenance } from '../../../engine/box';

export type Source =
  | { readonly kind: 'rulebook'; readonly rule: string }
  | { readonly kind: 'reference'; readonly ref: string; readonly status: 'confirmed' | 'inferred' }
  | { readonly kind: 'reconstructed'; readonly reason: string };

export interface P<T> {
  readonly value: T;
  readonly source: Source;
}

export const rule = (r: string): Source => ({ kind: 'rulebook', rule: r });
export const ref = (id: string, status: 'confirmed' | 'inferred' = 'confirmed'): Source => ({
  kind: 'reference',
  ref: id,
  status,
});
export const rec = (reason: string): Source => ({ kind: 'reconstructed', reason });
export const p = <T>(value: T, source: Source): P<T> => ({ value, source });
