/**
 * 4.12, as read: the game ends early only when both players agree; then the final score is shown.
 * By mail each side writes END in its orders of one turn (the US orders come first, 3.3A-D); the
 * game ends when both have offered in the same turn. An offer alone changes nothing and the other
 * side never learns of it (12.0: each side sees only its own displays); it lapses with its turn,
 * so it is renewed each turn it stands. Built on the kit's mutual-consent offers (kit/consent.ts).
 */
import { agreed, makeOffer, offersFor } from '../../kit';
import type { GcEvent } from './events';
import { type GcSide, type GcState, SIDES } from '../state';

const roundOf = (turn: number) => `t${turn}`;

/** The events of `side` offering to end the game this turn: the offer, and the ending when it matches the other side's. */
export function offerEnd(s: GcState, side: GcSide): GcEvent[] {
  const offered: GcEvent = { type: 'gcc.end-offered', data: { side, turn: s.turn }, visibleTo: [side] };
  const offers = makeOffer(offersFor(s.endOffers ?? {}, roundOf(s.turn)), side, roundOf(s.turn));
  return agreed(offers, SIDES, roundOf(s.turn)) ? [offered, { type: 'gcc.ended-by-agreement', data: { turn: s.turn } }] : [offered];
}

/** The state after an offer (4.12): kept for this turn only. */
export function withEndOffer(s: GcState, side: GcSide, turn: number): GcState {
  return { ...s, endOffers: makeOffer(offersFor(s.endOffers ?? {}, roundOf(turn)), side, roundOf(turn)) };
}
