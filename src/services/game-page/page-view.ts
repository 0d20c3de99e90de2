import { boardOf, type BoardMap, type BoardTable } from '../../engine/board-view';
import type { EngineView, OrdersStatus } from '../../engine/views';

/**
 * The field of a side's view that holds the rules state as the side knows it (docs/new-game.md,
 * "Machine players"): it is there for the side's machine players, who read the rules' own terms.
 * A page is for people: it shows the same knowledge as sentences, tables and the map, and never
 * this field (a whole rules state, map data included, in JSON nobody reads).
 */
export const MACHINE_POSITION = 'position';

/** What a step page shows of a viewer's view: knowledge, tables, the map, the step, the orders, and the game's own details. */
export interface StepPageView {
  readonly knowledge: readonly string[];
  readonly tables: readonly BoardTable[];
  readonly map: BoardMap | null;
  readonly next: { readonly title: string; readonly awaiting: readonly string[] } | null;
  readonly orders: readonly string[];
  readonly standing: readonly string[];
  /** the game's details beside its board view (fog-of-war data, default orders), shown as JSON; never the machine players' position */
  readonly details: Readonly<Record<string, unknown>>;
}

export function stepPageView(view: EngineView): StepPageView {
  const { map, summary, tables } = boardOf(view.board);
  const { summary: _s, map: _m, tables: _t, [MACHINE_POSITION]: _p, ...details } = (view.board ?? {}) as Record<string, unknown>;
  return {
    knowledge: [...(view.result ? [`Game over. Winner: ${view.result.winner ?? 'none'}. ${view.result.summary}`] : []), ...summary],
    tables: (tables ?? []).map((t) => ({ title: t.title, side: t.side, columns: t.columns, rows: t.rows })),
    map: map ?? null,
    next: view.step ? { title: view.step.title, awaiting: view.awaiting ?? [] } : null,
    orders: Object.entries(view.orders ?? {}).map(([side, st]) => `${side}: ${ordersLine(st)}`),
    standing: Object.entries(view.standing ?? {}).map(([side, text]) => `${side}: ${text}`),
    details,
  };
}

function ordersLine(st: OrdersStatus): string {
  switch (st.status) {
    case 'awaited':
      return 'awaited';
    case 'sealed':
      return `sealed: ${st.note}`;
    case 'accepted':
      return `received at ${st.receivedAt}${st.orders ? `: ${st.orders.replace(/\s*\n\s*/g, '; ')}` : ''}`;
    default:
      return 'answered by standing instructions';
  }
}
