/**
 * The battle box (ATK.2, ATK.3, ATK.absent, ATK.cargo, ATK.damage, BOX): die k sits in slot
 * ((k-1) mod 12)+1; a 1 or 2 hits the type printed in that slot for the category; an absent type
 * reads the chart again from slot 1; battleships shed one hit each per turn first; undamaged units
 * of a type take hits before damaged ones; on a 1 the attacker picks the unit, on a 2 the defender
 * (each by his standing `HITS` list, else the default in `choose`).
 * Pure: the position in, each die's result and each unit's fate out.
 */
import type { UnitType } from './box';
import type { DieResult } from './types';
import { compareCodeUnits } from '../../shared/canonical';

export interface Target {
  readonly id: string;
  readonly type: UnitType;
  readonly resilient: boolean;
  readonly armor: boolean;
  /** what losing it costs its owner beyond itself (cargo), for the choosers */
  readonly load: number;
}

export type Fate = 'destroyed' | 'damaged';

export interface BoxResult {
  readonly dice: DieResult[];
  readonly fates: ReadonlyMap<string, Fate>;
  readonly armorSpent: readonly string[];
}

/** The choosers' standing `HITS` lists (ATK.cargo): unit ids best first; absent, the default. */
export interface Choosers {
  /** chooses on a 1: enemy units to take first */
  readonly attacker?: readonly string[];
  /** chooses on a 2: own units to give up first */
  readonly defender?: readonly string[];
}

/**
 * Who picks among alike units (ATK.cargo): the attacker on a 1, the defender on a 2, each by his
 * `HITS` list (the first listed unit among the candidates). Unlisted, the documented default: the
 * attacker takes the most loaded (cargo at cost), the defender gives the least loaded; ties by id.
 */
function choose(cands: readonly Target[], face: number, choosers: Choosers): Target {
  const list = (face === 1 ? choosers.attacker : choosers.defender) ?? [];
  const listed = list.find((id) => cands.some((c) => c.id === id));
  if (listed) return cands.find((c) => c.id === listed)!;
  const sorted = [...cands].sort((a, b) => (face === 1 ? b.load - a.load : a.load - b.load) || compareCodeUnits(a.id, b.id));
  return sorted[0];
}

export function resolveBox(
  faces: readonly number[],
  chart: readonly UnitType[],
  targets: readonly Target[],
  opts: { readonly hitFaces: readonly number[]; readonly asOne?: readonly number[]; readonly choosers?: Choosers } = { hitFaces: [1, 2] },
): BoxResult {
  const fates = new Map<string, Fate>();
  const armor = new Set(targets.filter((t) => t.armor).map((t) => t.id));
  const armorSpent: string[] = [];
  const alive = (t: Target) => fates.get(t.id) !== 'destroyed';
  const dice: DieResult[] = faces.map((face, k) => {
    const slot = (k % chart.length) + 1;
    const printed = chart[slot - 1];
    if (!opts.hitFaces.includes(face)) return { slot, face, printed, unit: null, effect: 'miss' };
    let type: UnitType | undefined = printed;
    let redirected = false;
    if (!targets.some((t) => t.type === type && alive(t))) {
      // ADV.pt-boats: a hit on a type absent there is taken by a PT boat token, which is destroyed
      const pt = targets.find((t) => (t.type as string) === 'PT' && alive(t));
      if (pt) {
        fates.set(pt.id, 'destroyed');
        return { slot, face, printed, unit: pt.id, effect: 'destroyed' };
      }
      redirected = true;
      type = chart.find((c) => targets.some((t) => t.type === c && alive(t)));
    }
    if (!type) return { slot, face, printed, unit: null, effect: 'lost' };
    const extra = redirected ? { redirectedTo: type } : {};
    const ofType = targets.filter((t) => t.type === type && alive(t));
    const shield = ofType.find((t) => armor.has(t.id));
    if (shield) {
      armor.delete(shield.id);
      armorSpent.push(shield.id);
      return { slot, face, printed, unit: shield.id, effect: 'armor', ...extra };
    }
    const undamaged = ofType.filter((t) => !fates.has(t.id));
    // Night Fighting (ADV.night-fighting): a 2 destroys, and is chosen, like a 1
    const as = opts.asOne?.includes(face) ? 1 : face;
    const unit = choose(undamaged.length ? undamaged : ofType, as, opts.choosers ?? {});
    const effect: Fate = unit.resilient && as !== 1 && !fates.has(unit.id) ? 'damaged' : 'destroyed';
    fates.set(unit.id, effect);
    return { slot, face, printed, unit: unit.id, effect, ...extra };
  });
  return { dice, fates, armorSpent };
}

/** Airfield roll (CMB.4): slot types ignored; every two hits damage one airfield. */
export function airfieldHits(faces: readonly number[], hitFaces: readonly number[] = [1, 2]): { dice: DieResult[]; hits: number } {
  const dice = faces.map((face, k) => ({
    slot: (k % 12) + 1,
    face,
    printed: null,
    unit: null,
    effect: hitFaces.includes(face) ? ('airfield-hit' as const) : ('miss' as const),
  }));
  return { dice, hits: dice.filter((d) => d.effect === 'airfield-hit').length };
}
