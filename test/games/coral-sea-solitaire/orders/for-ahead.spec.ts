/**
 * Issue 28 for Coral Sea: a FOR section is checked as it arrives on the board the same mail's
 * earlier orders leave (Ruleset.boardAfter, orders/board-after.ts): the day's allocation (7.3) and
 * what the earlier sections spend (7.4) are what a later section's CP are judged against, and a TF
 * deployed (4.2) is on the map for the moves after it. A section that cannot work there is refused
 * in the acknowledgment with its problems, the rest of the mail stands; one that can is queued.
 */
import { decide } from '../../../../src/engine/decide';
import { makeSealedSeedChain, makeSeedChain } from '../../../../src/engine/dice';
import type { EngineCommand, EngineEvent, EngineState, RefusedSection } from '../../../../src/engine/engine-events';
import { type AnyRuleset, evolve, initialState } from '../../../../src/engine/evolve';
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';

const ruleset = coralSeaSolitaire as unknown as AnyRuleset;
const chain = makeSeedChain(Buffer.alloc(32, 7), 40);
const sealed = makeSealedSeedChain(Buffer.alloc(32, 9), 40);

/** A game at the USN's deployment (turn 1), the IJN's setup rolled. */
function newGame() {
  let state: EngineState<unknown> = initialState();
  const run = (cmd: EngineCommand) => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    return out;
  };
  run({
    type: 'CreateGame',
    gameId: 'G-coral-for',
    options: {},
    seedAnchor: chain.anchor,
    sealedSeedAnchor: sealed.anchor,
    now: 't0',
    sides: [{ side: 'usn', player: { address: 'usn@x.test' } }],
  });
  const resolve = () =>
    run({
      type: 'Resolve',
      now: 't1',
      seeds: (t: number) => chain.seeds[t],
      sealedSeeds: (t: number) => sealed.seeds[t],
      open: (b: string) => b,
    });
  while (state.step && !state.step.owes.includes('usn')) resolve();
  const refused: RefusedSection[] = [];
  const orders = (text: string): EngineEvent[] =>
    run({ type: 'SubmitOrders', side: 'usn', text, salt: 'cd', now: 't1', seal: (p) => p, refusedAhead: (r) => refused.push(r) });
  return { orders, refused, resolve, board: () => state.rules as CoralState, step: () => state.step };
}

const DEPLOY = 'DEPLOY TF-11 AT New-Caledonia\nDEPLOY TF-17 AT New-Caledonia\nDEPLOY TF-6 AT New-Caledonia\nDEPLOY TF-9 AT New-Caledonia';

describe('issue 28, Coral Sea: FOR sections checked on the board the mail leaves', () => {
  it('given turn 1, then the USN deploys first and TF-11 is not on the map yet', () => {
    const g = newGame();
    expect(g.step()?.id).toBe('t1/deployment');
    expect(g.board().taskForces['TF-11'].hex).toBeNull();
  });

  it('given a deployment, when the mail moves TF-11 in a FOR section, then the move is checked with TF-11 deployed and queued', () => {
    const g = newGame();
    const events = g.orders(`${DEPLOY}\nFOR COMMAND\nCP ORG 0 INTEL 4 OPS 6 LOG 10\nFOR MOVEMENT\nSTAY TF-11`);
    expect(g.refused).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted', 'OrdersQueued', 'OrdersQueued']);
  });

  it('given a mail that allocates 2 Intelligence CP, when its FOR INTELLIGENCE section asks three rolls (7.4), then that section is refused as it arrives, naming the cost and the slot, and the rest stands', () => {
    const g = newGame();
    const events = g.orders(`${DEPLOY}\nFOR COMMAND\nCP ORG 0 INTEL 2 OPS 8 LOG 10\nFOR INTELLIGENCE\nINTEL CSF\nINTEL CG\nINTEL PMG`);
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted', 'OrdersQueued']);
    expect(g.refused).toHaveLength(1);
    expect(g.refused[0].stepId).toBe('t1/intelligence');
    expect(g.refused[0].errors).toEqual([
      expect.objectContaining({ problem: 'these orders cost 3 Intelligence CP and the slot holds 2', rule: '7.4' }),
    ]);
  });

  it('given the same three rolls after an allocation of 4, then the section is queued', () => {
    const g = newGame();
    const events = g.orders(`${DEPLOY}\nFOR COMMAND\nCP ORG 0 INTEL 4 OPS 6 LOG 10\nFOR INTELLIGENCE\nINTEL CSF\nINTEL CG\nINTEL PMG`);
    expect(g.refused).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted', 'OrdersQueued', 'OrdersQueued']);
  });

  it('given no allocation in the mail, then a FOR INTELLIGENCE past the command decision is not judged on CP yet (7.2: the decision resets them), and is checked when its step comes', () => {
    const g = newGame();
    const events = g.orders(`${DEPLOY}\nFOR INTELLIGENCE\nINTEL CSF\nINTEL CG\nINTEL PMG\nINTEL SG\nINTEL TG`);
    expect(g.refused).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['OrdersAccepted', 'OrdersQueued']);
  });
});
