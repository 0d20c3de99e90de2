/**
 * The board view, owned by the engine: the shape of a report's map (a MapPicture, or just its
 * areas) that a ruleset's view supplies, and that the mail layer draws (src/mail/map-svg.ts) and
 * writes as lines (map-text.ts) for any game. Games and mail both import it from here.
 */

export interface MapUnitCount {
  readonly side: string;
  readonly count: number;
  /** Short description, e.g. "2 CV, 1 BB". */
  readonly label?: string;
}

/** `now`: the battle being fought; `due`: combat still to come this turn; `fought`: done this turn. */
export type MapBattle = 'now' | 'due' | 'fought';

export interface MapArea {
  readonly area: string;
  /** Centre in map units (10 px each); missing positions are laid out on a grid. */
  readonly x?: number;
  readonly y?: number;
  readonly units: readonly MapUnitCount[];
  /** Who holds it (null: nobody); absent: a board whose sea areas nobody holds (no control line drawn). */
  readonly controlledBy?: string | null;
  readonly battle?: MapBattle | null;
}

export interface MapPlace {
  readonly name: string;
  readonly kind: 'port' | 'base';
  readonly owner: string | null;
  /** The areas it touches. */
  readonly touches: readonly string[];
  /** Position in map units; missing = between the areas it touches. */
  readonly x?: number;
  readonly y?: number;
  /** Where its name goes beside the marker (default right). */
  readonly labelAt?: 'right' | 'left' | 'above' | 'below';
  /** Units in it (each side's). */
  readonly units?: readonly MapUnitCount[];
}

export interface MapLink {
  readonly a: string;
  readonly b: string;
  /** A control point (map units) to bend the line around areas in the way. */
  readonly via?: { readonly x: number; readonly y: number };
}

export interface MapSide {
  readonly id: string;
  readonly name: string;
  /** A letter or two printed before the side's units (default: the name's first letter). */
  readonly short?: string;
  readonly colour?: string;
}

export interface MapPicture {
  readonly areas: readonly MapArea[];
  readonly links?: readonly MapLink[];
  readonly places?: readonly MapPlace[];
  readonly sides?: readonly MapSide[];
  /** A caption under the legend (e.g. that the layout is schematic). */
  readonly note?: string;
  /** Draw a dashed line from each place to each area it touches (islands on a board where that is the adjacency). */
  readonly placeLinks?: boolean;
  /**
   * List each place's units by type under its name (places that are zones of their own, such as
   * islands with land units), and write places in the text lines; without it a place shows only
   * how many units it holds.
   */
  readonly placeUnits?: boolean;
}

/** A report's map: a whole picture, or only its areas. */
export type MapData = MapPicture | readonly MapArea[];

export function asPicture(map: MapData): MapPicture {
  return isAreaList(map) ? { areas: map } : map;
}

function isAreaList(map: MapData): map is readonly MapArea[] {
  return Array.isArray(map);
}
