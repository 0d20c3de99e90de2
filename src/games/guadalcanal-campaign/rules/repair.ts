/**
 * Repair and refit (8.8): a ship docked this turn goes into the pipeline. A damaged ship is repaired
 * for 8-10 turns a damage point (20% longer at Rabaul and Espiritu Santo), twice as long on a chance
 * that falls with its DF (8.8C); CV, CVL, BB, TR and SS refit as well, 1 or 2 weeks by port (8.8A),
 * unless their TF docked with endurance above 50. Other undamaged ships are ready at once (8.8B).
 * The pipeline is the owner's alone to see (12.0).
 */
import { rollDie } from '../../../engine/dice';
import type { AdjudicationContext } from '../../../engine/ruleset';
import { valuesOf } from '../keyed';
import type { GcEvent } from './events';
import { type GcSide, type GcState, SIDES, type Ship } from '../state';

type Odds = NonNullable<GcState['turnEnd']>['repair'];
export interface Pipeline {
  readonly ship: string;
  readonly repair: number;
  readonly refit: number;
  readonly until: number;
}
const HIDDEN = { visibleTo: [] as const };

function pipelineOf(s: GcState, x: Ship, odds: Odds, ctx: AdjudicationContext): Pipeline {
  let repair = 0;
  if (x.damage > 0) {
    const perPoint = odds.perDamage + rollDie(ctx.dice, 3, `repair time of ${x.name}`, '8.8C', HIDDEN);
    repair = Math.ceil((x.damage * perPoint * (odds.slowPorts.includes(x.port ?? '') ? odds.slowPercent : 100)) / 100);
    const double = Math.max(0, Math.round(odds.doubleBase - odds.doublePerDf * x.df));
    if (double > 0 && rollDie(ctx.dice, 100, `double repair time of ${x.name}`, '8.8C', HIDDEN) <= double) repair *= 2;
  }
  const refits = odds.refitTypes.includes(x.type) && (x.dockedEndurance ?? 0) <= odds.refitAbove;
  const refit = refits ? (x.type === 'SS' ? odds.subRefitTurns : (odds.refitTurns[x.port ?? ''] ?? odds.subRefitTurns)) : 0;
  return { ship: x.name, repair, refit, until: s.turn + 1 + repair + refit };
}

/** 8.8: the pipeline of the ships docked this turn, one event a side; null when the box has no repair data. */
export function enterPipeline(s: GcState, ctx: AdjudicationContext): boolean {
  const odds = s.turnEnd?.repair;
  if (!odds) return false;
  for (const side of SIDES) {
    const docked = valuesOf(s.ships)
      .filter((x) => x.side === side && !x.sunk && x.dockedTurn === s.turn)
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    if (!docked.length) continue;
    const ships = docked.map((x) => pipelineOf(s, x, odds, ctx));
    ctx.emit({ type: 'gcc.pipeline', data: { side, turn: s.turn, ships }, visibleTo: [side] } satisfies GcEvent);
  }
  return true;
}

/** The ships whose pipeline ends with this turn: repaired, ready for a TF next turn (the owner's to see). */
export function leavePipeline(s: GcState, ctx: AdjudicationContext): void {
  for (const side of SIDES) {
    const ships = readyNext(s, side);
    if (ships.length) ctx.emit({ type: 'gcc.repaired', data: { side, turn: s.turn, ships }, visibleTo: [side] } satisfies GcEvent);
  }
}

const readyNext = (s: GcState, side: GcSide) =>
  valuesOf(s.ships)
    .filter((x) => x.side === side && !x.sunk && x.repairUntil === s.turn + 1 && x.dockedTurn !== s.turn)
    .map((x) => x.name)
    .sort();

/** 9.5B: the turns a ship will still be out of action after the last turn (0 when it is ready by then). */
export const outOfAction = (s: GcState, x: Ship): number => Math.max(0, (x.repairUntil ?? 0) - (s.lastTurn + 1));
