/** A private table (src/engine/board-view.ts BoardTable) as plain text: its columns padded to line up, a rule under the header. */
import type { BoardTable } from '../engine/board-view';

export function renderTableText(t: BoardTable): string[] {
  const cells = [t.columns, ...t.rows].map((row) => row.map(String));
  const widths = t.columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) =>
    widths
      .map((w, i) => (row[i] ?? '').padEnd(w))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)];
}
