import { boardOf, type BoardMap } from '../../src/engine/board-view';
import { evolve, initialState } from '../../src/engine/evolve';
import type { EngineState } from '../../src/engine/engine-events';
import { viewFor } from '../../src/engine/game';
import { playOneGame } from '../../src/engine/selfplay';
import { vitpRuleset } from '../../src/games/vitp';
import { forgetLayouts } from '../../src/mail/map-geometry';
import { renderMapSvg } from '../../src/mail/map-svg';

const rs = vitpRuleset as never;

/** The Allied board at a few moments of one game, each a different state on the same layout. */
function boards(): BoardMap[] {
  const { events } = playOneGame(rs, 'map-layout-1');
  const out: BoardMap[] = [];
  let state: EngineState<unknown> = initialState();
  for (const [i, e] of events.entries()) {
    state = evolve(state, e, rs);
    if (state.game && i % Math.floor(events.length / 6) === 0) out.push(boardOf(viewFor(state, 'allied' as never, rs).board).map!);
  }
  return out;
}

describe('The static board kept per layout (issue 33)', () => {
  it('Given boards of one game at several moments, When each is drawn with the layout kept and drawn afresh, Then the SVG is the same bytes', () => {
    const maps = boards();
    expect(maps.length).toBeGreaterThanOrEqual(4);
    const warm = maps.map((m, i) => renderMapSvg(m, 'VITP', `moment ${i}`));
    const fresh = maps.map((m, i) => {
      forgetLayouts();
      return renderMapSvg(m, 'VITP', `moment ${i}`);
    });
    expect(new Set(warm).size).toBeGreaterThan(1);
    expect(warm).toEqual(fresh);
  });

  it('Given a board drawn, When another moment of the same layout is drawn and then the first again, Then the first is drawn as before', () => {
    const [a, , , b] = boards();
    const first = renderMapSvg(a, 'VITP');
    const other = renderMapSvg(b, 'VITP');
    expect(other).not.toBe(first);
    expect(renderMapSvg(a, 'VITP')).toBe(first);
  });
});
