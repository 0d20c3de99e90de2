/**
 * Air strike resolution (8.1), each strike in turn, Japanese first (their air step comes first, 3.3E).
 * (1) CAP: every fighter of the target's own CAP (its carriers', or Henderson's for TF 1) and the
 * share of each long-range CAP within 5 squares that 7.1B's table gives picks one strike aircraft by
 * their numbers (8.1B) and may shoot it down, or be shot down by it (8.1C). (2) Each surviving bomber
 * picks a ship by its selection value (8.1D) and runs the TF's flak (8.1E); (3) it hits on its
 * chance (8.1F, box/strike.ts) for 9.1A's damage. The TF attacked has its endurance cut to 10 (9.3B),
 * each launching carrier's TF 5% (9.3C). The strike and its result are both sides' from here on:
 * the target's ships are known to the striker once attacked.
 */
import { entriesOf, keysOf } from '../keyed';
import { pick } from '../../../engine/dice';
import type { AdjudicationContext, Dice } from '../../../engine/ruleset';
import { Fold } from '../../kit';
import { range } from '../box/range';
import { type AirGroup, type GcSide, type GcState, other, type Ship, type Strike, type TaskForce } from '../state';
import { opsOf } from './air';
import { baseStrike } from './base-strike';
import { capFight, percent, sum } from './cap';
import { evolveGc, type GcEvent } from './events';

export interface Hit {
  readonly ship: string;
  readonly weapon: 'bomb' | 'torpedo';
  readonly damage: number;
}

/** Resolves every strike launched this turn; returns the position they leave. Strikes on the bases TF 1 / TF 11 are rules/base-strike.ts (8.1F). */
export function resolveStrikes(s: GcState, ctx: AdjudicationContext, stop: (rule: string, what: string) => never): GcState {
  const fold = new Fold<GcState>(s, evolveGc);
  const emit = (e: GcEvent) => {
    ctx.emit(e);
    fold.emit(e);
  };
  for (const side of ['japanese', 'american'] as const)
    for (const strike of opsOf(s, side).strikes) {
      if (!fold.s.strike) stop('8.1', `the ${side} strike from ${strike.from} on TF ${strike.target} (this box has no strike odds)`);
      if (strike.target === 1 || strike.target === 11) {
        for (const e of baseStrike(fold.s, side, strike, ctx.dice)) emit(e);
        continue;
      }
      const tf = fold.s.taskForces[strike.target];
      // a TF sunk whole by an earlier strike is not there to attack: the strike finds nothing
      emit(tf ? strikeOn(fold.s, side, strike, tf, ctx.dice) : resolved(side, fold.s.turn, strike, {}, {}, [], [], false));
    }
  return fold.s;
}

export function resolved(
  side: GcSide,
  turn: number,
  strike: Strike,
  lost: AirGroup,
  capLost: Record<string, AirGroup>,
  hits: Hit[],
  sunk: string[],
  attacked: boolean,
): GcEvent {
  const { from, target, range: squares, planes } = strike;
  return { type: 'gcc.strike-resolved', data: { side, turn, from, target, range: squares, planes, lost, capLost, hits, sunk, attacked } };
}

/** 7.1B, 8.1A: the defending fighters that meet a strike on the TF, by base or carrier. */
function capOver(s: GcState, side: GcSide, tf: TaskForce): Record<string, number> {
  const ops = opsOf(s, side);
  const cap: Record<string, number> = {};
  for (const name of tf.ships) if (ops.cap[name]) cap[name] = sum(ops.cap[name]);
  for (const [name, group] of entriesOf(ops.lrcap)) {
    const ship = s.ships[name];
    const at = ship?.tf ? s.taskForces[ship.tf] : s.airbases.find((b) => b.name === name);
    const d = at ? range(at, tf) : 99;
    if (d < s.longRangeCap.length) cap[name] = (cap[name] ?? 0) + Math.round((sum(group) * s.longRangeCap[d]) / 100);
  }
  return cap;
}

export function strikeOn(s: GcState, side: GcSide, strike: Strike, tf: TaskForce, dice: Dice): GcEvent {
  const box = s.strike!;
  const { alive, lost, capLost } = capFight(s, side, strike, capOver(s, other(side), tf), dice);
  // (2) flak and (3) hits, 8.1D-F
  const ships = tf.ships.map((n) => s.ships[n]);
  const flak = flakOf(s, ships, tf.side);
  const damage = new Map<string, number>();
  const hits: Hit[] = [];
  let attacked = false;
  for (const type of keysOf(alive).sort())
    for (let i = 0; i < alive[type]; i++) {
      if (s.aircraft[type].role !== 'bomber') continue;
      attacked = true;
      const afloat = ships.filter((x) => (damage.get(x.name) ?? x.damage) < x.df * box.sinkAtDf);
      if (!afloat.length) break;
      const sv = afloat.flatMap((x) => Array<Ship>(x.df + 10 * x.cc).fill(x));
      const ship = pick(dice, sv, `${type} ${i + 1} picks its target`, '8.1D');
      const kill = Math.round((100 * flak) / box.flakDivisor / (type === 'Fortress' ? 10 : 1));
      if (percent(dice, kill, `flak at ${type} ${i + 1}`, '8.1E')) {
        lost[type] = (lost[type] ?? 0) + 1;
        continue;
      }
      if (!percent(dice, hitChance(s, type, ship, flak, strike.range), `${type} ${i + 1} attacks ${ship.name}`, '8.1F')) continue;
      const weapon = box.torpedoBombers.includes(type) ? 'torpedo' : 'bomb';
      const points = weapon === 'torpedo' ? box.torpedoDamage : box.bombDamage;
      hits.push({ ship: ship.name, weapon, damage: points });
      damage.set(ship.name, (damage.get(ship.name) ?? ship.damage) + points);
    }
  const sunk = ships.filter((x) => (damage.get(x.name) ?? 0) >= x.df * box.sinkAtDf).map((x) => x.name);
  return resolved(side, s.turn, strike, lost, capLost, hits, sunk, attacked);
}

/** 8.1E: the TF's flak strength: its ships' AA, as 12 average ships when it has more; halved for Japan. */
function flakOf(s: GcState, ships: readonly Ship[], side: GcSide): number {
  const box = s.strike!;
  const aa = ships.reduce((a, x) => a + x.aa, 0);
  const strength = ships.length > box.flakShips ? (aa / ships.length) * box.flakShips : aa;
  return side === 'japanese' ? strength / 2 : strength;
}

/** 8.1F: accuracy, target speed, flak, range and size, as box/strike.ts rebuilds them; a whole percent. */
export function hitChance(s: GcState, type: string, ship: Ship, flak: number, squares: number): number {
  const b = s.strike!;
  const clamp = (x: number, [lo, hi]: readonly number[]) => Math.min(hi, Math.max(lo, x));
  const speed = clamp(b.speedKnots / Math.max(ship.ms, 1), b.speedLimits);
  const size = clamp(ship.df / b.sizeDf, b.sizeLimits);
  const chance =
    (s.aircraft[type].accuracy ?? 0) * b.perAccuracy * speed * (1 - flak / b.flakSpoils) * (1 - squares / b.rangeSquares) * size;
  return Math.max(0, Math.round(chance));
}
