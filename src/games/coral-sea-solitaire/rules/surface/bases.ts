/**
 * Bases (23): what other rules read of a base (its hex, strength, capacity, AA, grounded air) and
 * what happens to one (grounded squadrons destroyed, a minor base reduced, air over capacity
 * eliminated). Port Moresby's capture (23.6) is the landings' (rules/movement), which set its strength to 0. A major base's numbers are the box's, never reduced (23.3);
 * a minor base's one number is its capacity and its AA at once (23.7). Squadrons lost anywhere
 * score VP (6.1) and IJN panic per N (9.2) through `recordSquadronLosses` (the air rules' `eliminate`
 * does the same for squadrons shot down; both count into `ijnSquadronsLost`).
 */
import type { Dice, RollOptions, Visibility } from '../../../../engine/ruleset';
import { byCodeUnit, chooseAtRandom, type Fold, type RandomChoice } from '../../../kit';
import type { AirUnitState, CoralState } from '../../types';
import type { BaseId, CoralBox, CoralSide } from '../../box';
import type { CoralEvent } from '../../events';
import { addPanic, type PanicPart } from '../common';
import { hexOf } from '../../state';

export type CoralFold = Fold<CoralState, CoralEvent>;

/** The hex a base stands on (box map `places`). */
export const baseHex = (box: CoralBox, base: BaseId): string => hexOf(box, base);

export const isMajor = (box: CoralBox, base: BaseId): boolean => box.bases[base].kind.value === 'major';
export const sideOfBase = (box: CoralBox, base: BaseId): CoralSide => box.bases[base].side.value;

/**
 * 23.3, 23.7: a base's strength: a major base's printed capacity (never reduced, 23.7(4)); a minor
 * base's marker, as the state holds it (its setup value until hit; 0 once captured, 23.6).
 */
export function baseStrength(s: CoralState, box: CoralBox, base: BaseId): number {
  if (isMajor(box, base)) return box.bases[base].capacity.value;
  return s.bases[base]?.strength ?? box.bases[base].capacity.value;
}

/** 12.1, 23.4: how many squadrons may be on the ground there (a minor base: its strength, 23.7(2)). */
export const baseCapacity = (s: CoralState, box: CoralBox, base: BaseId): number => baseStrength(s, box, base);

/** 23.5, 24.1: the base's AA level (a major base: printed; a minor base: its strength). */
export function baseAa(s: CoralState, box: CoralBox, base: BaseId): number {
  return isMajor(box, base) ? box.bases[base].aa.value : baseStrength(s, box, base);
}

/** Air on the ground at a base (23.1: what air attack and bombardment can hit): Ready or Recovery, not flying. */
export const groundedAir = (s: CoralState, base: BaseId): AirUnitState[] =>
  s.air.filter((a) => a.home === base && (a.box === 'ready' || a.box === 'recovery') && a.flyingTo === undefined);

/**
 * Squadrons a side lost (any cause): the running count, VP to the other side per squadron (6.1,
 * box `usn-squadron` / `ijn-squadron`), and for the IJN one panic point per N squadrons (9.2, box
 * `ijn-squadrons-per-point`), none once panic has set in (9.3). With `deferPanic` those points are
 * returned for the caller to net with the rest of one combat result (9.2, recordHits) instead.
 */
export function recordSquadronLosses(
  f: CoralFold,
  box: CoralBox,
  side: CoralSide,
  squadrons: number,
  cause: string,
  rule: string,
  visibleTo?: Visibility,
  deferPanic = false,
): PanicPart | null {
  if (squadrons <= 0) return null;
  const vis = visibleTo ? { visibleTo } : {};
  const before = side === 'ijn' ? (f.s.ijnSquadronsLost ?? 0) : 0;
  f.emit({ type: 'coral.squadrons.lost', data: { side, squadrons, cause, rule }, ...vis });
  const gains = side === 'ijn' ? box.vp.usnGains['ijn-squadron'] : box.vp.ijnGains['usn-squadron'];
  const points = (gains?.value ?? 0) * squadrons;
  if (points > 0)
    f.emit({
      type: 'coral.vp',
      data: {
        side: side === 'ijn' ? 'usn' : 'ijn',
        points,
        reason: `${squadrons} ${side.toUpperCase()} squadrons (${cause})`,
        rule: '6.1',
      },
      ...vis,
    });
  const per = box.panicPoints['ijn-squadrons-per-point']?.value ?? 0;
  if (side !== 'ijn' || per <= 0) return null;
  const delta = Math.floor((before + squadrons) / per) - Math.floor(before / per);
  if (delta <= 0) return null;
  const reason = `IJN squadrons lost (${before + squadrons} in all, one point per ${per})`;
  if (deferPanic) return { delta, reason };
  addPanic(f, box, delta, reason, visibleTo);
  return null;
}

/**
 * Eliminates `squadrons` grounded squadrons at `base`, each picked at random (2.2) among the
 * grounded squadrons (air units are change, 21.7: a unit of 3 is three squadrons to pick from), or
 * all of them without a die when that many or fewer are there (nor when every squadron left is of one unit). Returns the number eliminated.
 */
export function eliminateGrounded(
  f: CoralFold,
  dice: Dice,
  box: CoralBox,
  base: BaseId,
  squadrons: number,
  cause: string,
  rule: string,
  options?: RollOptions,
): number {
  const slots = groundedAir(f.s, base)
    .sort((a, b) => byCodeUnit(a.id, b.id))
    .flatMap((a) => Array.from({ length: a.strength }, () => a.id));
  const n = Math.min(squadrons, slots.length);
  if (n <= 0) return 0;
  const picks: RandomChoice<string>[] = [];
  let lost: string[];
  if (n === slots.length) lost = slots;
  else {
    const left = [...slots];
    lost = [];
    for (let i = 0; i < n; i++) {
      if (new Set(left).size === 1) {
        lost.push(left.pop() as string);
        continue;
      }
      const pick = chooseAtRandom(dice, left, `grounded squadron lost at ${base}`, '2.2', options);
      picks.push(pick);
      lost.push(pick.chosen);
      left.splice(pick.index, 1);
    }
  }
  const units = [...new Set(lost)].map((id) => ({ id, squadrons: lost.filter((x) => x === id).length }));
  f.emit({ type: 'coral.base.air-lost', data: { base, units, picks, cause, rule } });
  recordSquadronLosses(f, box, sideOfBase(box, base), n, cause, rule);
  return n;
}

/** 23.3: a minor base loses `levels` of strength (never below 0; a major base never). Returns the levels lost. */
export function reduceBase(f: CoralFold, box: CoralBox, base: BaseId, levels: number, cause: string, rule: string): number {
  if (isMajor(box, base) || levels <= 0) return 0;
  const from = baseStrength(f.s, box, base);
  const to = Math.max(0, from - levels);
  if (to === from) return 0;
  f.emit({ type: 'coral.base.strength', data: { base, from, to, cause, rule } });
  return from - to;
}

/** 23.4: grounded air beyond the base's capacity is eliminated (at random, 2.2). Returns the squadrons lost. */
export function enforceBaseCapacity(f: CoralFold, dice: Dice, box: CoralBox, base: BaseId, cause: string): number {
  const grounded = groundedAir(f.s, base).reduce((n, a) => n + a.strength, 0);
  const excess = grounded - baseCapacity(f.s, box, base);
  return excess > 0 ? eliminateGrounded(f, dice, box, base, excess, `${cause}: over capacity`, '23.4') : 0;
}
