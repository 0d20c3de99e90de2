import { type EngineEvent, initialState, narrativeFor, viewFor } from '../../../src/engine/game';
import type { AnyRuleset } from '../../../src/engine/evolve';
import { selfplay } from '../../../src/engine/selfplay';
import { ROLLED_BACK } from '../../../src/engine/voids';
import { fold, liveEngineEvents } from '../../../src/services/game-repository';
import { commonView } from '../../../src/services/game-page/common-view';
import { diceLog } from '../../../src/services/game-page/dice-log';
import { replayTimeline, rulingsFor, stateAfter, storyFor, viewAt } from '../../../src/services/game-page/history';
import type { StoredEvent } from '../../../src/store/event-store';
import { fleetDuel } from '../../../src/games/fleet-duel';

const ruleset = fleetDuel as unknown as AnyRuleset;
const SIDES = ['red', 'blue'];

/** A Fleet Duel game (hidden fleets and submarines) self-played, as stored events. */
function playedLog(seed: string): StoredEvent[] {
  let log: readonly EngineEvent[] = [];
  let clock = 0;
  const r = selfplay(ruleset, { games: 1, seed, clock: () => clock++, missRate: 0.3 }, (_g, events) => {
    log = events;
    return events;
  });
  expect(r.errors).toEqual([]);
  return log.map((e, i) => stored(i + 1, e.type, e.data, 'umpire'));
}

function stored(seq: number, type: string, payload: unknown, actor: string): StoredEvent {
  return {
    gameId: 'G-duel',
    seq,
    type,
    payload,
    metadata: { actor },
    recordedAt: new Date(Date.UTC(2026, 10, 1, 0, seq)).toISOString(),
    prevHash: '',
    hash: '',
  };
}

describe('a game replayed for its pages', () => {
  const events = playedLog('pages-1');
  const resolved = events.filter((e) => e.type === 'StepResolved');

  it('given a played game, then the timeline has one entry per step resolved (and the end), and every entry states the log as it was then', () => {
    const r = replayTimeline(events, ruleset, 3);
    const trailing = events[events.length - 1].type === 'StepResolved' ? 0 : 1;
    expect(r.timeline).toHaveLength(resolved.length + trailing);
    expect(r.timeline.map((t) => t.stepId).slice(0, resolved.length)).toEqual(
      resolved.map((e) => (e.payload as { stepId: string }).stepId),
    );
    expect(r.timeline[0].fromSeq).toBe(1);
    expect(r.timeline[r.timeline.length - 1].toSeq).toBe(events.length);
    for (const n of [1, 2, 3, 4, 7, r.timeline.length]) {
      const at = stateAfter(events, ruleset, r, n)!;
      const direct = fold(initialState(), events.slice(0, r.timeline[n - 1].toSeq), ruleset);
      expect(at.state).toEqual(direct);
      expect(at.events.map((e) => e.seq)).toEqual(
        events.filter((e) => e.seq >= r.timeline[n - 1].fromSeq && e.seq <= r.timeline[n - 1].toSeq).map((e) => e.seq),
      );
    }
    expect(stateAfter(events, ruleset, r, r.timeline.length + 1)).toBeNull();
  });

  it("given a referee's rollback of the last two steps, then those entries are marked void and the state after it is the replay of what is not void", () => {
    const upTo = events.findIndex((e) => e === resolved[resolved.length - 3]);
    const kept = events.slice(0, upTo + 1);
    const toSeq = kept[kept.length - 1].seq;
    const tail = events.slice(upTo + 1, events.findIndex((e) => e === resolved[resolved.length - 1]) + 1);
    const rollback = stored(
      toSeq + tail.length + 1,
      ROLLED_BACK,
      { toSeq, firstVoidedSeq: toSeq + 1, reason: 'orders arrived in time' },
      'referee',
    );
    const log = [...kept, ...tail, rollback];
    const r = replayTimeline(log, ruleset);
    const voided = r.timeline.filter((t) => t.voidedBy === rollback.seq).map((t) => t.stepId);
    expect(voided).toEqual(resolved.slice(-2).map((e) => (e.payload as { stepId: string }).stepId));
    const after = stateAfter(log, ruleset, r, r.timeline.length)!;
    const live = fold(initialState(), kept, ruleset);
    expect({ rules: after.state.rules, step: after.state.step }).toEqual({ rules: live.rules, step: live.step });
    expect(liveEngineEvents(log).map((e) => e.seq)).toEqual(kept.map((e) => e.seq));
    // the ruling in words, for the sides and the referee alike: what was undone, from where, why
    expect(rulingsFor(log, 'red')).toEqual([{ seq: rollback.seq, at: rollback.recordedAt, type: ROLLED_BACK, text: expect.any(String) }]);
    const [words] = rulingsFor(log, 'referee');
    expect(words.text).toMatch(
      new RegExp(`^The referee rolled the game back to .*events #${toSeq + 1} onward are void.* Reason: orders arrived in time\\.$`),
    );
    expect(words.text).not.toMatch(/[{}"]/);
    expect(rulingsFor(log, 'red')[0].text).toBe(words.text);
  });

  it("given each side's story, then a side reads its own hidden moves and never the other's; an observer reads only lines both read", () => {
    const story = Object.fromEntries(SIDES.map((s) => [s, storyFor(events, s, SIDES, ruleset)]));
    const observer = storyFor(events, 'observer', SIDES, ruleset);
    const engine = events.map((e) => ({ type: e.type, data: e.payload }) as EngineEvent);
    for (const [me, other] of [
      ['red', 'blue'],
      ['blue', 'red'],
    ]) {
      const theirs = narrativeFor(engine, other, ruleset).filter((l) => !narrativeFor(engine, me, ruleset).includes(l));
      expect(theirs.length).toBeGreaterThan(0);
      expect(story[me].filter((l) => theirs.includes(l))).toEqual([]);
      expect(story[other]).toEqual(expect.arrayContaining(theirs));
      expect(observer.filter((l) => theirs.includes(l))).toEqual([]);
    }
    expect(observer.every((l) => story.red.includes(l) && story.blue.includes(l))).toBe(true);
  });

  it("given an observer at a step, then the view holds only what both sides' views hold alike", () => {
    const r = replayTimeline(events, ruleset);
    const { state } = stateAfter(events, ruleset, r, Math.ceil(r.timeline.length / 2))!;
    const seen = viewAt(state, 'observer', SIDES, ruleset) as unknown as { board: { fleets?: Record<string, unknown>; turn?: number } };
    const red = viewFor(state, 'red', ruleset).board as unknown as { turn: number; fleets: Record<string, unknown> };
    expect(seen.board.turn).toBe(red.turn);
    // each fleet's area is its owner's secret: the observer's fleets hold no area
    expect(JSON.stringify(seen.board.fleets ?? {})).not.toMatch(/"area"/);
    expect(JSON.stringify(red.fleets)).toMatch(/"area"/);
  });

  it('given views that differ, then the common view keeps equal values, shared keys and shared lines only', () => {
    expect(
      commonView([
        { a: 1, b: 2, s: ['x', 'y'] },
        { a: 1, b: 3, s: ['y', 'z'], c: 4 },
      ]),
    ).toEqual({ a: 1, s: ['y'] });
    expect(commonView([[{ area: 'N', units: [1] }], [{ area: 'N', units: [2] }]])).toEqual([{ area: 'N', units: [] }]);
    expect(commonView(['red', 'blue'])).toBeUndefined();
  });

  it('given the log, then every die is recomputed from its seed and orders hash; a changed face fails', () => {
    const log = diceLog(events, 'referee', SIDES);
    expect(log.dice.length).toBe(events.filter((e) => e.type === 'DieRolled').length);
    expect(log.dice.length).toBeGreaterThan(0);
    expect({ failed: log.failed, pending: log.pending, checked: log.checked }).toEqual({ failed: 0, pending: 0, checked: log.dice.length });
    const i = events.findIndex((e) => e.type === 'DieRolled');
    const d = events[i].payload as { face: number };
    const changed = [...events.slice(0, i), { ...events[i], payload: { ...d, face: (d.face % 6) + 1 } }, ...events.slice(i + 1)];
    const bad = diceLog(changed, 'referee', SIDES);
    expect(bad.failed).toBe(1);
    expect(bad.dice[0].check).toMatch(/^fails: the seed gives \d, the log says \d$/);
  });

  it('given a seat handed over, then its ruling reads in words, the addresses withheld from a side and shown to the referee', () => {
    const handed = stored(
      events.length + 1,
      'SeatReplaced',
      {
        side: 'blue',
        address: 'new@players.test',
        previous: 'old@players.test',
        referee: 'ref@players.test',
        reason: 'moved to another club',
        concerns: [1],
      },
      'referee',
    );
    expect(rulingsFor([handed], 'referee')[0].text).toBe(
      'The referee handed the blue seat from old@players.test to new@players.test (concerning event #1). Reason: moved to another club.',
    );
    expect(rulingsFor([handed], 'red')[0].text).toBe(
      'The referee handed the blue seat from (address withheld) to (address withheld) (concerning event #1). Reason: moved to another club.',
    );
  });
});
