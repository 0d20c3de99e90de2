/**
 * The Coral Sea fog property (27, 28, 19.4) as functions: what a position's views and a log's
 * stories show that they should not. Used by `fog.spec.ts` on a few games and by
 * `bench/coral-fog.ts` over the games of `umpire selfplay`.
 */
import type { EngineEvent, EngineState } from '../../../../src/engine/engine-events';
import { evolve, initialState } from '../../../../src/engine/game';
import type { AnyRuleset } from '../../../../src/engine/evolve';
import { eventVisibleTo } from '../../../../src/engine/views';
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import type { CoralView } from '../../../../src/games/coral-sea-solitaire/view';

export const ruleset = coralSeaSolitaire as unknown as AnyRuleset;

/** Every problem of the USN's and the IJN's views of `s`, each naming the hidden fact found. */
export function leaks(s: CoralState, usnView: CoralView = viewCoral(s, 'usn')): string[] {
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
export function eventLeaks(events: readonly EngineEvent[]): string[] {
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

/** Every leak of one game's log: each step's views (`leaks`, named by the step) and the stories (`eventLeaks`). */
export function gameLeaks(events: readonly EngineEvent[]): string[] {
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
  return [...found, ...eventLeaks(events)];
}
