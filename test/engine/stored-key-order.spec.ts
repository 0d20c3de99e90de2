import { canonicalJson } from '../../src/shared/canonical';
import type { AnyRuleset } from '../../src/engine/evolve';
import { checkReplay, playOneGame, selfplay } from '../../src/engine/selfplay';
import { narrativeFor } from '../../src/engine/views';
import { rulesets } from '../../src/games';
import { compareJsonbKeys, jsonbKeyOrder } from '../support/jsonb';
import { unexpectedErrors } from '../support/unfinished';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * Nothing in a ruleset or the engine may follow the key order of stored data: PostgreSQL's JSONB
 * gives objects back with their keys sorted shorter first, then bytewise. Every game here is
 * stored that way (its events, and its state between commands as a snapshot would be) and must
 * replay to the same state, verify and audit; and a game played from re-sorted states must write
 * the same log as one played from states kept in the order they were built.
 */
const all: [string, AnyRuleset, number][] = [
  ...Object.entries(rulesets).map(([id, r]): [string, AnyRuleset, number] => [id, r, 6]),
  ['test game', fleetDuel as unknown as AnyRuleset, 30],
];

describe('the JSONB key order stand-in', () => {
  it('sorts keys shorter first, then bytewise, at every depth, and keeps arrays in order', () => {
    const v = jsonbKeyOrder({ bb: 1, a: { zz: [3, { yy: 1, x: 2 }], c: 0 }, aa: 2 });
    expect(Object.keys(v)).toEqual(['a', 'aa', 'bb']);
    expect(Object.keys(v.a)).toEqual(['c', 'zz']);
    expect(Object.keys(v.a.zz[1] as object)).toEqual(['x', 'yy']);
    expect(['b', 'é', 'aa', 'Z'].sort(compareJsonbKeys)).toEqual(['Z', 'b', 'aa', 'é']);
  });
});

describe.each(all)('%s: logs and states stored with JSONB key order', (_id, ruleset, games) => {
  it('given sides that miss half their deadlines, when every log is stored with JSONB key order, then every game replays, verifies and audits', () => {
    let t = 0;
    const r = selfplay(ruleset, { games, seed: 'jsonb-order', clock: () => t++, missRate: 0.5 }, (_g, events) => jsonbKeyOrder(events));

    // a game still being built stops at a rule it lacks, an error of its own; nothing else may go wrong
    const unfinished = (ruleset as { unfinished?: unknown }).unfinished !== undefined;
    expect(unexpectedErrors(ruleset, r.errors)).toEqual([]);
    expect(r.verified).toBe(games);
    expect(r.defaultsApplied).toBeGreaterThan(unfinished ? 0 : games);
  }, 180_000);

  it('given a game played from states reloaded with JSONB key order, then it writes the same log as from states in build order, and that log checks', () => {
    for (const seed of ['reload-a', 'reload-b']) {
      const plain = playOneGame(ruleset, seed, { missRate: 0.5 });
      const reloaded = playOneGame(ruleset, seed, { missRate: 0.5, reload: jsonbKeyOrder });

      expect(reloaded.events.length).toBe(plain.events.length);
      const firstDiff = reloaded.events.findIndex((e, i) => canonicalJson(e) !== canonicalJson(plain.events[i]));
      expect({ seed, firstDiff, event: reloaded.events[firstDiff] }).toEqual({ seed, firstDiff: -1, event: undefined });
      expect(checkReplay(ruleset, reloaded.events, reloaded.state, jsonbKeyOrder(reloaded.events))).toEqual([]);
    }
  }, 180_000);

  it('given a log read back with JSONB key order, then every reader is told the game in the same words', () => {
    const { events } = playOneGame(ruleset, 'narrate', { missRate: 0.5 });
    const stored = jsonbKeyOrder(events);
    for (const viewer of ['referee', ...ruleset.sides]) {
      const told = narrativeFor(events, viewer, ruleset);
      const retold = narrativeFor(stored, viewer, ruleset);
      const firstDiff = told.findIndex((line, i) => line !== retold[i]);
      expect({ viewer, firstDiff, line: retold[firstDiff] }).toEqual({ viewer, firstDiff: -1, line: undefined });
    }
  }, 60_000);
});
