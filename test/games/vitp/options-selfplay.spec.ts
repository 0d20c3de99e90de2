/**
 * Engine self-play (sealed orders, missed deadlines, replay, dice verification, re-adjudication)
 * with each optional rule switched on by itself. selfplay() creates games with no options, so the
 * driver plays a copy of the ruleset whose option defaults to on (the engine fills options from the
 * defaults, and GameCreated records them) through the same playOneGame and checkReplay.
 */
import { checkReplay, playOneGame } from '../../../src/engine/selfplay';
import { vitpRuleset } from '../../../src/games/vitp';
import type { VitpState } from '../../../src/games/vitp/types';

const GAMES = 10;

const withOption = (id: string) => ({
  ...vitpRuleset,
  options: vitpRuleset.options.map((o) => (o.id === id ? { ...o, default: true } : o)),
});

describe('VITP self-play with each optional rule on', () => {
  it('covers every option the ruleset offers', () => {
    expect(vitpRuleset.options.map((o) => o.id).sort()).toEqual([
      'air-in-groups',
      'airstrike-damage',
      'battle-start-ports',
      'island-combat',
      'japanese-islands-bonus',
      'task-forces',
      'turn-9',
      'us-battleship-bonus',
    ]);
  });

  it.each(vitpRuleset.options.map((o) => [o.id, o.rule] as const))(
    'option %s (rule %s): games end after the last turn with no errors',
    (id) => {
      const ruleset = withOption(id);
      const lastTurn = id === 'turn-9' ? 9 : 8;
      for (let g = 0; g < GAMES; g++) {
        const played = playOneGame(ruleset as never, `options/${id}/${g}`, {
          missRate: 0.1,
          resendRate: 0.05,
        });
        expect(checkReplay(ruleset as never, played.events, played.state)).toEqual([]);
        expect(played.state.game!.options[id]).toBe(true);
        expect(played.state.result).not.toBeNull();
        expect(played.events.filter((e) => e.type === 'GameEnded')).toHaveLength(1);
        expect((played.state.rules as VitpState).turn).toBe(lastTurn);
      }
    },
    300_000,
  );
});
