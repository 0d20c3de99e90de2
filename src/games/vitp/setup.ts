/** Setting the game up from the box (4.1–4.3). */
import type { SetupInput } from '../../engine/ruleset';
import { withoutProvenance } from '../../engine/box';
import type { VitpBox } from './box';
import type { Loc, MapInfo, Unit, VitpState, VSide } from './types';
import { slug } from './world';

type PlainBox = {
  seaAreas: { name: string; pocJapanese: number; pocAllied: number; startControl: VSide | null }[];
  adjacency: [string, string][];
  places: { name: string; kind: 'port' | 'base'; touches: string[]; startControl: VSide }[];
  units: {
    name: string;
    side: VSide;
    kind: Unit['kind'];
    type: string;
    nation: Unit['nation'];
    gunnery: number;
    gunneryBonus: boolean;
    airstrike: number;
    airstrikeBonus: boolean;
    armor: number;
    speed: number;
    arrival: { turn: number; at: string };
    removedOnTurn?: number;
  }[];
  repairs: { port: string; side: VSide; perTurn: number[] }[];
  submarines: { name: string; side: VSide; turns: number[] }[];
  locationCodes: Record<string, string>;
  gameLength: { turns: number; optionalTurn: number };
  pocTrackCap: number;
};

export function buildMap(box: PlainBox): MapInfo {
  const adjacent: Record<string, string[]> = {};
  for (const a of box.seaAreas) adjacent[a.name] = [];
  for (const [x, y] of box.adjacency) {
    adjacent[x].push(y);
    adjacent[y].push(x);
  }
  return {
    areas: box.seaAreas.map((a) => ({ name: a.name, poc: { japanese: a.pocJapanese, allied: a.pocAllied } })),
    adjacent,
    places: box.places.map((p) => ({ name: p.name, kind: p.kind, touches: p.touches })),
  };
}

/** 4.2 (Japanese at Yokosuka) and 4.3 (Allied by location letter; W–Z wait on the chart). */
function startLoc(u: PlainBox['units'][number], codes: Record<string, string>, areas: Set<string>, subTurns: readonly number[]): Loc {
  if (u.arrival.turn !== 1) return { at: 'pool' };
  if (u.kind === 'sub') return subTurns.includes(1) ? { at: 'port', place: u.arrival.at } : { at: 'pool' };
  const at = u.side === 'allied' ? (codes[u.arrival.at] ?? u.arrival.at) : u.arrival.at;
  if (/^group [W-Z]$/.test(at)) return { at: 'group', group: at.slice(6) };
  if (areas.has(at)) return { at: 'sea', area: at, mode: u.kind === 'lba' ? 'air' : u.kind === 'amph' ? 'amph' : 'patrol' };
  return { at: 'port', place: at };
}

/**
 * The box without its provenance, once per box: every game created with the default box (and every
 * replay of one) sets up from the same data, which is never changed once made.
 */
const plainBoxes = new WeakMap<object, PlainBox>();

function plainBoxOf(box: VitpBox): PlainBox {
  if (box === null || typeof box !== 'object') return withoutProvenance<PlainBox>(box);
  let plain = plainBoxes.get(box);
  if (!plain) plainBoxes.set(box, (plain = withoutProvenance<PlainBox>(box)));
  return plain;
}

export function setupGame(input: SetupInput<VitpBox>): VitpState {
  const box = plainBoxOf(input.box);
  const map = buildMap(box);
  const areaNames = new Set(map.areas.map((a) => a.name));
  const units: Unit[] = box.units.map((u) => ({
    id: slug(u.name),
    name: u.name,
    side: u.side,
    nation: u.nation,
    kind: u.kind,
    type: u.type,
    gunnery: u.gunnery,
    gunneryBonus: u.gunneryBonus,
    airstrike: u.airstrike,
    airstrikeBonus: u.airstrikeBonus,
    armor: u.armor,
    speed: u.speed,
    arrivalTurn: u.arrival.turn,
    arrivalAt: u.arrival.at,
    removedOnTurn: u.removedOnTurn ?? null,
    returnedOn: null,
    damage: 0,
    loc: startLoc(u, box.locationCodes, areaNames, box.submarines.find((x) => x.name === u.name)?.turns ?? []),
    sailedFrom: null,
    raider: false,
    moved: false,
    repaired: false,
    barredFromPursuit: false,
    raidedThisTurn: false,
    mayNotInvade: false,
  }));
  const control: Record<string, VSide | null> = {};
  const controlHistory: Record<string, (VSide | null)[]> = {};
  for (const a of box.seaAreas) {
    control[a.name] = a.startControl;
    controlHistory[a.name] = [];
  }
  for (const p of box.places) control[p.name] = p.startControl;
  const subTurns: Record<string, number[]> = {};
  for (const sub of box.submarines) subTurns[slug(sub.name)] = sub.turns;
  const ninth = input.options['turn-9'] === true;
  return {
    gameId: input.gameId,
    options: { ...input.options },
    lastTurn: ninth ? box.gameLength.optionalTurn : box.gameLength.turns,
    pocCap: box.pocTrackCap,
    map,
    repairs: box.repairs,
    subTurns,
    turn: 1,
    phase: { k: 'raid-force' },
    control,
    controlHistory,
    poc: 0,
    units,
    battle: null,
    foughtAreas: [],
    battleSeq: 0,
    surprise: { pearl: 'pending', indonesia: 'pending' },
    lbaDone: [],
  };
}
