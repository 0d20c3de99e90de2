/**
 * Random events (40.0, optional): at the very start of a turn, before the Command Point Segment
 * (40.1), one side rolls on its table and the event applies at once. No roll on turn 1; the US rolls
 * on the I turns and Japan on the II turns (40.1 with the 52.0 Q&A: there are no III or IV turns, so
 * "II and IV" reads as II and "I and III" as I). With the option on, the turn's reinforcements wait
 * for this step (a Reinforcements event moves them), so the Reinforcement Segment's placement (1B)
 * is made here for both sides after the event.
 *
 * Japanese table (40.2): 1 epidemic, 2 Orders from Tokyo (+1d6 CP this turn), 3 New Guinea Campaign
 * (-1d6 CP this turn), 4 reinforcements (odd: next turn's come now; even: this turn's come next
 * turn), 5-6 nothing. US table (40.3): 1 weather (both sides half their CP this turn), 2 Command
 * Shakeup (+1d6 CP to the US if more US ship units than Japanese are in the dead pile), 3
 * reinforcements (as Japan's 4), 4-6 nothing.
 *
 * Readings (ours): the table roll and the event are public (some events touch both sides); the
 * follow-up die of a CP or reinforcement event is its side's own (CP are concealed, 52.0 Q&A 4). CP
 * never fall below 0; halving rounds down, and halves the turn's whole allotment (the CP Track's
 * figure with 41.1's two). The epidemic is the Supply Attrition Segment's procedure (29.4-29.6, one
 * supply point a 9 battalion equivalents in a hex) run at once for both sides. "Reinforcements" are
 * those of the Reinforcement Chart, not ships back from refit or repair.
 */
import { Fold } from '../../kit';
import type { AdjudicationContext, RulesEvent } from '../../../engine/ruleset';
import { other, SIDES, type SolSide, type SolState } from '../state';
import { attritionSegment } from './attrition';
import { evolveSol } from './events';
import type { SolFold } from './naval';
import type { RandomEvent } from './random-event-events';
import { reinforce } from './turn-end';

/** 40.1: who rolls this turn (null: nobody, turn 1). Odd turns are the I turns (4.8: Aug I is turn 1). */
export const rollerOf = (turn: number): SolSide | null => (turn <= 1 ? null : turn % 2 === 1 ? 'us' : 'japanese');

const rule = (side: SolSide) => (side === 'japanese' ? '40.2' : '40.3');

function changeCp(f: SolFold, side: SolSide, to: number, face: number | null, r: string): void {
  const from = f.s.cpTotal[side];
  f.emit({ type: 'sol.cp-changed', data: { side, from, to: Math.max(0, to), face, rule: r }, visibleTo: [side] });
}

/** The `t{n}/events` step: the roll, the event, then both sides' reinforcements (1B). */
export function runRandomEvents(s: SolState, ctx: AdjudicationContext): SolState {
  const f: SolFold = new Fold<SolState, RulesEvent>(s, evolveSol, (e) => ctx.emit(e));
  const roller = rollerOf(s.turn);
  if (roller) {
    const r = rule(roller);
    const face = ctx.dice.d6(`random event, ${roller === 'us' ? 'US' : 'Japanese'} table`, r, { visibleTo: 'all' });
    const event = f.s.optData.randomEvents[roller][face - 1] as RandomEvent;
    f.emit({ type: 'sol.random-event', data: { turn: s.turn, roller, face, event, rule: r } });
    const own = (what: string) => ctx.dice.d6(what, r, { visibleTo: [roller] });
    switch (event) {
      case 'epidemic':
        for (const side of SIDES) attritionSegment(f, ctx.dice, side);
        break;
      case 'orders-from-tokyo': {
        const n = own('Orders from Tokyo: extra CP');
        changeCp(f, roller, f.s.cpTotal[roller] + n, n, r);
        break;
      }
      case 'new-guinea': {
        const n = own('New Guinea Campaign: CP lost');
        changeCp(f, roller, f.s.cpTotal[roller] - n, n, r);
        break;
      }
      case 'reinforcements': {
        const n = own('reinforcements: odd early, even late');
        f.emit({
          type: 'sol.reinforcements-moved',
          data: { side: roller, face: n, early: n % 2 === 1, turn: s.turn, rule: r },
          visibleTo: [roller],
        });
        break;
      }
      case 'weather':
        for (const side of SIDES) changeCp(f, side, Math.floor(f.s.cpTotal[side] / 2), null, r);
        break;
      case 'command-shakeup':
        if (f.s.shipsSunk.us > f.s.shipsSunk[other('us')]) {
          const n = own('Command Shakeup: extra CP');
          changeCp(f, 'us', f.s.cpTotal.us + n, n, r);
        }
        break;
      case 'none':
        break;
    }
  }
  for (const side of SIDES) reinforce(f, side);
  f.emit({ type: 'sol.phase', data: { phase: 'cp' } });
  return f.s;
}
