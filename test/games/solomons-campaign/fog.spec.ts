/**
 * Issue 32, fog of war over self-play that fights (random players, not the cautious ones): in every
 * game, the events that carry a side's sealed facts (CP allocations and their changes, task forces
 * formed and their contents, plans, loads, moves on land, notes, intelligence, supply bought,
 * offers to pass, assaults, TFs paid to stay at sea and combined or split (42.2, 42.4); Japan's submarines, their standing answer and rolls; the US's special
 * intelligence) are visible to their side and never to the other, and no side ever sees the other's
 * orders, whatever combat reveals (31.0, 52.0 Q&A 3-4, 36.2, 4.6, 6.6).
 */
import type { EngineEvent } from '../../../src/engine/engine-events';
import { playOneGame } from '../../../src/engine/selfplay';
import { eventVisibleTo, narrativeFor } from '../../../src/engine/views';
import { rulesets } from '../../../src/games';

const game = rulesets['solomons-campaign'];

/** Sealed to the side named in the event's `side`. */
const OWN = new Set([
  'sol.cp-allocated',
  'sol.cp-changed',
  'sol.supply-bought',
  'sol.tf-formed',
  'sol.plan-set',
  'sol.plan-line-ended',
  'sol.ops-note',
  'sol.intel',
  'sol.loaded',
  'sol.unloaded',
  'sol.ground-moved',
  'sol.pass-offer',
  'sol.assault-cp',
  'sol.reinforcements-moved',
  'sol.air-took-off',
  'sol.air-move-landed',
  // 45.2 (optional): assignments stay secret until each mission is resolved
  'sol.air-assigned',
  'sol.air-assignment-flown',
  // 42.2, 42.4 (optional): a TF paid for to stay at sea, TFs at sea combined or split
  'sol.tf-stays',
  'sol.tfs-combined',
  'sol.tf-split',
  'sol.air-cargo-fate',
]);
/** Japan's alone (36.2-36.5: where subs are, their answers and the rolls that did not attack). */
const JAPAN = new Set(['sol.sub-placed', 'sol.subs-ready', 'sol.sub-standing', 'sol.sub-roll']);
/** The US's alone (6.6: what special intelligence learnt). */
const US = new Set(['sol.special-intel']);

const other = (side: string) => (side === 'us' ? 'japanese' : 'us');

function leaks(events: readonly EngineEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'OrdersAccepted' && eventVisibleTo(e, other(e.data.side))) out.push(`orders of ${e.data.side} at ${e.data.stepId}`);
    // sealed steps (the CP, the forces, the logistics, 45.2's assignments) open to their own side only
    if (e.type === 'OrdersRevealed' && eventVisibleTo(e, other(e.data.side)))
      out.push(`sealed orders of ${e.data.side} at ${e.data.stepId}`);
    if (e.type !== 'RulesApplied') continue;
    const t = e.data.event.type;
    const side = (e.data.event.data as { side?: string }).side;
    if (OWN.has(t) && side && (!eventVisibleTo(e, side) || eventVisibleTo(e, other(side)))) out.push(`${t} of ${side}`);
    if (JAPAN.has(t) && eventVisibleTo(e, 'us')) out.push(`${t} seen by the US`);
    if (US.has(t) && eventVisibleTo(e, 'japanese')) out.push(`${t} seen by Japan`);
  }
  return out;
}

describe('Solomons Campaign fog over games that fight (issue 32)', () => {
  const games = [
    ...Array.from({ length: 30 }, (_, i) => ['short', i, {}] as const),
    ...Array.from({ length: 8 }, (_, i) => ['extended', i, {}] as const),
    ['short', 0, { 'random-events': true, 'amphibious-assault': true, banzai: true }] as const,
    ['short', 1, { 'air-mission-assignment': true }] as const,
    ['extended', 1, { 'air-mission-assignment': true, 'night-bombing': true }] as const,
    ['short', 1, { endurance: true }] as const,
    ['short', 1, { 'recon-withdrawal': true }] as const,
  ];

  it.each(games)(
    'given random players in a %s game (#%i, options %o), then no sealed fact reaches the other side',
    (scenario, i, options) => {
      const { events } = playOneGame(game, `fog:${scenario}:${i}:${Object.keys(options).join(',')}`, {
        options: { scenario, ...options },
        missRate: 0.2,
        aheadRate: 0,
      });
      const types = new Set(events.flatMap((e) => (e.type === 'RulesApplied' ? [e.data.event.type] : [])));
      // the game fought and used its hidden machinery: the check is not vacuous
      expect(types.has('sol.cp-allocated') && types.has('sol.plan-set')).toBe(true);
      expect(leaks(events)).toEqual([]);
      const usStory = narrativeFor(events, 'us', game).join('\n');
      expect(usStory).not.toMatch(/Japan plan:|Japan assigns CP|Japan assigns air|Japan TF \d+ loads|SS-\d+ (is placed|placed)/);
      expect(narrativeFor(events, 'japanese', game).join('\n')).not.toMatch(
        /United States plan:|United States assigns CP|United States assigns air|special intelligence learns/i,
      );
    },
  );

  it('given a game with secret air mission assignment (45.2), then both sides assigned air and neither saw the other do it', () => {
    const { events } = playOneGame(game, 'fog:short:1:air-mission-assignment', {
      options: { scenario: 'short', 'air-mission-assignment': true },
      missRate: 0.2,
      aheadRate: 0,
    });
    const assigned = events.flatMap((e) => (e.type === 'RulesApplied' && e.data.event.type === 'sol.air-assigned' ? [e] : []));
    const sides = new Set(assigned.map((e) => (e.data.event.data as { side: string }).side));
    expect([...sides].sort()).toEqual(['japanese', 'us']);
    expect(leaks(assigned)).toEqual([]);
    expect(narrativeFor(events, 'us', game).join('\n')).not.toMatch(/Japan assigns air/);
    expect(narrativeFor(events, 'japanese', game).join('\n')).toMatch(/Japan assigns air/);
  });

  it('given a stream with one sealed event shown to both sides, then the check finds it', () => {
    const { events } = playOneGame(game, 'fog:planted', { options: { scenario: 'short' }, missRate: 0.2, aheadRate: 0 });
    const i = events.findIndex((e) => e.type === 'RulesApplied' && e.data.event.type === 'sol.cp-allocated');
    const e = events[i] as Extract<EngineEvent, { type: 'RulesApplied' }>;
    const planted = { ...e, data: { ...e.data, event: { ...e.data.event, visibleTo: undefined } } } as EngineEvent;
    expect(leaks([planted])).toHaveLength(1);
  });

  it('given all the games, then across them the sides fought and Japan placed submarines (the fog was tested under combat)', () => {
    const all = games.flatMap(
      ([scenario, i, options]) =>
        playOneGame(game, `fog:${scenario}:${i}:${Object.keys(options).join(',')}`, {
          options: { scenario, ...options },
          missRate: 0.2,
          aheadRate: 0,
        }).events,
    );
    const types = new Set(all.flatMap((e) => (e.type === 'RulesApplied' ? [e.data.event.type] : [])));
    expect(types.has('sol.sub-placed')).toBe(true);
    expect(['sol.surface-combat', 'sol.ground-attack', 'sol.air-strike', 'sol.bombarded'].some((t) => types.has(t))).toBe(true);
  });
});
