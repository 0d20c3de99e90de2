/**
 * Issue 28, one pass for every error: a refusal lists every problem of the mail at once (lines the
 * game cannot read and legal-looking orders the rules refuse), an order written for a step to come
 * is told to use FOR <word> (never `line 0`), and a FOR section is checked as it arrives against the
 * board the same mail's earlier orders leave: refused in the acknowledgment, not dropped later.
 */
import { decide } from '../../src/engine/decide';
import {
  CommandRejected,
  type EngineCommand,
  type EngineEvent,
  type EngineState,
  type RefusedSection,
} from '../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../src/engine/evolve';
import { makeSeedChain } from '../../src/engine/dice';
import { vitpRuleset } from '../../src/games/vitp';

const vitp = vitpRuleset as AnyRuleset;
const chain = makeSeedChain(Buffer.alloc(32, 9), 10);

function newGame() {
  let state: EngineState<unknown> = initialState();
  const run = (cmd: EngineCommand) => {
    const out = decide(cmd, state, vitp);
    for (const e of out) state = evolve(state, e, vitp);
    return out;
  };
  run({
    type: 'CreateGame',
    gameId: 'G-one-pass',
    seedAnchor: chain.anchor,
    now: 't0',
    sides: vitp.sides.map((side) => ({ side, player: { address: `${side}@x.test` } })),
  });
  const refused: RefusedSection[] = [];
  const orders = (side: string, text: string): EngineEvent[] =>
    run({ type: 'SubmitOrders', side, text, salt: 'cd', now: 't1', seal: (p) => p, refusedAhead: (r) => refused.push(r) });
  const rejection = (side: string, text: string): CommandRejected => {
    try {
      orders(side, text);
    } catch (e) {
      if (e instanceof CommandRejected) return e;
      throw e;
    }
    throw new Error('the mail was taken');
  };
  return {
    run,
    orders,
    rejection,
    refused,
    get state() {
      return state;
    },
  };
}

describe('issue 28: one pass for every error', () => {
  it('given a mail with a line that cannot be read and an order the rules refuse, then one refusal names both, in line order', () => {
    const g = newGame();
    expect(g.state.step?.id).toBe('t1/pearl-harbor-raid-force');
    const r = g.rejection('japanese', 'RAID FORCE akagi, ise\nRAID FORCE kaga, xyzzy');
    expect(r.errors.map((e) => e.line)).toEqual([1, 2]);
    expect(r.errors[0]).toMatchObject({ text: 'RAID FORCE akagi, ise', rule: '4.2' });
    expect(r.errors[0].problem).toMatch(/Ise may not join the Pearl Harbor raid/);
    expect(r.errors[1].problem).toMatch(/xyzzy/i);
    // the summary line says what was refused and what to do
    expect(r.message.split('\n')[0]).toMatch(
      /^Your mail was not taken: 2 problems \(lines 1, 2\), all listed below\. Nothing was changed: correct them and send the whole mail again\.$/,
    );
  });

  it('given an order written for a step to come without its FOR, then it is named with the FOR line that takes it', () => {
    const g = newGame();
    const r = g.rejection('japanese', 'RAID FORCE akagi, kaga\nPATROL nagato TO Marianas Islands');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].line).toBe(2);
    expect(r.errors[0].hint).toMatch(/use FOR PATROL on the line above it/);
  });

  it('given orders from a side the step in play does not ask, then each line is named (never line 0) with its FOR line', () => {
    const g = newGame();
    const r = g.rejection('allied', 'PATROL australia TO Coral Sea');
    expect(r.code).toBe('not-owed');
    expect(r.errors).toEqual([
      expect.objectContaining({
        line: 1,
        text: 'PATROL australia TO Coral Sea',
        problem: expect.stringMatching(/asks nothing of allied \(it waits for japanese\)/),
        hint: expect.stringMatching(/use FOR PATROL/),
      }),
    ]);
  });

  it('given a FOR section that cannot work on the board the earlier orders leave, then it is refused as it arrives and the rest stands', () => {
    const g = newGame();
    // Akagi sails with the raid force (4.2): the patrol section's order for it cannot be carried out (18.21)
    const events = g.orders(
      'japanese',
      'RAID FORCE akagi, kaga\nFOR PATROL\nPATROL akagi TO Marianas Islands\nFOR AMPHIBIOUS\nAMPHIB kure-snlf TO Japanese Islands',
    );
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted', 'OrdersQueued']);
    expect(events.find((e) => e.type === 'OrdersQueued')?.data).toMatchObject({ stepId: 't1/amphibious/japanese' });
    expect(g.refused).toHaveLength(1);
    expect(g.refused[0].stepId).toBe('t1/patrol/japanese');
    expect(g.refused[0].errors).toEqual([expect.objectContaining({ line: 3, text: 'PATROL akagi TO Marianas Islands' })]);
  });

  it('given a FOR section refused as it arrives in a mail refused for another reason too, then the one refusal lists both', () => {
    const g = newGame();
    const r = g.rejection('japanese', 'RAID FORCE akagi, xyzzy\nFOR PATROL\nPATROL nagato TO Marianas Islands');
    expect(r.errors.map((e) => e.line)).toEqual([1]);
    // the lines that could be read still move the board: Akagi sails with the raid force, so its patrol cannot be
    const both = g.rejection('japanese', 'RAID FORCE akagi\nRAID FORCE xyzzy\nFOR PATROL\nPATROL akagi TO Marianas Islands');
    expect(both.errors.map((e) => e.line)).toEqual([2, 4]);
  });
});
