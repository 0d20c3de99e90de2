/**
 * The end of the turn (8.0 steps 9-10, 9.4, 9.5D, 9.6B): ships docked this turn enter repair and
 * refit (8.8), reinforcements (8.9, campaigns only: rules/reinforcements.ts), the weather
 * (9.6B; Coral Sea's tankers first, 10.2F), daily supply after a PM turn (9.4), ships leaving the pipeline, each side's score as it
 * can know it, and after the last turn the full count for both (9.5E, 10.4).
 */
import type { AdjudicationContext } from '../../../engine/ruleset';
import { crippledAtSea } from './critical';
import { evolveGc, type GcEvent } from './events';
import { reinforce } from './reinforcements';
import { leavePipeline, enterPipeline } from './repair';
import { finalScore, knownScore } from './scoring';
import { dailySupply } from './supply';
import { refuel } from './tankers';
import { changeWeather } from './weather';
import { type GcState, isAm, isMini, SIDES } from '../state';

export function endTurn(start: GcState, ctx: AdjudicationContext, stop: (rule: string, what: string) => never): void {
  let s = start;
  const c: AdjudicationContext = {
    ...ctx,
    emit: (e) => {
      ctx.emit(e);
      s = evolveGc(s, e);
    },
  };
  const data = s.turnEnd;
  // (9) 8.8: a box stored before the end of the turn was built stops here as it did
  if (!data) {
    if (SIDES.some((side) => Object.values(s.ships).some((x) => x.side === side && x.dockedTurn === s.turn)))
      stop('8.8', 'repair and refit of ships docked this turn');
    stop('9.6B', 'the weather change at the end of the turn');
  }
  enterPipeline(s, c);
  // (10) reinforcements: none in a mini game (10.1E); in a campaign game ships and, by day, four 1/7 chances (8.9)
  if (!isMini(s)) {
    if (!s.reinforce) stop('8.9', "reinforcements: this game's box has no reinforcement table");
    reinforce(s, c);
  }
  // 9.1D: crippled ships at sea may explode or be repaired (rules/critical.ts)
  crippledAtSea(s, c, stop);
  if (s.scenario === 'coral-sea') refuel(s, data.tankers, c);
  changeWeather(s, data.weather, c);
  if (!isAm(s.turn)) dailySupply(s, data.attritionPercent, c);
  leavePipeline(s, c);
  for (const side of SIDES) {
    const e: GcEvent = { type: 'gcc.score', data: { side, turn: s.turn, score: knownScore(s, side) }, visibleTo: [side] };
    c.emit(e);
  }
  if (s.turn === s.lastTurn) c.emit({ type: 'gcc.final-score', data: { turn: s.turn, ...finalScore(s) } } satisfies GcEvent);
}
