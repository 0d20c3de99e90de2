import { deriveDie, makeSeedChain } from '../../src/engine/dice';
import { checkVoidedDice, liveEvents, voidedSeqs } from '../../src/engine/voids';

const service = (type: string) => type === 'NoteAdded' || type === 'RolledBack';
const ev = (seq: number, type: string, payload: unknown = {}) => ({ seq, type, payload });

describe('the void rule', () => {
  it('a RolledBack voids the engine events in [firstVoidedSeq, its own seq), never the service events, never later ones', () => {
    const log = [
      ev(1, 'GameCreated'),
      ev(2, 'OrdersSubmitted'),
      ev(3, 'DieRolled'),
      ev(4, 'NoteAdded'),
      ev(5, 'StepResolved'),
      ev(6, 'RolledBack', { firstVoidedSeq: 3, toSeq: 2 }),
      ev(7, 'DieRolled'),
    ];
    expect([...voidedSeqs(log, service)].sort()).toEqual([3, 5]);
    expect(liveEvents(log, service).map((e) => e.seq)).toEqual([1, 2, 4, 6, 7]);
  });

  it("a later rollback reaching further back voids the earlier one's range too, and a suffix of the log filters alone", () => {
    const log = [
      ev(1, 'GameCreated'),
      ev(2, 'A'),
      ev(3, 'B'),
      ev(4, 'RolledBack', { firstVoidedSeq: 3, toSeq: 2 }),
      ev(5, 'C'),
      ev(6, 'RolledBack', { firstVoidedSeq: 2, toSeq: 1 }),
      ev(7, 'D'),
    ];
    expect(liveEvents(log, service).map((e) => e.seq)).toEqual([1, 4, 6, 7]);
    expect(liveEvents(log.slice(4), service).map((e) => e.seq)).toEqual([6, 7]);
  });

  it('voided dice are recomputed from their voided StepResolved and the seed their turn revealed later; a changed face is named', () => {
    const chain = makeSeedChain(Buffer.alloc(32, 7), 4);
    const at = { gameId: 'G-v', stepId: 't1/orders', index: 0, ordersHash: 'ab'.repeat(32) };
    const face = deriveDie(chain.seeds[1], at);
    const log = (f: number, revealed: boolean) => [
      ev(1, 'GameCreated', { gameId: 'G-v', seedAnchor: chain.anchor }),
      ev(2, 'DieRolled', { stepId: at.stepId, turn: 1, index: 0, face: f }),
      ev(3, 'StepResolved', { stepId: at.stepId, turn: 1, ordersHash: at.ordersHash }),
      ev(4, 'RolledBack', { firstVoidedSeq: 2, toSeq: 1 }),
      ...(revealed ? [ev(5, 'SeedRevealed', { turn: 1, seed: chain.seeds[1] })] : []),
    ];
    expect(checkVoidedDice(log(face, true), service)).toEqual({ checked: 1, sealed: 0 });
    expect(checkVoidedDice(log(face, false), service)).toEqual({ checked: 0, sealed: 1 });
    expect(checkVoidedDice(log((face % 6) + 1, true), service).broken).toEqual({
      seq: 2,
      reason: `recorded face ${(face % 6) + 1}, the seed gives ${face}`,
    });
  });

  it('after a rollback past revealed seeds, voided dice check against the old chain: its voided reveals and the seed the renewal abandons', () => {
    // given a game whose turn 1 and turn 2 each rolled a die from the old chain, turn 1's seed revealed
    const old = makeSeedChain(Buffer.alloc(32, 7), 4);
    const fresh = makeSeedChain(Buffer.alloc(32, 9), 4);
    const hash = 'cd'.repeat(32);
    const die = (turn: number) => deriveDie(old.seeds[turn], { gameId: 'G-v', stepId: `t${turn}/battle`, index: 0, ordersHash: hash });
    const log = (abandoned: string) => [
      ev(1, 'GameCreated', { gameId: 'G-v', seedAnchor: old.anchor }),
      ev(2, 'DieRolled', { stepId: 't1/battle', turn: 1, index: 0, face: die(1) }),
      ev(3, 'StepResolved', { stepId: 't1/battle', turn: 1, ordersHash: hash }),
      ev(4, 'SeedRevealed', { turn: 1, seed: old.seeds[1] }),
      ev(5, 'DieRolled', { stepId: 't2/battle', turn: 2, index: 0, face: die(2) }),
      ev(6, 'StepResolved', { stepId: 't2/battle', turn: 2, ordersHash: hash }),
      // when the referee rolls back to turn 1 and the chain is renewed, abandoning the old seed of turn 2
      ev(7, 'RolledBack', { firstVoidedSeq: 2, toSeq: 1 }),
      ev(8, 'SeedChainRenewed', { fromTurn: 1, anchor: fresh.anchor, abandoned: { turn: 2, seed: abandoned, anchor: old.anchor } }),
      ev(9, 'SeedRevealed', { turn: 1, seed: fresh.seeds[1] }),
    ];
    // then both voided dice check against the old chain (the live reveal of turn 1 is the new chain's)
    expect(checkVoidedDice(log(old.seeds[2]), service)).toEqual({ checked: 2, sealed: 0 });
    // and an abandoned seed that is not the old chain's is named at the die it fails
    expect(checkVoidedDice(log(fresh.seeds[2]), service).broken).toEqual({
      seq: 5,
      reason: `the seed revealed for turn 2 does not hash to the anchor ${old.anchor}`,
    });
  });
});
