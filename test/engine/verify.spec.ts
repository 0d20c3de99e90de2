import { auditGameLog, verifyGameLog, type EngineEvent } from '../../src/engine/game';
import { playOneGame } from '../../src/engine/selfplay';
import { Table } from '../support/engine-harness';
import { fleetDuel } from '../support/test-game';

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
    tampered[i] = { ...ev, data: { ...ev.data, orders: [...ev.data.orders, { kind: 'posture', posture: 'aggressive' }] } };

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
    tampered[i] = { ...ev, data: { ...ev.data, event: { ...ev.data.event, data: { ...moved, area: moved.area === 'north' ? 'south' : 'north' } } } };

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
