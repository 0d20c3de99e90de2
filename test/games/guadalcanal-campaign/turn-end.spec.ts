/**
 * Issue 31: the end of the turn. Repair and refit (8.8) is reached in play only by ships that dock,
 * which the mini games forbid (10.1C) and the campaign reaches after reinforcements (8.9, not built),
 * so the pipeline is checked here on its own with scripted dice; so are the final count's parts a
 * quiet mini game never scores (9.5B, 9.5C, 9.8) and the result the engine reports.
 */
import type { AdjudicationContext, RulesEvent } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import { enterPipeline, leavePipeline } from '../../../src/games/guadalcanal-campaign/rules/repair';
import { finalScore, knownScore } from '../../../src/games/guadalcanal-campaign/rules/scoring';
import type { Ship } from '../../../src/games/guadalcanal-campaign/state';

const game = rulesets['guadalcanal-campaign'];
const start = (scenario: string): GcState =>
  game.setup({ gameId: 'G-end', options: { scenario, mode: 'two-player', level: 4 }, box: game.box.defaultData });

/** Dice scripted by rule (faces in order; the die's largest face once they run out). */
function run(s: GcState, faces: Record<string, number[]>, what: (s: GcState, ctx: AdjudicationContext) => void) {
  const events: RulesEvent[] = [];
  const next = (sides: number, _p: string, rule: string) => faces[rule]?.shift() ?? sides;
  const ctx = { dice: { d6: (p: string, r: string) => next(6, p, r), die: next }, emit: (e: RulesEvent) => void events.push(e) };
  what(s, ctx);
  return { events, after: events.reduce((x, e) => game.evolve(x, e), s) };
}

const withShip = (s: GcState, name: string, change: Partial<Ship>): GcState => ({
  ...s,
  ships: { ...s.ships, [name]: { ...s.ships[name], ...change } },
});

describe('Guadalcanal Campaign: repair and refit (8.8)', () => {
  const docked = (name: string, port: string, damage: number, endurance = 10) =>
    withShip({ ...start('campaign'), turn: 5 }, name, { tf: null, port, damage, dockedTurn: 5, dockedEndurance: endurance });

  it('given a DD docked at Brisbane with 3 damage points, then it is repaired for 3 x (7 + d3) turns, no refit, and the owner alone sees it (8.8C)', () => {
    const { events, after } = run(docked('Blue', 'B', 3), { '8.8C': [2, 100] }, enterPipeline);
    expect(events).toEqual([
      {
        type: 'gcc.pipeline',
        data: { side: 'american', turn: 5, ships: [{ ship: 'Blue', repair: 27, refit: 0, until: 33 }] },
        visibleTo: ['american'],
      },
    ]);
    expect(after.ships.Blue.repairUntil).toBe(33);
  });

  it('given the same DD at Espiritu Santo and a doubling die under 71%, then the repair is 20% longer and doubled (8.8C, the example of 71% for a DD)', () => {
    const rolled: number[] = [];
    const s = docked('Blue', 'E', 3);
    const { events } = run(s, { '8.8C': [2, 71] }, (x, ctx) =>
      enterPipeline(x, {
        ...ctx,
        dice: {
          ...ctx.dice,
          die: (n, p, r) => {
            rolled.push(n);
            return ctx.dice.die!(n, p, r);
          },
        },
      }),
    );
    expect(rolled).toEqual([3, 100]);
    expect((events[0].data as { ships: { repair: number }[] }).ships[0].repair).toBe(2 * Math.ceil(27 * 1.2));
  });

  it('given a US battleship, then its doubling chance is 6%, as 8.8C says: a die of 7 does not double', () => {
    const { events } = run(docked('North Carolina', 'B', 1), { '8.8C': [1, 7] }, enterPipeline);
    expect(events[0].data).toMatchObject({ ships: [{ ship: 'North Carolina', repair: 8, refit: 14 }] });
    const doubled = run(docked('North Carolina', 'B', 1), { '8.8C': [1, 6] }, enterPipeline);
    expect(doubled.events[0].data).toMatchObject({ ships: [{ repair: 16 }] });
  });

  it('given an undamaged carrier docked at Espiritu Santo, then it refits two weeks; with endurance above 50 it does not (8.8A); an undamaged DD is ready next turn (8.8B)', () => {
    expect(run(docked('Enterprise', 'E', 0), {}, enterPipeline).events[0].data).toMatchObject({
      ships: [{ ship: 'Enterprise', repair: 0, refit: 28, until: 34 }],
    });
    expect(run(docked('Enterprise', 'E', 0, 51), {}, enterPipeline).events[0].data).toMatchObject({ ships: [{ refit: 0, until: 6 }] });
    expect(run(docked('Blue', 'E', 0), {}, enterPipeline).events[0].data).toMatchObject({ ships: [{ refit: 0, until: 6 }] });
  });

  it('given a ship in the pipeline, then FORM refuses it until it is out, and the turn before it is out its damage is gone (8.8)', () => {
    const s = withShip({ ...start('campaign'), turn: 7 }, 'Blue', { tf: null, port: 'B', damage: 3, dockedTurn: 5, repairUntil: 9 });
    const refused = game.validateOrders(
      s,
      'american',
      game.parseOrders(s, 'american', 'FORM AT B MISSION C: Blue', game.currentStep(s)!).orders!,
      game.currentStep(s)!,
    );
    expect(refused).toEqual([expect.objectContaining({ rule: '8.8', problem: expect.stringContaining('until turn 9') })]);
    const { events, after } = run({ ...s, turn: 8 }, {}, leavePipeline);
    expect(events).toEqual([{ type: 'gcc.repaired', data: { side: 'american', turn: 8, ships: ['Blue'] }, visibleTo: ['american'] }]);
    expect(after.ships.Blue.damage).toBe(0);
  });
});

describe('Guadalcanal Campaign: the final count (9.5, 9.8, 10.1A)', () => {
  it('given the Guadalcanal mini game ending with Hiei sunk, Kirishima damaged 20 at sea and Junyo 8 weeks in repair, then the US scores DF + capacity, damage and 6 weeks; no Henderson 500 in a mini game (9.5B, 10.1A)', () => {
    let s = { ...start('guadalcanal'), turn: 8 };
    s = withShip(s, 'Hiei', { sunk: true, tf: null });
    s = withShip(s, 'Kirishima', { damage: 20, tf: 12 });
    s = withShip(s, 'Junyo', { tf: null, port: 'T', damage: 10, repairUntil: 9 + 8 * 14 });
    const f = finalScore(s);
    const hiei = s.ships.Hiei;
    expect(f.american).toEqual({
      infantry: 0,
      sunk: hiei.df + hiei.cc,
      damage: 20,
      repair: 6,
      henderson: 0,
      balance: 0,
      total: hiei.df + hiei.cc + 26,
    });
    expect(f.difference).toBe(f.japanese.total - f.american.total);
    // 12.0: the Americans' own running score counts the damage they did, never where the ship went to repair
    expect(knownScore(s, 'american')).toMatchObject({ sunk: hiei.df + hiei.cc, damage: 30, repair: 0, henderson: 0 });
    // 9.5C: in a campaign Henderson's holder (the Americans until land combat is built) has 500
    expect(finalScore({ ...start('campaign'), row: 'over' }).american.henderson).toBe(500);
  });

  it("given Campaign.2, then 9.8's table applies: the Henderson 500 alone is an American Substantive Victory (-500), and a difference of 150 a draw", () => {
    // without the 13.0 garrisons (as read: 90 US and 35 Japanese companies), Henderson's 500 stands alone
    const none = { inf: 0, sup: 0 };
    const s = { ...start('campaign-2'), row: 'over' as const, ashore: { american: none, japanese: none } };
    expect(finalScore(s).level).toBe('American Substantive');
    const with150 = { ...s, ashore: { ...s.ashore, japanese: { inf: 650, sup: 0 } } };
    expect(finalScore(with150).difference).toBe(150);
    expect(finalScore(with150).level).toBe('Draw');
    expect(game.result(with150)).toEqual({ winner: 'draw', summary: expect.stringContaining('Japanese 650 VP, American 500 VP') });
    expect(game.result(s).winner).toBe('american');
  });

  it('given a game not over, then the result names no winner', () => {
    expect(game.result(start('guadalcanal')).winner).toBeNull();
  });
});
