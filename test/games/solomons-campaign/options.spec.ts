/**
 * Issue 32, the optional rules (40.0-49.0, 21.10, 28.3, the 50.0 note on August I) as options of
 * game creation: each built one plays whole games by itself with every log replayed and verified;
 * every one is built now (one not built would refuse the game at set-up naming its rule); the
 * options are public in each view.
 */
import { RuleNotImplementedError } from '../../../src/engine/ruleset';
import { seededRng } from '../../../src/engine/random-player';
import { playOneGame, selfplay } from '../../../src/engine/selfplay';
import { rulesets } from '../../../src/games';
import type { SolState, SolView } from '../../../src/games/solomons-campaign';

const game = rulesets['solomons-campaign'];
const BUILT = [
  'short-august',
  'random-events',
  'additional-cp',
  'banzai',
  'amphibious-assault',
  'air-mission-assignment',
  'night-bombing',
  'endurance',
  'crippled-units',
  'multiple-combats',
  'pilot-attrition',
  'recon-withdrawal',
  'carrier-training',
];

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

  it('given every optional rule built, when a game is set up with each, then set-up takes it (no option is left to refuse naming its rule)', () => {
    const unbuilt = game.options.filter((o) => o.id !== 'scenario' && !BUILT.includes(o.id)).map((o) => o.id);
    expect(unbuilt).toEqual([]);
    for (const id of BUILT) {
      const s = game.setup({ gameId: 'G-sol', options: { [id]: true }, box: game.box.defaultData });
      expect(s).not.toBeInstanceOf(RuleNotImplementedError);
    }
  });

  it.each([
    ['random-events', 'sol.random-event'],
    ['amphibious-assault', 'sol.assault-cp'],
    ['air-mission-assignment', 'sol.air-assigned'],
    ['endurance', 'sol.tf-stays'],
    ['crippled-units', 'sol.crippled-stays'],
    ['recon-withdrawal', 'sol.recon'],
    ['carrier-training', 'sol.carrier-training'],
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

  it('given night bombing in Extended games, when random players play them through, then every log replays and verifies (48.1 starts on Dec I, past the Short scenario)', () => {
    const run = selfplay(game, {
      games: 2,
      seed: 'options:night-bombing:extended',
      clock: () => 0,
      maxTurns: 30,
      options: { scenario: 'extended', 'night-bombing': true, 'air-mission-assignment': true },
    });
    expect(run.errors).toEqual([]);
    expect(run.verified).toBe(2);
  });

  it('given Japan asked in a night phase of Dec I with night bombing, when the random player answers 40 times, then it sometimes strikes at night and every answer is legal (48.1)', () => {
    const s0 = game.setup({ gameId: 'G-sol', options: { 'night-bombing': true }, box: game.box.defaultData }) as SolState;
    const zero = { combined: 0, intel: 0, ops: 0, log: 0 };
    const us = s0.forces.us;
    const s: SolState = {
      ...s0,
      turn: 9,
      phase: 'ops',
      x: 2,
      phasing: 'japanese',
      first: 'japanese',
      cp: { japanese: zero, us: zero },
      forces: {
        ...s0.forces,
        japanese: { ...s0.forces.japanese, supply: { ...s0.forces.japanese.supply, Rabaul: 4 } },
        us: {
          ...us,
          taskForces: { 1: { id: 1, at: '0806', ships: ['CA-1'], kind: 'normal' } },
          ships: { ...us.ships, 'CA-1': { ...us.ships['CA-1'], at: '0806', tf: 1 } },
        },
      },
    };
    const step = game.currentStep(s)!;
    const answers = Array.from({ length: 40 }, (_, i) => game.randomOrders(s, 'japanese', step, seededRng(`night:${i}`)));
    const strikes = answers.flat().filter((o) => o.kind === 'air');
    expect(strikes.length).toBeGreaterThan(0);
    expect(strikes.every((o) => o.kind === 'air' && o.mission === 'strike')).toBe(true);
    for (const orders of answers) expect(game.validateOrders(s, 'japanese', orders, step)).toEqual([]);
  });

  it('given Japanese Pilot Attrition, when a game is set up, then the Japanese air the chart marks (F) is due fatigued, and ready without the option (21.10)', () => {
    const tired = (options: Record<string, boolean>) =>
      (game.setup({ gameId: 'G-sol', options, box: game.box.defaultData }) as SolState).arrivals
        .filter((a) => a.side === 'japanese')
        .flatMap((a) => a.air.filter((x) => x.fatigued).map(() => a.turn));
    expect(tired({ 'pilot-attrition': true })).toEqual([7, 9, 11]);
    expect(tired({})).toEqual([]);
  });

  it('given the random events option, when a game is set up, then each side sees the options agreed (40.0: chosen before play)', () => {
    const s = game.setup({ gameId: 'G-sol', options: { 'random-events': true }, box: game.box.defaultData }) as SolState;
    const view = game.view(s, 'us') as SolView;
    expect(view.known.options.randomEvents).toBe(true);
    expect(view.known.options.banzai).toBe(false);
  });
});
