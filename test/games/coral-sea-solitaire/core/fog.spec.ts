/**
 * Coral Sea fog of war (27, 28, 19.4), as a property over self-played games: at every step, the
 * USN's view names no face-down IJN counter (its key or its id in a carrier's air), gives no
 * unrevealed submarine marker's counter, shows no IJN air that is not flying; no rules event the USN
 * may read names a face-down IJN counter; the IJN's view holds no unidentified USN TF's ships and no
 * USN command points. The check bites: a view that hands the USN the referee's task forces fails.
 */
import { playOneGame } from '../../../../src/engine/selfplay';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { gameLeaks, leaks, ruleset } from './fog-leaks';

describe('Coral Sea fog of war over self-played games (27, 28, 19.4)', () => {
  for (const [name, options] of [
    ['standard', {}],
    ['options', { 'bigger-battle': true, 'ijn-battleships': true, 'extended-range': true, screening: true }],
  ] as const) {
    it(`${name}: no view and no story of the USN holds what it has not found; the IJN knows no unidentified USN TF's ships`, () => {
      for (const seed of ['fog-a', 'fog-b']) {
        const { events } = playOneGame(ruleset, `${seed}/${name}`, { options });
        expect(gameLeaks(events).slice(0, 5)).toEqual([]);
      }
    }, 120_000);
  }

  // The 200-game fog run once caught this leak in its game 174; engine revision 3 numbers private
  // dice apart, so that seed now plays another game: this seed (found by searching
  // umpire/fog-landing/0..) plays such a landing again.
  it('a game where a carrier`s air lands among face-down carriers (options ijn+usn battleships): where it lands is the IJN`s record, on sealed dice (21.4, 27)', () => {
    const { events } = playOneGame(ruleset, 'umpire/fog-landing/218', {
      options: { 'ijn-battleships': true, 'usn-battleships': true },
      missRate: 0.1,
    });
    const landing = events.find(
      (e) => e.type === 'RulesApplied' && e.data.event.type === 'IjnDecided' && /VF of CV-2 land on/.test(JSON.stringify(e.data.event)),
    );
    expect(landing).toMatchObject({ data: { event: { visibleTo: ['ijn'] } } });
    const die = events.find((e) => e.type === 'DieRolled' && e.data.purpose === "where CV-2's VF land");
    expect(die).toMatchObject({ data: { sealed: true } });
    expect(gameLeaks(events)).toEqual([]);
  }, 120_000);

  it('the check bites: a USN view with the referee`s task forces is caught', () => {
    const { state } = playOneGame(ruleset, 'fog-bite');
    const s = state.rules as CoralState;
    const leaky = { ...viewCoral(s, 'usn'), taskForces: viewCoral(s, 'referee').taskForces };
    expect(leaks(s, leaky).length).toBeGreaterThan(0);
  });
});
