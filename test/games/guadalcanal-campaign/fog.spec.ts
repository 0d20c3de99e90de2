/**
 * Issue 31, the fog of war as a property over random games (2.2, 7.2, 12.0, 11.0): whatever two
 * random players (or the computer Japanese and a random American) do, no side's view at any step
 * shows an enemy task force, base, air mission or ship name, and no side reads the other's orders
 * or the computer's plan and tie dice (fog-leaks.ts). The games are the shortest scenarios (the
 * 4-turn mini games and the 8-turn Guadalcanal), their seeds and options drawn by fast-check.
 *
 * Sizes: GC_FOG_GAMES games (default 16: 27 s on the shared 2-core machine); the 1,000-game run is
 * bench/gc-fog.ts (`npx tsx bench/gc-fog.ts --games 1000`), its figure in the README.
 */
import fc from 'fast-check';
import { playOneGame } from '../../../src/engine/selfplay';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import { enemyNames, FOG_SCENARIOS, gameLeaks, ruleset, viewLeaks } from './fog-leaks';

const GAMES = Number(process.env.GC_FOG_GAMES ?? 16);
jest.setTimeout(Math.max(120_000, GAMES * 3_000));

const setup = (scenario: string): GcState =>
  ruleset.setup({ gameId: 'G-fog', options: { scenario, mode: 'two-player', level: 4 }, box: ruleset.box.defaultData });

describe('Guadalcanal Campaign fog of war over random games (issue 31)', () => {
  it(`given ${GAMES} random games, then no view or visible event shows a side what only the other may know`, () => {
    let played = 0;
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(...FOG_SCENARIOS),
        fc.constantFrom('two-player', 'solitaire'),
        (seed, scenario, mode) => {
          const { events } = playOneGame(ruleset, `fog/${seed}`, { options: { scenario, mode } });
          played++;
          expect(gameLeaks(events)).toEqual([]);
        },
      ),
      { numRuns: GAMES, seed: 31 },
    );
    expect(played).toBe(GAMES);
  });

  it('given a leak injected into a view or the log, then the property names it', () => {
    const s = setup('eastern-solomons');
    const names = (side: 'american' | 'japanese') => enemyNames(s)[side];
    expect(viewLeaks(s, 'japanese', names('japanese'))).toEqual([]);
    // a US task force handed to the Japanese side's list: the view shows it to the Japanese
    const usTf = Object.values(s.taskForces).find((t) => t.side === 'american')!;
    const leaky: GcState = { ...s, taskForces: { ...s.taskForces, [usTf.id]: { ...usTf, side: 'japanese' } } };
    const found = viewLeaks(leaky, 'japanese', names('japanese')).join('\n');
    expect(found).toContain('names the enemy ship');
    // the computer's plan made visible to all in a played solitaire game
    const { events } = playOneGame(ruleset, 'fog/inject', { options: { scenario: 'eastern-solomons', mode: 'solitaire' } });
    expect(gameLeaks(events)).toEqual([]);
    const shown = events.map((e) =>
      e.type === 'RulesApplied' && (e.data as { event: { type: string } }).event.type === 'gcc.computer-plan'
        ? { ...e, data: { ...e.data, event: { ...(e.data as { event: object }).event, visibleTo: 'all' } } }
        : e,
    ) as typeof events;
    expect(gameLeaks(shown).join('\n')).toContain("american sees the computer's plan");
  });
});
