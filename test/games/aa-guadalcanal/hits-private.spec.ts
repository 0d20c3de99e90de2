/**
 * ATK.cargo: a side's HITS list (its standing casualty priority) is seen by that side only. Over
 * random games, with and without hidden movement, no event the other side may read (by the engine's
 * own `eventVisibleTo`) carries a HITS list the side wrote: not the rules event that records it,
 * not a revealed or applied set of orders. The random players send HITS lists now and then, and a
 * step both sides play at once refuses them (its orders are revealed whole).
 */
import { type EngineEvent, eventVisibleTo } from '../../../src/engine/game';
import type { AnyRuleset } from '../../../src/engine/evolve';
import { playOneGame } from '../../../src/engine/selfplay';
import { guadalcanalRuleset } from '../../../src/games/aa-guadalcanal';

const ruleset = guadalcanalRuleset as unknown as AnyRuleset;
const SIDES = ['axis', 'allies'] as const;

/** The HITS lists of `side` that `viewer` can read in `event` (its own events' data only). */
function hitsOfSideReadBy(event: EngineEvent, side: string, viewer: string): string[] {
  if (!eventVisibleTo(event, viewer)) return [];
  if (event.type === 'RulesApplied') {
    const e = event.data.event as { type: string; data: { side?: string; units?: string[] } };
    return e.type === 'gc.hits' && e.data.side === side ? [`HITS ${(e.data.units ?? []).join(' ')}`] : [];
  }
  const data = event.data as { side?: string; orders?: readonly unknown[] };
  if (data.side !== side || !Array.isArray(data.orders)) return [];
  return data.orders.filter((o) => (o as { kind?: string }).kind === 'hits').map((o) => JSON.stringify(o));
}

function leaks(events: readonly EngineEvent[]): { leaks: string[]; written: number } {
  const found: string[] = [];
  let written = 0;
  for (const event of events)
    for (const side of SIDES) {
      written += hitsOfSideReadBy(event, side, side).length;
      const other = SIDES.find((x) => x !== side)!;
      for (const h of hitsOfSideReadBy(event, side, other)) found.push(`${event.type} shows ${other} the ${side} list ${h}`);
    }
  return { leaks: found, written };
}

describe('ATK.cargo: a HITS list stays with its side', () => {
  it.each([
    ['no options', {}],
    ['hidden movement', { 'hidden-movement': true }],
  ])('over random games (%s): every HITS list written is read by its side only', (_name, options) => {
    let written = 0;
    for (let g = 0; g < 6; g++) {
      const played = playOneGame(ruleset, `hits-private/${_name}/${g}`, { options, missRate: 0.1, aheadRate: 0.3 });
      const r = leaks(played.events);
      expect(r.leaks).toEqual([]);
      written += r.written;
    }
    // the check looked at something: the random players wrote lists in these games
    expect(written).toBeGreaterThan(0);
  });

  it('is caught when a revealed set of orders carries a HITS list', () => {
    const revealed = {
      type: 'OrdersRevealed',
      data: { stepId: 't1/reg/2-land', side: 'allies', orders: [{ kind: 'hits', units: ['INF32'] }], salt: '00' },
    } as unknown as EngineEvent;
    expect(leaks([revealed]).leaks).toEqual([
      `OrdersRevealed shows axis the allies list ${JSON.stringify({ kind: 'hits', units: ['INF32'] })}`,
    ]);
  });
});
