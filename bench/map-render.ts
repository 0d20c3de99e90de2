/**
 * Map pictures for `npm run bench -- --only map` (issue 33: maps at the cost of what changed): the
 * SVG of a VITP report board at many moments of one game, each side's, drawn with every layout
 * forgotten before each picture (the full redraw of before) and with the static board kept
 * (map-geometry.ts), the two alternating in rounds in the same run; the median of each.
 */
import { type BoardMap, boardOf } from '../src/engine/board-view';
import type { EngineState } from '../src/engine/engine-events';
import { evolve, initialState } from '../src/engine/evolve';
import { viewFor } from '../src/engine/game';
import { playOneGame } from '../src/engine/selfplay';
import { vitpRuleset } from '../src/games/vitp';
import { forgetLayouts } from '../src/mail/map-geometry';
import { renderMapSvg } from '../src/mail/map-svg';

export interface MapRenderFigures {
  readonly boards: number;
  readonly distinct: number;
  readonly fullRedrawPerSec: number;
  readonly keptPerSec: number;
}

/** Each side's board at every step of one VITP game, in the order the game reached them. */
export function vitpBoards(): BoardMap[] {
  const rs = vitpRuleset as never;
  const { events } = playOneGame(rs, 'bench-map-1');
  const out: BoardMap[] = [];
  let state: EngineState<unknown> = initialState();
  let step: string | undefined;
  for (const e of events) {
    state = evolve(state, e, rs);
    const at = state.step?.id;
    if (!state.game || at === step) continue;
    step = at;
    for (const side of vitpRuleset.sides) out.push(boardOf(viewFor(state, side as never, rs).board).map!);
  }
  return out;
}

export function benchMapRender(progress: (line: string) => void, quick: boolean): { lines: string[]; figures: MapRenderFigures } {
  const boards = vitpBoards();
  progress(`map: ${boards.length} VITP boards`);
  const draw = (fresh: boolean): number => {
    const t0 = process.hrtime.bigint();
    for (const [i, m] of boards.entries()) {
      if (fresh) forgetLayouts();
      renderMapSvg(m, 'VITP', `moment ${i}`);
    }
    return boards.length / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  const distinct = new Set(boards.map((m) => renderMapSvg(m, 'VITP'))).size;
  const full: number[] = [];
  const kept: number[] = [];
  for (let round = 0; round < (quick ? 3 : 7); round++) {
    if (round % 2 === 0) {
      full.push(draw(true));
      kept.push(draw(false));
    } else {
      kept.push(draw(false));
      full.push(draw(true));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const figures = { boards: boards.length, distinct, fullRedrawPerSec: median(full), keptPerSec: median(kept) };
  return {
    figures,
    lines: [
      `Map pictures (SVG of a VITP report board, ${boards.length} boards from one game, ${distinct} distinct; median of ${full.length} alternating rounds)`,
      `  full redraw ${figures.fullRedrawPerSec.toFixed(0)}/s   static board kept ${figures.keptPerSec.toFixed(0)}/s   ratio ${(figures.keptPerSec / figures.fullRedrawPerSec).toFixed(2)}x`,
    ],
  };
}
