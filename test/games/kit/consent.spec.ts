import { agreed, makeOffer, type Offers, offersFor, offersSeenBy, withdrawOffer } from '../../../src/games/kit';

/** Issue 31, the kit: offers that take effect only by mutual consent (GC 4.12, Solomons 4.6). */
describe('kit: offers by mutual consent', () => {
  type Side = 'japanese' | 'american';
  const both: Side[] = ['japanese', 'american'];
  const none: Offers<Side> = {};

  it('given one side offers, then nothing takes effect and the other side sees no offer', () => {
    const o = makeOffer(none, 'japanese', 't5');
    expect(agreed(o, both, 't5')).toBe(false);
    expect(offersSeenBy(o, 'american', both, 't5')).toEqual({});
    expect(offersSeenBy(o, 'japanese', both, 't5')).toEqual({ japanese: 't5' });
  });

  it('given both offer for the same round, then it takes effect and both see both offers', () => {
    const o = makeOffer(makeOffer(none, 'japanese', 't5'), 'american', 't5');
    expect(agreed(o, both, 't5')).toBe(true);
    expect(offersSeenBy(o, 'american', both, 't5')).toEqual({ japanese: 't5', american: 't5' });
  });

  it('given offers for different rounds, then no agreement, and the older offer lapses', () => {
    const o = makeOffer(makeOffer(none, 'japanese', 't5'), 'american', 't6');
    expect(agreed(o, both, 't6')).toBe(false);
    expect(offersFor(o, 't6')).toEqual({ american: 't6' });
  });

  it('given an offer withdrawn, then the other side offering alone does not take effect', () => {
    const o = makeOffer(withdrawOffer(makeOffer(none, 'japanese', 't5'), 'japanese'), 'american', 't5');
    expect(o).toEqual({ american: 't5' });
    expect(agreed(o, both, 't5')).toBe(false);
    expect(agreed(none, [], 't5')).toBe(false);
  });
});
