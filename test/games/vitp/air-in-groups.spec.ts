/**
 * The relaxing option air-in-groups (issue 10 item 5): off by default, recorded in GameCreated,
 * each side places all its land-based air in one order (departs from 5.22, 12.11). Whole random
 * games with it on end and replay, and some placement step takes several units at once.
 */
import type { AnyRuleset } from '../../../src/engine/evolve';
import { checkReplay, playOneGame } from '../../../src/engine/selfplay';
import { vitpRuleset } from '../../../src/games/vitp';
import { RELAXING_OPTIONS, vitpOptions } from '../../../src/games/vitp/options';

const ruleset = vitpRuleset as unknown as AnyRuleset;
const lbaOrders = (events: ReturnType<typeof playOneGame>['events']) =>
  events.flatMap((e) => {
    const d = e.data as { stepId?: string; orders?: { t: string }[] };
    return (e.type === 'OrdersAccepted' || e.type === 'StandingOrdersApplied' || e.type === 'OrdersRevealed') && d.stepId?.includes('/lba/')
      ? [d.orders?.filter((o) => o.t === 'lba').length ?? 0]
      : [];
  });

describe('VITP option air-in-groups', () => {
  it('is off by default and names the rule it departs from', () => {
    const spec = vitpOptions.find((o) => o.id === 'air-in-groups');
    expect(spec?.default).toBe(false);
    expect(spec?.title).toMatch(/departs from 5\.22/);
    expect(RELAXING_OPTIONS).toContain('air-in-groups');
    const { events } = playOneGame(ruleset, 'aig-off', { maxTurns: 20, missRate: 0 });
    expect((events[0].data as { options: Record<string, unknown> }).options['air-in-groups']).toBe(false);
    expect(Math.max(...lbaOrders(events))).toBeLessThanOrEqual(1);
  });

  it.each(['aig-1', 'aig-2'])(
    'given it on, game %s records it in GameCreated, places several units in one step, ends and replays',
    (seed) => {
      const { events, state } = playOneGame(ruleset, seed, {
        options: { 'air-in-groups': true },
        maxTurns: 20,
        missRate: 0.05,
        aheadRate: 0.5,
      });
      expect(events[0].type).toBe('GameCreated');
      expect((events[0].data as { options: Record<string, unknown> }).options['air-in-groups']).toBe(true);
      expect(state.step).toBeNull();
      expect(Math.max(...lbaOrders(events))).toBeGreaterThan(1);
      expect(checkReplay(ruleset, events, state)).toEqual([]);
    },
    60_000,
  );
});
