/**
 * The game's state and its set-up (3.0: August I as the Initial Deployment Chart of 50.0 puts it).
 * Ships, air, ground units and supply are kept per side; where a unit is: a major base's name or a
 * hex id. The turn moves through the Planning Phase (1A CP, 1B-1C forces, 1D subs, 1E initiative)
 * into the Execution Phases (4.4); `phase` says where.
 */
import { type PlainBox, plainBox, type SolBox } from './box';
import type { GroundData } from './box/deployment';
import type { ShipType } from './box/forces';
import { NO_OPTIONS, type SolOptions } from './rules/options';
import { chartArrivals } from './rules/chart-arrivals';
import { type ForcesChoices, setupChoices } from './rules/forces-data';
import type { SolPlan } from './rules/plans';
import type { PassOffers } from './rules/pass';
import type { SubState } from './rules/submarine';
import type { Flight } from './rules/air-events';
import type { OpsOrder } from './rules/ops-orders';
import type { AirMove } from './rules/air-move-events';
import type { Assignment } from './rules/air-assign-events';

/** The game's id, as registered (RuleNotImplementedError names it). */
export const GAME = 'solomons-campaign';

export type SolSide = 'japanese' | 'us';
/** 1.0: the Japanese and the US player, in the rulebook's order. */
export const SIDES: readonly SolSide[] = ['japanese', 'us'];
export const other = (side: SolSide): SolSide => (side === 'us' ? 'japanese' : 'us');
export const SIDE_NAME: Record<SolSide, string> = { japanese: 'Japan', us: 'United States' };

export type Scenario = 'short' | 'extended';
export const SCENARIOS: readonly Scenario[] = ['short', 'extended'];

export const MISSIONS = ['combined', 'intel', 'ops', 'log'] as const;
export type CpMission = (typeof MISSIONS)[number];
export type CpAllocation = Readonly<Record<CpMission, number>>;

export interface Ship {
  readonly id: string;
  readonly type: ShipType;
  /** a major base's name or a hex id */
  readonly at: string;
  readonly tf: number | null;
  readonly nac: number;
  /** supply points aboard (19.2) */
  readonly supply: number;
  /** 11.3, 11.5: attacked this turn (surface or bombardment); no attack again until 11.8 recovery */
  readonly fatigued?: boolean;
  /** 21.9, 22.1: NAC aboard fatigued this turn (by a strike, a counterstrike or an abort) and NAC that flew CAP this turn (rules/air-events.ts) */
  readonly nacTired?: number;
  readonly nacCap?: number;
  /** 44.1 (optional rule): crippled and still on the map, to be moved back to a major base for repair */
  readonly crippled?: boolean;
}

export interface TaskForce {
  readonly id: number;
  readonly at: string;
  readonly ships: readonly string[];
  readonly kind: 'normal' | 'tokyo-express' | 'deception';
  /** 42.2 (optional): the turn its owner paid for it to stay at sea (rules/endurance.ts) */
  readonly stayed?: number;
}

export interface Ground extends GroundData {
  readonly at: string;
  /** 11.6: the turn the unit last attacked (ground units attack once a turn) */
  readonly attacked?: number;
}

export interface AirPool {
  readonly at: string;
  readonly service: 'army' | 'navy';
  readonly type: 'LAC' | 'NAC' | 'SAC' | 'MAC';
  readonly points: number;
  readonly fatigued: boolean;
  /** 22.1: what the points flew this turn: CAP (no other mission) or a mission (no CAP); cleared at the turn's end */
  readonly flew?: 'cap' | 'mission';
}

export interface Forces {
  readonly ships: Readonly<Record<string, Ship>>;
  readonly taskForces: Readonly<Record<string, TaskForce>>;
  readonly ground: readonly Ground[];
  readonly air: readonly AirPool[];
  /** supply points on land, by place */
  readonly supply: Readonly<Record<string, number>>;
}

export type Phase =
  | 'events'
  | 'cp'
  | 'cp-us'
  | 'forces'
  | 'subs'
  | 'initiative'
  | 'assign'
  | 'ops'
  | 'defence'
  | 'recon'
  | 'logistics'
  | 'over';

export interface SolState {
  readonly scenario: Scenario;
  /** the optional rules the players chose (rules/options.ts) */
  readonly options: SolOptions;
  /** what the optional rules read from the box: 40.2-40.3 tables, 4.7 and the 50.0 note's phases a turn */
  readonly optData: {
    readonly randomEvents: Readonly<Record<SolSide, readonly string[]>>;
    readonly executionPhases: number;
    readonly shortFirstTurnPhases: number;
  };
  /** ship units in each side's dead pile (40.3 Command Shakeup) */
  readonly shipsSunk: Readonly<Record<SolSide, number>>;
  readonly turn: number;
  readonly lastTurn: number;
  readonly phase: Phase;
  /** the Execution Phase (1-28, 4.7) and whose Operations Phase is in play */
  readonly x: number;
  readonly phasing: SolSide | null;
  /** 1E: the first player of this turn's Execution Phases */
  readonly first: SolSide | null;
  /** 6.1: CP received this turn */
  readonly cpTotal: Readonly<Record<SolSide, number>>;
  /** 6.2-6.4: CP left on each mission (sealed to the other side) */
  readonly cp: Readonly<Record<SolSide, CpAllocation | null>>;
  readonly forces: Readonly<Record<SolSide, Forces>>;
  readonly airfields: readonly { readonly hex: string; readonly side: SolSide; readonly value: number }[];
  readonly vp: Readonly<Record<SolSide, number>>;
  readonly turnNames: readonly string[];
  /** hex names players may write (Guadalcanal-W ...) and the major bases on the map */
  readonly hexNames: Readonly<Record<string, string>>;
  readonly bases: Readonly<Record<string, { readonly side: SolSide; readonly hex: string | null }>>;
  readonly islands: Readonly<Record<string, readonly string[]>>;
  readonly cpTrack: Readonly<Record<SolSide, readonly number[]>>;
  readonly cpMissions: PlainBox['cpMissions'];
  /** 2A: the plans of this turn (sealed to their side), the hexes each side searched this turn (2A1), the box data movement reads */
  readonly plans: Readonly<Record<SolSide, SolPlan | null>>;
  readonly searched: Readonly<Record<SolSide, readonly string[]>>;
  readonly opsData: OpsData;
  /** 3A, 20.5: ships that went to sea this turn, and those waiting for a refit berth (20.4) */
  readonly sailed: Readonly<Record<SolSide, readonly string[]>>;
  /** 1B: what arrives later: the reinforcement chart, refits (20.2), repairs (50.0 crippled), units set back (19.6) */
  readonly arrivals: readonly Arrival[];
  /** 37.1-37.4: each side's entrenchment markers, by hex, with the units under each */
  readonly entrenched: Readonly<Record<SolSide, Readonly<Record<string, readonly string[]>>>>;
  readonly logData: LogData;
  /** 28.x: what ground combat reads from the box (50.0 CRT, ground columns and shifts, strengths) */
  readonly groundData: GroundCombatData;
  /** 30, 38, 39: replacements, the USMC withdrawal and the additional forces chosen (rules/forces-data.ts) */
  readonly choices: ForcesChoices;
  /** 36.x: the Japanese submarines (rules/submarine.ts) */
  readonly subs: SubState;
  /** 4.6: each side's offer to pass, sealed to it (rules/pass.ts) */
  readonly pass: PassOffers;
  /**
   * 2A3a-2A3h (rules/air-events.ts): the air units in the air now, each a flight from its base or
   * carrier to the hex of its mission; and, while the non-phasing side answers the defence step
   * (2A3b), the phasing side's orders the Combat Segment still has to carry out. Both empty outside
   * an Operations Phase. Absent in old states: read as none.
   */
  readonly flights?: readonly Flight[];
  readonly pendingOps?: { readonly side: SolSide; readonly orders: readonly OpsOrder[] } | null;
  /** 28.3 optional (rules/recon.ts): the ground attack waiting for the defender's recon CP, the k-th of the phase (public) */
  readonly recon?: { readonly side: SolSide; readonly hex: string; readonly n: number } | null;
  /** 2A2a, 2A3h (rules/air-move.ts): what air movement reads from the box; the air transfers and transports in the air; where each airborne unit began the turn (34.2). Absent: none. */
  readonly airData: AirMoveData;
  readonly airMoves?: readonly AirMove[];
  /** 45.2 (optional): each side's air assigned to missions this turn, sealed to it (rules/air-assign.ts). Absent: none. */
  readonly assigned?: Readonly<Record<SolSide, readonly Assignment[]>>;
  readonly airborneReady?: { readonly turn: number; readonly at: Readonly<Record<SolSide, Readonly<Record<string, string>>>> };
  /** 4A-4B, 5.2: how the game ended (null while it runs) */
  readonly outcome: { readonly winner: SolSide | null; readonly level: string; readonly why: string } | null;
}

/** Units due on a later turn's Reinforcement Segment (1B), at a major base. */
export interface Arrival {
  readonly side: SolSide;
  readonly turn: number;
  readonly at: string;
  readonly why: 'chart' | 'refit' | 'repair' | 'set-back' | 'training';
  readonly ships: readonly Ship[];
  readonly air: readonly Omit<AirPool, 'at'>[];
  readonly ground: readonly GroundData[];
}

/** What the Logistics Phase and the end of the turn read from the box (20.2-20.4, 50.0 Logistics Chart, 2.21, 24.4, 50.0 VP). */
export interface LogData {
  readonly refitTurns: Readonly<Record<string, number>>;
  /** refits a base takes a turn (null: no limit, Espiritu Santo, 52.0 Q&A 2) */
  readonly refitPerBase: Readonly<Record<string, number | null>>;
  readonly logistics: PlainBox['logistics'];
  readonly markerValues: readonly number[];
  readonly capacity: Readonly<Record<string, number>>;
  /** 50.0 Victory Point Chart: the entries the rules read so far */
  readonly victoryPoints: {
    readonly groundPerBattalion: Readonly<Record<SolSide, number>>;
    readonly airfieldGuadalcanal: number;
    readonly airfieldOther: number;
  };
  readonly victoryLevels: PlainBox['victoryLevels'];
}

/** What ground combat reads from the box (28.3, 50.0 CRT and ground notes). */
export interface GroundCombatData {
  readonly crt: PlainBox['crt'];
  readonly columns: PlainBox['columns']['ground'];
  readonly shifts: {
    readonly armyNavy: number;
    readonly usGroundAtNight: number;
    readonly entrenched: number;
    readonly maxShiftColumns: { readonly first: number; readonly last: number };
  };
  readonly strength: PlainBox['groundStrength'];
  /** 50.0 reorganization charts (27.4): what combines into what, by side */
  readonly reorganization: Readonly<
    Record<
      SolSide,
      readonly {
        readonly service: 'army' | 'navy';
        readonly from: { readonly battalions?: number; readonly regiments?: number; readonly supply?: number };
        readonly to: 'regiment' | 'brigade' | 'division';
      }[]
    >
  >;
}

/** What air movement reads from the box (2.11 ranges by side and `service-type`, 12.3 carriers, 8.2 off-map air distance, MAC cargo). */
export interface AirMoveData {
  readonly ranges: Readonly<Record<SolSide, Readonly<Record<string, number>>>>;
  readonly carrierCapacity: Readonly<Record<SolSide, Readonly<Record<string, number>>>>;
  readonly airDistance: Readonly<Record<string, number>>;
  readonly macCargo: number;
}

/** What the Operations Phase reads from the box (2A1, 10.3, 10.6, 19.2, 27.8, 8.2). */
export interface OpsData {
  readonly cols: number;
  readonly rows: number;
  readonly movement: PlainBox['movement'];
  readonly transport: PlainBox['transport'];
  readonly groundSizes: PlainBox['groundSizes'];
  readonly intelligence: PlainBox['intelligence']['normal'];
  /** 6.6: the Special column */
  readonly special?: PlainBox['intelligence']['special'];
  /** off-map bases: the map hexes each touches (8.2) */
  readonly touches: Readonly<Record<string, readonly string[]>>;
  /** 12.2: combat ships a major base holds at most (null: no limit) */
  readonly maxCombatShips: Readonly<Record<string, number | null>>;
  /** ship attack, defense, AA, bombardment by type (counters, rebuilt) for combat (14.3, 15.2, 26.1) */
  readonly shipValues?: PlainBox['shipValues'];
}

/** The place a deployment names: a major base, a hex name or a hex id, as a state place (bases by name, hexes by id). */
export const placeOf = (hexNames: Readonly<Record<string, string>>, at: string): string => hexNames[at] ?? at;

/** 41.1: with the additional CP missions each side receives two more CP every turn */
export const ADDITIONAL_CP = 2;

export function setupState(raw: SolBox, scenario: Scenario, options: SolOptions = NO_OPTIONS): SolState {
  const box = plainBox(raw);
  const forces = {} as Record<SolSide, Forces>;
  for (const side of SIDES) {
    const ships: Record<string, Ship> = {};
    const taskForces: Record<string, TaskForce> = {};
    const ground: Ground[] = [];
    const air: AirPool[] = [];
    const supply: Record<string, number> = {};
    for (const p of box.deployment[side]) {
      const at = placeOf(box.hexNames, p.at);
      const list = p.ships ?? [];
      let aboard = p.tf ? (p.supply ?? 0) : 0;
      for (const id of list) {
        const type = id.split('-')[0] as ShipType;
        const cap = type === 'TR' ? box.transport.TR : 0;
        const load = Math.min(aboard, cap);
        aboard -= load;
        ships[id] = { id, type, at, tf: p.tf ?? null, nac: p.nac?.[id] ?? 0, supply: load };
      }
      if (p.tf) taskForces[p.tf] = { id: p.tf, at, ships: list, kind: 'normal' };
      else if (p.supply) supply[at] = (supply[at] ?? 0) + p.supply;
      for (const g of p.ground ?? []) ground.push({ ...g, at });
      for (const a of p.air ?? []) air.push({ at, service: a.service, type: a.type, points: a.points, fatigued: a.fatigued ?? false });
    }
    forces[side] = { ships, taskForces, ground, air, supply };
  }
  const extra = options.additionalCp ? ADDITIONAL_CP : 0;
  return {
    scenario,
    options,
    optData: {
      randomEvents: box.randomEvents,
      executionPhases: box.turns.executionPhases,
      shortFirstTurnPhases: box.turns.shortFirstTurnPhases,
    },
    shipsSunk: { japanese: 0, us: 0 },
    turn: 1,
    lastTurn: box.turns.lastTurn[scenario],
    phase: 'cp',
    x: 0,
    phasing: null,
    first: null,
    cpTotal: { japanese: box.cpTrack.japanese[0] + extra, us: box.cpTrack.us[0] + extra },
    cp: { japanese: null, us: null },
    forces,
    airfields: box.airfields.start.map((a) => ({ hex: placeOf(box.hexNames, a.at), side: a.side, value: a.value })),
    vp: { japanese: 0, us: 0 },
    turnNames: box.turns.names,
    hexNames: box.hexNames,
    bases: Object.fromEntries(Object.entries(box.majorBases).map(([n, b]) => [n, { side: b.side, hex: b.hex }])),
    islands: Object.fromEntries(Object.values(box.islands).map((i) => [i.name, i.hexes])),
    cpTrack: box.cpTrack,
    cpMissions: box.cpMissions,
    plans: { japanese: null, us: null },
    searched: { japanese: [], us: [] },
    opsData: {
      cols: box.grid.size.cols,
      rows: box.grid.size.rows,
      movement: box.movement,
      transport: box.transport,
      groundSizes: box.groundSizes,
      intelligence: box.intelligence.normal,
      special: box.intelligence.special,
      touches: Object.fromEntries(Object.entries(box.majorBases).flatMap(([n, b]) => (b.touches ? [[n, b.touches]] : []))),
      maxCombatShips: Object.fromEntries(Object.entries(box.majorBases).map(([n, b]) => [n, b.maxCombatShips])),
      shipValues: box.shipValues,
    },
    airData: {
      ranges: box.air.ranges,
      carrierCapacity: { japanese: box.carrierCapacity.japanese, us: { ...box.carrierCapacity.us, ...box.carrierCapacity.usOther } },
      airDistance: Object.fromEntries(Object.entries(box.majorBases).flatMap(([n, b]) => (b.airDistance ? [[n, b.airDistance]] : []))),
      macCargo: box.air.macCargo,
    },
    sailed: { japanese: [], us: [] },
    arrivals: chartArrivals(box, options),
    entrenched: { japanese: {}, us: {} },
    subs: subsOf(box),
    pass: { japanese: null, us: null },
    outcome: null,
    choices: setupChoices(box),
    groundData: {
      crt: box.crt,
      columns: box.columns.ground,
      shifts: box.shifts as unknown as GroundCombatData['shifts'],
      strength: box.groundStrength,
      reorganization: box.reorganization as unknown as GroundCombatData['reorganization'],
    },
    logData: {
      // 36.6: submarines refit off the map
      refitTurns: { ...box.refit.turns, SS: box.refit.subTurns },
      refitPerBase: Object.fromEntries(
        Object.keys(box.majorBases).map((n) => [
          n,
          n === 'Espiritu Santo' && box.refit.espirituUnlimited ? null : (box.refit.perBase[n] ?? null),
        ]),
      ),
      logistics: box.logistics,
      markerValues: box.airfields.markerValues,
      capacity: Object.fromEntries(Object.entries(box.majorBases).map(([n, b]) => [n, b.capacity])),
      victoryPoints: box.victoryPoints as unknown as LogData['victoryPoints'],
      victoryLevels: box.victoryLevels,
    },
  };
}

/** 36.1: the submarines of the chart, none on the map yet (rules/submarine.ts). */
function subsOf(box: PlainBox): SubState {
  const list = (box.reinforcements as unknown as Record<string, { id: string; turn: number }[]>).submarines ?? [];
  const boats = Object.fromEntries(list.map((a) => [a.id, { id: a.id, at: null, back: a.turn, since: null, fatigued: false }]));
  return { boats, standing: 'ask', chances: [], waiting: null };
}

/** Guadalcanal's hexes (1E, 5.4). */
export const guadalcanal = (s: Pick<SolState, 'islands'>): readonly string[] => s.islands.Guadalcanal ?? [];
