/**
 * The board map (src/engine/board-view.ts) from the box data: sea zones and base-card sea zones as
 * area cells joined where sea units may cross, islands and base land zones as places in their
 * controller's colour, with their airfields and free slots as markers and the damaged area as
 * damage. Positions come from the box's `layout` (reconstructed). `setupPicture` draws the box's
 * starting position.
 */
import type { AreaCell, BoardMap, MapBattle as Battle, MapPlace, MapUnitCount } from '../../../engine/board-view';
import type { GuadalcanalBoxData, GuadalcanalSide, IslandId, UnitType, ZoneId } from './schema';
import { SIDES, UNIT_TYPES, ZONE_IDS } from './schema';

export interface BoardContents {
  /** each side's units in a zone (a label such as "1 BB, 2 DD") */
  readonly units?: Partial<Record<ZoneId, readonly MapUnitCount[]>>;
  /** island control; absent: nobody's colour */
  readonly control?: Partial<Record<IslandId, GuadalcanalSide | null>>;
  readonly battles?: Partial<Record<ZoneId, Battle>>;
  /** markers on a zone, e.g. "airfield US damaged", "1 slot free" */
  readonly markers?: Partial<Record<ZoneId, readonly string[]>>;
  /** each side's damaged units waiting by a zone (the damaged area beside a base) */
  readonly damage?: Partial<Record<ZoneId, readonly MapUnitCount[]>>;
}

export const MAP_NOTE =
  "Schematic layout reconstructed by the umpire from the game box's zones and borders (stand-in board where no source has it): not the published A&A Guadalcanal board.";

export const MAP_SIDES = [
  { id: 'axis', name: 'Axis (Japan)', short: 'JP', colour: '#8d5524' },
  { id: 'allies', name: 'Allies (US)', short: 'US', colour: '#2e7d32' },
] as const;

const isSeaKind = (k: string) => k === 'sea' || k === 'base-sea';

export function boardPicture(box: GuadalcanalBoxData, contents: BoardContents = {}): BoardMap {
  // in the schema's order, never the key order of a stored box (PostgreSQL's JSONB re-sorts keys)
  const ids = ZONE_IDS.filter((z) => z in box.zones);
  const extras = (z: ZoneId) => ({
    ...(contents.markers?.[z]?.length ? { markers: contents.markers[z] } : {}),
    ...(contents.damage?.[z]?.length ? { damage: contents.damage[z] } : {}),
  });
  const seaIds = ids.filter((z) => isSeaKind(box.zones[z].kind));
  const cells = seaIds.map((z): AreaCell => {
    const zone = box.zones[z];
    return {
      kind: 'area',
      name: zone.kind === 'sea' ? z : zone.name,
      x: box.layout[z].x,
      y: box.layout[z].y,
      units: contents.units?.[z] ?? [],
      // sea zones have no controller (no control line drawn); a base card's sea zone is its side's
      ...(zone.kind === 'base-sea' ? { control: zone.side } : {}),
      battle: contents.battles?.[z] ?? null,
      ...extras(z),
    };
  });
  const cellName = new Map(seaIds.map((z, i) => [z, cells[i].name]));
  const links = ids.flatMap((a) =>
    box.zones[a].adjacent
      .filter((b) => a < b && cellName.has(a) && cellName.has(b))
      .map((b) => ({ a: cellName.get(a)!, b: cellName.get(b)! })),
  );
  const places = ids
    .filter((z) => !isSeaKind(box.zones[z].kind))
    .map((z): MapPlace => {
      const zone = box.zones[z];
      const owner = zone.kind === 'base-land' ? zone.side : (contents.control?.[z as IslandId] ?? null);
      return {
        name: zone.name,
        kind: zone.kind === 'base-land' ? 'port' : 'base',
        owner,
        touches: zone.adjacent.filter((n) => cellName.has(n)).map((n) => cellName.get(n)!),
        x: box.layout[z].x,
        y: box.layout[z].y,
        ...(box.layout[z].labelAt ? { labelAt: box.layout[z].labelAt } : {}),
        units: contents.units?.[z] ?? [],
        ...extras(z),
      };
    });
  return { cells, links, places, sides: MAP_SIDES, note: MAP_NOTE, placeLinks: true, placeUnits: true };
}

/** A piece type as drawn: a unit of the table, a supply token, a PT boat (ADV.pt-boats). */
type PictureType = UnitType | 'SUP' | 'PT';

/** "2 INF, 1 ART": counts by type in the unit table's order. */
function label(counts: Map<PictureType, number>, order: readonly PictureType[]): string {
  return order.flatMap((t) => (counts.get(t) ? [`${counts.get(t)} ${t}`] : [])).join(', ');
}

/**
 * A piece as the picture counts it: `zone` may be a zone id or `damaged` (its side's base damaged
 * area); `aboard` for cargo on a transport or destroyer and fighters on a carrier.
 */
export interface PicturePiece {
  readonly side: GuadalcanalSide;
  readonly type: PictureType;
  readonly zone: string;
  readonly aboard?: boolean;
}

export interface PiecesOnBoard {
  readonly pieces: readonly PicturePiece[];
  readonly control: Partial<Record<IslandId, GuadalcanalSide | null>>;
  readonly airfields: readonly { readonly island: IslandId; readonly side: GuadalcanalSide; readonly damaged: boolean }[];
  readonly battles?: Partial<Record<ZoneId, Battle>>;
}

const BASE_LAND = { axis: 'Rabaul', allies: 'New-Caledonia' } as const;

const tally = (pieces: readonly PicturePiece[]) => {
  const m = new Map<PictureType, number>();
  for (const x of pieces) m.set(x.type, (m.get(x.type) ?? 0) + 1);
  return m;
};

/**
 * The board with its pieces, for a report: each side's units by zone by type ("2 TR, 1 DD; aboard
 * 3 INF, 1 SUP": cargo and fighters aboard counted in their carrier's zone; supplies in the label,
 * not the count), airfields (and free airfield slots) and the damaged area named beside their
 * island or base.
 */
export function piecesPicture(box: GuadalcanalBoxData, on: PiecesOnBoard) {
  const order: PictureType[] = [...UNIT_TYPES.filter((t) => t in box.units), 'PT', 'SUP'];
  const units: Partial<Record<ZoneId, MapUnitCount[]>> = {};
  const markers: Partial<Record<ZoneId, string[]>> = {};
  const damage: Partial<Record<ZoneId, MapUnitCount[]>> = {};
  const note = (z: ZoneId, text: string) => void (markers[z] ??= []).push(text);
  for (const side of SIDES) {
    const byZone = new Map<string, PicturePiece[]>();
    for (const x of on.pieces.filter((y) => y.side === side)) byZone.set(x.zone, [...(byZone.get(x.zone) ?? []), x]);
    for (const [z, here] of byZone) {
      if (z === 'damaged') (damage[BASE_LAND[side]] ??= []).push({ side, count: here.length, label: label(tally(here), order) });
      else if (z in box.zones) {
        const count = here.filter((x) => x.type !== 'SUP').length;
        const aboard = label(tally(here.filter((x) => x.aboard)), order);
        const words = [label(tally(here.filter((x) => !x.aboard)), order), ...(aboard ? [`aboard ${aboard}`] : [])];
        (units[z as ZoneId] ??= []).push({ side, count, label: words.filter(Boolean).join('; ') });
      }
    }
  }
  for (const a of on.airfields) note(a.island, `airfield ${MAP_SIDES.find((x) => x.id === a.side)!.short}${a.damaged ? ' damaged' : ''}`);
  for (const z of ZONE_IDS) {
    const zone = box.zones[z];
    if (zone?.kind !== 'island') continue;
    const free = zone.airfieldSlots - on.airfields.filter((a) => a.island === z).length;
    const what = free === zone.airfieldSlots ? ' airfield' : '';
    if (free > 0) note(z as ZoneId, `${free}${what} slot${free > 1 ? 's' : ''} free`);
  }
  return boardPicture(box, { units, control: on.control, markers, damage, battles: on.battles });
}

/** The box's starting position: each side's pieces (cargo and fighters aboard included) and supplies. */
export function setupPicture(box: GuadalcanalBoxData) {
  const pieces: PicturePiece[] = [];
  const put = (side: GuadalcanalSide, zone: ZoneId, type: PictureType, n: number, aboard = false) => {
    for (let i = 0; i < n; i++) pieces.push({ side, zone, type, aboard });
  };
  for (const x of box.setup.pieces) {
    put(x.side, x.zone, x.type, x.count);
    for (const c of x.cargo ?? []) put(x.side, x.zone, c.type, c.count * x.count, true);
    if (x.fighters) put(x.side, x.zone, 'FTR', x.fighters * x.count, true);
  }
  for (const s of box.setup.supplies) put(s.side, s.zone, 'SUP', s.count);
  return piecesPicture(box, { pieces, control: box.setup.control, airfields: box.setup.airfields });
}
