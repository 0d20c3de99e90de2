import {
  auditGameLog,
  concessionResult,
  narrativeFor,
  replay,
  stateHash,
  verifyGameLog,
  viewFor,
  type EngineEvent,
} from '../../src/engine/game';
import { given, Table, testChain } from '../support/engine-harness';
import { fleetDuel } from '../../src/games/fleet-duel';

const clone = (events: readonly EngineEvent[]) => JSON.parse(JSON.stringify(events)) as EngineEvent[];

/** A table in turn 1 after dice were rolled (t1/retreat), with red's sealed orders in. */
function midGame(): Table {
  const table = new Table();
  table.submit('red', 'MOVE center');
  table.submit('blue', 'MOVE center');
  table.resolve();
  expect(table.state.step?.id).toBe('t1/retreat');
  return table;
}

describe('conceding (RESIGN CONFIRM)', () => {
  it('given a game in play, when a side concedes, then GameConceded, the turn seed and GameEnded name the other side the winner', () => {
    const table = midGame();
    const out = table.run({
      type: 'Concede',
      side: 'blue',
      now: '2026-11-21T13:00:00Z',
      seeds: (t) => testChain.seeds[t],
    });

    expect(out.map((e) => e.type)).toEqual(['GameConceded', 'SeedRevealed', 'GameEnded']);
    expect(out[0]).toEqual({
      type: 'GameConceded',
      data: { side: 'blue', stepId: 't1/retreat', turn: 1, at: '2026-11-21T13:00:00Z' },
    });
    expect(out[1]).toEqual({ type: 'SeedRevealed', data: { turn: 1, seed: testChain.seeds[1] } });
    expect(out[2]).toEqual({
      type: 'GameEnded',
      data: { winner: 'red', summary: 'blue conceded; red wins by concession.' },
    });
    expect(table.state.step).toBeNull();
    expect(table.state.result).toEqual({ winner: 'red', summary: 'blue conceded; red wins by concession.' });
    expect(table.state.submissions).toEqual({});
  });

  it('given a conceded game, then orders and a second concession are refused as game over, naming the result', () => {
    const table = midGame();
    table.run({ type: 'Concede', side: 'red', now: 'n', seeds: (t) => testChain.seeds[t] });
    const e = given(table.events)
      .when({ type: 'SubmitOrders', side: 'blue', text: 'RETREAT', salt: 's', now: 'n', seal: (p) => p })
      .thenRejects('game-over');
    expect(e.message).toBe('game g1 is over (red conceded; blue wins by concession.): no more orders are taken');
    given(table.events)
      .when({ type: 'Concede', side: 'blue', now: 'n', seeds: (t) => testChain.seeds[t] })
      .thenRejects('game-over');
    given(table.events)
      .when({ type: 'Resolve', now: 'n', seeds: (t) => testChain.seeds[t] })
      .thenRejects('game-over');
  });

  it('given a side that is not in the game, then the concession is refused and nothing changes', () => {
    const table = midGame();
    const e = given(table.events)
      .when({ type: 'Concede', side: 'green', now: 'n', seeds: (t) => testChain.seeds[t] })
      .thenRejects('unknown-side');
    expect(e.message).toContain('sides: red, blue');
  });

  it('given a wrong seed, then the concession is refused (the seed is checked against the anchor)', () => {
    const table = midGame();
    given(table.events)
      .when({ type: 'Concede', side: 'red', now: 'n', seeds: () => '00'.repeat(32) })
      .thenRejects('bad-seed');
  });

  it('given a conceded log, then it replays to the same state, the verifier checks every die, and the audit accepts it', () => {
    const table = midGame();
    // the retreat decision is sequential: orders in, never adjudicated
    table.submit(table.state.step!.owes[0], 'STAND', 'salt-then-void');
    table.run({ type: 'Concede', side: 'blue', now: 'n', seeds: (t) => testChain.seeds[t] });
    const stored = clone(table.events);

    expect(stateHash(replay(stored, fleetDuel))).toBe(stateHash(table.state));
    const report = verifyGameLog(stored);
    expect(report.firstMismatch).toBeNull();
    // the dice of turn 1 became checkable with the revealed seed
    expect(report.dicePending).toBe(0);
    expect(report.diceChecked).toBe(stored.filter((e) => e.type === 'DieRolled').length);
    expect(auditGameLog(stored, fleetDuel)).toMatchObject({ ok: true, firstMismatch: null });
  });

  it('given a conceded log whose winner was edited, then the verifier and the audit name the GameEnded', () => {
    const table = midGame();
    table.run({ type: 'Concede', side: 'blue', now: 'n', seeds: (t) => testChain.seeds[t] });
    const tampered = clone(table.events);
    const i = tampered.findIndex((e) => e.type === 'GameEnded');
    tampered[i] = { type: 'GameEnded', data: { winner: 'blue', summary: 'blue wins.' } };

    expect(verifyGameLog(tampered).firstMismatch).toMatchObject({ eventIndex: i, kind: 'result' });
    expect(auditGameLog(tampered, fleetDuel).firstMismatch).toMatchObject({ eventIndex: i });
  });

  it('given a game played to its end whose result was edited, then the audit says the rules give another', () => {
    const table = new Table();
    while (table.state.step) {
      table.submit('red', 'MOVE center');
      table.submit('blue', 'MOVE center');
      table.resolve();
      while (table.state.step?.mode === 'sequential') {
        table.submit(table.state.step.owes[0], 'RETREAT');
        table.resolve();
      }
    }
    expect(table.state.step).toBeNull();
    expect(auditGameLog(table.events, fleetDuel).ok).toBe(true);
    const tampered = clone(table.events);
    const i = tampered.length - 1;
    const ended = tampered[i] as Extract<EngineEvent, { type: 'GameEnded' }>;
    tampered[i] = {
      type: 'GameEnded',
      data: { ...ended.data, winner: ended.data.winner === 'red' ? 'blue' : 'red' },
    };
    expect(auditGameLog(tampered, fleetDuel).firstMismatch).toMatchObject({ eventIndex: i });
  });

  it('given a game in play ended in the log without a concession, then the audit names the GameEnded though it repeats what the rules say of the standings', () => {
    const table = midGame();
    const forged = clone(table.events);
    // the rules' own words for the position, but the game is not over: a step is in play
    forged.push({ type: 'GameEnded', data: fleetDuel.result(table.state.rules as never) });

    expect(replay(forged, fleetDuel).step).toBeNull();
    expect(auditGameLog(forged, fleetDuel).firstMismatch).toMatchObject({
      eventIndex: forged.length - 1,
      message: expect.stringContaining('t1/retreat'),
    });
  });

  it('every side and the referee read the concession; the views show the result', () => {
    const table = midGame();
    const out = table.run({
      type: 'Concede',
      side: 'blue',
      now: '2026-11-21T13:00:00Z',
      seeds: (t) => testChain.seeds[t],
    });
    for (const viewer of ['red', 'blue', 'referee']) {
      const story = narrativeFor(out, viewer, fleetDuel).join('\n');
      expect(story).toContain('blue conceded at 2026-11-21T13:00:00Z, during t1/retreat (turn 1)');
      expect(story).toContain('Game over: red. blue conceded; red wins by concession.');
      expect(viewFor(table.state, viewer, fleetDuel)).toMatchObject({
        step: null,
        awaiting: [],
        result: { winner: 'red' },
      });
    }
  });

  it('with more than two sides, a concession names no winner', () => {
    expect(concessionResult(['a', 'b', 'c'], 'b')).toEqual({
      winner: null,
      summary: 'b conceded; no winner by concession (a, c remain).',
    });
    expect(concessionResult(['a', 'b'], 'a')).toEqual({
      winner: 'b',
      summary: 'a conceded; b wins by concession.',
    });
  });
});

describe('the verifier checks a concession against the log alone', () => {
  const concede = (table: Table, side = 'blue') => table.run({ type: 'Concede', side, now: 'n', seeds: (t) => testChain.seeds[t] });
  const at = (events: readonly EngineEvent[], type: EngineEvent['type']) => events.findIndex((e) => e.type === type);
  /** midGame with the retreat orders in: the log names t1/retreat as the step in play */
  const concededInRetreat = (): EngineEvent[] => {
    const table = midGame();
    table.submit(table.state.step!.owes[0], 'STAND', 'salt-then-void');
    concede(table);
    return clone(table.events);
  };

  it('given honest concessions (before any step resolved, mid-turn, and after a turn is over), when verified, then each is clean and the report names the concession and its seed', () => {
    const atStart = new Table();
    const afterTurn = midGame();
    afterTurn.submit(afterTurn.state.step!.owes[0], 'STAND');
    afterTurn.resolve();
    expect(afterTurn.state.step).toMatchObject({ id: 't2/orders', turn: 2 });
    const logs = [atStart, midGame(), afterTurn]
      .map((table) => {
        concede(table);
        return clone(table.events);
      })
      .concat([concededInRetreat()]);

    for (const log of logs) {
      const report = verifyGameLog(log);
      expect(report.mismatches).toEqual([]);
      expect(report.dicePending).toBe(0);
      const i = at(log, 'GameConceded');
      expect(report.concession).toEqual({
        eventIndex: i,
        side: 'blue',
        stepId: (log[i] as Extract<EngineEvent, { type: 'GameConceded' }>).data.stepId,
        turn: (log[i] as Extract<EngineEvent, { type: 'GameConceded' }>).data.turn,
        seedRevealedAt: i + 1,
        endedAt: i + 2,
      });
      expect(auditGameLog(log, fleetDuel)).toMatchObject({ ok: true, firstMismatch: null });
    }
  });

  it('given a conceded log whose SeedRevealed was dropped, then the verifier names the GameConceded: the dice of its turn are left unverifiable', () => {
    const tampered = concededInRetreat();
    const i = at(tampered, 'GameConceded');
    expect(tampered[i + 1]).toMatchObject({ type: 'SeedRevealed', data: { turn: 1 } });
    tampered.splice(i + 1, 1);

    const report = verifyGameLog(tampered);
    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({
      eventIndex: i,
      kind: 'concession',
      message: expect.stringContaining(`#${i}`),
    });
    expect(report.firstMismatch!.message).toContain('turn 1');
    expect(auditGameLog(tampered, fleetDuel).firstMismatch).toMatchObject({ eventIndex: i });
  });

  it.each([2, 0])(
    'given a conceded log whose concession names turn %i (the turn in play is 1), then the verifier names the GameConceded',
    (turn) => {
      const tampered = concededInRetreat();
      const i = at(tampered, 'GameConceded');
      const ev = tampered[i] as Extract<EngineEvent, { type: 'GameConceded' }>;
      tampered[i] = { ...ev, data: { ...ev.data, turn } };

      expect(verifyGameLog(tampered).firstMismatch).toMatchObject({
        eventIndex: i,
        kind: 'concession',
        message: expect.stringContaining(`#${i}`),
      });
      expect(auditGameLog(tampered, fleetDuel).firstMismatch).toMatchObject({ eventIndex: i });
    },
  );

  it('given a conceded log whose concession names another step than the one orders were taken for, then the verifier names the GameConceded and the orders event', () => {
    const tampered = concededInRetreat();
    const i = at(tampered, 'GameConceded');
    const accepted = tampered
      .map((e, k) => (e.type === 'OrdersAccepted' && e.data.stepId === 't1/retreat' ? k : -1))
      .filter((k) => k >= 0)
      .pop()!;
    const ev = tampered[i] as Extract<EngineEvent, { type: 'GameConceded' }>;
    tampered[i] = { ...ev, data: { ...ev.data, stepId: 't1/orders' } };

    const m = verifyGameLog(tampered).firstMismatch;
    expect(m).toMatchObject({ eventIndex: i, kind: 'concession', message: expect.stringContaining(`#${i}`) });
    expect(m!.message).toContain(`#${accepted}`);
    expect(auditGameLog(tampered, fleetDuel).firstMismatch).toMatchObject({
      eventIndex: i,
      message: expect.stringContaining('t1/retreat'),
    });
  });

  it('given a conceded log whose GameEnded summary was edited (winner kept), then the verifier and the audit name the GameEnded', () => {
    const tampered = concededInRetreat();
    const i = at(tampered, 'GameEnded');
    tampered[i] = {
      type: 'GameEnded',
      data: { winner: 'red', summary: 'red won the battle of the centre.' },
    };

    expect(verifyGameLog(tampered).firstMismatch).toMatchObject({
      eventIndex: i,
      kind: 'result',
      message: expect.stringContaining(`#${i}`),
    });
    expect(auditGameLog(tampered, fleetDuel).firstMismatch).toMatchObject({ eventIndex: i });
  });
});
