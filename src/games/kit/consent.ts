/**
 * Offers that take effect only by mutual consent: ending a game by agreement (Guadalcanal
 * Campaign 4.12), passing by mutual consent (Solomons 4.6), any "both players agree" rule. Each
 * party offers for one round (a turn, a phase: the game names it); the offer takes effect when every
 * party has offered for the same round. Until then an offer is its maker's own: `offersSeenBy`
 * shows a party only its own, so an unmatched offer never reaches the other side, and an offer
 * from an earlier round never matches one made later.
 *
 * Pure and plain (a record of party -> round), so it sits in a game's state and replays byte for byte.
 */
export type Offers<P extends string> = Readonly<Partial<Record<P, string>>>;

/** The offers with `party`'s offer for `round` added (replacing its earlier one). */
export function makeOffer<P extends string>(offers: Offers<P>, party: NoInfer<P>, round: string): Offers<P> {
  return { ...offers, [party]: round };
}

/** The offers without `party`'s. */
export function withdrawOffer<P extends string>(offers: Offers<P>, party: NoInfer<P>): Offers<P> {
  return Object.fromEntries(Object.entries(offers).filter(([p]) => p !== party)) as Offers<P>;
}

/** True when every one of `parties` has offered for `round`: the offer takes effect. */
export function agreed<P extends string>(offers: Offers<P>, parties: readonly NoInfer<P>[], round: string): boolean {
  return parties.length > 0 && parties.every((p) => offers[p] === round);
}

/**
 * What `viewer` may see of the offers: its own, and the others' only once all of `parties` agree
 * for `round`.
 */
export function offersSeenBy<P extends string>(
  offers: Offers<P>,
  viewer: NoInfer<P>,
  parties: readonly NoInfer<P>[],
  round: string,
): Offers<P> {
  if (agreed(offers, parties, round)) return offers;
  const own = offers[viewer];
  return (own === undefined ? {} : { [viewer]: own }) as Offers<P>;
}

/** The offers still standing for `round`: those of an earlier round lapse. */
export function offersFor<P extends string>(offers: Offers<P>, round: string): Offers<P> {
  return Object.fromEntries(Object.entries(offers).filter(([, r]) => r === round)) as Offers<P>;
}
