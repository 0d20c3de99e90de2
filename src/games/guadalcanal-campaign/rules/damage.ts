/**
 * What a resolved strike leaves (8.1, 9.1, 9.3B-C), folded into the state: aircraft lost from their
 * base or carrier and from the CAP, damage and lost speed on the ships hit (a 21-inch torpedo costs
 * 5 knots, 9.1A), crippled ships at 5 knots (9.1, 9.1D), sunk ships out of their TF, the TF attacked
 * cut to endurance 10 (9.3B) and the launching carrier's TF to 95% (9.3C).
 */
import { entriesOf, keysOf } from '../keyed';
import { type AirGroup, type AirOps, type GcSide, type GcState, other, type Ship } from '../state';
import type { Hit } from './strike';

export interface StrikeResult {
  readonly side: GcSide;
  readonly turn: number;
  readonly from: string;
  readonly target: number;
  readonly range: number;
  readonly planes: AirGroup;
  readonly lost: AirGroup;
  readonly capLost: Record<string, AirGroup>;
  readonly hits: readonly Hit[];
  readonly sunk: readonly string[];
  readonly attacked: boolean;
}

const minus = (g: AirGroup | undefined, less: AirGroup): AirGroup => {
  const out: Record<string, number> = { ...(g ?? {}) };
  for (const [t, n] of entriesOf(less)) out[t] = Math.max(0, (out[t] ?? 0) - n);
  return out;
};

export function afterStrike(s: GcState, d: StrikeResult): GcState {
  const box = s.strike!;
  const air = { ...s.air, [d.from]: minus(s.air[d.from], d.lost) };
  const ops: AirOps = { ...s.airOps[d.side], strikes: s.airOps[d.side].strikes.filter((x) => x.from !== d.from) };
  const enemy = other(d.side);
  let theirs = s.airOps[enemy];
  for (const [holder, lost] of entriesOf(d.capLost)) {
    air[holder] = minus(air[holder], lost);
    // CAP losses come off the normal CAP first, then the long-range CAP
    theirs = { ...theirs, cap: theirs.cap[holder] ? { ...theirs.cap, [holder]: minus(theirs.cap[holder], lost) } : theirs.cap };
    if (!s.airOps[enemy].cap[holder] && theirs.lrcap[holder])
      theirs = { ...theirs, lrcap: { ...theirs.lrcap, [holder]: minus(theirs.lrcap[holder], lost) } };
  }
  const ships: Record<string, Ship> = { ...s.ships };
  for (const h of d.hits) {
    const x = ships[h.ship];
    const damage = x.damage + h.damage;
    const slowed = h.weapon === 'torpedo' ? Math.max(5, x.ms - box.torpedoKnots) : x.ms;
    ships[h.ship] = { ...x, damage, ms: damage * 2 >= x.df ? 5 : slowed };
  }
  for (const name of d.sunk) ships[name] = { ...ships[name], sunk: true, tf: null };
  const taskForces = { ...s.taskForces };
  const tf = taskForces[d.target];
  if (tf) {
    const left = tf.ships.filter((n) => !d.sunk.includes(n));
    const fortressesFar = keysOf(d.planes).every((t) => t === 'Fortress') && d.range > 7;
    const spared = !d.attacked || fortressesFar || tf.mission === 'T' || tf.mission === 'FT';
    if (!left.length) delete taskForces[d.target];
    else taskForces[d.target] = { ...tf, ships: left, endurance: spared ? tf.endurance : Math.min(tf.endurance, 10) };
  }
  const carrierTf = s.ships[d.from]?.tf;
  if (carrierTf && taskForces[carrierTf])
    taskForces[carrierTf] = { ...taskForces[carrierTf], endurance: Math.floor(taskForces[carrierTf].endurance * 0.95) };
  return { ...s, air, ships, taskForces, airOps: { ...s.airOps, [d.side]: ops, [enemy]: theirs } };
}
