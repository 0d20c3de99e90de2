/**
 * The board view, owned by the engine (issue 25): the typed part of every side's view that the
 * umpire shows without knowing the game. A ruleset's `view(state, viewer)` returns a SideView: a
 * BoardView (what the mail layer, the game pages and the CLI read, generically) plus whatever
 * details of its own the game keeps beside it (fog-of-war data, shown raw on the game page).
 *
 * - `summary`: the news a side reads first ("What you know": points, control, losses), sentences.
 * - `tables`: private tables (title, columns, rows), each naming the side it belongs to; the engine
 *   keeps a table only in that side's view (and the referee's): views.ts `keepPrivateTables`.
 * - `map`: the board as cells (sea or land `area`s, `hex`es of a grid the kit lays out, or
 *   `square`s), each with its units per side, its controller, its markers and its damage; places
 *   (ports, bases, islands) and links between cells; the sides' names and colours; a caption.
 *
 * src/mail/map-svg.ts draws any map (areas as boxes, hexes and squares as polygons) and
 * src/mail/map-text.ts writes it as lines; games and mail both import the types from here.
 */
import type { HexGridSpec } from '../games/kit/hex';

/** One side's units in a cell or place. */
export interface MapUnitCount {
  readonly side: string;
  readonly count: number;
  /** Short description, e.g. "2 CV, 1 BB". */
  readonly label?: string;
}

/** `now`: the battle being fought; `due`: combat still to come this turn; `fought`: done this turn. */
export type MapBattle = 'now' | 'due' | 'fought';

/** What every kind of cell has. */
interface CellContents {
  /** The cell's name as the players know it (an area's name, a hex's id and feature); links and places name cells by it. */
  readonly name: string;
  readonly units: readonly MapUnitCount[];
  /** Who holds it (null: nobody); absent: a cell nobody can hold (no control line drawn). */
  readonly control?: string | null;
  readonly battle?: MapBattle | null;
  /** Markers the game puts on the cell, as words ("airfield US damaged", "2 slots free", "task force A"). */
  readonly markers?: readonly string[];
  /** Each side's damaged units there (out of play until repaired), e.g. `{ side, count: 1, label: '1 CV' }`. */
  readonly damage?: readonly MapUnitCount[];
}

/** An area of an area-movement map: drawn as a box. */
export interface AreaCell extends CellContents {
  readonly kind: 'area';
  /** Centre in map units (10 px each); missing positions are laid out on a grid. */
  readonly x?: number;
  readonly y?: number;
}

/** A hex of the map's `hexGrid`, by its printed id ("0812"): drawn as a hexagon where the grid puts it. */
export interface HexCell extends CellContents {
  readonly kind: 'hex';
  readonly hex: string;
}

/** A square of a square grid, by column and row from the top left: drawn as a square. */
export interface SquareCell extends CellContents {
  readonly kind: 'square';
  readonly col: number;
  readonly row: number;
}

export type BoardCell = AreaCell | HexCell | SquareCell;

/** A port, base or island beside the cells (a marker with its name, owner and units). */
export interface MapPlace {
  readonly name: string;
  readonly kind: 'port' | 'base';
  readonly owner: string | null;
  /** The cells it touches, by name. */
  readonly touches: readonly string[];
  /** Position in map units; missing = between the cells it touches. */
  readonly x?: number;
  readonly y?: number;
  /** Where its name goes beside the marker (default right). */
  readonly labelAt?: 'right' | 'left' | 'above' | 'below';
  /** Units in it (each side's). */
  readonly units?: readonly MapUnitCount[];
  /** As a cell's: words written beside its name ("airfield JP", "1 slot free"). */
  readonly markers?: readonly string[];
  /** As a cell's: each side's damaged units there. */
  readonly damage?: readonly MapUnitCount[];
}

export interface MapLink {
  /** Cell names. */
  readonly a: string;
  readonly b: string;
  /** A control point (map units) to bend the line around cells in the way. */
  readonly via?: { readonly x: number; readonly y: number };
}

export interface MapSide {
  readonly id: string;
  readonly name: string;
  /** A letter or two printed before the side's units (default: the name's first letter). */
  readonly short?: string;
  readonly colour?: string;
}

/** The grid of a hex map: how its hexes stand (the kit's HexGridSpec), which hexes the sheet has, their size. */
export interface BoardHexGrid extends HexGridSpec {
  /** Every hex printed on the sheet, outlined even when empty (default: the hex cells'). */
  readonly hexes?: readonly string[];
  /** Centre to corner, in map units (default 7: a hexagon 140 px across). */
  readonly size?: number;
}

export interface BoardMap {
  readonly cells: readonly BoardCell[];
  readonly links?: readonly MapLink[];
  readonly places?: readonly MapPlace[];
  readonly sides?: readonly MapSide[];
  /** Required when any cell is a hex. */
  readonly hexGrid?: BoardHexGrid;
  /** A square's side in map units (default 14). */
  readonly squareSize?: number;
  /** A caption under the legend (e.g. that the layout is schematic). */
  readonly note?: string;
  /** Draw a dashed line from each place to each cell it touches (islands on a board where that is the adjacency). */
  readonly placeLinks?: boolean;
  /**
   * List each place's units by type under its name (places that are zones of their own, such as
   * islands with land units), and write places in the text lines; without it a place shows only
   * how many units it holds.
   */
  readonly placeUnits?: boolean;
}

/** A private table: one side's own facts laid out in rows (its forces, its casualty order). */
export interface BoardTable {
  readonly title: string;
  /** The side whose table it is: no other side's view holds it (the referee's holds every side's). */
  readonly side: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
}

/** What the umpire shows of a side's view without knowing the game. */
export interface BoardView {
  /** The news the side reads first: points, control, losses, what is awaited. */
  readonly summary: readonly string[];
  readonly tables?: readonly BoardTable[];
  readonly map?: BoardMap;
}

/** A ruleset's view: the BoardView, and the game's own details beside it. */
export type SideView = BoardView & { readonly [detail: string]: unknown };

/**
 * The board view of a view as it reaches the umpire's edges: typed, and tolerant of a view that
 * lost parts on the way (an observer's is the part every side's view shares, src/services/game-page/
 * common-view.ts, so a cell may have lost its units or a summary some sentences).
 */
export function boardOf(view: unknown): BoardView {
  const v = (view ?? {}) as Partial<Record<keyof BoardView, unknown>>;
  const summary = Array.isArray(v.summary) ? v.summary.map(String) : [];
  const tables = Array.isArray(v.tables) ? v.tables.filter(isTable) : [];
  const map = mapOf(v.map);
  return { summary, ...(tables.length ? { tables } : {}), ...(map ? { map } : {}) };
}

function isTable(t: unknown): t is BoardTable {
  const x = t as Partial<BoardTable> | null;
  return typeof x?.title === 'string' && typeof x.side === 'string' && Array.isArray(x.columns) && Array.isArray(x.rows);
}

function mapOf(map: unknown): BoardMap | null {
  const m = map as Partial<BoardMap> | null | undefined;
  if (!m || !Array.isArray(m.cells)) return null;
  const cells = (m.cells as Partial<BoardCell>[])
    .filter((c) => typeof c.name === 'string' && (c.kind === 'area' || c.kind === 'hex' || c.kind === 'square'))
    .filter((c) => c.kind !== 'hex' || (typeof c.hex === 'string' && m.hexGrid))
    .map((c) => ({ ...c, units: Array.isArray(c.units) ? c.units : [] }) as BoardCell);
  return cells.length ? { ...m, cells } : null;
}

/** The tables of `view` the viewer may read: its own side's (the referee: every side's). */
export function keepPrivateTables<V>(view: V, viewer: string): V {
  const tables = (view as Partial<BoardView> | null)?.tables;
  if (viewer === 'referee' || !Array.isArray(tables)) return view;
  const own = tables.filter((t) => t.side === viewer);
  return own.length === tables.length ? view : { ...view, tables: own };
}
