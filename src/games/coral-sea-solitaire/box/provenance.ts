/**
 * Shorthands for writing Coral Sea Solitaire's box with its provenance (../shared/README.md
 * "Component data"): `rule` cites the rulebook's section (seed 004), `rec` gives the reasoning of
 * a reconstruction and the rules it must satisfy. A reconstruction is never the published value.
 */
import type { ProvenanceSource } from '../../../engine/box';

export interface P<T> {
  readonly value: T;
  readonly source: ProvenanceSource;
}

export const rule = (section: string): ProvenanceSource => ({ kind: 'rulebook', rule: section });
export const rec = (reason: string): ProvenanceSource => ({ kind: 'reconstructed', reason });
export const p = <T>(value: T, source: ProvenanceSource): P<T> => ({ value, source });
export const fromRule = <T>(value: T, section: string): P<T> => p(value, rule(section));
export const rebuilt = <T>(value: T, reason: string): P<T> => p(value, rec(reason));

/** The system Coral Sea Solitaire is built on (1.2), where a reconstructed value is adapted from it. */
export const SOLOMONS = 'adapted from the Solomons Campaign (seed 000, 50.0), the system CSS is built on (1.2)';
