/**
 * Critical hits (9.1A) and crippled ships at sea (9.1D). Every hit of a strike (8.1) or a surface
 * battle (8.2) may be a critical: after each of those parts of 8.0 each hit rolls, and a critical
 * adds damage ("explosion on board the ..."), seen by both sides as the battle was. Submarine hits
 * roll theirs in rules/submarine.ts (`critical`). At the end of each turn every crippled ship at sea
 * rolls: an explosion adds damage, a repair takes some off; repairs stop once it is no longer
 * crippled (9.1D). That is at sea, out of the enemy's sight: its owner alone sees it. The odds are
 * rebuilt (box/damage.ts); a box stored without them stops naming the rule.
 */
import { rollDie } from '../../../engine/dice';
import type { AdjudicationContext, Dice } from '../../../engine/ruleset';
import { valuesOf } from '../keyed';
import type { GcState, Ship } from '../state';
import { evolveGc, type GcEvent } from './events';

type Stop = (rule: string, what: string) => never;
const HIDDEN = { visibleTo: [] as const };

/** 9.1A: the extra damage points of a hit of `points` on `x` (0: no critical). */
export function critical(s: GcState, dice: Dice, x: Ship, points: number, stop: Stop): number {
  const b = s.damageOdds;
  if (!b) return stop('9.1A', `the critical hit roll for ${x.name} (this box has no damage data)`);
  const roll = rollDie(dice, 100, `critical hit on ${x.name}`, '9.1A', HIDDEN);
  return roll <= b.criticalPercent ? points * b.criticalTimes : 0;
}

const sinksAt = (s: GcState, x: Ship) => x.df * (s.strike?.sinkAtDf ?? 1);

/** Collects the hits of the strike and surface events passing through a context, to roll their criticals after. */
export function hitCollector(ctx: AdjudicationContext) {
  const hits: { ship: string; damage: number }[] = [];
  const collecting: AdjudicationContext = {
    ...ctx,
    emit: (event) => {
      const e = event as GcEvent;
      if (e.type === 'gcc.strike-resolved' || e.type === 'gcc.surface-fought') hits.push(...e.data.hits);
      ctx.emit(event);
    },
  };
  return { ctx: collecting, take: () => hits.splice(0) };
}

/** 9.1A: each hit, in the order made, on a ship still afloat, may be a critical. Returns the position after. */
export function explosions(
  start: GcState,
  hits: readonly { ship: string; damage: number }[],
  ctx: AdjudicationContext,
  stop: Stop,
): GcState {
  let s = start;
  for (const h of hits) {
    const x = s.ships[h.ship];
    if (!x || x.sunk || h.damage <= 0) continue;
    const extra = critical(s, ctx.dice, x, h.damage, stop);
    if (!extra) continue;
    const e: GcEvent = {
      type: 'gcc.explosion',
      data: { side: x.side, turn: s.turn, ship: x.name, damage: extra, sunk: x.damage + extra >= sinksAt(s, x), at: 'hit' },
    };
    ctx.emit(e);
    s = evolveGc(s, e);
  }
  return s;
}

/** 9.1D: every crippled ship at sea, by name, rolls d100: an explosion, a repair, or nothing. Emits through `ctx` (which folds). */
export function crippledAtSea(s: GcState, ctx: AdjudicationContext, stop: Stop): void {
  const cripples = valuesOf(s.ships)
    .filter((x) => x.tf !== null && !x.sunk && x.damage * 2 >= x.df)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  if (!cripples.length) return;
  const b = s.damageOdds;
  if (!b) stop('9.1D', `crippled ships at sea (this box has no damage data): ${cripples[0].name}`);
  for (const x of cripples) {
    const roll = rollDie(ctx.dice, 100, `${x.name}, crippled at sea`, '9.1D', HIDDEN);
    const points = (share: number) => Math.max(1, Math.round(x.df * share));
    if (roll <= b.worsePercent) {
      const damage = points(b.worseShare);
      const sunk = x.damage + damage >= sinksAt(s, x);
      ctx.emit({
        type: 'gcc.explosion',
        data: { side: x.side, turn: s.turn, ship: x.name, damage, sunk, at: 'sea' },
        visibleTo: [x.side],
      } satisfies GcEvent);
    } else if (roll <= b.worsePercent + b.repairPercent) {
      const damage = Math.min(x.damage, points(b.repairShare));
      ctx.emit({
        type: 'gcc.sea-repaired',
        data: { side: x.side, turn: s.turn, ship: x.name, damage },
        visibleTo: [x.side],
      } satisfies GcEvent);
    }
  }
}
