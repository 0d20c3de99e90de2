import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '../../src/shared/canonical';
import { narrativeFor, verifyGameLog, viewFor, type EngineEvent } from '../../src/engine/game';
import { sectionSalt } from '../../src/engine/sections';
import { Table, testChain } from '../support/engine-harness';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * Orders queued ahead for a simultaneous step and dropped when it comes (invalid by then) are never
 * used, so never revealed: nothing they said may reach anyone but their side, not even the referee
 * or a reader of the raw log. Sealed here with a real cipher, as the edge does, so the sealed blob
 * itself hides nothing in plain sight.
 */

const KEY = createHash('sha256').update('dropped-orders test key').digest();
const seal = (plain: string): string => {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', KEY, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
};
const open = (sealed: string): string => {
  const raw = Buffer.from(sealed, 'base64');
  const d = createDecipheriv('aes-256-gcm', KEY, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
};

const AHEAD = 'MOVE north\nPOSTURE aggressive';
const viewers = ['red', 'blue', 'referee'] as const;

function submit(table: Table, side: string, text: string, salt: string): EngineEvent[] {
  return table.run({ type: 'SubmitOrders', side, text, salt, now: table.now(), seal });
}

/** Red queues aggressive orders for turn 2, then loses two ships in turn 1: one ship may not be aggressive (2.3). */
function redQueuesThenDrops(): Table {
  const table = new Table();
  const dice = table.forceDice([2, 5, 1, 6, 1, 1]);
  submit(table, 'red', `MOVE center\nFOR t1/retreat\nSTAND\nFOR t2/orders\n${AHEAD}`, 'red-secret');
  submit(table, 'blue', 'MOVE center', 'blue-secret');
  table.run({ type: 'Resolve', now: table.now(), seeds: (t) => testChain.seeds[t], open, forcedDice: dice });
  return table;
}

/** Everything a viewer can read, and the raw log, each with what must not be in it. */
function everythingReadable(table: Table): { where: string; text: string }[] {
  return [
    ...viewers.flatMap((v) => [
      { where: `${v}'s view`, text: JSON.stringify(viewFor(table.state, v, fleetDuel)) },
      { where: `${v}'s narrative`, text: narrativeFor(table.events, v, fleetDuel).join('\n') },
    ]),
    { where: 'the raw event payloads', text: JSON.stringify(table.events) },
  ];
}

describe('orders queued for a simultaneous step and dropped when it comes', () => {
  const fragments = [
    ...AHEAD.split('\n'),
    'aggressive',
    ...[
      { kind: 'move', area: 'north' },
      { kind: 'posture', posture: 'aggressive' },
    ].map((o) => canonicalJson(o).slice(1, -1)),
    sectionSalt('red-secret', 't2/orders'),
  ];
  const leaks = (table: Table) =>
    everythingReadable(table).flatMap(({ where, text }) =>
      fragments.filter((f) => text.includes(f)).map((f) => `${where} holds ${JSON.stringify(f)}`),
    );

  it('given red queued them and they were dropped as invalid, when t2/orders is in play, then no view, narrative or raw event holds any of their text', () => {
    const table = redQueuesThenDrops();

    const dropped = table.events.filter(
      (e): e is Extract<EngineEvent, { type: 'QueuedOrdersDropped' }> => e.type === 'QueuedOrdersDropped',
    );
    expect(table.state.step?.id).toBe('t2/orders');
    expect(dropped.map((e) => e.data)).toEqual([
      {
        side: 'red',
        stepId: 't2/orders',
        commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
        reason: 'invalid',
        errors: [{ line: 0, rule: '2.3' }],
      },
    ]);
    expect(leaks(table)).toEqual([]);
  });

  it('given the drop, then red alone learns where and against which rule, the referee only that they were dropped, blue nothing', () => {
    const table = redQueuesThenDrops();

    expect(narrativeFor(table.events, 'red', fleetDuel)).toEqual(
      expect.arrayContaining([
        'red: the orders queued for t2/orders were dropped: they are not valid now that the step has come.',
        '  the orders as a whole: against rule 2.3',
      ]),
    );
    const referee = narrativeFor(table.events, 'referee', fleetDuel);
    expect(referee).toContain('red: the orders queued for t2/orders were dropped: they are not valid now that the step has come.');
    expect(referee.join('\n')).not.toContain('rule 2.3');
    expect(narrativeFor(table.events, 'blue', fleetDuel).join('\n')).not.toMatch(/queued|dropped|rule 2\.3/);
  });

  it('given red then orders afresh and t2/orders resolves, then the dropped orders are still nowhere: they were never used, so never revealed', () => {
    const table = redQueuesThenDrops();
    const dice = table.forceDice([1, 1, 1, 1, 1, 1]);
    submit(table, 'red', 'MOVE south\nPOSTURE cautious', 'red-2');
    submit(table, 'blue', 'MOVE center\nPOSTURE cautious', 'blue-2');
    table.run({
      type: 'Resolve',
      now: table.now(),
      seeds: (t) => testChain.seeds[t],
      open,
      forcedDice: dice,
    });

    expect(table.events.some((e) => e.type === 'StepResolved' && e.data.stepId === 't2/orders')).toBe(true);
    expect(leaks(table)).toEqual([]);
    expect(verifyGameLog(table.events).mismatches.filter((m) => m.kind === 'commitment')).toEqual([]);
  });

  it('given a log written before drops were trimmed, whose drop still quotes the orders, then no narrative repeats the quote', () => {
    const table = redQueuesThenDrops();
    const old = table.events.map((e) =>
      e.type === 'QueuedOrdersDropped'
        ? {
            ...e,
            data: {
              ...e.data,
              errors: [
                {
                  line: 5,
                  text: 'POSTURE aggressive',
                  problem: 'a fleet of one ship may not be aggressive',
                  hint: 'POSTURE cautious',
                  rule: '2.3',
                },
              ],
            },
          }
        : e,
    );

    for (const v of viewers) expect(narrativeFor(old, v, fleetDuel).join('\n')).not.toContain('aggressive');
    expect(narrativeFor(old, 'red', fleetDuel)).toContain('  line 5: against rule 2.3');
  });
});
