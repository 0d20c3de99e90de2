/** Provenance helpers for the box: a printed value with its rule, a rebuilt one with its reason (docs/game-box.md). */
import type { Provenanced } from '../../../engine/box';

export const printed = <T>(value: T, rule: string): Provenanced<T> => ({ value, source: { kind: 'rulebook', rule } });
export const rebuilt = <T>(value: T, reason: string): Provenanced<T> => ({ value, source: { kind: 'reconstructed', reason } });
