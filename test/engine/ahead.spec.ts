import { canonicalJson } from '../../src/shared/canonical';
import { auditGameLog, narrativeFor, verifyGameLog, viewFor, whoIsAwaited, type EngineEvent } from '../../src/engine/game';
import { commitmentFor, sealPlaintext } from '../../src/engine/sealing';
import { sectionSalt } from '../../src/engine/sections';
import { given, Table, testChain } from '../support/engine-harness';
import { fleetDuel } from '../../src/games/fleet-duel';

/** Orders for upcoming steps ("few round trips"): FOR sections, the queue, and what views show of it. */

type Of<T extends EngineEvent['type']> = Extract<EngineEvent, { type: T }>;
/** Forced dice fail the verifier by design; here only the commitments matter. */
const commitmentProblems = (events: readonly EngineEvent[]) => verifyGameLog(events).mismatches.filter((m) => m.kind === 'commitment');
const only = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T): Of<T>[] =>
  events.filter((e): e is Of<T> => e.type === type);
const submit = (side: string, text: string, extra: { stepId?: string } = {}) => ({
  type: 'SubmitOrders' as const,
  side,
  text,
  salt: 'pepper',
  now: 'n',
  seal: (p: string) => p,
  ...extra,
});

describe('a message with orders for several steps', () => {
  it('given lines for the step in play and a FOR section, then the first are submitted and the second queued, each sealed with its own salt', () => {
    given(new Table().events)
      .when(submit('red', 'MOVE north\nFOR t2/orders\nMOVE center\nPOSTURE aggressive'))
      .then((events, after) => {
        const ahead = [
          { kind: 'move', area: 'center' },
          { kind: 'posture', posture: 'aggressive' },
        ];
        const salt = sectionSalt('pepper', 't2/orders');
        expect(events.map((e) => e.type)).toEqual(['OrdersSubmitted', 'OrdersQueued']);
        expect(events[1]).toEqual({
          type: 'OrdersQueued',
          data: {
            side: 'red',
            stepId: 't2/orders',
            commitment: commitmentFor(ahead, salt),
            sealed: sealPlaintext('red', 't2/orders', ahead, salt),
            receivedAt: 'n',
          },
        });
        expect(salt).not.toBe(sectionSalt('pepper', 't1/orders'));
        expect(after.queued?.red['t2/orders'].commitment).toBe(commitmentFor(ahead, salt));
        expect(whoIsAwaited(after, fleetDuel)).toEqual(['blue']);
      });
  });

  it('given a bad line inside a FOR section, then the error names its line in the message as sent', () => {
    const e = given(new Table().events).when(submit('red', 'MOVE north\n\nSTEP t2/orders\nMOVE mars')).thenRejects('invalid-orders');
    expect(e.errors).toEqual([expect.objectContaining({ line: 4, text: 'MOVE mars', problem: 'no sea area "mars"' })]);
  });

  it('given a FOR line without a step id, or with nothing after it, then that line is named', () => {
    const e = given(new Table().events).when(submit('red', 'MOVE north\nFOR\nMOVE south\nFOR t2/orders')).thenRejects('invalid-orders');
    expect(e.errors).toEqual([
      expect.objectContaining({ line: 2, problem: 'FOR takes one step id' }),
      expect.objectContaining({ line: 4, problem: 'no orders follow FOR t2/orders' }),
    ]);
  });

  it('given a FOR section for a step that is not to come, or that asks nobody, then its FOR line is named and nothing is recorded', () => {
    const e = given(new Table().events)
      .when(submit('red', 'MOVE north\nFOR t7/orders\nMOVE south\nFOR T1/PATROL\nMOVE north'))
      .thenRejects('invalid-orders');
    expect(e.errors).toEqual([
      expect.objectContaining({ line: 2, text: 'FOR t7/orders', problem: 'step t7/orders is not to come' }),
      expect.objectContaining({
        line: 4,
        text: 'FOR T1/PATROL',
        problem: 'red will owe no orders at Turn 1: submarine patrol (4.1)',
      }),
    ]);
  });

  it('given two sections naming the same step, in any case, with CRLF line ends, then they make one set of orders for it', () => {
    given(new Table().events)
      .when(submit('red', 'FOR t2/orders\r\nMOVE center\r\nFOR T2/Orders\r\nSUB north'))
      .then((events) => {
        expect(events).toHaveLength(1);
        const [q] = only(events, 'OrdersQueued');
        expect(q.data.stepId).toBe('t2/orders');
        expect(q.data.commitment).toBe(
          commitmentFor(
            [
              { kind: 'move', area: 'center' },
              { kind: 'sub', area: 'north' },
            ],
            sectionSalt('pepper', 't2/orders'),
          ),
        );
      });
  });

  it('given only FOR sections from a side that owes nothing now, then they are queued', () => {
    const table = new Table();
    table.forceDice([2, 5]);
    table.submit('red', 'MOVE center');
    table.submit('blue', 'MOVE center');
    table.resolve();
    expect(table.state.step?.id).toBe('t1/retreat');
    given(table.events)
      .when(submit('blue', 'FOR t2/orders\nMOVE north'))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['OrdersQueued']));
    given(table.events).when(submit('blue', 'MOVE north')).thenRejects('not-owed');
  });

  it('given a ruleset without upcomingSteps, then it takes orders for the step in play only, as before', () => {
    const stepInPlayOnly = { ...fleetDuel, upcomingSteps: undefined };
    const events = new Table(stepInPlayOnly).events;
    const e = given(events, stepInPlayOnly).when(submit('red', 'MOVE north\nFOR t2/orders\nMOVE center')).thenRejects('invalid-orders');
    expect(e.errors).toEqual([
      expect.objectContaining({
        line: 2,
        text: 'FOR t2/orders',
        problem: 'Fleet Duel takes orders for the step in play only',
      }),
    ]);
    given(events, stepInPlayOnly)
      .when(submit('red', 'MOVE north', { stepId: 't2/orders' }))
      .thenRejects('wrong-step');
  });

  it('given stepId naming an upcoming step, then the lines before any FOR are queued for it', () => {
    given(new Table().events)
      .when(submit('blue', 'MOVE north', { stepId: 't3/orders' }))
      .then((events) => {
        expect(events).toEqual([
          expect.objectContaining({
            type: 'OrdersQueued',
            data: expect.objectContaining({ side: 'blue', stepId: 't3/orders' }),
          }),
        ]);
      });
  });
});

describe('queued orders when their step comes', () => {
  it('given orders sent a step ahead, when that step comes, then they stand sealed, only the other side is asked, and they are revealed and used at resolution', () => {
    const table = new Table();
    table.submit('red', 'MOVE north\nFOR t2/orders\nMOVE center\nSUB south');
    const [queued] = only(table.events, 'OrdersQueued');
    table.submit('blue', 'MOVE south');
    const out = table.resolve();

    expect(only(out, 'QueuedOrdersUsed').map((e) => e.data)).toEqual([
      {
        side: 'red',
        stepId: 't2/orders',
        commitment: queued.data.commitment,
        receivedAt: queued.data.receivedAt,
      },
    ]);
    expect(table.state.submissions.red).toMatchObject({
      kind: 'sealed',
      stepId: 't2/orders',
      commitment: queued.data.commitment,
    });
    expect(table.state.queued).toBeUndefined();
    expect(whoIsAwaited(table.state, fleetDuel)).toEqual(['blue']);

    table.submit('blue', 'MOVE north');
    const t2 = table.resolve();
    expect(only(t2, 'OrdersRevealed').find((e) => e.data.side === 'red')?.data.orders).toEqual([
      { kind: 'move', area: 'center' },
      { kind: 'sub', area: 'south' },
    ]);
    expect(table.rulesEvents('FleetMoved').map((e) => e.data)).toContainEqual({
      side: 'red',
      area: 'center',
      posture: 'cautious',
    });
    expect(verifyGameLog(table.events).firstMismatch).toBeNull();
    expect(auditGameLog(table.events, fleetDuel).firstMismatch).toBeNull();
  });

  it('given orders queued twice for the same step, then the later replace the earlier', () => {
    const table = new Table();
    table.forceDice([]);
    table.submit('red', 'MOVE north\nFOR t2/orders\nMOVE center');
    table.submit('red', 'FOR t2/orders\nMOVE south');
    const later = only(table.events, 'OrdersQueued')[1];
    table.submit('blue', 'MOVE south\nFOR t2/orders\nMOVE north');
    table.resolve();

    expect(only(table.events, 'QueuedOrdersUsed').map((e) => [e.data.side, e.data.commitment])).toEqual([
      ['red', later.data.commitment],
      ['blue', expect.any(String)],
    ]);
    expect(table.state.step?.id).toBe('t3/orders');
    expect(
      only(table.events, 'OrdersRevealed')
        .filter((e) => e.data.stepId === 't2/orders')
        .map((e) => e.data.orders),
    ).toEqual([[{ kind: 'move', area: 'south' }], [{ kind: 'move', area: 'north' }]]);
    expect(commitmentProblems(table.events)).toEqual([]);
  });

  it('given every side ordered a step ahead, then one Resolve runs through it: no round trip', () => {
    const table = new Table();
    table.forceDice([]);
    table.submit('red', 'MOVE north\nFOR t2/orders\nMOVE north');
    table.submit('blue', 'MOVE south\nFOR t2/orders\nMOVE south');
    table.resolve();

    expect(only(table.events, 'StepResolved').map((e) => e.data.stepId)).toEqual(['t1/orders', 't1/patrol', 't2/orders', 't2/patrol']);
    expect(only(table.events, 'SeedRevealed').map((e) => e.data.turn)).toEqual([1, 2]);
  });

  it("given answers for a decision point sent ahead, then the loser's is used opened and the other side's is dropped as not owed", () => {
    const table = new Table();
    table.forceDice([2, 5, 6, 1, 1, 1]);
    table.submit('red', 'MOVE center\nFOR t1/retreat\nSTAND');
    table.submit('blue', 'MOVE center\nFOR t1/retreat\nRETREAT');
    table.resolve();

    expect(only(table.events, 'QueuedOrdersUsed').map((e) => e.data)).toEqual([
      expect.objectContaining({
        side: 'red',
        stepId: 't1/retreat',
        opened: { orders: [{ kind: 'retreat', retreat: false }], salt: expect.any(String) },
      }),
    ]);
    expect(only(table.events, 'QueuedOrdersDropped').map((e) => [e.data.side, e.data.reason])).toEqual([['blue', 'not-owed']]);
    expect(table.rulesEvents('BattleRound')).toHaveLength(2);
    expect(table.state.step?.id).toBe('t2/orders');
    expect(commitmentProblems(table.events)).toEqual([]);
    expect(auditGameLog(table.events, fleetDuel).firstMismatch).toBeNull();
  });

  it('given orders for a decision point that never comes, then they are dropped once it can no longer come', () => {
    const table = new Table();
    table.submit('red', 'MOVE north\nFOR t1/retreat\nRETREAT');
    table.submit('blue', 'MOVE south');
    table.resolve();

    expect(only(table.events, 'QueuedOrdersDropped').map((e) => e.data)).toEqual([
      expect.objectContaining({ side: 'red', stepId: 't1/retreat', reason: 'step-passed' }),
    ]);
    expect(table.state.queued).toBeUndefined();
  });
});

describe('queued orders invalid when their step comes', () => {
  /** Red loses round 1 (3 -> 2), stands, loses round 2 (2 -> 1): at turn 2, one ship may not be aggressive (2.3). */
  function redDownToOneShip(): Table {
    const table = new Table();
    table.forceDice([2, 5, 1, 6, 1, 1]);
    table.submit('red', 'MOVE center\nFOR t1/retreat\nSTAND\nFOR t2/orders\nMOVE north\nPOSTURE aggressive', 'red-secret');
    table.submit('blue', 'MOVE center');
    table.resolve();
    return table;
  }

  it('given aggressive orders queued while the fleet had ships to spare, when the step comes with one ship left, then they are dropped saying why and red is asked', () => {
    const table = redDownToOneShip();

    expect(table.state.step?.id).toBe('t2/orders');
    expect((table.state.rules as { fleets: { red: { ships: number } } }).fleets.red.ships).toBe(1);
    expect(only(table.events, 'QueuedOrdersDropped').map((e) => e.data)).toEqual([
      {
        side: 'red',
        stepId: 't2/orders',
        commitment: expect.any(String),
        reason: 'invalid',
        errors: [{ line: 0, rule: '2.3' }],
      },
    ]);
    expect(whoIsAwaited(table.state, fleetDuel)).toEqual(['red', 'blue']);
    expect(viewFor(table.state, 'red', fleetDuel).orders.red).toEqual({ status: 'awaited' });
    expect(narrativeFor(table.events, 'red', fleetDuel)).toEqual(
      expect.arrayContaining(['  the orders as a whole: against rule 2.3', expect.stringMatching(/^Send orders for t2\/orders/)]),
    );
    for (const v of ['blue', 'referee']) expect(narrativeFor(table.events, v, fleetDuel).join('\n')).not.toMatch(/aggressive/);
    expect(narrativeFor(table.events, 'referee', fleetDuel)).toContain(
      'red: the orders queued for t2/orders were dropped: they are not valid now that the step has come.',
    );
    expect(commitmentProblems(table.events)).toEqual([]);
  });

  it('given the dropped side then misses the deadline, then its default orders apply', () => {
    const table = redDownToOneShip();
    table.submit('blue', 'MOVE south');
    table.forceDice([1]);
    table.resolve('Deadline');

    expect(only(table.events, 'DefaultOrdersApplied').map((e) => [e.data.side, e.data.stepId])).toEqual([['red', 't2/orders']]);
  });
});

describe('opening queued orders', () => {
  function queuedAhead(): Table {
    const table = new Table();
    table.forceDice([]);
    table.submit('red', 'MOVE north\nFOR t2/orders\nMOVE center');
    table.submit('blue', 'MOVE south');
    return table;
  }

  it('given queued orders come into play and the edge gives no way to open them, then Resolve is rejected as a missing reveal', () => {
    const table = queuedAhead();
    given(table.events).when({ type: 'Resolve', now: 'n', seeds: testChain.seeds, revealed: table.opened() }).thenRejects('missing-reveal');
  });

  it("given the edge opens a blob to other orders, or to another step's, then Resolve is rejected as a commitment mismatch", () => {
    const table = queuedAhead();
    const swapped = (sealed: string) => sealed.replace('"center"', '"south"');
    given(table.events).when({ type: 'Resolve', now: 'n', seeds: testChain.seeds, open: swapped }).thenRejects('commitment-mismatch');
    const elsewhere = (sealed: string) => sealed.replace('"t2/orders"', '"t3/orders"');
    given(table.events).when({ type: 'Resolve', now: 'n', seeds: testChain.seeds, open: elsewhere }).thenRejects('commitment-mismatch');
  });
});

describe('sealed queued orders in views', () => {
  const AHEAD = 'MOVE center\nPOSTURE aggressive\nSUB south';
  const viewers = ['red', 'blue', 'referee'] as const;

  it('given red queued sealed orders for turn 2, then no view or narrative, whoever reads it, shows them before turn 2 resolves; afterwards all may read them', () => {
    const table = new Table();
    table.submit('red', `MOVE north\nFOR t2/orders\n${AHEAD}`, 'red-salt');
    const [queued] = only(table.events, 'OrdersQueued');
    const aheadSalt = sectionSalt('red-salt', 't2/orders');
    const fragments = [
      { kind: 'move', area: 'center' },
      { kind: 'posture', posture: 'aggressive' },
      { kind: 'sub', area: 'south' },
    ].map((o) => canonicalJson(o).slice(1, -1));
    const expectSealed = (when: string): void => {
      for (const v of viewers) {
        const seen = `${JSON.stringify(viewFor(table.state, v, fleetDuel))}\n${narrativeFor(table.events, v, fleetDuel).join('\n')}`;
        for (const line of AHEAD.split('\n')) expect({ when, v, leaks: seen.includes(line) }).toEqual({ when, v, leaks: false });
        for (const f of [...fragments, aheadSalt, queued.data.sealed])
          expect({ when, v, leaks: seen.includes(f) }).toEqual({ when, v, leaks: false });
      }
    };

    expectSealed('queued');
    expect(viewFor(table.state, 'red', fleetDuel).queued).toEqual({
      red: [
        {
          stepId: 't2/orders',
          receivedAt: queued.data.receivedAt,
          commitment: queued.data.commitment,
          note: `queued for t2/orders: received at ${queued.data.receivedAt}, commitment ${queued.data.commitment}`,
        },
      ],
    });
    expect(viewFor(table.state, 'referee', fleetDuel).queued.red).toHaveLength(1);
    expect(viewFor(table.state, 'blue', fleetDuel).queued).toEqual({});

    table.submit('blue', 'MOVE south');
    table.resolve();
    expect(table.state.step?.id).toBe('t2/orders');
    expectSealed('in play');
    expect(viewFor(table.state, 'blue', fleetDuel).orders.red).toMatchObject({
      status: 'sealed',
      commitment: queued.data.commitment,
    });

    table.submit('blue', 'MOVE north');
    table.resolve();
    for (const v of viewers)
      expect(narrativeFor(table.events, v, fleetDuel).join('\n')).toContain('MOVE center; POSTURE aggressive; SUB south');
  });
});

describe('the verifier and queued orders', () => {
  function playedAhead(): EngineEvent[] {
    const table = new Table();
    table.submit('red', 'MOVE north\nFOR t2/orders\nMOVE center');
    table.submit('blue', 'MOVE south');
    table.resolve();
    table.submit('blue', 'MOVE north');
    table.resolve();
    return JSON.parse(JSON.stringify(table.events)) as EngineEvent[];
  }

  it('given revealed orders that were queued ahead and then changed, then they fail the commitment given when they were queued', () => {
    const log = playedAhead();
    const i = log.findIndex((e) => e.type === 'OrdersRevealed' && e.data.side === 'red' && e.data.stepId === 't2/orders');
    const ev = log[i] as Of<'OrdersRevealed'>;
    log[i] = { ...ev, data: { ...ev.data, orders: [{ kind: 'move', area: 'south' }] } };

    expect(verifyGameLog(log).firstMismatch).toMatchObject({ eventIndex: i, kind: 'commitment' });
  });

  it('given a queued commitment changed after the fact, then the verifier names the use of the queued orders', () => {
    const log = playedAhead();
    const q = log.findIndex((e) => e.type === 'OrdersQueued');
    const ev = log[q] as Of<'OrdersQueued'>;
    log[q] = { ...ev, data: { ...ev.data, commitment: '0'.repeat(64) } };

    expect(verifyGameLog(log).firstMismatch).toMatchObject({
      eventIndex: log.findIndex((e) => e.type === 'QueuedOrdersUsed'),
      kind: 'commitment',
    });
  });
});
