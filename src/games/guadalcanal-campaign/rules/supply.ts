/**
 * Daily supply (9.4A, 9.4C), after each PM turn: a side with companies on Guadalcanal spends one of
 * its dumps there; with none, each company is lost on a d100 at or under the attrition percent (1%).
 * Each side learns its own (12.0). The dumps of infantry attacks and defence (9.4A) are land combat's.
 */
import { rollDie } from '../../../engine/dice';
import type { AdjudicationContext } from '../../../engine/ruleset';
import type { GcEvent } from './events';
import { type GcState, SIDES } from '../state';

const HIDDEN = { visibleTo: [] as const };

export function dailySupply(s: GcState, percent: number, ctx: AdjudicationContext): void {
  for (const side of SIDES) {
    const { inf, sup } = s.ashore[side];
    if (inf === 0) continue;
    let lost = 0;
    if (sup === 0)
      for (let i = 0; i < inf; i++)
        if (rollDie(ctx.dice, 100, `attrition of ${side} company ${i + 1} without supply`, '9.4C', HIDDEN) <= percent) lost++;
    const e: GcEvent = { type: 'gcc.supplied', data: { side, turn: s.turn, used: sup > 0 ? 1 : 0, lost }, visibleTo: [side] };
    ctx.emit(e);
  }
}
