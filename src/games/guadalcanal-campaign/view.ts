/**
 * What a side sees (2.2, 12.0: each side's displays behind its password): its own task forces,
 * ships and ports (4.6-4.11), the map with its own TFs, and of the enemy only what it has sighted
 * (7.2: the last search report, its types maybe wrong). The referee sees everything. `known` is the side's
 * position in the rules' terms, for machine players (the random player moves from it).
 */
import { entriesOf, keysOf, valuesOf } from './keyed';
import type { BoardMap, BoardTable, SideView, SquareCell } from '../../engine/board-view';
import type { Side } from '../../engine/ruleset';
import type { PlaceData } from './box/map';
import { planesText } from './orders';
import { flyingFrom, freeAt, holderOf, opsOf } from './rules/air';
import { hendersonHolder } from './rules/henderson';
import { fleetSpeed, movementPoints } from './rules/movement';
import { type AirGroup, dateOf, type GcSide, type GcState, isAm, other, SIDES, type Sighting, type TaskForce } from './state';

export interface KnownTf {
  readonly id: number;
  readonly mission: string;
  readonly endurance: number;
  readonly col: number;
  readonly row: number;
  readonly points: number;
  readonly ships: readonly { readonly name: string; readonly type: string; readonly ms: number }[];
}

export interface GcView extends SideView {
  readonly known: {
    readonly side: GcSide | 'referee';
    readonly scenario: string;
    readonly turn: number;
    readonly lastTurn: number;
    readonly mini: boolean;
    readonly rows: readonly string[];
    readonly ports: readonly PlaceData[];
    /** the public map's bases and ports, both sides' (1.4, 7.6) */
    readonly places: readonly PlaceData[];
    readonly taskForces: readonly KnownTf[];
    readonly inPort: Readonly<Record<string, readonly { readonly name: string; readonly type: string }[]>>;
    readonly sighted: readonly Sighting[];
    /** the side's bases and carriers aircraft may fly from now, with the aircraft not yet given a mission (7.1A) */
    readonly air: readonly {
      readonly name: string;
      readonly col: number;
      readonly row: number;
      readonly carrier: boolean;
      readonly free: AirGroup;
      /** every aircraft there, on a mission or not (the room left, 9.7) */
      readonly held: number;
    }[];
    readonly aircraft: Readonly<Record<string, { readonly role: string; readonly attack: number }>>;
    /** the side's own garrison on Guadalcanal, its last estimate of the enemy's (8.7B) and Henderson's holder (9.5C); null for the referee */
    readonly land: {
      readonly inf: number;
      readonly sup: number;
      readonly estimate: { readonly turn: number; readonly men: number } | null;
      readonly henderson: GcSide;
    } | null;
  };
}

/** The side's air groups (7.1): where each base's and carrier's aircraft are, and this turn's missions. */
function airTable(s: GcState, side: GcSide): BoardTable {
  const ops = opsOf(s, side);
  const missions = (name: string) =>
    [
      ...(['cap', 'lrcap', 'search', 'subSearch', 'counter'] as const)
        .filter((k) => ops[k][name])
        .map((k) => `${k}: ${planesText(ops[k][name])}`),
      ...ops.strikes.filter((x) => x.from === name).map((x) => `strike on TF ${x.target}: ${planesText(x.planes)}`),
    ].join('; ');
  const names = keysOf(s.air)
    .filter((n) => (s.ships[n]?.side ?? s.airbases.find((b) => b.name === n)?.side) === side)
    .sort();
  return {
    title: `${side === 'american' ? 'American' : 'Japanese'} aircraft (7.1, 7.6)`,
    side,
    columns: ['base or carrier', 'aircraft', 'this turn'],
    rows: names.map((n) => [n, planesText(Object.fromEntries(entriesOf(s.air[n]).filter(([, x]) => x > 0))) || 'none', missions(n)]),
  };
}

const COLOUR: Record<GcSide, string> = { american: '#1f5fbf', japanese: '#c0392b' };

function knownTf(s: GcState, tf: TaskForce): KnownTf {
  return {
    id: tf.id,
    mission: tf.mission,
    endurance: tf.endurance,
    col: tf.col,
    row: tf.row,
    points: movementPoints(fleetSpeed(s, tf)),
    ships: tf.ships.map((n) => ({ name: n, type: s.ships[n].type, ms: s.ships[n].ms })),
  };
}

/** 4.6, 8.9: the side's companies waiting in its ports and the ships due there (the pipeline display). */
function reinforcementLines(s: GcState, side: GcSide): string[] {
  const ports = s.map.ports[side];
  const inf = entriesOf(s.portInf ?? {}).filter(([port, n]) => ports.includes(port) && n > 0);
  const due = (s.arrivals ?? []).filter((a) => a.side === side);
  return [
    ...(inf.length ? [`Infantry waiting in port (8.9, 4.4): ${inf.map(([port, n]) => `${n} company(ies) at ${port}`).join(', ')}.`] : []),
    ...due.map((a) => `Due at ${a.port} ${dateOf(s, a.turn)} (4.6, 8.9): ${a.ships.map((x) => x.name).join(', ')}.`),
  ];
}

export function viewGc(s: GcState, viewer: Side | 'referee'): GcView {
  const sides = viewer === 'referee' ? SIDES : SIDES.filter((x) => x === viewer);
  const own = valuesOf(s.taskForces).filter((t) => sides.includes(t.side));
  const sighted = viewer === 'referee' ? [] : s.sighted[viewer as GcSide];
  const inPort: Record<string, { name: string; type: string }[]> = {};
  // by name, never by the state's key order (a state read back from storage may order its keys otherwise)
  for (const ship of valuesOf(s.ships).sort((a, b) => (a.name < b.name ? -1 : 1)))
    if (ship.port && sides.includes(ship.side) && ship.dockedTurn === undefined)
      (inPort[ship.port] ??= []).push({ name: ship.name, type: ship.type });
  const when = `${dateOf(s, s.turn)} ${isAm(s.turn) ? 'AM' : 'PM'}`;
  return {
    summary: [
      s.row === 'over' ? `The game is over after turn ${s.lastTurn}.` : `Turn ${s.turn} of ${s.lastTurn}, ${when} (${s.scenario}).`,
      `Weather: ${s.weather}.`,
      ...sides.map(
        (side) =>
          `${side === 'american' ? 'American' : 'Japanese'} task forces: ${own.filter((t) => t.side === side).length} active (4.9).`,
      ),
      ...sides.map((side) => {
        const a = s.ashore[side];
        const guess = s.landEstimates?.[side];
        return `${side === 'american' ? 'American' : 'Japanese'} troops on Guadalcanal: ${a.inf} company(ies) (${a.inf * 200} men), ${a.sup} supply dump(s)${guess ? `; enemy estimated at ${guess.men} men on turn ${guess.turn} (8.7B)` : ''} (6.0).`;
      }),
      `Henderson Field is held by the ${hendersonHolder(s) === 'american' ? 'Americans' : 'Japanese'} (9.5C).`,
      ...sides.flatMap((side) => reinforcementLines(s, side)),
    ],
    tables: sides.flatMap((side) => [tfTable(s, side), airTable(s, side)]),
    map: mapOf(s, own, sides, sighted),
    known: {
      side: viewer === 'referee' ? 'referee' : (viewer as GcSide),
      scenario: s.scenario,
      turn: s.turn,
      lastTurn: s.lastTurn,
      mini: s.scenario !== 'campaign' && s.scenario !== 'campaign-2',
      rows: s.map.rows,
      ports: s.map.places.filter((p) => sides.some((side) => s.map.ports[side].includes(p.code))),
      places: s.map.places,
      taskForces: own.map((tf) => knownTf(s, tf)),
      inPort,
      sighted,
      air:
        viewer === 'referee'
          ? []
          : flyingFrom(s, viewer as GcSide).flatMap((name) => {
              const at = holderOf(s, viewer as GcSide, name);
              if (typeof at === 'string') return [];
              const free = Object.fromEntries(entriesOf(freeAt(s, viewer as GcSide, name)).filter(([, n]) => n > 0));
              const held = valuesOf(s.air[name] ?? {}).reduce((a, n) => a + n, 0);
              return [{ ...at, free, held }];
            }),
      aircraft: Object.fromEntries(entriesOf(s.aircraft).map(([t, a]) => [t, { role: a.role, attack: a.attack }])),
      land:
        viewer === 'referee'
          ? null
          : {
              ...s.ashore[viewer as GcSide],
              estimate: s.landEstimates?.[viewer as GcSide] ?? null,
              henderson: hendersonHolder(s),
            },
    },
  };
}

/** 4.9: the side's active task forces, with mission, endurance and square; crippled ships marked *** (4.3A). */
function tfTable(s: GcState, side: GcSide): BoardTable {
  return {
    title: `${side === 'american' ? 'American' : 'Japanese'} task forces (4.9)`,
    side,
    columns: ['TF', 'mission', 'endurance', 'square', 'speed', 'ships'],
    rows: valuesOf(s.taskForces)
      .filter((t) => t.side === side)
      .map((t) => [
        t.id,
        t.mission,
        t.endurance,
        `${t.col},${t.row}`,
        fleetSpeed(s, t),
        t.ships.map((n) => `${s.ships[n].type} ${n}${s.ships[n].damage * 2 >= s.ships[n].df ? ' ***' : ''}`).join(', '),
      ]),
  };
}

/** The squares with a base or a task force the viewer knows (1.4 colours: white bases, blue US, red Japanese). */
function mapOf(s: GcState, tfs: readonly TaskForce[], sides: readonly GcSide[], sighted: readonly Sighting[] = []): BoardMap {
  const cells = new Map<string, SquareCell>();
  const cell = (col: number, row: number): SquareCell => {
    const key = `${col},${row}`;
    const known = cells.get(key) ?? { kind: 'square', col, row, name: key, units: [], markers: [] };
    cells.set(key, known);
    return known;
  };
  for (const p of s.map.places) {
    const c = cell(p.col, p.row);
    cells.set(`${p.col},${p.row}`, { ...c, markers: [...(c.markers ?? []), p.name] });
  }
  for (const tf of tfs) {
    const c = cell(tf.col, tf.row);
    const units = [...c.units, { side: tf.side, count: tf.ships.length, label: `TF ${tf.id} (${tf.mission}, ${tf.ships.length} ships)` }];
    cells.set(`${tf.col},${tf.row}`, { ...c, units });
  }
  for (const x of sides.length === 1 ? sighted : []) {
    const c = cell(x.col, x.row);
    const units = [...c.units, { side: other(sides[0]), count: x.reported.length, label: `TF ${x.tf} sighted: ${x.reported.join(' ')}` }];
    cells.set(`${x.col},${x.row}`, { ...c, units });
  }
  return {
    cells: [...cells.values()],
    sides: sides.map((id) => ({
      id,
      name: id === 'american' ? 'United States' : 'Japan',
      short: id === 'american' ? 'US' : 'IJN',
      colour: COLOUR[id],
    })),
    note: 'A 40 x 40 grid of 60-mile squares (1.4); the land and the bases are rebuilt from real coastlines (the map cards are lost). Enemy task forces show only when sighted (7.2).',
  };
}
