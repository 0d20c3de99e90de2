/**
 * Issue 25 item 3: a side's view carries `position`, the rules state as the side knows it, for its
 * machine players. A game page is for people: it shows the same knowledge as sentences, tables and
 * the map, and never the position (a whole rules state in JSON). The fog check at scale
 * (test/engine/fog-at-scale.spec.ts) reads the page's view of every side for hidden facts.
 */
import type { EngineState } from '../../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../../src/engine/evolve';
import { playOneGame } from '../../../src/engine/selfplay';
import { viewFor } from '../../../src/engine/views';
import { rulesets } from '../../../src/games';
import { guadalcanalRuleset } from '../../../src/games/aa-guadalcanal';
import { MACHINE_POSITION, stepPageView } from '../../../src/services/game-page/page-view';

/** The state of a self-played game once its view's board holds a position (and `at` events later). */
function stateWithPosition(ruleset: AnyRuleset, seed: string, options: Record<string, boolean>): EngineState<unknown> {
  const { events } = playOneGame(ruleset, seed, { options });
  let state = initialState();
  for (const e of events.slice(0, Math.floor(events.length / 2))) state = evolve(state, e, ruleset);
  return state;
}

describe('a step page shows people what the side knows, not the position its machine players read (issue 25 item 3)', () => {
  const cases: [string, AnyRuleset, Record<string, boolean>, string][] = [
    ['vitp', rulesets.vitp, { 'task-forces': true }, 'japanese'],
    ['aa-guadalcanal', guadalcanalRuleset as unknown as AnyRuleset, {}, 'axis'],
  ];
  for (const [id, ruleset, options, side] of cases)
    it(`${id}: the ${side} view holds a position; its page's details do not, and keep the board's other details`, () => {
      const view = viewFor(stateWithPosition(ruleset, `page-view/${id}`, options), side, ruleset);
      const board = view.board as Record<string, unknown>;
      expect(board[MACHINE_POSITION]).toBeDefined();
      const page = stepPageView(view);
      expect(Object.keys(page.details)).not.toContain(MACHINE_POSITION);
      // everything else the game keeps beside its board view stays on the page
      const others = Object.keys(board).filter((k) => !['summary', 'map', 'tables', MACHINE_POSITION].includes(k));
      expect(others.length).toBeGreaterThan(0);
      expect(Object.keys(page.details).sort()).toEqual(others.sort());
      expect(page.knowledge).toEqual(board.summary);
    });
});
