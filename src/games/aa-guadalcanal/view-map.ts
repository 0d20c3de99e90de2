/**
 * What a view shows of the board, in one place: the pieces the viewer sees (each with its cargo),
 * which the view lists by zone (`zones`) and draws as the report's map (`map`: a board map,
 * src/engine/board-view.ts), and the sentences of "What you know" (`summary`). Both sides
 * and the referee see the whole board: the basic game is open, and with hidden movement a sealed
 * sea move is no part of the state until both sides' are revealed (the engine keeps it sealed);
 * each side's HITS list stays out of the map and the summary (it is its side's private table).
 */
import { ADVANTAGES, ISLANDS, piecesPicture } from './box';
import type { BoardMap } from '../../engine/board-view';
import { DAMAGED, type Airfield, type GSide, type GState, type Piece, SIDE_ORDER } from './types';
import { islandsControlled } from './world';

/** A piece as the viewer sees it: where it is, and what it carries (cargo, fighters aboard). */
export interface SeenPiece {
  readonly piece: Piece;
  readonly cargo: readonly Piece[];
}

/** Every piece not aboard another, in board order, with its cargo. */
export function seenPieces(s: GState): SeenPiece[] {
  return s.pieces.filter((p) => p.on === null).map((piece) => ({ piece, cargo: s.pieces.filter((c) => c.on === piece.id) }));
}

/**
 * The map from the seen pieces: zones, islands in their controller's colour, airfields and free
 * slots, each side's pieces by type (cargo aboard named), the damaged area by each base; the
 * caption says the layout is reconstructed (box/map-layout.ts).
 */
export function boardMap(s: GState, seen: readonly SeenPiece[], airfields: readonly Airfield[]): BoardMap {
  const pieces = seen.flatMap(({ piece, cargo }) => [
    { side: piece.side, type: piece.type, zone: piece.zone },
    ...cargo.map((c) => ({ side: c.side, type: c.type, zone: piece.zone, aboard: true })),
  ]);
  return piecesPicture(s.box, { pieces, control: s.control, airfields });
}

const list = (xs: readonly string[]) => xs.join(', ') || 'none';

/** The "What you know" sentences: turn and first player, VP, reinforcement points, islands, airfields, damaged area, advantages (a side's own HITS list is its private table, view.ts). */
export function summaryOf(s: GState, seen: readonly SeenPiece[]): string[] {
  const c = s.box.constants;
  const perSide = (f: (side: GSide) => string) => SIDE_ORDER.map((side) => `${side} ${f(side)}`).join('; ');
  const damaged = (side: GSide) =>
    list(seen.filter(({ piece }) => piece.side === side && piece.zone === DAMAGED).map(({ piece }) => piece.id));
  // islands in the box's order, never the key order of a stored state (JSONB re-sorts keys)
  const islands = (side: GSide) => list(ISLANDS.filter((i) => s.control[i] === side));
  const airfield = (a: Airfield) => `${a.side}${a.damaged ? ' damaged' : ''}`;
  const fields = [...new Set(s.airfields.map((a) => a.island))].map(
    (i) =>
      `${i} (${s.airfields
        .filter((a) => a.island === i)
        .map(airfield)
        .join(', ')})`,
  );
  const tokens = (side: GSide) => list(ADVANTAGES.flatMap((a) => (s.tokens[side][a] ? [`${a} ${s.tokens[side][a]}`] : [])));
  const lines = [
    `Turn ${s.turn}; first player: ${s.first} (REG.6).`,
    `Victory points: ${perSide((side) => String(s.vp[side]))}; ${c.victoryPoints} win (WIN).`,
    `Reinforcement points at Regroup: ${perSide((side) => String(c.reinforceBase + c.reinforcePerIsland * islandsControlled(s, side)))} (REG.4a).`,
    `Islands controlled: ${perSide(islands)} (REG.1).`,
    `Airfields: ${list(fields)} (REG.3, REG.5).`,
    `Damaged area, waiting for repair: ${perSide(damaged)} (REG.4b).`,
  ];
  if (Object.keys(s.tokens.axis).length + Object.keys(s.tokens.allies).length)
    lines.push(`Advantage tokens left: ${perSide(tokens)} (App. 1).`);
  for (const a of s.active) lines.push(`In force this turn: ${a.side} ${a.advantage}${a.at ? ` at ${a.at}` : ''} (ADV.${a.advantage}).`);
  if (s.winner) lines.push(`${s.winner} has won (REG.5).`);
  return lines;
}
