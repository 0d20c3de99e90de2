/**
 * Issue 28 for A&A Guadalcanal: a FOR section is checked as it arrives on the board the same mail's
 * earlier orders leave (Ruleset.boardAfter, rules.ts boardAfter): a transport moved in MOV.1 unloads
 * (CMB.3) from its new sea zone, so a section that cannot work there is refused in the
 * acknowledgment with its problems, and one that can is queued.
 */
import { decide } from '../../../src/engine/decide';
import type { EngineCommand, EngineEvent, EngineState, RefusedSection } from '../../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../../src/engine/evolve';
import { makeSeedChain } from '../../../src/engine/dice';
import { guadalcanalRuleset } from '../../../src/games/aa-guadalcanal';
import type { GState } from '../../../src/games/aa-guadalcanal/types';
import { adjacentZones } from '../../../src/games/aa-guadalcanal/world';

const ruleset = guadalcanalRuleset as unknown as AnyRuleset;
const chain = makeSeedChain(Buffer.alloc(32, 7), 10);

function newGame() {
  let state: EngineState<unknown> = initialState();
  const run = (cmd: EngineCommand) => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    return out;
  };
  run({
    type: 'CreateGame',
    gameId: 'G-aa-for',
    options: {},
    seedAnchor: chain.anchor,
    now: 't0',
    sides: ruleset.sides.map((side) => ({ side, player: { address: `${side}@x.test` } })),
  });
  const refused: RefusedSection[] = [];
  const orders = (side: string, text: string): EngineEvent[] =>
    run({ type: 'SubmitOrders', side, text, salt: 'cd', now: 't1', seal: (p) => p, refusedAhead: (r) => refused.push(r) });
  return { orders, refused, board: () => state.rules as GState, step: () => state.step };
}

describe('issue 28, A&A Guadalcanal: FOR sections checked on the board the mail leaves', () => {
  it('given the setup, then TR49 lies in F next to Bougainville, and G is next to Santa-Isabel but not Bougainville', () => {
    const g = newGame();
    expect(g.step()?.id).toBe('t1/mov/1-transports/axis');
    const tr = g.board().pieces.find((p) => p.id === 'TR49');
    expect(tr).toMatchObject({ side: 'axis', zone: 'F' });
    expect(adjacentZones(g.board(), 'F')).toContain('Bougainville');
    expect(adjacentZones(g.board(), 'G')).toEqual(expect.arrayContaining(['Santa-Isabel']));
    expect(adjacentZones(g.board(), 'G')).not.toContain('Bougainville');
  });

  it('given a transport moved away (MOV.1), when the mail unloads it to an island next to where it was (CMB.3), then that section is refused as it arrives and the move stands', () => {
    const g = newGame();
    const events = g.orders('axis', 'MOVE TR49 TO G\nFOR UNLOAD\nUNLOAD TR49 TO Bougainville');
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted']);
    expect(g.refused).toHaveLength(1);
    expect(g.refused[0].stepId).toBe('t1/cmb/3-unload/axis');
    expect(g.refused[0].errors).toEqual([
      expect.objectContaining({
        line: 3,
        text: 'UNLOAD TR49 TO Bougainville',
        rule: 'CMB.3',
        problem: 'Bougainville is not next to TR49 in G',
        hint: expect.stringContaining('Santa-Isabel'),
      }),
    ]);
  });

  it('given a transport moved (MOV.1), when the mail unloads it to an island next to its new sea zone only (CMB.3), then that section is queued', () => {
    const g = newGame();
    const events = g.orders('axis', 'MOVE TR49 TO G\nFOR UNLOAD\nUNLOAD TR49 TO Santa-Isabel');
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted', 'OrdersQueued']);
    expect(events[1].data).toMatchObject({ stepId: 't1/cmb/3-unload/axis' });
    expect(g.refused).toEqual([]);
  });

  it('given a FOR section whose orders no earlier line touches, when it cannot work on the board as it is, then it is refused as it arrives too', () => {
    const g = newGame();
    const events = g.orders('axis', 'NONE\nFOR UNLOAD\nUNLOAD TR49 TO Santa-Isabel');
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted']);
    expect(g.refused[0]?.errors).toEqual([expect.objectContaining({ line: 3, problem: 'Santa-Isabel is not next to TR49 in F' })]);
  });
});
