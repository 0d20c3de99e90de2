/**
 * The Logistics Phase (3A-3F, 4.4) and the End of Turn Phase (4A-4B): both sides at once, segment
 * by segment in the outline's order (3: "simultaneously and in the order given"), Japan's part of
 * each segment first (1.0's order; nothing one side does in a segment touches the other's). Then
 * the sudden-death check (4A, 5.4) and the turn's advance (4B) with the next turn's reinforcements
 * (1B), or the end of the game after the last turn (4.8, 5.1-5.2).
 */
import { Fold } from '../../kit';
import type { AdjudicationContext, RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import { GAME, SIDES, type SolState } from '../state';
import { retireCrippled } from './additional-forces';
import { attritionSegment } from './attrition';
import { constructionSegment } from './construction';
import { entrenchSegment } from './entrench';
import { evolveSol } from './events';
import { checkLog, isLogOrder, type LogOrder } from './log-orders';
import type { SolFold } from './naval';
import { recoverySegment } from './recovery';
import { refitSegment } from './refit';
import { isReorgOrder, reorganizeSegment } from './reorganize';
import { finalScore, reinforce, suddenDeath } from './turn-end';
import { staySegment } from './endurance-events';
import { trainingSegment } from './carrier-training';

export function runLogistics(s: SolState, given: Readonly<Record<string, readonly SolOrder[]>>, ctx: AdjudicationContext): SolState {
  const f: SolFold = new Fold<SolState, RulesEvent>(s, evolveSol, (e) => ctx.emit(e));
  const orders = {} as Record<(typeof SIDES)[number], LogOrder[]>;
  for (const side of SIDES) {
    const mine = given[side] ?? [];
    const problems = checkLog(s, side, mine);
    if (problems.length) throw new Error(`${GAME}: logistics orders of ${side} passed validation but fail: ${problems[0].problem}`);
    orders[side] = mine.filter(isLogOrder);
  }
  // 42.2 (optional): TFs paid for stay at sea; the Refit Segment cripples the rest outside a major base (20.6)
  for (const side of SIDES) staySegment(f, side, orders[side]);
  for (const side of SIDES) refitSegment(f, ctx.dice, side);
  // 47.1 (optional): carriers and NAC leave to train, in the Refit Segment
  for (const side of SIDES) trainingSegment(f, side, orders[side]);
  for (const side of SIDES) attritionSegment(f, ctx.dice, side);
  for (const side of SIDES) recoverySegment(f, side);
  for (const side of SIDES) reorganizeSegment(f, side, orders[side].filter(isReorgOrder));
  for (const side of SIDES) entrenchSegment(f, side, orders[side]);
  for (const side of SIDES) constructionSegment(f, ctx.dice, side, orders[side]);
  endOfTurn(f);
  return f.s;
}

function endOfTurn(f: SolFold): void {
  const sudden = suddenDeath(f.s);
  if (sudden) {
    f.emit({ type: 'sol.game-over', data: { winner: sudden.winner, level: 'Decisive Victory', why: sudden.why, vp: f.s.vp } });
    return;
  }
  if (f.s.turn >= f.s.lastTurn) {
    const score = finalScore(f.s);
    f.emit({
      type: 'sol.game-over',
      data: { winner: score.winner, level: score.level, why: `the last turn (4.8), VP ratio (5.2)`, vp: score.vp },
    });
    return;
  }
  f.emit({ type: 'sol.turn-ended', data: { turn: f.s.turn, next: f.s.turn + 1 } });
  retireCrippled(f);
  // 40.1: with random events the reinforcements are placed after the event (rules/random-events.ts)
  if (!f.s.options.randomEvents) for (const side of SIDES) reinforce(f, side);
}
