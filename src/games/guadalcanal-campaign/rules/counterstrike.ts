/**
 * Counterstrikes (7.4) in combat resolution. 7.4E in step (1): when a strike hits a carrier that
 * holds a counterstrike reserve, each of those aircraft on its deck may explode (box/air-return.ts),
 * for 1 damage point each, the aircraft lost (US carriers only in Coral Sea). Step (5) (8.0): after
 * an enemy carrier strike on a TF, each carrier of that TF with a reserve, still able to launch
 * (9.1B), follows the strike home and strikes the TF of the carrier that launched it, resolved as
 * any strike (8.1, rules/strike.ts). A reserve flies once; a reserve whose carrier may no longer
 * launch stays on deck.
 */
import { entriesOf, valuesOf } from '../keyed';
import type { AdjudicationContext } from '../../../engine/ruleset';
import { range } from '../box/range';
import { type GcSide, type GcState, other } from '../state';
import { carrierMayFly, opsOf } from './air';
import { airReturnOf } from './base-strike';
import { percent, sum } from './cap';
import type { GcEvent } from './events';
import { strikeOn } from './strike';

/** 7.4E: the deck explosions of the side's carriers hit in step (1); before = the position before the strikes. */
export function deckExplosions(before: GcState, s: GcState, side: GcSide, ctx: AdjudicationContext): GcEvent[] {
  if (side === 'american' && s.scenario !== 'coral-sea') return [];
  const A = airReturnOf(s);
  const out: GcEvent[] = [];
  for (const x of valuesOf(s.ships).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const counter = opsOf(s, side).counter[x.name];
    if (x.side !== side || !counter || x.damage <= before.ships[x.name].damage) continue;
    const planes: Record<string, number> = {};
    for (const [type, n] of entriesOf(counter))
      for (let i = 0; i < n; i++)
        if (percent(ctx.dice, A.deckExplodes, `${type} ${i + 1} on the deck of ${x.name}`, '7.4E')) planes[type] = (planes[type] ?? 0) + 1;
    const damage = sum(planes) * A.deckDamage;
    if (damage)
      out.push({
        type: 'gcc.deck-exploded',
        data: { side, turn: s.turn, ship: x.name, planes, damage, sunk: x.damage + damage >= x.df * (s.strike?.sinkAtDf ?? 1) },
      });
  }
  return out;
}

/** 8.0 step (5), 7.4: the side's counterstrikes after the enemy strikes of `before`, on the position s; emit folds each event into s. */
export function counterstrikes(before: GcState, now: () => GcState, side: GcSide, ctx: AdjudicationContext, emit: (e: GcEvent) => void) {
  for (const x of opsOf(before, other(side)).strikes) {
    if (!before.ships[x.from]) continue; // a base's strike is not followed home (7.4)
    for (const name of before.taskForces[x.target]?.ships ?? []) {
      const s = now();
      const planes = opsOf(s, side).counter[name];
      const home = s.ships[x.from].tf;
      if (!planes || !sum(planes) || s.ships[name].sunk || !s.ships[name].tf || !carrierMayFly(s, name) || !home || !s.taskForces[home])
        continue;
      const from = s.taskForces[s.ships[name].tf!];
      const strike = { from: name, target: home, range: range(from, s.taskForces[home]), planes };
      emit({ type: 'gcc.counterstrike-launched', data: { side, turn: s.turn, ...strike }, visibleTo: [side] });
      emit(strikeOn(now(), side, strike, s.taskForces[home], ctx.dice));
    }
  }
}
