/** 1.4: the range between two squares, centre to centre in squares, rounded up (5 across and 1 up: 5.099, so 6). */
export interface Square {
  readonly col: number;
  readonly row: number;
}

export function range(a: Square, b: Square): number {
  const d = Math.hypot(a.col - b.col, a.row - b.row);
  // a whole distance stays whole (3 across and 4 up is 5), whatever the float error
  return Math.max(0, Math.ceil(d - 1e-9)); // never -0 on the same square (JSON writes -0 as 0)
}
