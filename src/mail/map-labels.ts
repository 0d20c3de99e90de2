/**
 * Where each place's label goes on the map (issue 28: labels that never overlap), for any board:
 * its name, then its units by type a line each side. Placed greedily, the places in map order: the
 * side the place asks for first (labelAt), then right, left, below, above, then the same moved down
 * or up a line at a time: near its marker, the first spot that overlaps no label placed before, no
 * place marker and no cell; failing that, near it, one that overlaps no label nor marker (a cell's
 * corner is a lesser evil than two labels on each other); failing that, as far as it takes. A label
 * moved from its marker gets a leader line. Pure and deterministic.
 */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface LabelSpot extends Box {
  /** the label was moved away from its marker: a leader line joins them */
  readonly moved: boolean;
}

export interface LabelToPlace {
  /** the place marker's centre */
  readonly at: { readonly x: number; readonly y: number };
  readonly w: number;
  readonly h: number;
  readonly prefer: 'right' | 'left' | 'above' | 'below';
}

const MARKER = 7;
const GAP = 4;
/** How far (in lines) a label moves to keep clear of cells too. */
const NEAR = 3;
/** How far (in lines) a label may move at most to keep clear of other labels and markers. */
const MAX_SHIFT = 40;

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function spot(l: LabelToPlace, side: LabelToPlace['prefer'], dy: number): Box {
  const { x, y } = l.at;
  switch (side) {
    case 'right':
      return { x: x + MARKER + 3, y: y - 8 + dy, w: l.w, h: l.h };
    case 'left':
      return { x: x - MARKER - 3 - l.w, y: y - 8 + dy, w: l.w, h: l.h };
    case 'below':
      return { x: x - l.w / 2, y: y + MARKER + 2 + dy, w: l.w, h: l.h };
    case 'above':
      return { x: x - l.w / 2, y: y - MARKER - 2 - l.h - dy, w: l.w, h: l.h };
  }
}

/** A spot for every label, in the order given; `cells` are the boxes labels should keep out of. */
export function placeLabels(labels: readonly LabelToPlace[], cells: readonly Box[], lineHeight: number): LabelSpot[] {
  const markers: Box[] = labels.map((l) => ({ x: l.at.x - MARKER, y: l.at.y - MARKER, w: 2 * MARKER, h: 2 * MARKER }));
  const placed: Box[] = [];
  const pad = (b: Box): Box => ({ x: b.x - GAP / 2, y: b.y - GAP / 2, w: b.w + GAP, h: b.h + GAP });
  return labels.map((l, i) => {
    const sides = [l.prefer, ...(['right', 'left', 'below', 'above'] as const).filter((s) => s !== l.prefer)];
    const candidates = (upTo: number) => {
      const out: { box: Box; moved: boolean }[] = [];
      for (let k = 0; k <= upTo; k++)
        for (const dy of k === 0 ? [0] : [k * lineHeight, -k * lineHeight])
          for (const s of sides) out.push({ box: spot(l, s, dy), moved: k > 0 });
      return out;
    };
    const free = (b: Box, avoidCells: boolean) =>
      !placed.some((p) => overlaps(pad(b), p)) &&
      !markers.some((m, j) => j !== i && overlaps(b, m)) &&
      !(avoidCells && cells.some((c) => overlaps(b, c)));
    // near its marker and clear of everything; else near it over a cell's corner; else as far as it takes
    const chosen =
      candidates(NEAR).find((c) => free(c.box, true)) ??
      candidates(NEAR).find((c) => free(c.box, false)) ??
      candidates(MAX_SHIFT).find((c) => free(c.box, false)) ??
      candidates(0)[0];
    placed.push(chosen.box);
    return { ...chosen.box, moved: chosen.moved };
  });
}
