/**
 * Issue 31, the first slice of Guadalcanal Campaign: the length of each scenario sizes the seed
 * chain, the box checks itself, the fog of war keeps each side's task forces from the other, and
 * every rule not built yet stops play naming its number instead of passing silently.
 */
import { seedChainTurns } from '../../../src/engine/define';
import { playOneGame } from '../../../src/engine/selfplay';
import { type AdjudicationContext, RuleNotImplementedError } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { GcState, GcView } from '../../../src/games/guadalcanal-campaign';
import { range } from '../../../src/games/guadalcanal-campaign/box/range';

const game = rulesets['guadalcanal-campaign'];
const options = (scenario: string) => ({ scenario, mode: 'two-player', level: 4 });
const setup = (scenario: string): GcState => game.setup({ gameId: 'G-gc', options: options(scenario), box: game.box.defaultData });
const noDice: AdjudicationContext = { dice: { d6: () => 1 }, emit: () => undefined };

/** The rule a step's resolution stops at. */
function stopsAt(s: GcState): string {
  try {
    game.adjudicate(s, game.currentStep(s)!, {}, noDice);
  } catch (e) {
    if (e instanceof RuleNotImplementedError) return e.rule;
    throw e;
  }
  return 'none';
}

describe('Guadalcanal Campaign, first slice (issue 31)', () => {
  it.each([
    ['campaign', 294],
    ['campaign-2', 184],
    ['coral-sea', 12],
    ['eastern-solomons', 4],
    ['santa-cruz', 4],
    ['guadalcanal', 8],
  ])('given scenario %s, then the game and its seed chain last %i turns (3.1, 3.5, 10.3)', (scenario, turns) => {
    expect(seedChainTurns(game, options(scenario), game.box.defaultData)).toBe(turns);
    expect(setup(scenario).lastTurn).toBe(turns);
  });

  it('given the range example of 1.4, then 5 across and 1 up is 6; whole distances stay whole', () => {
    expect(range({ col: 1, row: 1 }, { col: 6, row: 2 })).toBe(6);
    expect(range({ col: 1, row: 1 }, { col: 4, row: 5 })).toBe(5);
  });

  it('given solitaire, then the game is accepted and the umpire plays the Japanese (11.0)', () => {
    expect(game.validateOptions?.({ ...options('campaign'), mode: 'solitaire' })).toEqual([]);
    expect(game.systemSides?.({ ...options('campaign'), mode: 'solitaire' })).toEqual(['japanese']);
  });

  it('given the default box, then it is valid and box check prints its provenance split; a task force put on land is refused', () => {
    expect(game.box.validate(game.box.defaultData)).toEqual([]);
    const details = game.box.details!(game.box.defaultData);
    expect(details[0]).toMatch(/^provenance: \d+ rulebook, 0 reference, \d+ reconstructed of \d+$/);
    expect(details.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    const box = structuredClone(game.box.defaultData) as {
      scenarios: { guadalcanal: { american: { taskForces: { value: { col: number } }[] } } };
    };
    box.scenarios.guadalcanal.american.taskForces[0].value.col = 1;
    expect(game.box.validate(box)).toEqual([expect.stringContaining('guadalcanal american TF 1: starts on land at 1,25 (5.2F)')]);
  });

  it('given a box stored before the air groups, strike odds and bombardment (no `air`, `strike`, `bombard`), then it is still valid and its games fly float planes only', () => {
    const { air: _air, strike: _strike, bombard: _bombard, ...old } = game.box.defaultData as Record<string, unknown>;
    expect(game.box.validate(old)).toEqual([]);
    expect(game.setup({ gameId: 'G-old', options: options('guadalcanal'), box: old }).air).toEqual({});
    expect(setup('guadalcanal').air.Rabaul).toEqual({ Zeke: 40, Betty: 30 });
  });

  it('given random players, then they fly CAP and search, strike (7.1-7.3), the strikes are resolved (8.1), submarines fight (8.3), and play goes on past turn 1', () => {
    const played = playOneGame(game, 'slice', { options: options('guadalcanal') });
    // submarine combat is built: whatever stops the game now, it is not 8.3
    expect(played.stopped?.rule).not.toBe('8.3');
    const rules = played.events.flatMap((e) => (e.type === 'RulesApplied' ? [(e.data as { event: { type: string } }).event.type] : []));
    expect(rules).toContain('gcc.strike-resolved');
    // the turns before it ended: each side told its own score (rules/turn-end.ts)
    expect(rules.filter((t) => t === 'gcc.score').length).toBeGreaterThanOrEqual(2);
  });

  it('given a PM combat step, then what the position calls for stops play naming its rule, in the order of 8.0', () => {
    const pm = (s: GcState, tfs: GcState['taskForces']): GcState => ({
      ...s,
      turn: 2,
      row: 'combat',
      taskForces: { ...s.taskForces, ...tfs },
    });
    const s = setup('guadalcanal');
    // nothing happens: the turn ends (weather, supply, score: rules/turn-end.ts)
    const apart = pm(s, {
      6: { ...s.taskForces[6], col: 30, row: 5 },
      17: { ...s.taskForces[17], col: 5, row: 5 },
      15: { ...s.taskForces[15], col: 16, row: 10 },
    });
    const quiet = pm(apart, { 4: { ...apart.taskForces[4], col: 30, row: 1 } });
    expect(stopsAt(quiet)).toBe('none');
    // a US combat patrol in the square of a Japanese TF (8.2) is resolved (surface.spec); a box without surface combat data stops at 8.2
    expect(stopsAt({ ...pm(quiet, { 3: { ...quiet.taskForces[3], col: 19, row: 17 } }), surface: undefined })).toBe('8.2');
    // a Japanese bombardment TF on Henderson is resolved (8.4, combat.spec) and play goes on; a box without bombardment data stops at 8.4
    const bombarding = pm(quiet, { 13: { ...quiet.taskForces[13], col: 21, row: 20 }, 4: { ...quiet.taskForces[4], col: 30, row: 2 } });
    expect(stopsAt(bombarding)).toBe('none');
    expect(stopsAt({ ...bombarding, bombard: undefined })).toBe('8.4');
    // in the campaign reinforcements come every turn (8.9, reinforcements.json); a box without their table stops at 8.9
    const c = setup('campaign');
    const apartC = pm(c, {
      2: { ...c.taskForces[2], col: 30, row: 1 },
      3: { ...c.taskForces[3], col: 30, row: 3 },
      4: { ...c.taskForces[4], col: 30, row: 5 },
    });
    expect(stopsAt(apartC)).toBe('none');
    expect(stopsAt({ ...apartC, reinforce: undefined })).toBe('8.9');
  });

  it('given the US has moved, then the Japanese view holds no US task force, ship or move, and the referee`s holds both', () => {
    const s = setup('eastern-solomons');
    const jp = JSON.stringify(game.view(s, 'japanese'));
    for (const name of ['Enterprise', 'North Carolina', 'TF 2 ']) expect(jp).not.toContain(name);
    expect(jp).toContain('Shokaku');
    const us = JSON.stringify(game.view(s, 'american'));
    expect(us).not.toContain('Shokaku');
    const ref = JSON.stringify(game.view(s, 'referee'));
    expect(ref).toContain('Shokaku');
    expect(ref).toContain('Enterprise');
  });

  it('given a Japanese CAP and strike, then only the Japanese view shows them and their air groups (7.1, 7.3, 12.0)', () => {
    const start = setup('guadalcanal');
    const at = { ...start, turn: 1 };
    const events = [
      { type: 'gcc.air-assigned', data: { side: 'japanese', turn: 1, kind: 'cap', from: 'Rabaul', planes: { Zeke: 20 } } },
      { type: 'gcc.strike-launched', data: { side: 'japanese', turn: 1, from: 'Rabaul', target: 2, range: 15, planes: { Betty: 20 } } },
    ];
    const s = events.reduce((x, e) => game.evolve(x, e), at);
    const jp = game.view(s, 'japanese') as GcView;
    expect(JSON.stringify(jp.tables)).toContain('strike on TF 2: 20 Betty');
    expect(jp.known.air.find((a) => a.name === 'Rabaul')?.free).toEqual({ Zeke: 20, Betty: 10 });
    const us = game.view(s, 'american') as GcView;
    expect(JSON.stringify(us.tables)).not.toMatch(/Rabaul|Junyo|strike on/);
    expect(us.known.air.map((a) => a.name)).toEqual(['Henderson Field', 'Espiritu Santo', 'Brisbane', 'Enterprise']);
  });
});
