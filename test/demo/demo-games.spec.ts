/**
 * The games `npm run demo` plays (src/demo/games.ts demoGames) and the mail figures it prints
 * (src/demo/figures.ts): a mail player's demoAlso adds games after the first (Guadalcanal Campaign:
 * two-player, then solitaire against the computer Japanese, 11.0), DEMO_OPTIONS names one game alone;
 * every turn of the log is counted, a turn with no mail as 0, by day and by night apart.
 */
import { demoGames } from '../../src/demo/games';
import { mailFigures, median } from '../../src/demo/figures';
import { rulesets } from '../../src/games';

describe('the demo games and their mail figures', () => {
  it('given Guadalcanal Campaign, then the demo plays Eastern Solomons two-player (both sides by mail), then solitaire (the American alone)', () => {
    const games = demoGames(['--game', 'guadalcanal-campaign'], {}, {});
    expect(games.map((g) => [g.options, g.players.map((p) => p.side)])).toEqual([
      [{ scenario: 'eastern-solomons' }, ['american', 'japanese']],
      [{ scenario: 'eastern-solomons', mode: 'solitaire' }, ['american']],
    ]);
  });

  it('given DEMO_OPTIONS, then the demo plays that one game alone', () => {
    const games = demoGames(['--game', 'guadalcanal-campaign'], {}, { mode: 'solitaire' });
    expect(games.map((g) => g.options)).toEqual([{ scenario: 'eastern-solomons', mode: 'solitaire' }]);
  });

  it.each(Object.values(rulesets).filter((r) => r.players.mail && !r.players.mail.demoAlso))(
    'given game $id with no demoAlso, then the demo plays one game',
    (ruleset) => {
      expect(demoGames(['--game', ruleset.id], {}, {})).toHaveLength(1);
    },
  );

  it('given a bot that mailed on the day turns only, then the night turns count 0 and the day and night medians are apart', () => {
    const perTurn = new Map([
      [1, { sent: 1, received: 2, steps: new Set(['t1/a']) }],
      [3, { sent: 2, received: 3, steps: new Set(['t3/a', 't3/b']) }],
    ]);
    const line = mailFigures({ side: 'american', perTurn }, [1, 2, 3, 4], (t) => t % 2 === 1);
    expect(line).toContain('t1 day 1/2, t2 night 0/0, t3 day 2/3, t4 night 0/0');
    expect(line).toContain('per day turn (2) order mails sent median 1.5, max 2, received median 2.5, max 3');
    expect(line).toContain('per night turn (2) order mails sent median 0, max 0, received median 0, max 0');
    expect(line).toContain('critical-path round trips median 0.5, max 2');
    expect(median([0, 0, 1])).toBe(0);
    expect(median([])).toBe(0);
  });
});
