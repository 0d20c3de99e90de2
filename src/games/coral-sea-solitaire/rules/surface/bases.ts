/**
 * Bases (23) as the other rules read them: a base's hex, side, strength, capacity and AA, and the
 * air grounded on it; and what a hit on a base does (grounded squadrons destroyed, a minor base
 * reduced, air over the reduced capacity eliminated). A major base's numbers are the box's, never
 * reduced (23.3, 23.7(4)); a minor base's one number is its capacity and its AA at once (23.7), 0
 * once captured (23.6: the landings' capture, rules/movement). Grounded air is the air area's:
 * its `grounded`, `capacityOf`, `pickAtRandom` (2.2) and `eliminate` (VP per squadron 6.1, IJN panic
 * per N 9.2) serve bombardment here as they serve an air attack on a base.
 */
import type { Dice } from '../../../../engine/ruleset';
import type { Fold } from '../../../kit';
import type { BaseId, CoralBox, CoralSide } from '../../box';
import type { CoralEvent } from '../../events';
import { hexOf } from '../../state';
import type { AirUnitState, CoralState } from '../../types';
import { eliminate, pickAtRandom } from '../air/losses';
import { capacityOf, grounded } from '../air/units';

export type CoralFold = Fold<CoralState, CoralEvent>;

/** The hex a base stands on (box map `places`). */
export const baseHex = (box: CoralBox, base: BaseId): string => hexOf(box, base);

export const isMajor = (box: CoralBox, base: BaseId): boolean => box.bases[base].kind.value === 'major';
export const sideOfBase = (box: CoralBox, base: BaseId): CoralSide => box.bases[base].side.value;

/** 23.3, 23.7: a major base's printed strength; a minor base's marker as the state holds it (its setup value until hit). */
export function baseStrength(s: CoralState, box: CoralBox, base: BaseId): number {
  if (isMajor(box, base)) return box.bases[base].capacity.value;
  return s.bases[base]?.strength ?? box.bases[base].capacity.value;
}

/** 12.1, 23.4: how many squadrons may be on the ground there (a minor base: its strength, 23.7(2)). */
export const baseCapacity = (s: CoralState, box: CoralBox, base: BaseId): number => capacityOf(s, box, base);

/** 23.5, 24.1: the base's AA level (a major base: printed; a minor base: its strength). */
export const baseAa = (s: CoralState, box: CoralBox, base: BaseId): number =>
  isMajor(box, base) ? box.bases[base].aa.value : baseStrength(s, box, base);

/** Air on the ground at a base (23.1: what air attack and bombardment can hit): in its Ready or Recovery box. */
export const groundedAir = (s: CoralState, base: BaseId): AirUnitState[] => s.air.filter((a) => a.home === base && grounded(a));

/** 17.1, 23.1: `n` grounded squadrons at `base` destroyed, picked at random (2.2). Returns the squadrons lost. */
export function hitGrounded(f: CoralFold, dice: Dice, box: CoralBox, base: BaseId, n: number, cause: string, rule: string): number {
  const picked = pickAtRandom(dice, groundedAir(f.s, base), n, `grounded squadron lost at ${base}`);
  eliminate(f, box, sideOfBase(box, base), picked, cause, rule);
  return picked.reduce((k, p) => k + p.strength, 0);
}

/**
 * 23.3, 23.4: a minor base loses `levels` of strength (never below 0; a major base never), then the
 * air grounded there beyond its new capacity is eliminated at random. Returns the levels lost.
 */
export function reduceBase(f: CoralFold, dice: Dice, box: CoralBox, base: BaseId, levels: number, cause: string, rule: string): number {
  if (isMajor(box, base) || levels <= 0) return 0;
  const from = baseStrength(f.s, box, base);
  const to = Math.max(0, from - levels);
  if (to === from) return 0;
  f.emit({ type: 'coral.air.base-reduced', data: { base, from, to, rule } });
  const over = groundedAir(f.s, base).reduce((n, a) => n + a.strength, 0) - baseCapacity(f.s, box, base);
  if (over > 0) {
    const picked = pickAtRandom(dice, groundedAir(f.s, base), over, `squadrons over ${base}'s capacity`);
    eliminate(f, box, sideOfBase(box, base), picked, `${cause}: over ${base}'s reduced capacity`, '23.4');
  }
  return from - to;
}
