import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import { evolveGc } from '../../../src/games/guadalcanal-campaign/rules/events';
import { offerEnd } from '../../../src/games/guadalcanal-campaign/rules/agreement';
import { parseGcOrders } from '../../../src/games/guadalcanal-campaign/orders';

/** 4.12: the game ends only when both sides offer in the same turn; a lone offer is its maker's own. */
describe('guadalcanal-campaign 4.12: ending by agreement', () => {
  const game = rulesets['guadalcanal-campaign'];
  const start = (): GcState =>
    game.setup({ gameId: 'G-end', options: { scenario: 'guadalcanal', mode: 'two-player', level: 4 }, box: game.box.defaultData });
  const apply = (s: GcState, events: ReturnType<typeof offerEnd>) => events.reduce((x, e) => evolveGc(x, e), s);

  it('given END in the orders step, then an end order; in an air step, refused', () => {
    expect(parseGcOrders('END', { id: 't1/american/orders' })).toEqual({ ok: true, orders: [{ kind: 'end' }] });
    expect(parseGcOrders('END GAME', { id: 't1/american/air/search' }).ok).toBe(false);
  });

  it('given only the US offers, then the game goes on and only the US sees the offer', () => {
    const events = offerEnd(start(), 'american');
    expect(events).toEqual([{ type: 'gcc.end-offered', data: { side: 'american', turn: 1 }, visibleTo: ['american'] }]);
    expect(apply(start(), events).row).not.toBe('over');
  });

  it('given both offer in the same turn, then the game is over, seen by both', () => {
    const s = apply(start(), offerEnd(start(), 'american'));
    const events = offerEnd(s, 'japanese');
    expect(events[1]).toEqual({ type: 'gcc.ended-by-agreement', data: { turn: 1 } });
    const end = apply(s, events);
    expect(end.row).toBe('over');
    expect(evolveGc(end, { type: 'gcc.step-done', data: { turn: 1, row: 'japanese-orders' } }).row).toBe('over');
  });

  it('given offers in different turns, then no agreement: the earlier one lapsed', () => {
    const s = { ...apply(start(), offerEnd(start(), 'american')), turn: 2 };
    expect(offerEnd(s, 'japanese')).toHaveLength(1);
  });
});
