import { auditGameLog, verifyGameLog, type EngineEvent } from '../../src/engine/game';
import { playOneGame } from '../../src/engine/selfplay';
import { Table } from '../support/engine-harness';
import { fleetDuel } from '../../src/games/fleet-duel';

/** A recorded game with dice, revealed orders and revealed seeds (found by seed, not hard-coded). */
function recordedGame(): EngineEvent[] {
  for (let i = 0; ; i++) {
    const { events } = playOneGame(fleetDuel, `verify-${i}`, { missRate: 0, resendRate: 0 });
    if (events.filter((e) => e.type === 'DieRolled').length >= 4) return events;
  }
}

const clone = (events: readonly EngineEvent[]) => JSON.parse(JSON.stringify(events)) as EngineEvent[];
const indexOf = (events: readonly EngineEvent[], type: EngineEvent['type'], nth = 0) =>
  events.map((e, i) => (e.type === type ? i : -1)).filter((i) => i >= 0)[nth];

describe('the dice verifier', () => {
  const log = recordedGame();

  it('given an honest log, then every die is recomputed from the revealed seeds and nothing mismatches', () => {
    const report = verifyGameLog(log);

    expect(report.firstMismatch).toBeNull();
    expect(report.diceChecked).toBe(log.filter((e) => e.type === 'DieRolled').length);
    expect(report.dicePending).toBe(0);
    expect(report.seedsChecked).toBeGreaterThan(0);
  });

  it('given one die face changed, then the verifier names that die as the first mismatch', () => {
    const tampered = clone(log);
    const i = indexOf(tampered, 'DieRolled', 1);
    const die = tampered[i] as Extract<EngineEvent, { type: 'DieRolled' }>;
    tampered[i] = { ...die, data: { ...die.data, face: (die.data.face % 6) + 1 } };

    expect(verifyGameLog(tampered).firstMismatch).toMatchObject({ eventIndex: i, kind: 'die' });
  });

  it('given a revealed seed changed, then the verifier rejects it', () => {
    const tampered = clone(log);
    const i = indexOf(tampered, 'SeedRevealed');
    const ev = tampered[i] as Extract<EngineEvent, { type: 'SeedRevealed' }>;
    const seed = ev.data.seed;
    tampered[i] = { ...ev, data: { ...ev.data, seed: (seed[0] === 'a' ? 'b' : 'a') + seed.slice(1) } };
    const report = verifyGameLog(tampered);

    expect(report.ok).toBe(false);
    expect(report.mismatches).toContainEqual(expect.objectContaining({ eventIndex: i, kind: 'seed' }));
  });

  it('given a revealed order changed, then it no longer matches its commitment', () => {
    const tampered = clone(log);
    const i = indexOf(tampered, 'OrdersRevealed');
    const ev = tampered[i] as Extract<EngineEvent, { type: 'OrdersRevealed' }>;
    tampered[i] = {
      ...ev,
      data: { ...ev.data, orders: [...ev.data.orders, { kind: 'posture', posture: 'aggressive' }] },
    };

    expect(verifyGameLog(tampered).firstMismatch).toMatchObject({ eventIndex: i, kind: 'commitment' });
  });

  it('given a game in progress, then dice of the unfinished turn are pending, not wrong', () => {
    const table = new Table();
    table.submit('red', 'MOVE center');
    table.submit('blue', 'MOVE center');
    table.resolve();
    const report = verifyGameLog(table.events);

    expect(table.state.step?.id).toBe('t1/retreat');
    expect(report.ok).toBe(true);
    expect(report.dicePending).toBe(2);
    expect(report.diceChecked).toBe(0);
  });

  it('given dice forced by a case file, then the verifier refuses them', () => {
    const table = new Table();
    table.forceDice([6, 6, 1, 1]);
    table.submit('red', 'MOVE center');
    table.submit('blue', 'MOVE center');
    table.resolve();

    expect(verifyGameLog(table.events).firstMismatch).toMatchObject({ kind: 'forced-die' });
  });
});

describe('the re-adjudication audit', () => {
  const log = recordedGame();

  it('given an honest log, then every step re-adjudicates to the recorded events', () => {
    const report = auditGameLog(log, fleetDuel);
    expect(report).toMatchObject({ ok: true, firstMismatch: null });
    expect(report.stepsChecked).toBe(log.filter((e) => e.type === 'StepResolved').length);
  });

  it('given an edited outcome with honest dice, then the dice verify but the audit names the edited event', () => {
    const tampered = clone(log);
    const i = tampered.findIndex((e) => e.type === 'RulesApplied' && e.data.event.type === 'FleetMoved');
    const ev = tampered[i] as Extract<EngineEvent, { type: 'RulesApplied' }>;
    const moved = ev.data.event.data as { area: string };
    tampered[i] = {
      ...ev,
      data: {
        ...ev.data,
        event: { ...ev.data.event, data: { ...moved, area: moved.area === 'north' ? 'south' : 'north' } },
      },
    };

    expect(verifyGameLog(tampered).ok).toBe(true);
    expect(auditGameLog(tampered, fleetDuel).firstMismatch).toMatchObject({ eventIndex: i });
  });

  it('given a die removed from the end of a step, then the audit says the rules asked for it', () => {
    const tampered = clone(log);
    const i = tampered.findIndex((e, k) => e.type === 'DieRolled' && tampered[k + 1]?.type !== 'DieRolled');
    tampered.splice(i, 1);

    expect(auditGameLog(tampered, fleetDuel).ok).toBe(false);
  });
});

describe('the verifier names what was altered when orders and a step disagree', () => {
  type Source = 'OrdersAccepted' | 'DefaultOrdersApplied';
  interface Found {
    log: EngineEvent[];
    at: number;
    resolved: number;
  }

  /**
   * A played game (found by seed) in which a step took its orders for one side from `type`, no
   * other side's orders there lack a commitment, and the step rolled dice: every seed is revealed
   * by the end, so those dice are checkable.
   */
  function stepTaking(type: Source): Found {
    for (let k = 0; k < 500; k++) {
      const { events } = playOneGame(fleetDuel, `verify-${type}-${k}`, {
        missRate: type === 'DefaultOrdersApplied' ? 0.4 : 0,
        resendRate: 0,
      });
      for (const [at, e] of events.entries()) {
        if (e.type !== type) continue;
        const resolved = events.findIndex((x, j) => j > at && x.type === 'StepResolved' && x.data.stepId === e.data.stepId);
        const start =
          events
            .slice(0, at)
            .map((x) => x.type)
            .lastIndexOf('StepResolved') + 1;
        const block = events.slice(start, resolved);
        const uncommitted = block.filter(
          (x) => x.type === 'OrdersAccepted' || x.type === 'DefaultOrdersApplied' || x.type === 'StandingOrdersApplied',
        );
        if (uncommitted.length === 1 && block.some((x) => x.type === 'DieRolled' && x.data.stepId === e.data.stepId))
          return { log: clone(events), at, resolved };
      }
    }
    throw new Error(`no game of 500 has a step with dice taking ${type}`);
  }

  /** The same orders, each saying something else. */
  const altered = (orders: readonly unknown[]): unknown[] =>
    (orders as { kind: string; [k: string]: unknown }[]).map((o) => {
      switch (o.kind) {
        case 'retreat':
          return { ...o, retreat: !o.retreat };
        case 'posture':
          return { ...o, posture: o.posture === 'aggressive' ? 'cautious' : 'aggressive' };
        default:
          return { ...o, area: o.area === 'north' ? 'south' : 'north' };
      }
    });

  function tamperOrders(type: Source): { found: Found; report: ReturnType<typeof verifyGameLog> } {
    const found = stepTaking(type);
    const ev = found.log[found.at] as Extract<EngineEvent, { type: Source }>;
    expect(verifyGameLog(found.log).ok).toBe(true);
    found.log[found.at] = { ...ev, data: { ...ev.data, orders: altered(ev.data.orders) } } as EngineEvent;
    return { found, report: verifyGameLog(found.log) };
  }

  it('given an accepted (sequential) order altered in the log, then the verifier names that OrdersAccepted, and blames no die', () => {
    const { found, report } = tamperOrders('OrdersAccepted');

    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({
      eventIndex: found.at,
      kind: 'orders-hash',
      message: expect.stringContaining(`OrdersAccepted #${found.at} was altered`),
    });
    expect(report.mismatches.filter((m) => m.kind === 'die')).toEqual([]);
  });

  it('given default orders altered in the log, then the verifier names that DefaultOrdersApplied, and blames no die', () => {
    const { found, report } = tamperOrders('DefaultOrdersApplied');

    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({
      eventIndex: found.at,
      kind: 'orders-hash',
      message: expect.stringContaining(`DefaultOrdersApplied #${found.at} was altered`),
    });
    expect(report.mismatches.filter((m) => m.kind === 'die')).toEqual([]);
  });

  it("given a StepResolved's ordersHash altered, then the verifier names that StepResolved, and blames neither the orders nor the dice", () => {
    const { log, resolved } = stepTaking('OrdersAccepted');
    const ev = log[resolved] as Extract<EngineEvent, { type: 'StepResolved' }>;
    log[resolved] = { ...ev, data: { ...ev.data, ordersHash: '0'.repeat(64) } };
    const report = verifyGameLog(log);

    expect(report.mismatches).toEqual([
      {
        eventIndex: resolved,
        kind: 'orders-hash',
        message: expect.stringContaining(
          `the StepResolved of ${ev.data.stepId} (event #${resolved}) records orders hash ${'0'.repeat(64)}`,
        ),
      },
    ]);
    expect(report.firstMismatch!.message).toContain("the StepResolved's ordersHash was altered");
  });

  it('given a step without dice whose ordersHash no longer fits its orders, then the verifier says so at the StepResolved, naming both candidates', () => {
    const log = clone(recordedGame());
    const resolved = log.findIndex(
      (e, j) =>
        e.type === 'StepResolved' &&
        !log.slice(0, j).some((x) => x.type === 'DieRolled' && x.data.stepId === e.data.stepId) &&
        log.slice(0, j).some((x) => x.type === 'OrdersRevealed' && x.data.stepId === e.data.stepId),
    );
    const ev = log[resolved] as Extract<EngineEvent, { type: 'StepResolved' }>;
    log[resolved] = { ...ev, data: { ...ev.data, ordersHash: '0'.repeat(64) } };

    expect(verifyGameLog(log).firstMismatch).toMatchObject({
      eventIndex: resolved,
      kind: 'orders-hash',
      message: expect.stringMatching(/either that ordersHash or .* was altered \(no revealed die/),
    });
  });
});
