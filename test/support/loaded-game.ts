/**
 * A game as the game service loads it (LoadedGame), played in memory with the engine: for tests of
 * the notices the service builds (reports, the welcome's guide, the answer card) without a database.
 */
import { decide } from '../../src/engine/decide';
import { makeSeedChain } from '../../src/engine/dice';
import type { EngineCommand, EngineEvent, EngineState } from '../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../src/engine/evolve';
import type { LoadedGame } from '../../src/services/game-repository';
import { initialServiceState } from '../../src/services/service-state';
import type { StoredEvent } from '../../src/store/event-store';

export const memoryChain = makeSeedChain(Buffer.alloc(32, 3), 12);

export class MemoryGame {
  state: EngineState<unknown> = initialState();
  readonly events: EngineEvent[] = [];

  constructor(
    readonly ruleset: AnyRuleset,
    readonly gameId = 'G-memory',
    create: Partial<Extract<EngineCommand, { type: 'CreateGame' }>> = {},
  ) {
    this.run({
      type: 'CreateGame',
      gameId,
      seedAnchor: memoryChain.anchor,
      now: '2026-11-23T09:00:00.000Z',
      sides: ruleset.sides.map((side) => ({ side, player: { address: `${side}@players.test` } })),
      ...create,
    });
  }

  run(cmd: EngineCommand): EngineEvent[] {
    const out = decide(cmd, this.state, this.ruleset);
    for (const e of out) this.state = evolve(this.state, e, this.ruleset);
    this.events.push(...out);
    return out;
  }

  orders(side: string, text: string): EngineEvent[] {
    return this.run({ type: 'SubmitOrders', side, text, salt: 'ef', now: '2026-11-23T10:00:00.000Z', seal: (p) => p });
  }

  resolve(type: 'Resolve' | 'Deadline' = 'Resolve'): EngineEvent[] {
    return this.run({ type, now: '2026-11-23T11:00:00.000Z', seeds: memoryChain.seeds, open: (s) => s });
  }

  /** The game as loaded by the service: its events after `afterSeq` are the tail a report tells. */
  loaded(afterSeq = 0): LoadedGame {
    const tail: StoredEvent[] = this.events.map((e, i) => ({
      gameId: this.gameId,
      seq: i + 1,
      type: e.type,
      payload: e.data,
      metadata: { actor: 'umpire' },
      recordedAt: '2026-11-23T11:00:00.000Z',
      prevHash: 'p',
      hash: `h${i + 1}`,
    }));
    return {
      gameId: this.gameId,
      ruleset: this.ruleset,
      state: this.state,
      service: initialServiceState,
      head: { version: tail.length, hash: `h${tail.length}` },
      tail: tail.filter((e) => e.seq > afterSeq),
      // the state the tail folds from, as a snapshot gives it (issue 28: the news folds the tail from it)
      ...(afterSeq > 0 ? { base: this.events.slice(0, afterSeq).reduce((s, e) => evolve(s, e, this.ruleset), initialState()) } : {}),
    };
  }
}

/** A game as loaded from a log (a self-played one): every event in its tail. */
export function loadedFrom(ruleset: AnyRuleset, events: readonly EngineEvent[], gameId = 'G-log'): LoadedGame {
  const g = Object.create(MemoryGame.prototype) as MemoryGame;
  Object.assign(g, { ruleset, gameId, events: [...events], state: events.reduce((s, e) => evolve(s, e, ruleset), initialState()) });
  return g.loaded();
}
