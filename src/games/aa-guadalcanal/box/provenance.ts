/**
 * Shorthands for writing the box data with its provenance (shared/README.md "Component data").
 * `rule` cites a section id of the game's README (the rulebook has no rule numbers); `ref` a key of
 * ../shared/reference/aa-guadalcanal/SOURCES.md; `rec` gives the one-line reason of a reconstruction.
 */
import type { ProvenanceSource } from '../../../engine/box';

export interface P<T> {
  readonly value: T;
  readonly source: ProvenanceSource;
}

export const rule = (section: string): ProvenanceSource => ({ kind: 'rulebook', rule: section });
export const ref = (key: string, status: 'confirmed' | 'inferred' = 'confirmed'): ProvenanceSource => ({
  kind: 'reference',
  ref: key,
  status,
});
export const rec = (reason: string): ProvenanceSource => ({ kind: 'reconstructed', reason });
export const p = <T>(value: T, source: ProvenanceSource): P<T> => ({ value, source });
