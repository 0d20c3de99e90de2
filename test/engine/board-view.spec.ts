/**
 * Issue 25 (board view): every game's view is a typed board view the umpire reads without knowing
 * the game (summary lines, private tables, a map of cells), and a private table reaches no view but
 * its own side's (and the referee's), whatever the game's view returns.
 */
import { boardOf, keepPrivateTables, type SideView } from '../../src/engine/board-view';
import type { AnyRuleset } from '../../src/engine/evolve';
import { viewFor } from '../../src/engine/game';
import { playOneGame } from '../../src/engine/selfplay';
import { rulesets } from '../../src/games';
import { fleetDuel } from '../../src/games/fleet-duel';

describe('the board view of every game (issue 25)', () => {
  it.each(Object.keys(rulesets))(
    'given game %s played to its end, then each viewer`s view is a board view: summary lines, tables of its own side, a map of named cells',
    (id) => {
      const ruleset = rulesets[id] as AnyRuleset;
      const { state } = playOneGame(ruleset, `board-view:${id}`);
      for (const viewer of [...ruleset.sides, 'referee']) {
        const view = viewFor(state, viewer, ruleset).board!;
        const board = boardOf(view);
        expect(view.summary.length).toBeGreaterThan(0);
        expect(board.summary).toEqual(view.summary);
        for (const t of board.tables ?? []) {
          if (viewer !== 'referee') expect(t.side).toBe(viewer);
          for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
        }
        // the map reads back whole: no cell dropped as malformed
        expect(board.map?.cells).toHaveLength(view.map!.cells.length);
        const names = new Set(board.map!.cells.map((c) => c.name));
        expect(names.size).toBe(board.map!.cells.length);
        for (const l of board.map!.links ?? []) expect([names.has(l.a), names.has(l.b)]).toEqual([true, true]);
        for (const p of board.map!.places ?? []) for (const t of p.touches) expect(names.has(t)).toBe(true);
      }
    },
  );

  it("given Fleet Duel, then each side's forces table is in its own view alone, and the referee's holds both", () => {
    const { state } = playOneGame(fleetDuel as never, 'board-view:tables');
    const sides = (viewer: string) => (viewFor(state, viewer, fleetDuel as never).board!.tables ?? []).map((t) => t.side);
    expect(sides('red')).toEqual(['red']);
    expect(sides('blue')).toEqual(['blue']);
    expect(sides('referee')).toEqual(['red', 'blue']);
  });

  it("given a game whose view hands a side another side's table, then the engine keeps it out of that side's view", () => {
    const leaky = {
      ...fleetDuel,
      view: (s: never, viewer: string): SideView => {
        const own = fleetDuel.view(s, viewer);
        return { ...own, tables: [...(own.tables ?? []), ...(fleetDuel.view(s, 'referee').tables ?? [])] };
      },
    } as unknown as AnyRuleset;
    const { state } = playOneGame(fleetDuel as never, 'board-view:leaky');
    expect(leaky.view(state.rules, 'red').tables!.map((t) => t.side)).toEqual(['red', 'red', 'blue']);
    expect((viewFor(state, 'red', leaky).board!.tables ?? []).map((t) => t.side)).toEqual(['red', 'red']);
    expect((viewFor(state, 'referee', leaky).board!.tables ?? []).map((t) => t.side)).toEqual(['red', 'blue', 'red', 'blue']);
    expect(keepPrivateTables({ summary: [], tables: [{ title: 'x', side: 'blue', columns: [], rows: [] }] }, 'red').tables).toEqual([]);
  });

  it('given a view that lost parts on the way (an observer`s common view), then its board view keeps what is whole', () => {
    const board = boardOf({
      summary: ['Turn 2.', 3],
      tables: [{ title: 'no side', columns: [], rows: [] }],
      map: {
        cells: [
          { kind: 'area', name: 'north' },
          { name: 'no kind', units: [] },
          { kind: 'hex', name: 'hex without a grid', hex: '0101', units: [] },
        ],
      },
    });
    expect(board).toEqual({ summary: ['Turn 2.', '3'], map: { cells: [{ kind: 'area', name: 'north', units: [] }] } });
    expect(boardOf(null)).toEqual({ summary: [] });
  });
});
