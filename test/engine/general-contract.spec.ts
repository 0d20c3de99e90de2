import { sha256Hex } from '../../src/shared/canonical';
import { decide } from '../../src/engine/decide';
import { deriveDie, ForcedDice, ForcedDiceQueue, makeSeedChain, rollDice, SeededDice } from '../../src/engine/dice';
import type { EngineEvent } from '../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../src/engine/evolve';
import { playOneGame, selfplay } from '../../src/engine/selfplay';
import { verifyGameLog } from '../../src/engine/verify';
import type { Ruleset } from '../../src/engine/ruleset';
import { given, testChain } from '../support/engine-harness';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * The engine's general contract for games beyond VITP: typed options with checks across them,
 * section names after FOR, dice in batches, and games with no fixed end (the seed chain's limit).
 */

// biome-ignore lint/suspicious/noExplicitAny: the test game's state and orders
type Fleet = Ruleset<any, any, any>;

const create = (options: Record<string, boolean | number | string>) => ({
  type: 'CreateGame' as const,
  gameId: 'G-general',
  sides: [
    { side: 'red', player: { address: 'red@x.invalid' } },
    { side: 'blue', player: { address: 'blue@x.invalid' } },
  ],
  seedAnchor: testChain.anchor,
  options,
  now: 'n0',
});

describe('options beyond on/off', () => {
  const typed: Fleet = {
    ...fleetDuel,
    options: [
      ...fleetDuel.options,
      { id: 'turn-limit', title: 'Turn limit (0: none)', default: 0, min: 0, max: 50 },
      { id: 'tokens', title: 'Advantage tokens', default: 'none', values: ['none', 'some', 'all'] },
    ],
    validateOptions: (o) => (o.short === true && o['turn-limit'] !== 0 ? ['a short game takes no turn limit'] : []),
  };

  it('given numbers and words, then the game records them with the defaults filled in', () => {
    given([], typed)
      .when(create({ 'turn-limit': 12, tokens: 'all' }))
      .then((events) =>
        expect((events[0].data as { options: unknown }).options).toEqual({
          short: false,
          scouting: false,
          system: false,
          'turn-limit': 12,
          tokens: 'all',
        }),
      );
  });

  it('given a value of the wrong type, out of range or not listed, then the game is refused naming each', () => {
    const e = given([], typed)
      .when(create({ 'turn-limit': 'twelve', tokens: 'most' }))
      .thenRejects('bad-options');
    expect(e.errors.map((x) => x.problem)).toEqual([
      'option turn-limit takes a number (default 0), not "twelve"',
      'option tokens takes one of none, some, all, not "most"',
    ]);
    expect(
      given([], typed)
        .when(create({ 'turn-limit': 51 }))
        .thenRejects('bad-options').message,
    ).toContain('at most 50');
  });

  it('given options that contradict each other, then the check across options refuses them', () => {
    const e = given([], typed)
      .when(create({ short: true, 'turn-limit': 3 }))
      .thenRejects('bad-options');
    expect(e.errors[0].problem).toBe('a short game takes no turn limit');
  });
});

describe('section names after FOR', () => {
  const named: Fleet = {
    ...fleetDuel,
    resolveSection: (_s, _side, name) => (name.toUpperCase() === 'RETREAT' ? 't1/retreat' : null),
  };

  it('given FOR with a name the ruleset knows, then the orders are queued for the step it names', () => {
    const created = decide(create({}), initialState(), named);
    given(created, named)
      .when({ type: 'SubmitOrders', side: 'red', text: 'MOVE north\nFOR retreat\nSTAND', salt: 's', now: 'n1', seal: (p) => p })
      .then((events) =>
        expect(events.filter((e) => e.type === 'OrdersQueued').map((e) => (e.data as { stepId: string }).stepId)).toEqual(['t1/retreat']),
      );
  });

  it('given FOR with a name nobody knows, then the line is refused as before', () => {
    const created = decide(create({}), initialState(), named);
    const e = given(created, named)
      .when({ type: 'SubmitOrders', side: 'red', text: 'MOVE north\nFOR fighters\nSUB south', salt: 's', now: 'n1', seal: (p) => p })
      .thenRejects('invalid-orders');
    expect(e.errors[0]).toMatchObject({ line: 2, problem: 'step fighters is not to come' });
  });
});

describe('dice in batches', () => {
  const seed = testChain.seeds[1];
  const at = { gameId: 'G', stepId: 't1/x', ordersHash: 'h' };

  it('given a batch of 14, then each face is the die of its own index, each recorded with its label', () => {
    const dice = new SeededDice({ ...at, turn: 1, seed: () => seed });
    dice.d6('a single die first', '1');
    const labels = Array.from({ length: 14 }, (_, k) => `slot ${(k % 12) + 1}`);
    const faces = rollDice(dice, 14, 'attack', 'ATK.2', labels);
    expect(faces).toEqual(labels.map((_, k) => deriveDie(seed, { ...at, index: k + 1 })));
    expect(dice.rolls.map((r) => r.purpose)).toEqual(['a single die first', ...labels]);
  });

  it('given dice with d6 only (a test double), then rollDice rolls die by die with numbered purposes', () => {
    const purposes: string[] = [];
    const faces = rollDice(
      {
        d6: (p) => {
          purposes.push(p);
          return 3;
        },
      },
      2,
      'torpedo',
      'MOV.6',
    );
    expect(faces).toEqual([3, 3]);
    expect(purposes).toEqual(['torpedo #1', 'torpedo #2']);
  });

  it('given forced dice, then a batch takes the case faces in order and fails loudly past them', () => {
    const dice = new ForcedDice(new ForcedDiceQueue([1, 2, 6]), 't1/x', 1);
    expect(dice.roll(3, 'box', 'BOX')).toEqual([1, 2, 6]);
    expect(() => dice.roll(1, 'box', 'BOX')).toThrow(/forced dice exhausted/);
  });

  it('given a game whose rules roll in batches, then the log verifies die by die and a changed face is named', () => {
    const batched: Fleet = {
      ...fleetDuel,
      adjudicate(s, step, orders, ctx) {
        rollDice(ctx.dice, 3, 'batch', '9.9');
        fleetDuel.adjudicate(s, step, orders, ctx);
      },
    };
    const run = selfplay(batched, { games: 3, seed: 'batched', clock: () => 0 });
    expect(run.errors).toEqual([]);
    expect(run.verified).toBe(3);
    const { events } = playOneGame(batched, 'batched-1');
    const k = events.findIndex((e) => e.type === 'DieRolled' && (e.data as { purpose: string }).purpose === 'batch #2');
    const die = events[k] as Extract<EngineEvent, { type: 'DieRolled' }>;
    const tampered = events.map((e, i) => (i === k ? { ...die, data: { ...die.data, face: (die.data.face % 6) + 1 } } : e));
    const report = verifyGameLog(tampered);
    expect(report.ok).toBe(false);
    expect(report.firstMismatch!.eventIndex).toBe(k);
  });
});

describe('games with no fixed end', () => {
  it('given a game longer than its seed chain, then the engine stops loudly at the first turn past it', () => {
    const short = makeSeedChain(Buffer.from(sha256Hex('short chain'), 'hex'), 1);
    let state = initialState();
    const apply = (events: EngineEvent[]) => {
      for (const e of events) state = evolve(state, e, fleetDuel as AnyRuleset);
    };
    apply(decide({ ...create({}), seedAnchor: short.anchor }, state, fleetDuel));
    const seeds = (t: number) => short.seeds[t];
    let code = '';
    for (let i = 0; i < 20 && !code; i++) {
      for (const side of state.step!.owes)
        apply(
          decide(
            { type: 'SubmitOrders', side, text: side === 'red' ? 'MOVE north' : 'MOVE south', salt: `s${i}`, now: 'n', seal: (p) => p },
            state,
            fleetDuel,
          ),
        );
      try {
        apply(decide({ type: 'Deadline', now: 'n', seeds, open: (x) => x }, state, fleetDuel));
      } catch (e) {
        code = (e as { code: string }).code;
        expect((e as Error).message).toMatch(/no seed for turn 2: the game's seed chain ends before it/);
      }
    }
    expect(code).toBe('seed-chain-exhausted');
  });

  it('given self-play with a cap shorter than the game, then games count as unfinished at cap, not as errors', () => {
    const run = selfplay(fleetDuel, { games: 4, seed: 'cap', clock: () => 0, maxTurns: 1 });
    expect(run.errors).toEqual([]);
    expect(run.unfinishedAtCap + run.ended).toBe(4);
    expect(run.unfinishedAtCap).toBeGreaterThan(0);
    expect(run.verified).toBe(4);
  });
});
