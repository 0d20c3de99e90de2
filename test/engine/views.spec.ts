import { canonicalJson } from '../../src/shared/canonical';
import { narrativeFor, verifyGameLog, viewFor, type EngineEvent } from '../../src/engine/game';
import { commitmentFor } from '../../src/engine/sealing';
import { Table } from '../support/engine-harness';
import { fleetDuel } from '../../src/games/fleet-duel';

const viewers = ['red', 'blue', 'referee'] as const;
const ORDERS = 'MOVE south\nPOSTURE aggressive\nSUB north';
const SALT = 'salt-that-must-not-leak';

describe('sealed orders in views', () => {
  it('given red has sealed orders, then no view (any side or the referee) shows them, only the time and the commitment', () => {
    const table = new Table();
    const before = Object.fromEntries(viewers.map((v) => [v, viewFor(table.state, v, fleetDuel)]));
    const [submitted] = table.submit('red', ORDERS, SALT);
    if (submitted.type !== 'OrdersSubmitted') throw new Error('expected OrdersSubmitted');
    const parsed = (table.opened().red.orders as object[]).map((o) => canonicalJson(o).slice(1, -1));

    for (const v of viewers) {
      const view = viewFor(table.state, v, fleetDuel);
      const text = JSON.stringify(view);
      for (const line of ORDERS.split('\n')) expect(text).not.toContain(line);
      for (const fragment of parsed) expect(text).not.toContain(fragment);
      expect(text).not.toContain(SALT);
      expect(text).not.toContain(submitted.data.sealed);
      expect(view.board).toEqual(before[v].board);
      expect(view.orders.red).toEqual({
        status: 'sealed',
        receivedAt: submitted.data.receivedAt,
        commitment: submitted.data.commitment,
        note: `received at ${submitted.data.receivedAt}, commitment ${submitted.data.commitment}`,
      });
      const story = narrativeFor(table.events, v, fleetDuel).join('\n');
      for (const line of ORDERS.split('\n')) expect(story).not.toContain(line);
    }
  });

  it('given the step resolves, then the orders are revealed to everyone in the narrative', () => {
    const table = new Table();
    table.submit('red', ORDERS, SALT);
    table.submit('blue', 'MOVE north');
    table.resolve();

    for (const v of viewers)
      expect(narrativeFor(table.events, v, fleetDuel).join('\n')).toContain('MOVE south; POSTURE aggressive; SUB north');
  });
});

describe('fog of war', () => {
  /** Turn 1: both fleets meet in center, where both submarines lurk, so the patrol step rolls hidden dice. */
  function meetInCenter(): Table {
    const table = new Table();
    table.forceDice([3, 3, 6, 1]);
    table.submit('red', 'MOVE center\nSUB center');
    table.submit('blue', 'MOVE center');
    table.resolve();
    return table;
  }

  it("given a hidden submarine, then only its own side's view and narrative show where it is", () => {
    const table = new Table();
    table.submit('red', 'MOVE north\nSUB south');
    table.submit('blue', 'MOVE south');
    table.resolve();

    expect((viewFor(table.state, 'red', fleetDuel).board as unknown as { subs: Record<string, string> }).subs).toEqual({
      red: 'south',
    });
    expect((viewFor(table.state, 'blue', fleetDuel).board as unknown as { subs: Record<string, string> }).subs).toEqual({
      blue: 'center',
    });
    expect(narrativeFor(table.events, 'red', fleetDuel)).toContain('The red submarine moves to south.');
    expect(narrativeFor(table.events, 'blue', fleetDuel).join('\n')).not.toContain('red submarine');
    expect(narrativeFor(table.events, 'referee', fleetDuel)).toContain('The red submarine moves to south.');
  });

  it("given a battle and a patrol in the same turn, then battle dice are public and patrol dice are the referee's alone", () => {
    const table = meetInCenter();
    const dice = table.events.filter((e): e is Extract<EngineEvent, { type: 'DieRolled' }> => e.type === 'DieRolled');
    expect(dice.map((d) => d.data.stepId)).toEqual(['t1/orders', 't1/orders', 't1/patrol', 't1/patrol']);

    for (const side of ['red', 'blue']) {
      const story = narrativeFor(table.events, side, fleetDuel).join('\n');
      expect(story).toContain('Die #0: [3] battle round 1, red fleet (rule 3.1).');
      expect(story).not.toContain('of t1/patrol');
    }
    expect(narrativeFor(table.events, 'referee', fleetDuel).join('\n')).toContain(
      'Die #0 (private to the referee): [6] submarine search, red (rule 4.1).',
    );
  });

  it('given a sighting, then only the side whose submarine saw it learns it', () => {
    const table = meetInCenter();

    expect(narrativeFor(table.events, 'red', fleetDuel)).toContain('The red submarine sights the enemy fleet in center.');
    expect(narrativeFor(table.events, 'blue', fleetDuel).join('\n')).not.toContain('red submarine');
    expect(narrativeFor(table.events, 'blue', fleetDuel)).toContain('The blue submarine misses the enemy fleet in center.');
  });

  it('given sequential orders accepted, then the other side sees that they arrived but not what they say', () => {
    const table = new Table();
    table.forceDice([1, 6]);
    table.submit('red', 'MOVE center');
    table.submit('blue', 'MOVE center');
    table.resolve();
    table.submit('red', 'STAND');

    expect(viewFor(table.state, 'red', fleetDuel).orders.red).toMatchObject({
      status: 'accepted',
      orders: 'STAND',
    });
    expect(viewFor(table.state, 'referee', fleetDuel).orders.red).toMatchObject({
      status: 'accepted',
      orders: 'STAND',
    });
    expect(viewFor(table.state, 'blue', fleetDuel).orders.red).toEqual({
      status: 'accepted',
      receivedAt: expect.any(String),
    });
    expect(narrativeFor(table.events, 'blue', fleetDuel).join('\n')).not.toContain('STAND');
  });
});

describe('default orders in the story', () => {
  it('tell the other side only that defaults apply, not what they are', () => {
    const event = {
      type: 'DefaultOrdersApplied',
      data: {
        side: 'blue',
        stepId: 't1/orders',
        reason: 'deadline',
        orders: [{ kind: 'move', area: 'south' }],
      },
    } as const;
    const red = narrativeFor([event as never], 'red', fleetDuel).join('\n');
    const blue = narrativeFor([event as never], 'blue', fleetDuel).join('\n');
    expect(red).toMatch(/documented defaults apply/);
    expect(red).not.toMatch(/south/i);
    expect(blue).toMatch(/south/i);
  });
});

describe('standing instructions in views', () => {
  /**
   * Standing instructions answer decision points whenever they come, simultaneous ones included
   * (VITP's battle decisions): until applied, they are sealed content like any sealed orders.
   */
  const STANDING = 'STANDING RETREAT IF OUTNUMBERED';
  type Set = Extract<EngineEvent, { type: 'StandingInstructionsSet' }>;

  function redSetsStanding(): { table: Table; set: Set } {
    const table = new Table();
    const set = table.submit('red', `MOVE center\n${STANDING}`, SALT).find((e): e is Set => e.type === 'StandingInstructionsSet');
    if (!set) throw new Error('expected StandingInstructionsSet');
    return { table, set };
  }

  it('given red set standing instructions, then red reads them and the referee and blue see only that they were set, and the commitment', () => {
    const { table, set } = redSetsStanding();
    const sealedNote = `set at ${set.data.setAt}, sealed, commitment ${set.data.commitment}`;

    expect(set.data.commitment).toBe(commitmentFor([STANDING], set.data.salt!));
    expect(viewFor(table.state, 'red', fleetDuel).standing).toEqual({ red: STANDING });
    expect(narrativeFor(table.events, 'red', fleetDuel)).toContain(`red: standing instructions set: ${STANDING}`);
    expect(viewFor(table.state, 'referee', fleetDuel).standing).toEqual({ red: sealedNote });
    expect(narrativeFor(table.events, 'referee', fleetDuel)).toContain(`red: standing instructions ${sealedNote}.`);
    expect(viewFor(table.state, 'blue', fleetDuel).standing).toEqual({});
    for (const v of ['blue', 'referee'] as const) {
      const seen = `${JSON.stringify(viewFor(table.state, v, fleetDuel))}\n${narrativeFor(table.events, v, fleetDuel).join('\n')}`;
      for (const f of ['RETREAT IF OUTNUMBERED', 'if-outnumbered', set.data.salt!])
        expect({ v, f, leaks: seen.includes(f) }).toEqual({ v, f, leaks: false });
    }
  });

  it('given the decision they answer resolves, then the referee reads the answer applied, still not the instructions', () => {
    const { table } = redSetsStanding();
    table.forceDice([1, 6, 1, 1]);
    table.submit('blue', 'MOVE center');
    table.resolve();

    const referee = narrativeFor(table.events, 'referee', fleetDuel).join('\n');
    expect(table.events.some((e) => e.type === 'StandingOrdersApplied' && e.data.side === 'red')).toBe(true);
    expect(referee).toContain('red: standing instructions answer t1/retreat: RETREAT');
    expect(referee).not.toContain('IF OUTNUMBERED');
  });

  it('given standing instructions altered in the log after their commitment was given, then the verifier names them', () => {
    const { table, set } = redSetsStanding();
    const log = JSON.parse(JSON.stringify(table.events)) as EngineEvent[];
    const i = table.events.indexOf(set);
    log[i] = { ...set, data: { ...set.data, text: 'STANDING RETREAT NEVER' } };

    expect(verifyGameLog(table.events).ok).toBe(true);
    expect(verifyGameLog(log).firstMismatch).toMatchObject({
      eventIndex: i,
      kind: 'commitment',
      message: expect.stringContaining('standing instructions of red'),
    });
  });
});
