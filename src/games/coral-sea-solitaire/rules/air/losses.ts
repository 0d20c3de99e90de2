/**
 * Squadron losses (CRT notes, 21.8, 32.1): a result's loss points are taken eliminated first, then
 * aborted; squadrons flying normal range go before those at extended range, each of which counts
 * only half a point (32.1). The IJN's squadrons are picked at random (2.2); the USN's by the player
 * at the `air-losses` decision when there is a choice, at random when it says nothing. Each
 * squadron eliminated scores VP for the other side (6.1, the box's `*-squadron`), and the IJN's
 * add a panic point per the Panic Points Chart's `ijn-squadrons-per-point` (9.2).
 */
import type { Dice } from '../../../../engine/ruleset';
import { chooseAtRandom } from '../../../kit';
import type { AirType, CoralBox, CoralSide } from '../../box/schema';
import type { AirUnitState, CoralOrder, CoralState, ShipKey } from '../../types';
import type { PanicPart } from '../common';
import { recordSquadronLosses } from '../surface/bases';
import { type AirFold, decisionStep, type Problem, problem } from './fold';
import type { AirCounts, PendingLosses } from './state';
import { type AirMove, grounded, homeNamed, placeOf } from './units';

/** How many squadrons of each class go: normal range first, extended at two squadrons a point (32.1). */
export function lossSplit(units: readonly AirUnitState[], eliminated: number, aborted: number) {
  const N = units.filter((u) => !u.extendedRange).reduce((n, u) => n + u.strength, 0);
  const X = units.filter((u) => u.extendedRange).reduce((n, u) => n + u.strength, 0);
  const eN = Math.min(eliminated, N);
  const eX = Math.min(2 * (eliminated - eN), X);
  const aN = Math.min(aborted, N - eN);
  const aX = Math.min(2 * (aborted - aN), X - eX);
  return { eN, eX, aN, aX, N, X };
}

export type Picked = { id: string; strength: number };

/** `n` squadrons of `units` at random (2.2), one die per squadron while more than one unit is left to pick from. */
export function pickAtRandom(dice: Dice, units: readonly AirUnitState[], n: number, purpose: string): Picked[] {
  const left = new Map(units.map((u) => [u.id, u.strength]));
  const out = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const ids = [...left.entries()].filter(([, v]) => v > 0).map(([id]) => id);
    if (!ids.length) break;
    let id = ids[0];
    if (ids.length > 1) {
      const squadrons = ids.flatMap((i) => Array.from({ length: left.get(i) as number }, () => i));
      id = chooseAtRandom(dice, squadrons, `${purpose} #${k + 1}`, '2.2').chosen;
    }
    left.set(id, (left.get(id) as number) - 1);
    out.set(id, (out.get(id) ?? 0) + 1);
  }
  return [...out.entries()].map(([id, strength]) => ({ id, strength }));
}

/** True when which squadrons go is the USN's to choose: some class loses part of itself and holds two units or more. */
export function isChoice(units: readonly AirUnitState[], eliminated: number, aborted: number): boolean {
  const { eN, eX, aN, aX, N, X } = lossSplit(units, eliminated, aborted);
  const mixed = (ext: boolean) => units.filter((u) => !!u.extendedRange === ext).length > 1;
  return (
    (eN + aN > 0 && eN + aN < N && mixed(false)) ||
    (eX + aX > 0 && eX + aX < X && mixed(true)) ||
    (eN > 0 && aN > 0 && mixed(false)) ||
    (eX > 0 && aX > 0 && mixed(true))
  );
}

/** `n` squadrons by type in the order given (types not named last), at random within a type (LOSSES FIGHTERS LAST). */
export function pickByPriority(
  dice: Dice,
  units: readonly AirUnitState[],
  n: number,
  types: readonly AirType[],
  purpose: string,
): Picked[] {
  const order = [...types, ...[...new Set(units.map((u) => u.type))].filter((t) => !types.includes(t))];
  const out: Picked[] = [];
  let left = n;
  for (const t of order) {
    const pool = units.filter((u) => u.type === t);
    const k = Math.min(
      left,
      pool.reduce((m, u) => m + u.strength, 0),
    );
    if (k > 0) out.push(...pickAtRandom(dice, pool, k, `${purpose} (${t})`));
    left -= k;
  }
  return out;
}

/** Losses at random (2.2), or by type in a standing order: eliminated, then aborted, from each class in turn (32.1). */
export function randomLosses(
  dice: Dice,
  units: readonly AirUnitState[],
  eliminated: number,
  aborted: number,
  purpose: string,
  types?: readonly AirType[],
) {
  const { eN, eX, aN, aX } = lossSplit(units, eliminated, aborted);
  const pick = (us: readonly AirUnitState[], n: number, what: string) =>
    types ? pickByPriority(dice, us, n, types, what) : pickAtRandom(dice, us, n, what);
  const normal = units.filter((u) => !u.extendedRange);
  const ext = units.filter((u) => u.extendedRange);
  const less = (us: readonly AirUnitState[], gone: Picked[]) =>
    us.map((u) => ({ ...u, strength: u.strength - (gone.find((g) => g.id === u.id)?.strength ?? 0) })).filter((u) => u.strength > 0);
  const elim = [...pick(normal, eN, `${purpose}, eliminated`), ...pick(ext, eX, `${purpose}, eliminated (extended range)`)];
  const abort = [
    ...pick(less(normal, elim), aN, `${purpose}, aborted`),
    ...pick(less(ext, elim), aX, `${purpose}, aborted (extended range)`),
  ];
  return { elim, abort };
}

type LossOrder = Extract<CoralOrder, { kind: 'losses' }>;

/**
 * The USN's LOSSES orders as squadrons of the candidate units, or the problem. The squadrons named
 * take the result in the order written: the first ones eliminated, the rest aborted (an order's
 * `aborted` names the aborted ones apart); 32.1's order must hold: normal range before extended.
 */
export function chosenLosses(
  s: CoralState,
  box: CoralBox,
  units: readonly AirUnitState[],
  eliminated: number,
  aborted: number,
  orders: readonly LossOrder[],
): { elim: Picked[]; abort: Picked[] } | Problem {
  const { eN, eX, aN, aX } = lossSplit(units, eliminated, aborted);
  const left = new Map(units.map((u) => [u.id, u.strength]));
  const named: { id: string; ext: boolean; abort: boolean }[] = [];
  for (const o of orders) {
    const from = o.from ? homeNamed(s, box, 'usn', o.from) : null;
    if (o.from && !from) return problem(`${o.from} is not a USN carrier or airbase`, '5.6 5a1f');
    for (const [abort, air] of [
      [false, o.air],
      [true, o.aborted ?? {}],
    ] as const) {
      for (const [type, n] of Object.entries(air) as [AirType, number][]) {
        const fit = units
          .filter((u) => u.type === type && (!from || u.home === from))
          .sort((a, b) => Number(!!a.extendedRange) - Number(!!b.extendedRange));
        for (let k = 0; k < n; k++) {
          const u = fit.find((x) => (left.get(x.id) as number) > 0);
          if (!u) return problem(`there are not ${n} ${type}${o.from ? ` from ${o.from}` : ''} in the fight to lose`, '5.6 5a1f');
          left.set(u.id, (left.get(u.id) as number) - 1);
          named.push({ id: u.id, ext: !!u.extendedRange, abort });
        }
      }
    }
  }
  const explicit = orders.some((o) => o.aborted);
  const elim = new Map<string, number>();
  const ab = new Map<string, number>();
  const seen = [0, 0];
  for (const x of named) {
    const cls = x.ext ? 1 : 0;
    const isAbort = explicit ? x.abort : seen[cls] >= (x.ext ? eX : eN);
    seen[cls] += 1;
    const into = isAbort ? ab : elim;
    into.set(x.id, (into.get(x.id) ?? 0) + 1);
  }
  const sum = (m: Map<string, number>, ext: boolean) =>
    [...m.entries()].filter(([id]) => !!units.find((u) => u.id === id)?.extendedRange === ext).reduce((n, [, v]) => n + v, 0);
  const want = (e: number, x: number) => `${e + x}${x ? ` (${e} at normal range, then ${x} at extended range, 32.1)` : ''}`;
  if (sum(elim, false) !== eN || sum(elim, true) !== eX || sum(ab, false) !== aN || sum(ab, true) !== aX)
    return problem(
      `name ${want(eN, eX)} squadrons eliminated${aN + aX ? ` and then ${want(aN, aX)} aborted` : ''}: LOSSES <squadrons> in that order`,
      aX + eX ? '32.1' : '5.6 5a1f',
    );
  const list = (m: Map<string, number>) => [...m.entries()].map(([id, strength]) => ({ id, strength }));
  return { elim: list(elim), abort: list(ab) };
}

/**
 * Eliminates squadrons: VP to the other side per squadron and the IJN's panic per so many (6.1, 9.2:
 * the surface area's recordSquadronLosses; with `deferPanic` the panic part is returned to be netted).
 */
export function eliminate(
  f: AirFold,
  box: CoralBox,
  side: CoralSide,
  picked: readonly Picked[],
  cause: string,
  rule: string,
  deferPanic = false,
): PanicPart | null {
  const units = picked.filter((p) => p.strength > 0);
  if (!units.length) return null;
  const air: AirCounts = {};
  for (const p of units) {
    const u = f.s.air.find((x) => x.id === p.id) as AirUnitState;
    air[u.type] = (air[u.type] ?? 0) + p.strength;
  }
  f.emit({ type: 'coral.air.eliminated', data: { side, units, air, cause, rule } });
  const squadrons = units.reduce((k, u) => k + u.strength, 0);
  return recordSquadronLosses(f, box, side, squadrons, cause, rule, undefined, deferPanic);
}

/** Aborts squadrons: out of the fight, back to their carrier or base at basing, fatigued (CRT notes). */
export function abort(f: AirFold, picked: readonly Picked[], cause: string): void {
  const moves: AirMove[] = picked
    .filter((p) => p.strength > 0)
    .map((p) => ({
      id: p.id,
      strength: p.strength,
      to: { ...placeOf(f.s.air.find((u) => u.id === p.id) as AirUnitState), aborted: true },
    }));
  if (moves.length) f.emit({ type: 'coral.air.moved', data: { moves, cause, rule: '5.6 5a1f' } });
}

/**
 * A carrier sunk or crippled takes the squadrons aboard with it, whatever hit it (air strike or
 * surface combat): 13.9 makes them part of its TF, and 21.4 re-bases only the squadrons aloft, at
 * basing (brief 7.2 #8). With `deferPanic` the IJN's panic part is returned to be netted with the
 * rest of the combat result (9.2).
 */
export function loseAirAboard(f: AirFold, box: CoralBox, carrier: ShipKey, cause: string, deferPanic = false): PanicPart | null {
  const aboard = f.s.air.filter((u) => u.home === carrier && grounded(u));
  if (!aboard.length) return null;
  return eliminate(
    f,
    box,
    f.s.ships[carrier].side,
    aboard.map((u) => ({ id: u.id, strength: u.strength })),
    `aboard ${carrier.slice(4)} (${cause})`,
    '25.3',
    deferPanic,
  );
}

/** The carriers among one combat result's `hits` sunk or crippled, each losing its squadrons aboard; their panic parts, to be netted (9.2). */
export function loseAirAboardHits(f: AirFold, box: CoralBox, hits: readonly { readonly key: ShipKey; readonly to: string }[]): PanicPart[] {
  return hits.flatMap((h) => {
    const ship = f.s.ships[h.key];
    if ((ship.type !== 'CV' && ship.type !== 'CVL') || (h.to !== 'sunk' && h.to !== 'crippled')) return [];
    return loseAirAboard(f, box, h.key, `${ship.id} ${h.to}`, true) ?? [];
  });
}

/**
 * Takes losses from a side's units: the IJN's at random now; the USN's at once when nothing is to
 * choose, else raises the `air-losses` decision and returns true (the routine pauses).
 */
export function takeLosses(
  f: AirFold,
  box: CoralBox,
  dice: Dice,
  side: CoralSide,
  units: readonly AirUnitState[],
  losses: { eliminated: number; aborted: number },
  hex: string,
  cause: PendingLosses['cause'],
): boolean {
  const { eliminated, aborted } = losses;
  if (!units.length || eliminated + aborted === 0) return false;
  const why = `${cause} in ${hex}`;
  if (side === 'usn' && isChoice(units, eliminated, aborted)) {
    const b = f.s.airBattle;
    const pending: PendingLosses = {
      suffix: `${hex}-${(b?.decisions ?? 0) + 1}`,
      hex,
      cause,
      rule: cause === 'air-to-air' ? '5.6 5a1f' : '24',
      eliminated,
      aborted,
      candidates: units.map((u) => u.id),
    };
    f.emit({ type: 'coral.air.losses-pending', data: { pending } });
    decisionStep(f, 'air-losses', pending.suffix, pending.rule);
    return true;
  }
  const { elim, abort: ab } = randomLosses(dice, units, eliminated, aborted, `${side.toUpperCase()} losses, ${why}`);
  eliminate(f, box, side, elim, why, cause === 'air-to-air' ? '5.6 5a1f' : '24');
  abort(f, ab, why);
  return false;
}
