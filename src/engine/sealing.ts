import { canonicalJson, hashCanonical, sha256Hex } from '../shared/canonical';
import type { Side, StepInfo } from './ruleset';
import type { Unsealed } from './engine-events';

/** The commitment a player receives in the acknowledgment: SHA-256(canonical orders ‖ salt). */
export function commitmentFor(orders: readonly unknown[], salt: string): string {
  return sha256Hex(canonicalJson(orders) + salt);
}

/** What the edge seals for a simultaneous step (and opens again at resolution). */
export function sealPlaintext(side: Side, stepId: string, orders: readonly unknown[], salt: string): string {
  return canonicalJson({ side, stepId, orders, salt });
}

/**
 * commitmentFor and sealPlaintext of the same orders, the orders written in canonical form once:
 * the plaintext is canonicalJson({ side, stepId, orders, salt }) put together from its members in
 * key order (orders, salt, side, stepId), the same bytes.
 */
export function commitAndSeal(
  side: Side,
  stepId: string,
  orders: readonly unknown[],
  salt: string,
): { commitment: string; plaintext: () => string } {
  const written = canonicalJson(orders);
  return {
    commitment: sha256Hex(written + salt),
    plaintext: () =>
      `{"orders":${written},"salt":${JSON.stringify(salt)},"side":${JSON.stringify(side)},"stepId":${JSON.stringify(stepId)}}`,
  };
}

/** Reads a plaintext made by sealPlaintext, after the edge has decrypted it. */
export function openPlaintext(plaintext: string): Unsealed & { side: Side; stepId: string } {
  const parsed = JSON.parse(plaintext) as {
    side?: unknown;
    stepId?: unknown;
    orders?: unknown;
    salt?: unknown;
  };
  if (
    typeof parsed.side !== 'string' ||
    typeof parsed.stepId !== 'string' ||
    !Array.isArray(parsed.orders) ||
    typeof parsed.salt !== 'string'
  ) {
    throw new TypeError('sealed plaintext is not {side, stepId, orders, salt}');
  }
  return { side: parsed.side, stepId: parsed.stepId, orders: parsed.orders, salt: parsed.salt };
}

/** Keys every die of a step: the orders the step was adjudicated with, by side. */
export function ordersHashOf(orders: Readonly<Record<Side, readonly unknown[]>>): string {
  return hashCanonical(orders);
}

/**
 * Who reads a simultaneous step's orders once opened (issue 32): 'all', the default, or 'owners':
 * each side's to itself and the referee while the game runs, and to everyone once it has ended
 * (eventVisibleTo), so third parties can still check every commitment afterwards.
 */
export interface RevealChoice {
  readonly revealTo?: 'all' | 'owners';
}

/** The visibleTo that a side's opened or default orders carry under the step's choice (nothing: everyone). */
export const revealedTo = (step: Pick<StepInfo, 'revealTo'>, side: Side): { visibleTo?: readonly Side[] } =>
  step.revealTo === 'owners' ? { visibleTo: [side] } : {};
