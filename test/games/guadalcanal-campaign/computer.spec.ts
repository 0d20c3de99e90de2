/**
 * 11.0, the computer Japanese: its orders pass the rules' own checks and read back from their text
 * in every scenario, its doctrine (14.0) step by step, and games it plays run to a rule not built.
 */
import { playOneGame } from '../../../src/engine/selfplay';
import { seededRng } from '../../../src/engine/random-player';
import { rulesets } from '../../../src/games';
import type { GcOrder, GcState, GcView } from '../../../src/games/guadalcanal-campaign';
import { range } from '../../../src/games/guadalcanal-campaign/box/range';
import { parseGcOrders, formatGcOrders } from '../../../src/games/guadalcanal-campaign/orders';
import { computerGcOrders, DOCTRINE } from '../../../src/games/guadalcanal-campaign/players/computer';
import type { MachinePlayer } from '../../../src/engine/players';

const game = rulesets['guadalcanal-campaign'];
const SCENARIOS = ['campaign', 'campaign-2', 'coral-sea', 'eastern-solomons', 'santa-cruz', 'guadalcanal'];
const options = (scenario: string) => ({ scenario, mode: 'two-player', level: 4 });
const setup = (scenario: string): GcState => game.setup({ gameId: 'G-gc', options: options(scenario), box: game.box.defaultData });
const view = (s: GcState) => game.view(s, 'japanese') as GcView;
const step = (id: string) => ({ id, owes: ['japanese'] }) as never;
const H = { col: 21, row: 20 };

describe('11.0: the computer Japanese', () => {
  let asked = 0;
  it('is offered as a named machine player (MACHINE japanese computer)', () => {
    expect(Object.keys((game.players as { named: Record<string, MachinePlayer> }).named)).toContain('computer');
  });

  it.each(SCENARIOS)(
    'given %s played by the computer Japanese against random Americans, then every order it gives is legal',
    (scenario) => {
      const before = asked;
      for (let g = 0; g < 60; g++) {
        // a rejected order throws; a rule not built yet stops the game (stopped)
        const { events } = playOneGame(game, `gc-computer/${scenario}/${g}`, {
          options: options(scenario),
          players: { japanese: 'computer', american: 'random' },
          missRate: 0,
          aheadRate: 0,
          // the campaigns (294 turns) are fuzzed over their first 30 turns
          maxTurns: 30,
        });
        asked += events.filter((e) => e.type === 'OrdersAccepted' && (e.data as { side?: string }).side === 'japanese').length;
      }
      expect(asked).toBeGreaterThan(before);
    },
    120_000,
  );

  it('given the six scenarios fuzzed, then more than 1,000 Japanese steps were asked of it', () => {
    expect(asked).toBeGreaterThan(1000);
  });

  it.each(SCENARIOS)(
    'given %s solitaire, then the computer plays every Japanese step, its plan and ties for the referee alone',
    (scenario) => {
      const { events, state, stopped, unfinishedAtCap } = playOneGame(game, `gc-solitaire/${scenario}`, {
        options: { ...options(scenario), mode: 'solitaire' },
        missRate: 0,
        aheadRate: 0,
        maxTurns: 30,
      });
      // the game ends, stops at a rule not built or (a campaign) reaches the 30 turns played, never an illegal order (that would throw)
      expect(stopped !== undefined || state.step === null || unfinishedAtCap === true).toBe(true);
      const plans = events.filter(
        (e) => e.type === 'RulesApplied' && (e.data as { event: { type: string; visibleTo?: unknown } }).event.type === 'gcc.computer-plan',
      );
      expect(plans.length).toBeGreaterThan(0);
      for (const p of plans) expect((p.data as { event: { visibleTo?: unknown } }).event.visibleTo).toEqual([]);
      expect(events.some((e) => e.type === 'OrdersAccepted' && (e.data as { side?: string }).side === 'japanese')).toBe(false);
    },
  );

  it('given the computer`s orders at each first step, then they read back from their own text', () => {
    for (const scenario of SCENARIOS) {
      const s = setup(scenario);
      const id = game.currentStep(s)!.id;
      const orders = computerGcOrders(view(s), step(id), seededRng('x'));
      const text = formatGcOrders(orders);
      expect(parseGcOrders(text, { id }).orders).toEqual(orders);
    }
  });

  it('given carriers and no American carrier reported, when it moves, then the carriers head for 12 squares from Henderson', () => {
    const v = view(setup('eastern-solomons'));
    const carriers = v.known.taskForces.filter((tf) => tf.mission === 'C');
    expect(carriers.length).toBeGreaterThan(0);
    const orders = computerGcOrders(v, step(game.currentStep(setup('eastern-solomons'))!.id), seededRng('c'));
    for (const tf of carriers) {
      const o = orders.find((x) => 'tf' in x && x.tf === tf.id) as GcOrder;
      const end = endOf(tf, o);
      expect(Math.abs(range(end, H) - DOCTRINE.carriersOff)).toBeLessThanOrEqual(Math.abs(range(tf, H) - DOCTRINE.carriersOff));
    }
  });
});

function endOf(tf: { col: number; row: number }, o: GcOrder) {
  const D: Record<string, [number, number]> = {
    N: [0, -1],
    NE: [1, -1],
    E: [1, 0],
    SE: [1, 1],
    S: [0, 1],
    SW: [-1, 1],
    W: [-1, 0],
    NW: [-1, -1],
  };
  let [c, r] = [tf.col, tf.row];
  if (o.kind === 'move') for (const d of o.dirs) [c, r] = [c + D[d][0], r + D[d][1]];
  return { col: c, row: r };
}
