/**
 * The game's state and its setup (3.2: every ship where the scenario puts it). A turn is 12 hours:
 * odd turns are AM, even PM, and the date moves on after the PM turn (1.1, 3.5).
 */
import { valuesOf } from './keyed';
import { type GcBox, type PlainBox, plainBox, type ScenarioId } from './box';
import { startForces } from './box/oob';
import type { PlaceData } from './box/map';
import type { ShipType } from './box/ships';
import type { Mission } from './box/tables';
import type { Offers } from '../kit';

/** The game's id, as registered (the messages of RuleNotImplementedError name it). */
export const GAME = 'guadalcanal-campaign';

export type GcSide = 'american' | 'japanese';
export const SIDES: readonly GcSide[] = ['american', 'japanese'];
export const other = (side: GcSide): GcSide => (side === 'american' ? 'japanese' : 'american');

export interface Ship {
  readonly name: string;
  readonly side: GcSide;
  readonly type: ShipType;
  readonly cls: string;
  /** maximum speed now (5 when crippled or out of fuel: 9.1D, 9.3E) */
  readonly ms: number;
  readonly df: number;
  readonly cc: number;
  /** light guns (8.1E flak) and main guns (8.4E) */
  readonly aa: number;
  readonly mg: number;
  /** torpedoes left (8.2C, 8.3E); a ship without the field carries none */
  readonly tt?: number;
  readonly damage: number;
  /** sunk (9.1): out of its TF for good */
  readonly sunk?: boolean;
  /** 4.3D: scuttled by its own side (the enemy scores one VP less for it) */
  readonly scuttled?: boolean;
  /** its task force, or null in port */
  readonly tf: number | null;
  /** the port code it is docked at (null at sea) */
  readonly port: string | null;
  /** the turn it docked (it then goes through repair and refit, 8.8) */
  readonly dockedTurn?: number;
  /** the endurance of the TF it docked from (8.8A: above 50 it needs no refit) */
  readonly dockedEndurance?: number;
  /** 8.8: in the repair or refit pipeline until this turn (it may join a TF from then) */
  readonly repairUntil?: number;
  readonly inf: number;
  readonly sup: number;
}

export interface TaskForce {
  readonly id: number;
  readonly side: GcSide;
  readonly mission: Mission;
  readonly endurance: number;
  readonly col: number;
  readonly row: number;
  readonly ships: readonly string[];
}

/** A sighting report (7.2A-B): the TF's number and square, and the ship types as reported (maybe wrong). */
export interface Sighting {
  readonly tf: number;
  readonly col: number;
  readonly row: number;
  readonly reported: readonly string[];
}

export interface Airbase {
  readonly side: GcSide;
  readonly name: string;
  readonly col: number;
  readonly row: number;
  readonly from: string | null;
}

/** Aircraft by type, how many of each (7.1F names the types). */
export type AirGroup = Readonly<Record<string, number>>;

/** An air strike launched (7.3): from a base or carrier, at a sighted TF (or TF 1 / TF 11, 7.3B). */
export interface Strike {
  readonly from: string;
  readonly target: number;
  readonly range: number;
  readonly planes: AirGroup;
}

/** A side's air operations of one AM turn (7.1-7.5), by the base or carrier flying them. */
export interface AirOps {
  readonly turn: number;
  readonly cap: Readonly<Record<string, AirGroup>>;
  readonly lrcap: Readonly<Record<string, AirGroup>>;
  readonly search: Readonly<Record<string, AirGroup>>;
  readonly subSearch: Readonly<Record<string, AirGroup>>;
  readonly strikes: readonly Strike[];
  readonly counter: Readonly<Record<string, AirGroup>>;
  readonly transferred: boolean;
}

export const noAirOps = (turn: number): AirOps => ({
  turn,
  cap: {},
  lrcap: {},
  search: {},
  subSearch: {},
  strikes: [],
  counter: {},
  transferred: false,
});

/** The rows of a turn, in the order of 3.3 (AM) and 3.4 (PM: no air operations). */
export const TURN_ROWS = [
  'american-orders',
  'japanese-orders',
  'japanese-air-search',
  'japanese-air-strikes',
  'american-air-search',
  'american-air-strikes',
  'combat',
] as const;
export type RowId = (typeof TURN_ROWS)[number];

/** What the rules read of the map: the land mask and the bases. */
export interface GcMap {
  readonly rows: readonly string[];
  readonly places: readonly PlaceData[];
  readonly ports: Readonly<Record<GcSide, readonly string[]>>;
}

export interface GcState {
  readonly scenario: ScenarioId;
  readonly level: number;
  readonly firstDate: string;
  readonly turn: number;
  readonly lastTurn: number;
  readonly row: RowId | 'over';
  readonly weather: 'clear' | 'light' | 'heavy';
  readonly ships: Readonly<Record<string, Ship>>;
  readonly taskForces: Readonly<Record<string, TaskForce>>;
  /** what each side's search reported this AM turn (7.2): only that side sees its own */
  readonly sighted: Readonly<Record<GcSide, readonly Sighting[]>>;
  /** the airbases whose float planes search every AM turn (7.1D), with the date each opens (7.6) */
  readonly airbases: readonly Airbase[];
  readonly search: PlainBox['search'];
  readonly strike: PlainBox['strike'];
  readonly bombard: PlainBox['bombard'];
  /** weather, repair and supply odds of the end of the turn (box/turn-end.ts) */
  readonly turnEnd: PlainBox['turnEnd'];
  readonly victory: PlainBox['victory'];
  /** 9.7A-B, 10.2D: the most aircraft an airbase holds, by name (absent in a state stored before) */
  readonly capacity?: Readonly<Record<string, number>>;
  /** 10.2F: the refuellings each Coral Sea tanker has left (none elsewhere) */
  readonly refuels?: Readonly<Record<string, number>>;
  readonly surface: PlainBox['surface'];
  /** submarine combat (8.3) and damage (9.1A, 9.1D) odds (absent in a state stored before) */
  readonly submarine?: PlainBox['submarine'];
  readonly damageOdds?: PlainBox['damage'];
  /** land combat (6.0, 8.7) and air-return (7.4E, 8.1F, 8.5B) odds (absent in a state stored before: the shipped ones) */
  readonly land?: PlainBox['land'];
  readonly airReturn?: PlainBox['airReturn'];
  /** each side's garrison on Guadalcanal: a campaign's 13.0 garrison (as read) and the companies and supply dumps landed (8.6), less the losses and dumps of land combat (8.7) and supply (9.4) */
  readonly ashore: Readonly<Record<GcSide, { readonly inf: number; readonly sup: number }>>;
  /** 6.0: each side's land attack planned this AM turn (its own to know) */
  readonly landPlans?: Partial<Record<GcSide, { readonly turn: number; readonly level: number }>>;
  /** 8.7B: the attacker's last estimate of the enemy men left on the island */
  readonly landEstimates?: Partial<Record<GcSide, { readonly turn: number; readonly men: number }>>;
  /** 9.5C: the holder of Henderson Field once the Japanese take it (absent: the Americans) */
  readonly henderson?: GcSide;
  /** aircraft at each airbase (by name) and aboard each carrier (by ship name) */
  readonly air: Readonly<Record<string, AirGroup>>;
  /** this AM turn's air operations of each side (7.1-7.5); those of an earlier turn are spent */
  readonly airOps: Readonly<Record<GcSide, AirOps>>;
  readonly aircraft: PlainBox['aircraft'];
  readonly longRangeCap: readonly number[];
  readonly longRangeStrike: PlainBox['longRangeStrike'];
  readonly transferRangeFactor: number;
  /** 10.1B: the Japanese may form one TF at Rabaul in the Guadalcanal mini game */
  readonly formedInMini: boolean;
  readonly map: GcMap;
  readonly endurance: Readonly<Record<string, number>>;
  readonly onlyMission: Readonly<Record<string, string>>;
  readonly fastMissions: readonly string[];
  /** 8.9: the ships still to come in a campaign, each on the turn its wave reaches port (not in a state stored before) */
  readonly arrivals?: readonly Arrival[];
  /** 8.9: the printed table of infantry and aircraft and its odds (campaigns only) */
  readonly reinforce?: Omit<NonNullable<PlainBox['reinforcements']>, 'ships'>;
  /** 8.9: infantry companies arrived at a port (by code), waiting there to be loaded (4.4) */
  readonly portInf?: Readonly<Record<string, number>>;
  /** 3.1, 11.0: solitaire, the computer plays the Japanese (the umpire's side) */
  readonly solitaire?: true;
  /** 4.12: this turn's offers to end the game, each side's own until both offer (rules/agreement.ts) */
  readonly endOffers?: Offers<GcSide>;
  /** 4.12: the turn in which both sides agreed to end the game */
  readonly endedByAgreement?: number;
}

/** A wave of ships due in port (8.9): the turn it arrives at the end of, its side, port and ships. */
export interface Arrival {
  readonly turn: number;
  readonly side: GcSide;
  readonly port: string;
  readonly ships: readonly Ship[];
}

export const MINI_GAMES: readonly ScenarioId[] = ['coral-sea', 'eastern-solomons', 'santa-cruz', 'guadalcanal'];
export const isMini = (s: Pick<GcState, 'scenario'>) => MINI_GAMES.includes(s.scenario);
export const isAm = (turn: number) => turn % 2 === 1;

/** Days from 1 January 1942 to an ISO date of 1942 or 1943 (a calendar of its own: the rules read no clock). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function dayOf(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return (y - 1942) * 365 + MONTH_DAYS.slice(0, m - 1).reduce((a, b) => a + b, 0) + d - 1;
}
function isoOf(day: number): string {
  const y = 1942 + Math.floor(day / 365);
  let d = day % 365;
  let m = 0;
  while (d >= MONTH_DAYS[m]) d -= MONTH_DAYS[m++];
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`;
}

/** Turns of a scenario: two a day from its first date to its last (3.1, 3.5; the lengths 10.3 prints agree). */
export function turnsOf(box: PlainBox, scenario: ScenarioId): number {
  const { first, last } = box.scenarios[scenario];
  return (dayOf(last) - dayOf(first) + 1) * 2;
}

/** The date of a turn, as 3.5 keeps it: the AM and PM turns of a day share it. */
export function dateOf(s: Pick<GcState, 'firstDate'>, turn: number): string {
  return isoOf(dayOf(s.firstDate) + Math.floor((turn - 1) / 2));
}

export function setupState(raw: GcBox, scenario: ScenarioId, level: number): GcState {
  const box = plainBox(raw);
  const ships: Record<string, Ship> = {};
  const taskForces: Record<string, TaskForce> = {};
  for (const side of SIDES) {
    const forces = startForces(box, scenario, side);
    if (forces.problems.length) throw new Error(`the box's ${scenario} set-up is broken: ${forces.problems.join('; ')}`);
    const ship = (name: string, tf: number | null, load?: { inf: number; sup: number }): Ship =>
      shipOf(box, side, name, tf, tf === null ? forces.port : null, load);
    forces.taskForces.forEach((tf, i) => {
      // reading of 7.3B and 10.2F: US task forces are numbered from 2, Japanese from 12 (TF 1 and 11 are the bases)
      const id = (side === 'american' ? 2 : 12) + i;
      taskForces[id] = {
        id,
        side,
        mission: tf.mission,
        endurance: box.missions.endurance[tf.mission],
        col: tf.col,
        row: tf.row,
        ships: tf.ships,
      };
      for (const name of tf.ships) ships[name] = ship(name, id, tf.load);
    });
    for (const name of forces.inPort) ships[name] = ship(name, null);
  }
  const data = box.scenarios[scenario];
  return {
    scenario,
    level,
    firstDate: data.first,
    turn: 1,
    lastTurn: turnsOf(box, scenario),
    row: 'american-orders',
    weather: data.weather ?? 'clear',
    ships,
    taskForces,
    sighted: { american: [], japanese: [] },
    formedInMini: false,
    // places by code, never by the data's key order (a box read back from storage may order its keys otherwise)
    map: {
      rows: box.map.rows,
      places: valuesOf(box.places).sort((a, b) => (a.code < b.code ? -1 : 1)),
      ports: box.ports as GcMap['ports'],
    },
    airbases: airbasesOf(box, scenario),
    search: box.search,
    strike: box.strike,
    bombard: box.bombard,
    turnEnd: box.turnEnd,
    victory: box.victory,
    capacity: capacityOf(box),
    ...(scenario === 'coral-sea' && box.turnEnd ? { refuels: box.turnEnd.tankers.refuels } : {}),
    surface: box.surface,
    submarine: box.submarine,
    damageOdds: box.damage,
    ...(box.land ? { land: box.land } : {}),
    ...(box.airReturn ? { airReturn: box.airReturn } : {}),
    ashore: garrisonsOf(box, scenario),
    air: airGroupsOf(box, scenario, ships),
    airOps: { american: noAirOps(0), japanese: noAirOps(0) },
    aircraft: box.aircraft,
    longRangeCap: box.longRangeCap,
    longRangeStrike: box.longRangeStrike,
    transferRangeFactor: box.transferRangeFactor,
    ...(box.reinforcements && !isMini({ scenario })
      ? (({ ships: _ships, ...reinforce }) => ({ arrivals: arrivalsOf(box, scenario), reinforce, portInf: {} }))(box.reinforcements)
      : {}),
    endurance: box.missions.endurance,
    onlyMission: box.missions.onlyMission,
    fastMissions: box.missions.fast,
  };
}

/**
 * 13.0's first two figures read as men and supply dumps on Guadalcanal (the brief's reading): a campaign
 * starts with them ashore (200 men a company), so Henderson's dumps count for 9.4B from the first turn.
 * The mini games keep none until the garrisons of 6.0 are built (their scores count landings only).
 */
function garrisonsOf(box: PlainBox, scenario: ScenarioId): GcState['ashore'] {
  const of = (side: GcSide) => {
    const [men, dumps] = box.scenarios[scenario][side].figures;
    return isMini({ scenario }) ? { inf: 0, sup: 0 } : { inf: Math.floor(men / 200), sup: dumps };
  };
  return { american: of('american'), japanese: of('japanese') };
}

/** A ship of the roster as it enters play, empty or with a load (3.2, 8.9). */
function shipOf(
  box: PlainBox,
  side: GcSide,
  name: string,
  tf: number | null,
  port: string | null,
  load?: { inf: number; sup: number },
): Ship {
  const data = box.ships.find((s) => s.name === name)!;
  const c = box.classes[data.cls];
  const carries = load && c.cc > 0 && !['CV', 'CVL'].includes(c.type);
  return {
    ...{ name, side, type: c.type, cls: data.cls, ms: c.ms, df: c.df, cc: c.cc, aa: c.aa, mg: c.mg, tt: c.tt, damage: 0, tf, port },
    inf: carries ? Math.min(load.inf, c.cc) : 0,
    sup: carries ? Math.min(load.sup, Math.max(0, c.cc - load.inf)) : 0,
  };
}

/** 8.9: a campaign's ship waves, each arriving at the end of the AM turn of its date (the first turn if earlier). */
function arrivalsOf(box: PlainBox, scenario: ScenarioId): Arrival[] {
  const waves = box.reinforcements?.ships[scenario];
  if (!waves) return [];
  const first = dayOf(box.scenarios[scenario].first);
  return SIDES.flatMap((side) =>
    waves[side].map((w) => ({
      turn: Math.max(1, (dayOf(w.date) - first) * 2 + 1),
      side,
      port: w.port,
      ships: w.ships.map((name) => shipOf(box, side, name, null, w.port)),
    })),
  ).sort((a, b) => a.turn - b.turn);
}

/** The air groups at the start (box/air.ts): each carrier its class's (Coral Sea's own), each base its scenario's; none in a box stored before them. */
function airGroupsOf(box: PlainBox, scenario: ScenarioId, ships: Record<string, Ship>): Record<string, AirGroup> {
  if (!box.air) return {};
  const { bases, carriers, coralSeaCarriers } = box.air;
  const air: Record<string, AirGroup> = { ...bases[scenario] };
  for (const ship of valuesOf(ships).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const group = (scenario === 'coral-sea' ? coralSeaCarriers[ship.cls] : undefined) ?? carriers[ship.cls];
    if (group) air[ship.name] = group;
  }
  return air;
}

/** 7.6A-B (10.2D adds Port Moresby and Cooktown in Coral Sea, as read): each side's airbases, Henderson and Shortlands from their dates. */
function airbasesOf(box: PlainBox, scenario: ScenarioId): Airbase[] {
  const a = box.airbases as Record<string, string[] | string>;
  const from: Record<string, string> = { 'Henderson Field': a.hendersonActiveFrom as string, Shortlands: a.shortlandsActiveFrom as string };
  const names = {
    american: [...(a.american as string[]), ...(scenario === 'coral-sea' ? (a.coralSeaAmerican as string[]) : [])],
    japanese: a.japanese as string[],
  };
  const places = valuesOf(box.places);
  return SIDES.flatMap((side) =>
    names[side].map((name) => {
      const p = places.find((x) => x.name === name);
      if (!p) throw new Error(`the box's airbase ${name} has no square`);
      return { side, name, col: p.col, row: p.row, from: from[name] ?? null };
    }),
  );
}

/** 9.7A-B, 10.2D: Henderson 100, the Shortlands 60, Port Moresby 100. */
function capacityOf(box: PlainBox): Record<string, number> {
  const a = box.airbases as Record<string, unknown>;
  return {
    'Henderson Field': a.hendersonCapacity as number,
    Shortlands: a.shortlandsCapacity as number,
    'Port Moresby': a.moresbyCapacity as number,
  };
}
