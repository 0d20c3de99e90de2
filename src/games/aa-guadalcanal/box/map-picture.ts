/**
 * The map picture of the board from the box data, in the shape the report's map pipeline draws
 * (MapPicture of src/mail/map-svg.ts, declared here structurally so the rules import nothing from
 * mail): sea zones and base-card sea zones as boxes joined where sea units may cross, islands and
 * base land zones as markers in their controller's colour. Positions come from the box's `layout`
 * (reconstructed). `setupPicture` draws the box's starting position.
 */
import type { GuadalcanalBoxData, GuadalcanalSide, IslandId, UnitType, ZoneId } from './schema';
import { SIDES } from './schema';

export interface MapUnitCount {
  readonly side: string;
  readonly count: number;
  readonly label?: string;
}
type Battle = 'now' | 'due' | 'fought';

export interface BoardContents {
  /** each side's units in a zone (a label such as "1 BB, 2 DD") */
  readonly units?: Partial<Record<ZoneId, readonly MapUnitCount[]>>;
  /** island control; absent: nobody's colour */
  readonly control?: Partial<Record<IslandId, GuadalcanalSide | null>>;
  readonly battles?: Partial<Record<ZoneId, Battle>>;
  /** words added to a zone's name, e.g. airfields "AF: US, JP (damaged)" */
  readonly notes?: Partial<Record<ZoneId, string>>;
}

export const MAP_NOTE =
  "Schematic layout drawn by the umpire from the game box's zones and borders (stand-in board where no source has it): not the published A&A Guadalcanal board.";

export const MAP_SIDES = [
  { id: 'axis', name: 'Axis (Japan)', short: 'JP', colour: '#8d5524' },
  { id: 'allies', name: 'Allies (US)', short: 'US', colour: '#2e7d32' },
] as const;

const isSeaKind = (k: string) => k === 'sea' || k === 'base-sea';

export function boardPicture(box: GuadalcanalBoxData, contents: BoardContents = {}) {
  const ids = Object.keys(box.zones) as ZoneId[];
  const named = (z: ZoneId, name: string) => (contents.notes?.[z] ? `${name} ${contents.notes[z]}` : name);
  const areas = ids
    .filter((z) => isSeaKind(box.zones[z].kind))
    .map((z) => {
      const zone = box.zones[z];
      return {
        area: named(z, zone.kind === 'sea' ? z : zone.name),
        x: box.layout[z].x,
        y: box.layout[z].y,
        units: contents.units?.[z] ?? [],
        controlledBy: zone.kind === 'base-sea' ? zone.side : null,
        battle: contents.battles?.[z] ?? null,
      };
    });
  const areaName = new Map(ids.filter((z) => isSeaKind(box.zones[z].kind)).map((z, i) => [z, areas[i].area]));
  const links = ids.flatMap((a) =>
    box.zones[a].adjacent
      .filter((b) => a < b && areaName.has(a) && areaName.has(b))
      .map((b) => ({ a: areaName.get(a)!, b: areaName.get(b)! })),
  );
  const places = ids
    .filter((z) => !isSeaKind(box.zones[z].kind))
    .map((z) => {
      const zone = box.zones[z];
      const owner = zone.kind === 'base-land' ? zone.side : (contents.control?.[z as IslandId] ?? null);
      return {
        name: named(z, zone.name),
        kind: zone.kind === 'base-land' ? ('port' as const) : ('base' as const),
        owner,
        touches: zone.adjacent.filter((n) => areaName.has(n)).map((n) => areaName.get(n)!),
        x: box.layout[z].x,
        y: box.layout[z].y,
        ...(box.layout[z].labelAt ? { labelAt: box.layout[z].labelAt } : {}),
        units: contents.units?.[z] ?? [],
      };
    });
  return { areas, links, places, sides: MAP_SIDES, note: MAP_NOTE, placeLinks: true };
}

/** "2 INF, 1 ART": counts by type in the unit table's order. */
function label(counts: Map<UnitType | 'SUP', number>, order: readonly (UnitType | 'SUP')[]): string {
  return order.flatMap((t) => (counts.get(t) ? [`${counts.get(t)} ${t}`] : [])).join(', ');
}

/** A piece as the picture counts it: `zone` may be a zone id or `damaged` (its side's base damaged area). */
export interface PicturePiece {
  readonly side: GuadalcanalSide;
  readonly type: UnitType | 'SUP';
  readonly zone: string;
}

export interface PiecesOnBoard {
  readonly pieces: readonly PicturePiece[];
  readonly control: Partial<Record<IslandId, GuadalcanalSide | null>>;
  readonly airfields: readonly { readonly island: IslandId; readonly side: GuadalcanalSide; readonly damaged: boolean }[];
  readonly battles?: Partial<Record<ZoneId, Battle>>;
}

const BASE_LAND = { axis: 'Rabaul', allies: 'New-Caledonia' } as const;

/**
 * The board with its pieces, for a report: each side's units by zone (cargo and fighters aboard
 * counted in their carrier's zone; supplies in the label, not the count), airfields and damaged
 * units named beside their island or base.
 */
export function piecesPicture(box: GuadalcanalBoxData, on: PiecesOnBoard) {
  const order = [...(Object.keys(box.units) as UnitType[]), 'SUP' as const];
  const units: Partial<Record<ZoneId, MapUnitCount[]>> = {};
  const notes: Partial<Record<ZoneId, string[]>> = {};
  const note = (z: ZoneId, text: string) => void (notes[z] ??= []).push(text);
  for (const side of SIDES) {
    const byZone = new Map<string, Map<UnitType | 'SUP', number>>();
    for (const x of on.pieces.filter((y) => y.side === side)) {
      const m = byZone.get(x.zone) ?? new Map();
      m.set(x.type, (m.get(x.type) ?? 0) + 1);
      byZone.set(x.zone, m);
    }
    for (const [z, m] of byZone) {
      if (z === 'damaged') note(BASE_LAND[side], `damaged: ${label(m, order)}`);
      else if (z in box.zones) {
        const count = [...m].filter(([t]) => t !== 'SUP').reduce((n, [, k]) => n + k, 0);
        (units[z as ZoneId] ??= []).push({ side, count, label: label(m, order) });
      }
    }
  }
  for (const a of on.airfields) note(a.island, `airfield ${MAP_SIDES.find((x) => x.id === a.side)!.short}${a.damaged ? ' damaged' : ''}`);
  const joined = Object.fromEntries(Object.entries(notes).map(([z, list]) => [z, `[${list!.join('; ')}]`]));
  return boardPicture(box, { units, control: on.control, notes: joined, battles: on.battles });
}

/** The box's starting position: each side's pieces (cargo and fighters aboard included) and supplies. */
export function setupPicture(box: GuadalcanalBoxData) {
  const pieces: PicturePiece[] = [];
  const put = (side: GuadalcanalSide, zone: ZoneId, type: UnitType | 'SUP', n: number) => {
    for (let i = 0; i < n; i++) pieces.push({ side, zone, type });
  };
  for (const x of box.setup.pieces) {
    put(x.side, x.zone, x.type, x.count);
    for (const c of x.cargo ?? []) put(x.side, x.zone, c.type, c.count * x.count);
    if (x.fighters) put(x.side, x.zone, 'FTR', x.fighters * x.count);
  }
  for (const s of box.setup.supplies) put(s.side, s.zone, 'SUP', s.count);
  return piecesPicture(box, { pieces, control: box.setup.control, airfields: box.setup.airfields });
}
