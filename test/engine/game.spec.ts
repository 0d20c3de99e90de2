import { replay, stateHash, whoIsAwaited, type EngineEvent } from '../../src/engine/game';
import { commitmentFor } from '../../src/engine/sealing';
import { sectionSalt } from '../../src/engine/sections';
import { given, Table, testChain } from '../support/engine-harness';
import { fleetDuel } from '../../src/games/fleet-duel';

const types = (events: readonly EngineEvent[]) => events.map((e) => (e.type === 'RulesApplied' ? `R:${e.data.event.type}` : e.type));

describe('creating a game', () => {
  it('given no game, when CreateGame, then GameCreated carries the anchor, the box hash and every option with defaults', () => {
    const table = new Table();
    const created = table.events[0];

    expect(created.type).toBe('GameCreated');
    if (created.type !== 'GameCreated') return;
    expect(created.data.seedAnchor).toBe(testChain.anchor);
    expect(created.data.options).toEqual({ short: false, scouting: false, system: false });
    expect(created.data.boxSource).toBe('default');
    expect(table.state.step?.id).toBe('t1/orders');
    expect(whoIsAwaited(table.state, fleetDuel)).toEqual(['red', 'blue']);
  });

  it('given an unknown option, then CreateGame is rejected naming it', () => {
    const e = given([])
      .when({
        type: 'CreateGame',
        gameId: 'g',
        options: { turbo: true },
        sides: [
          { side: 'red', player: { address: 'r' } },
          { side: 'blue', player: { address: 'b' } },
        ],
        seedAnchor: testChain.anchor,
        now: 'n',
      })
      .thenRejects('bad-options');
    expect(e.message).toMatch(/turbo/);
  });

  it('given a side without a player, then CreateGame is rejected', () => {
    given([])
      .when({
        type: 'CreateGame',
        gameId: 'g',
        sides: [{ side: 'red', player: { address: 'r' } }],
        seedAnchor: testChain.anchor,
        now: 'n',
      })
      .thenRejects('unknown-side');
  });

  it('given an override box with a wrong value, then CreateGame is rejected and the problem names the JSON path', () => {
    const box = structuredClone(fleetDuel.box.defaultData) as {
      fleets: { red: { ships: { value: unknown } } };
    };
    box.fleets.red.ships.value = 'three';
    const e = given([])
      .when({
        type: 'CreateGame',
        gameId: 'g',
        box,
        sides: fleetDuel.sides.map((side) => ({ side, player: { address: side } })),
        seedAnchor: testChain.anchor,
        now: 'n',
      })
      .thenRejects('bad-box');
    expect(e.errors.map((x) => x.problem)).toEqual([expect.stringMatching(/^\$\.fleets\.red\.ships\.value: .*expected number/)]);
  });

  it('given an override box, then the game is set up from it and says so', () => {
    const box = structuredClone(fleetDuel.box.defaultData) as {
      fleets: { red: { ships: { value: number } } };
    };
    box.fleets.red.ships.value = 5;
    const table = new Table(fleetDuel, { box });
    const created = table.events[0];

    expect(created.type === 'GameCreated' && created.data.boxSource).toBe('override');
    expect((table.state.rules as { fleets: { red: { ships: number } } }).fleets.red.ships).toBe(5);
  });
});

describe('submitting orders', () => {
  it('given orders with bad lines, then the rejection names each line, its text and the problem', () => {
    const table = new Table();
    const e = given(table.events)
      .when({
        type: 'SubmitOrders',
        side: 'red',
        text: 'MOVE center\nFLY north\n\nPOSTURE sleepy',
        salt: 's',
        now: 'n',
        seal: (p) => p,
      })
      .thenRejects('invalid-orders');

    expect(e.errors).toEqual([
      expect.objectContaining({ line: 2, text: 'FLY north', problem: 'unknown order "FLY"' }),
      expect.objectContaining({ line: 4, text: 'POSTURE sleepy', problem: 'no posture "sleepy"' }),
    ]);
  });

  it('given a STANDING line with an error among orders, then its line number is that of the message', () => {
    const table = new Table();
    const e = given(table.events)
      .when({
        type: 'SubmitOrders',
        side: 'blue',
        text: 'MOVE center\nSTANDING RETREAT SOMETIMES',
        salt: 's',
        now: 'n',
        seal: (p) => p,
      })
      .thenRejects('invalid-orders');

    expect(e.errors).toEqual([expect.objectContaining({ line: 2, text: 'STANDING RETREAT SOMETIMES', rule: '3.4' })]);
  });

  it('given orders for a step that is not to come, then they are rejected as for the wrong step, naming the steps to come', () => {
    const table = new Table();
    const e = given(table.events)
      .when({
        type: 'SubmitOrders',
        side: 'red',
        stepId: 't9/orders',
        text: 'MOVE center',
        salt: 's',
        now: 'n',
        seal: (p) => p,
      })
      .thenRejects('wrong-step');
    expect(e.message).toContain('steps to come: t1/retreat, t1/patrol, t2/orders, t3/orders');
  });

  it('given orders for a step already resolved, then they are rejected as for the wrong step', () => {
    const table = new Table();
    table.submit('red', 'MOVE north');
    table.submit('blue', 'MOVE south');
    table.resolve();
    given(table.events)
      .when({
        type: 'SubmitOrders',
        side: 'red',
        stepId: 't1/orders',
        text: 'MOVE center',
        salt: 's',
        now: 'n',
        seal: (p) => p,
      })
      .thenRejects('wrong-step');
  });

  it("given a simultaneous step, then orders are sealed: the event holds the commitment of the orders and the step's salt", () => {
    given(new Table().events)
      .when({
        type: 'SubmitOrders',
        side: 'red',
        text: 'MOVE south',
        salt: 'pepper',
        now: 'n',
        seal: () => 'SEALED',
      })
      .then((events) => {
        const salt = sectionSalt('pepper', 't1/orders');
        expect(events).toEqual([
          {
            type: 'OrdersSubmitted',
            data: {
              side: 'red',
              stepId: 't1/orders',
              commitment: commitmentFor([{ kind: 'move', area: 'south' }], salt),
              sealed: 'SEALED',
              receivedAt: 'n',
            },
          },
        ]);
      });
  });

  it('given later orders for the same step, then they replace the earlier ones', () => {
    const table = new Table();
    table.submit('red', 'MOVE center');
    table.submit('red', 'MOVE south\nPOSTURE aggressive');
    table.submit('blue', 'MOVE north');
    table.forceDice([]);
    table.resolve();

    const revealed = table.events.filter((e) => e.type === 'OrdersRevealed' && e.data.side === 'red');
    expect(revealed).toHaveLength(1);
    expect(revealed[0].type === 'OrdersRevealed' && revealed[0].data.orders).toEqual([
      { kind: 'move', area: 'south' },
      { kind: 'posture', posture: 'aggressive' },
    ]);
    expect(table.rulesEvents('FleetMoved').map((e) => e.data)).toContainEqual({
      side: 'red',
      area: 'south',
      posture: 'aggressive',
    });
  });
});

describe('resolving', () => {
  it('given only one side has ordered, when Resolve, then it is rejected naming the side awaited', () => {
    const table = new Table();
    table.submit('red', 'MOVE center');
    const e = given(table.events)
      .when({ type: 'Resolve', now: 'n', seeds: testChain.seeds, revealed: table.opened() })
      .thenRejects('awaiting-orders');
    expect(e.message).toMatch(/blue/);
  });

  it('given a seed that is not on the chain, then Resolve is rejected before any die is rolled', () => {
    const table = new Table();
    table.submit('red', 'MOVE center');
    table.submit('blue', 'MOVE center');
    const wrong = { ...testChain.seeds, 1: testChain.seeds[2] };
    given(table.events).when({ type: 'Resolve', now: 'n', seeds: wrong, revealed: table.opened() }).thenRejects('bad-seed');
  });

  it('given opened orders that differ from the sealed ones, then Resolve is rejected as a commitment mismatch', () => {
    const table = new Table();
    table.submit('red', 'MOVE center');
    table.submit('blue', 'MOVE north');
    const opened = table.opened();
    const tampered = { ...opened, red: { ...opened.red, orders: [{ kind: 'move', area: 'south' }] } };
    given(table.events).when({ type: 'Resolve', now: 'n', seeds: testChain.seeds, revealed: tampered }).thenRejects('commitment-mismatch');
    given(table.events)
      .when({ type: 'Resolve', now: 'n', seeds: testChain.seeds, revealed: { blue: opened.blue } })
      .thenRejects('missing-reveal');
  });

  it('given the deadline passes with blue silent, then blue gets default orders and the events say so', () => {
    const table = new Table();
    table.submit('red', 'MOVE north');
    table.forceDice([]);
    const out = table.resolve('Deadline');

    expect(out).toContainEqual({
      type: 'DefaultOrdersApplied',
      data: {
        side: 'blue',
        stepId: 't1/orders',
        reason: 'deadline',
        orders: [
          { kind: 'move', area: 'south' },
          { kind: 'posture', posture: 'cautious' },
        ],
      },
    });
    expect(types(out).filter((t) => t === 'OrdersRevealed')).toHaveLength(1);
    expect(table.rulesEvents('FleetMoved').map((e) => e.data)).toContainEqual({
      side: 'blue',
      area: 'south',
      posture: 'cautious',
    });
  });

  it('given a step where nobody owes orders follows, then the engine runs through it, reveals the turn seed and stops at the next human step', () => {
    const table = new Table();
    table.submit('red', 'MOVE north');
    table.submit('blue', 'MOVE south');
    table.forceDice([]);
    const out = table.resolve();

    expect(types(out)).toEqual([
      'OrdersRevealed',
      'OrdersRevealed',
      'R:FleetMoved',
      'R:FleetMoved',
      'R:PhaseEntered',
      'StepResolved',
      'R:PhaseEntered',
      'StepResolved',
      'SeedRevealed',
    ]);
    expect(out.filter((e) => e.type === 'StepResolved').map((e) => e.type === 'StepResolved' && e.data.stepId)).toEqual([
      't1/orders',
      't1/patrol',
    ]);
    expect(out.at(-1)).toEqual({ type: 'SeedRevealed', data: { turn: 1, seed: testChain.seeds[1] } });
    expect(table.state.step?.id).toBe('t2/orders');
  });
});

describe('decision points', () => {
  /** Both fleets in center; red rolls 2, blue 5: red loses a ship and must decide (3.3). */
  function battleLostByRed(table: Table, faces: number[]): void {
    table.forceDice(faces);
    table.submit('red', 'MOVE center');
    table.submit('blue', 'MOVE center');
    table.resolve();
  }

  it('given red lost a battle round, then only red is asked to retreat or stand, and blue may not answer', () => {
    const table = new Table();
    battleLostByRed(table, [2, 5]);

    expect(table.state.step).toMatchObject({ id: 't1/retreat', mode: 'sequential', owes: ['red'] });
    expect(table.rulesEvents('ShipLost').map((e) => e.data)).toEqual([{ side: 'red', left: 2 }]);
    given(table.events)
      .when({ type: 'SubmitOrders', side: 'blue', text: 'STAND', salt: 's', now: 'n', seal: (p) => p })
      .thenRejects('not-owed');
  });

  it('given red answers STAND, then a second round is fought and the turn runs on to the next orders', () => {
    const table = new Table();
    battleLostByRed(table, [2, 5, 6, 1, 1, 1]);
    const accepted = table.submit('red', 'STAND');
    expect(accepted).toEqual([
      {
        type: 'OrdersAccepted',
        data: expect.objectContaining({
          side: 'red',
          stepId: 't1/retreat',
          orders: [{ kind: 'retreat', retreat: false }],
        }),
      },
    ]);
    table.resolve();

    expect(table.rulesEvents('BattleRound').map((e) => (e.data as { round: number; loser: string }).loser)).toEqual(['red', 'blue']);
    expect(table.state.step?.id).toBe('t2/orders');
  });

  it('given standing instructions to stand, then the decision is answered without asking red', () => {
    const table = new Table();
    table.submit('red', 'STANDING RETREAT NEVER');
    battleLostByRed(table, [2, 5, 6, 1, 1, 1]);

    expect(table.events).toContainEqual({
      type: 'StandingOrdersApplied',
      data: { side: 'red', stepId: 't1/retreat', orders: [{ kind: 'retreat', retreat: false }] },
    });
    expect(table.rulesEvents('RetreatChosen').map((e) => e.data)).toEqual([{ side: 'red', retreat: false }]);
    expect(table.state.step?.id).toBe('t2/orders');
  });

  it('given the loser misses the deadline, then the documented default (retreat) applies', () => {
    const table = new Table();
    battleLostByRed(table, [2, 5, 1, 1]);
    table.resolve('Deadline');

    expect(table.events).toContainEqual({
      type: 'DefaultOrdersApplied',
      data: {
        side: 'red',
        stepId: 't1/retreat',
        reason: 'deadline',
        orders: [{ kind: 'retreat', retreat: true }],
      },
    });
    expect(table.rulesEvents('BattleRound')).toHaveLength(1);
  });
});

describe('a whole game', () => {
  function playToEnd(): Table {
    const table = new Table();
    for (let turn = 1; table.state.step; turn++) {
      const areas = ['center', 'north', 'south'];
      table.submit('red', `MOVE ${areas[turn % 3]}\nSUB ${areas[(turn + 1) % 3]}`);
      table.submit('blue', `MOVE ${areas[turn % 3]}\nPOSTURE aggressive`);
      table.resolve();
      while (table.state.step?.mode === 'sequential') {
        table.submit(table.state.step.owes[0], 'STAND');
        table.resolve();
      }
    }
    return table;
  }

  it('given a game played to its end, then GameEnded gives the result and every turn seed is revealed', () => {
    const table = playToEnd();
    const ended = table.events.at(-1)!;

    expect(ended.type).toBe('GameEnded');
    expect(ended).toEqual({ type: 'GameEnded', data: fleetDuel.result(table.state.rules as never) });
    const turns = table.events.flatMap((e) => (e.type === 'StepResolved' ? [e.data.turn] : []));
    const revealed = table.events.flatMap((e) => (e.type === 'SeedRevealed' ? [e.data.turn] : []));
    expect(revealed).toEqual([...new Set(turns)]);
    given(table.events)
      .when({ type: 'SubmitOrders', side: 'red', text: 'MOVE north', salt: 's', now: 'n', seal: (p) => p })
      .thenRejects('game-over');
  });

  it('given a recorded game, when its log is replayed after a JSON round trip, then the state hash after every event matches', () => {
    const table = playToEnd();
    const stored = JSON.parse(JSON.stringify(table.events)) as EngineEvent[];
    // live: the original events; replayed: the stored copies, each prefix folded from scratch
    const liveHashes = table.events.map((_, i) => stateHash(replay(table.events.slice(0, i + 1), fleetDuel)));
    const replayedHashes = stored.map((_, i) => stateHash(replay(stored.slice(0, i + 1), fleetDuel)));

    expect(replayedHashes).toEqual(liveHashes);
    expect(replayedHashes.at(-1)).toBe(stateHash(table.state));
    expect(new Set(liveHashes).size).toBe(liveHashes.length);
  });
});
