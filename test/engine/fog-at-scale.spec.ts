/**
 * Fog of war at scale (issue 14): across many self-play games, keyed by each event's visibility,
 * no view and no narrative of a side shows a fact the rules hide from it.
 *  - board: what a step adds to a side's view of the board is never a string that only the step's
 *    events hidden from that side hold (not in its earlier view, not in any event it may read);
 *  - narrative: no line a side reads repeats a line of an event hidden from it (as its owner reads it);
 *  - sealed orders: right after a side's sealed submission, no viewer's view (the referee's
 *    included) holds a word of those orders it did not hold before.
 * Games: FOG_GAMES per ruleset (default 1 VITP game with task forces, 20 Fleet Duel); UMPIRE_FULL=1
 * plays 1,000 of each.
 */
import { evolve, initialState, type AnyRuleset, type EngineEvent, type EngineState } from '../../src/engine/game';
import { playOneGame } from '../../src/engine/selfplay';
import { eventVisibleTo, narrativeFor, type Viewer, viewFor } from '../../src/engine/views';
import { rulesets } from '../../src/games';
import { canonicalJson } from '../../src/shared/canonical';
import { fleetDuel } from '../support/test-game';

const FULL = process.env.UMPIRE_FULL === '1';
const games = (ci: number) => Number(process.env.FOG_GAMES ?? (FULL ? 1000 : ci));

jest.setTimeout(FULL ? 12 * 3600_000 : 180_000);

const CASES: { ruleset: AnyRuleset; games: number; options: Record<string, boolean> }[] = [
  { ruleset: fleetDuel, games: games(20), options: {} },
  { ruleset: rulesets.vitp, games: games(1), options: { 'task-forces': true } },
];

describe('fog of war at scale (issue 14)', () => {
  for (const c of CASES) {
    it(`${c.ruleset.id}: ${c.games} self-play games, every side's view and narrative at every hidden event and sealed submission`, () => {
      const tally = { hiddenEvents: 0, boardChecks: 0, sealedChecks: 0, narrativeLines: 0 };
      const leaks: string[] = [];
      for (let g = 0; g < c.games; g++) {
        const { events } = playOneGame(c.ruleset, `fog/${c.ruleset.id}/${g}`, { options: c.options });
        checkGame(c.ruleset, events, `game ${g}`, leaks, tally);
        if (leaks.length > 20) break;
      }
      process.stdout.write(`fog ${c.ruleset.id}: ${c.games} games, ${JSON.stringify(tally)}\n`);
      expect(leaks).toEqual([]);
      // the property had something to bite on
      expect(tally.hiddenEvents).toBeGreaterThan(0);
      expect(tally.sealedChecks).toBeGreaterThan(0);
    });
  }

  it('finds the leak in an engine view that shows every submission as stored (the check can fail)', () => {
    const leaky: EngineViewOf = (state, viewer, ruleset) => ({ ...viewFor(state, viewer, ruleset), submissions: state.submissions });
    const leaks: string[] = [];
    const tally = { hiddenEvents: 0, boardChecks: 0, sealedChecks: 0, narrativeLines: 0 };
    for (let g = 0; g < 3; g++) checkGame(fleetDuel, playOneGame(fleetDuel, `fog/leaky/${g}`).events, `game ${g}`, leaks, tally, leaky);
    expect(leaks.some((l) => /view shows (red|blue)'s sealed/.test(l))).toBe(true);
  });
});

type EngineViewOf = (state: EngineState<unknown>, viewer: Viewer, ruleset: AnyRuleset) => unknown;

function checkGame(
  ruleset: AnyRuleset,
  events: readonly EngineEvent[],
  game: string,
  leaks: string[],
  tally: { hiddenEvents: number; boardChecks: number; sealedChecks: number; narrativeLines: number },
  view: EngineViewOf = viewFor,
): void {
  const sides: readonly string[] = ruleset.sides;
  const viewers: Viewer[] = [...sides, 'referee'];
  const hiddenLines = new Map<string, Set<string>>(sides.map((s) => [s, new Set()]));
  let state: EngineState<unknown> = initialState();
  let stepStart = state;
  // by side: the strings of every event it may read so far, and of the step's events hidden from it
  const seen = new Map<string, Set<string>>(sides.map((s) => [s, new Set()]));
  const hiddenWords = new Map<string, Set<string>>(sides.map((s) => [s, new Set()]));
  for (const [i, e] of events.entries()) {
    const before = state;
    state = evolve(state, e, ruleset);
    if (e.type === 'GameCreated') stepStart = state;
    for (const side of sides) if (eventVisibleTo(e, side)) for (const w of leafStrings(e.data)) seen.get(side)!.add(w);
    if (e.type === 'RulesApplied' && Array.isArray(e.data.event.visibleTo)) {
      const owners = e.data.event.visibleTo as readonly string[];
      tally.hiddenEvents++;
      const told = owners.length ? narrativeFor([e], owners[0], ruleset) : narrativeFor([e], 'referee', ruleset);
      for (const side of sides.filter((s) => !owners.includes(s))) {
        for (const line of told) hiddenLines.get(side)!.add(line);
        for (const w of leafStrings(e.data.event.data)) hiddenWords.get(side)!.add(w);
      }
    }
    if (e.type === 'StepResolved') {
      // what the step added to a side's view of the board: nothing only an event hidden from it says
      for (const side of sides) {
        tally.boardChecks++;
        const now = leafStrings(ruleset.view(state.rules, side));
        const was = leafStrings(ruleset.view(stepStart.rules, side));
        const leaked = [...now].filter((w) => hiddenWords.get(side)!.has(w) && !was.has(w) && !seen.get(side)!.has(w));
        if (leaked.length)
          leaks.push(
            `${game} step ${e.data.stepId}: ${side}'s view of the board shows ${leaked.join(', ')}, said only by events hidden from it`,
          );
        hiddenWords.get(side)!.clear();
      }
      stepStart = state;
    }
    if (e.type === 'OrdersSubmitted') {
      const words = orderWords(e.data.sealed);
      for (const viewer of viewers.filter((v) => v !== e.data.side)) {
        tally.sealedChecks++;
        const was = canonicalJson(view(before, viewer, ruleset));
        const now = canonicalJson(view(state, viewer, ruleset));
        const shown = words.filter((w) => now.includes(w) && !was.includes(w));
        if (shown.length) leaks.push(`${game} event #${i}: ${viewer}'s view shows ${e.data.side}'s sealed ${shown.join(', ')}`);
      }
    }
  }
  for (const side of sides) {
    const hidden = hiddenLines.get(side)!;
    const lines = narrativeFor(events, side, ruleset);
    tally.narrativeLines += lines.length;
    // an event the side may see that repeats, word for word, what an event hidden from it says
    const own = new Set(lines);
    for (const line of hidden) if (own.has(line)) leaks.push(`${game}: ${side} reads "${line}", which only an event hidden from it says`);
  }
}

/** Every string value in a value (keys are its shape, not facts). */
function leafStrings(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) for (const x of v) leafStrings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) leafStrings(x, out);
  return out;
}

/** The distinctive strings of sealed orders (self-play seals with the identity: the plaintext is the sealed form). */
function orderWords(sealed: string): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.length >= 6) out.add(v);
    } else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  try {
    walk((JSON.parse(sealed) as { orders?: unknown }).orders);
  } catch {
    out.add(sealed);
  }
  return [...out];
}
