/**
 * The board view (src/engine/board-view.ts) of a side's fog data: the summary a player reads
 * first, its own forces as a private table, and the hex map with each TF, base and submarine marker
 * where the viewer knows it. Drawn from the fog data alone, so it can show nothing the fog hides.
 */
import type { BoardCell, BoardMap, BoardTable, BoardView, MapPlace, MapUnitCount } from '../../engine/board-view';
import type { CoralBox, CoralSide } from './box/schema';
import type { CoralFog, ShipSeen, TfSeen } from './view';

const COLOUR: Record<CoralSide, string> = { usn: '#2c6fbb', ijn: '#c0392b' };
const NAME: Record<CoralSide, string> = { usn: 'USN', ijn: 'IJN' };

/** `CV-2, 3 CA, 2 DD` for known ships; `2 carriers, 4 warships` for backs. */
export function shipsLabel(ships: readonly ShipSeen[]): string {
  const words: string[] = [];
  const count = (items: string[]) => {
    const seen = new Map<string, number>();
    for (const i of items) seen.set(i, (seen.get(i) ?? 0) + 1);
    return [...seen].map(([k, n]) => (n > 1 ? `${n} ${k}` : k));
  };
  words.push(...count(ships.filter((s) => s.type).map((s) => `${s.type}${s.status && s.status !== 'ok' ? ` (${s.status})` : ''}`)));
  const backs = ships.filter((s) => !s.type).map((s) => s.back);
  words.push(...count(backs).map((w) => (/^\d/.test(w) ? `${w}s` : `1 ${w}`)));
  return words.join(', ') || 'no ships';
}

const tfLine = (tf: TfSeen): string =>
  `${tf.id} (${tf.identified ? 'identified' : 'unidentified'})${tf.ships ? `: ${shipsLabel(tf.ships)}` : ''}`;

function summary(f: CoralFog): string[] {
  const lines = [`${f.label} (turn ${f.turn} of ${f.lastTurn})${f.result ? ': the game is over' : ''}.`];
  lines.push(`Victory points: USN ${f.vp.usn}, IJN ${f.vp.ijn} (6.1).`);
  lines.push(
    `IJN panic ${f.panic.level} of 10${f.panic.panicked ? ': panic has set in (9.3)' : ''}; leadership chits USN ${f.chits.usn}, IJN ${f.chits.ijn}.`,
  );
  lines.push(`Weather ${f.weather}${f.initiative ? `; initiative ${NAME[f.initiative]}` : ''}.`);
  if (f.cp) {
    const sl = f.cp.slots;
    lines.push(
      `Command points: organization ${sl.organization}, intelligence ${sl.intelligence}, operations ${sl.operations}, logistics ${sl.logistics} (7).`,
    );
  }
  for (const tf of f.taskForces.filter((t) => t.hex !== null)) lines.push(`${NAME[tf.side]} ${tfLine(tf)} in ${tf.hex}.`);
  for (const tf of f.taskForces.filter((t) => t.hex === null && t.arrives !== undefined && !t.gone))
    lines.push(`${NAME[tf.side]} ${tf.id} arrives on turn ${tf.arrives}.`);
  for (const sub of f.submarines.filter((x) => x.hex !== null))
    lines.push(
      `Submarine marker ${sub.marker} in ${sub.hex}${sub.counter && f.viewer !== 'ijn' && sub.revealed ? `: ${sub.real ? 'a submarine' : 'a false sighting'}` : ''}.`,
    );
  if (f.result) lines.push(`Result: ${f.result.winner === 'draw' ? 'a draw' : `${NAME[f.result.winner]} ${f.result.level} victory`}.`);
  return lines;
}

function forces(f: CoralFog, side: CoralSide): BoardTable {
  const rows: (string | number)[][] = [];
  for (const tf of f.taskForces.filter((t) => t.side === side && !t.gone))
    rows.push([
      tf.id,
      tf.hex ?? (tf.arrives !== undefined ? `turn ${tf.arrives}` : 'off map'),
      tf.identified ? 'yes' : 'no',
      tf.ships ? shipsLabel(tf.ships) : '',
    ]);
  for (const a of f.air.filter((x) => x.side === side)) rows.push([`${a.strength} ${a.type}`, a.home, a.box, a.flyingTo ?? '']);
  return { title: `${NAME[side]} forces`, side, columns: ['unit', 'where', 'identified / box', 'ships / flying to'], rows };
}

function map(f: CoralFog, box: CoralBox): BoardMap {
  const hexes = new Map<string, { units: MapUnitCount[]; markers: string[] }>();
  const at = (hex: string) => {
    let c = hexes.get(hex);
    if (!c) hexes.set(hex, (c = { units: [], markers: [] }));
    return c;
  };
  for (const tf of f.taskForces) if (tf.hex) at(tf.hex).units.push({ side: tf.side, count: 1, label: tfLine(tf) });
  for (const sub of f.submarines) if (sub.hex) at(sub.hex).markers.push(`submarine marker ${sub.marker}`);
  for (const a of f.air) if (a.flyingTo) at(a.flyingTo).markers.push(`${NAME[a.side]} ${a.strength} ${a.type} (${a.box})`);
  const cells: BoardCell[] = [...hexes].map(([hex, c]) => ({
    kind: 'hex',
    hex,
    name: hex,
    units: c.units,
    ...(c.markers.length ? { markers: c.markers } : {}),
  }));
  const places: MapPlace[] = f.bases.map((b) => ({
    name: b.id,
    kind: 'base',
    owner: b.side,
    touches: [b.hex],
    markers: [`strength ${b.strength}`],
  }));
  for (const b of f.bases) if (!hexes.has(b.hex)) cells.push({ kind: 'hex', hex: b.hex, name: b.hex, units: [] });
  return {
    cells,
    places,
    sides: (['usn', 'ijn'] as const).map((id) => ({ id, name: NAME[id], colour: COLOUR[id] })),
    hexGrid: { orientation: box.map.grid.value.orientation, shifted: box.map.grid.value.shifted },
    note: 'Coral Sea Solitaire: the hex map is reconstructed (box/map.ts); hexes of 75 miles (3.13).',
  };
}

export function boardView(f: CoralFog, box: CoralBox): BoardView {
  const sides: CoralSide[] = f.viewer === 'referee' ? ['usn', 'ijn'] : [f.viewer];
  return { summary: summary(f), tables: sides.map((side) => forces(f, side)), map: map(f, box) };
}
