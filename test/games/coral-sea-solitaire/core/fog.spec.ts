/**
 * Coral Sea fog of war (27, 28, 19.4), as a property over self-played games: at every step, the
 * USN's view names no face-down IJN counter (its key or its id in a carrier's air), gives no
 * unrevealed submarine marker's counter, shows no IJN air that is not flying; no rules event the USN
 * may read names a face-down IJN counter; the IJN's view holds no unidentified USN TF's ships and no
 * USN command points. The check bites: a view that hands the USN the referee's task forces fails.
 */
import type { EngineEvent, EngineState } from '../../../../src/engine/engine-events';
import { evolve, initialState } from '../../../../src/engine/game';
import type { AnyRuleset } from '../../../../src/engine/evolve';
import { playOneGame } from '../../../../src/engine/selfplay';
import { eventVisibleTo } from '../../../../src/engine/views';
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import type { CoralView } from '../../../../src/games/coral-sea-solitaire/view';

const ruleset = coralSeaSolitaire as unknown as AnyRuleset;

/** Every problem of the USN's and the IJN's views of `s`, each naming the hidden fact found. */
function leaks(s: CoralState, usnView: CoralView = viewCoral(s, 'usn')): string[] {
  const out: string[] = [];
  const usn = JSON.stringify(usnView);
  const faceDown = Object.values(s.ships).filter((x) => x.side === 'ijn' && !x.faceUp);
  for (const x of faceDown) if (usn.includes(`"${x.key}"`) || usn.includes(`${x.key}:`)) out.push(`usn view names face-down ${x.key}`);
  for (const sub of usnView.submarines)
    if (!sub.revealed && sub.counter !== undefined) out.push(`usn view gives marker ${sub.marker}'s counter`);
  for (const a of usnView.air)
    if (a.side === 'ijn' && !['cap', 'escort', 'strike'].includes(a.box)) out.push(`usn view shows IJN air ${a.id} in ${a.box}`);
  const ijn = viewCoral(s, 'ijn');
  for (const tf of ijn.taskForces)
    if (tf.side === 'usn' && !tf.identified && tf.ships) out.push(`ijn view holds the ships of unidentified ${tf.id}`);
  if (ijn.cp !== undefined || ijn.cpToday !== undefined) out.push('ijn view holds the USN CP');
  return out;
}

/**
 * The rules events the USN may read that name a face-down IJN counter, judged when their step is
 * resolved (a step's events come to the player together: a strike named and its carriers turned up
 * in one step reveal them).
 */
function eventLeaks(events: readonly EngineEvent[]): string[] {
  const out: string[] = [];
  let state: EngineState<unknown> = initialState();
  let pending: EngineEvent[] = [];
  for (const e of events) {
    state = evolve(state, e, ruleset);
    if (e.type === 'RulesApplied' && eventVisibleTo(e, 'usn')) pending.push(e);
    if (e.type !== 'StepResolved') continue;
    const rules = state.rules as CoralState;
    for (const p of pending) {
      if (p.type !== 'RulesApplied') continue;
      const text = JSON.stringify(p.data.event);
      for (const x of Object.values(rules.ships))
        if (x.side === 'ijn' && !x.faceUp && (text.includes(`"${x.key}"`) || text.includes(`${x.key}:`)))
          out.push(`${p.data.event.type} names face-down ${x.key}`);
    }
    pending = [];
  }
  return out;
}

describe('Coral Sea fog of war over self-played games (27, 28, 19.4)', () => {
  for (const [name, options] of [
    ['standard', {}],
    ['options', { 'bigger-battle': true, 'ijn-battleships': true, 'extended-range': true, screening: true }],
  ] as const) {
    it(`${name}: no view and no story of the USN holds what it has not found; the IJN knows no unidentified USN TF's ships`, () => {
      for (const seed of ['fog-a', 'fog-b']) {
        const { events } = playOneGame(ruleset, `${seed}/${name}`, { options });
        let state: EngineState<unknown> = initialState();
        const found: string[] = [];
        let last = '';
        for (const e of events) {
          state = evolve(state, e, ruleset);
          const id = state.step?.id ?? 'end';
          if (id === last) continue;
          last = id;
          found.push(...leaks(state.rules as CoralState).map((l) => `${id}: ${l}`));
        }
        expect(found.slice(0, 5)).toEqual([]);
        expect(eventLeaks(events).slice(0, 5)).toEqual([]);
      }
    }, 120_000);
  }

  it('the check bites: a USN view with the referee`s task forces is caught', () => {
    const { state } = playOneGame(ruleset, 'fog-bite');
    const s = state.rules as CoralState;
    const leaky = { ...viewCoral(s, 'usn'), taskForces: viewCoral(s, 'referee').taskForces };
    expect(leaks(s, leaky).length).toBeGreaterThan(0);
  });
});
