/**
 * Issue 32, the optional rules (40.0-49.0, 21.10, 28.3, the 50.0 note on August I) as options of
 * game creation: each built one plays whole games by itself with every log replayed and verified;
 * one not built refuses the game at set-up naming its rule; the options are public in each view.
 */
import { RuleNotImplementedError } from '../../../src/engine/ruleset';
import { playOneGame, selfplay } from '../../../src/engine/selfplay';
import { rulesets } from '../../../src/games';
import type { SolState, SolView } from '../../../src/games/solomons-campaign';

const game = rulesets['solomons-campaign'];
const BUILT = ['short-august', 'random-events', 'additional-cp', 'banzai', 'amphibious-assault', 'recon-withdrawal'];

describe('Solomons Campaign optional rules (issue 32)', () => {
  it('given the options, then every optional rule of the rulebook is one, off by default', () => {
    const ids = game.options.map((o) => o.id);
    for (const rule of ['21.10', '28.3', '40.0', '41.0', '42.0', '43.0', '44.0', '45.0', '46.0', '47.0', '48.0', '49.0'])
      expect(game.options.some((o) => o.rule === rule)).toBe(true);
    for (const id of BUILT) expect(ids).toContain(id);
    for (const o of game.options.filter((x) => x.id !== 'scenario')) expect(o.default).toBe(false);
  });

  it.each(BUILT)('given option %s on, when random players play 4 Short games, then all end and every log replays and verifies', (id) => {
    const run = selfplay(game, { games: 4, seed: `options:${id}`, clock: () => 0, maxTurns: 30, options: { [id]: true } });
    expect(run.errors).toEqual([]);
    expect(run.ended).toBe(4);
    expect(run.verified).toBe(4);
  });

  it.each(game.options.filter((o) => o.id !== 'scenario' && !BUILT.includes(o.id)).map((o) => [o.id, o.rule!]))(
    'given option %s, which is not built, when a game is set up, then set-up refuses it naming rule %s',
    (id, rule) => {
      let thrown: unknown = null;
      try {
        game.setup({ gameId: 'G-sol', options: { [id]: true }, box: game.box.defaultData });
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(RuleNotImplementedError);
      expect((thrown as RuleNotImplementedError).rule).toBe(rule);
    },
  );

  it.each([
    ['random-events', 'sol.random-event'],
    ['amphibious-assault', 'sol.assault-cp'],
    ['recon-withdrawal', 'sol.recon'],
  ])('given option %s, when random players play 60 games, then self-play meets its rule (%s)', (id, type) => {
    const met = Array.from(
      { length: 20 },
      (_, i) => playOneGame(game, `meets:${id}:${i}`, { options: { [id]: true }, missRate: 0.1 }).events,
    )
      .flat()
      .flatMap((e) => (e.type === 'RulesApplied' ? [e.data.event as { type: string }] : []))
      .filter((e) => e.type === type);
    expect(met.length).toBeGreaterThan(0);
  });

  it('given the random events option, when a game is set up, then each side sees the options agreed (40.0: chosen before play)', () => {
    const s = game.setup({ gameId: 'G-sol', options: { 'random-events': true }, box: game.box.defaultData }) as SolState;
    const view = game.view(s, 'us') as SolView;
    expect(view.known.options.randomEvents).toBe(true);
    expect(view.known.options.banzai).toBe(false);
  });
});
