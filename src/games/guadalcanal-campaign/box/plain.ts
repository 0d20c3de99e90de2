/** The box without its provenance: what the rules read (withoutProvenance of GcBox). */
import type { AircraftData } from './aircraft';
import type { PlaceData } from './map';
import type { StartTf, ScenarioId } from './scenarios';
import type { ShipWave } from './reinforcements';
import type { ShipClass, ShipData, ShipType } from './ships';
import type { VictoryRow } from './tables';

/** Aircraft by type (7.1F): how many of each. */
export type AirGroup = Readonly<Record<string, number>>;

export type Side = 'american' | 'japanese';

export interface PlainScenarioSide {
  readonly figures: readonly [number, number, number];
  readonly counts: Partial<Record<ShipType, number>>;
  readonly named: readonly string[];
  readonly taskForces: readonly StartTf[];
  readonly inPort: string | null;
}

export interface PlainScenario {
  readonly first: string;
  readonly last: string;
  readonly turns?: number;
  readonly weather?: 'clear' | 'light' | 'heavy';
  readonly bonus?: { readonly japanese: number };
  readonly american: PlainScenarioSide;
  readonly japanese: PlainScenarioSide;
}

export interface PlainBox {
  readonly map: { readonly size: number; readonly squareMiles: number; readonly rows: readonly string[] };
  readonly places: Readonly<Record<string, PlaceData>>;
  readonly ports: Readonly<Record<Side, readonly string[]>>;
  readonly airbases: Readonly<Record<string, unknown>>;
  readonly aircraft: Readonly<Record<string, AircraftData>>;
  readonly classes: Readonly<Record<string, ShipClass>>;
  readonly ships: readonly ShipData[];
  readonly missions: {
    readonly endurance: Readonly<Record<string, number>>;
    readonly onlyMission: Readonly<Record<string, string>>;
    readonly fast: readonly string[];
  };
  readonly scenarios: Readonly<Record<ScenarioId, PlainScenario>>;
  readonly longRangeCap: readonly number[];
  readonly longRangeStrike: Readonly<Record<string, { readonly shotDown: number; readonly shootsDown: number }>>;
  readonly transferRangeFactor: number;
  readonly air?: {
    readonly carriers: Readonly<Record<string, AirGroup>>;
    readonly coralSeaCarriers: Readonly<Record<string, AirGroup>>;
    readonly bases: Readonly<Record<string, Readonly<Record<string, AirGroup>>>>;
  };
  readonly reinforcements?: {
    readonly chance: number;
    readonly table: Readonly<Record<string, Readonly<Record<string, number>>>>;
    readonly bettyBelow: number;
    readonly zekeBelow: number;
    readonly shortlandsFrom: string;
    readonly ships: Readonly<Record<string, Readonly<Record<'american' | 'japanese', readonly ShipWave[]>>>>;
  };
  readonly turnEnd?: {
    readonly weather: {
      readonly worse: number;
      readonly better: number;
      readonly spoils: Readonly<Record<'clear' | 'light' | 'heavy', number>>;
    };
    readonly repair: {
      readonly perDamage: number;
      readonly slowPorts: readonly string[];
      readonly slowPercent: number;
      readonly doubleBase: number;
      readonly doublePerDf: number;
      readonly refitTurns: Readonly<Record<string, number>>;
      readonly subRefitTurns: number;
      readonly refitTypes: readonly string[];
      readonly refitAbove: number;
    };
    readonly attritionPercent: number;
    readonly tankers: { readonly refuels: Readonly<Record<string, number>>; readonly below: number; readonly to: number };
  };
  readonly bombard?: {
    readonly ships: number;
    readonly damagedPercent: number;
    readonly bbGun: number;
    readonly aaGun: number;
    readonly halfAt: number;
  };
  readonly surface?: {
    readonly gunPerMille: number;
    readonly usGun: number;
    readonly usBbGun: number;
    readonly torpedoPerMille: number;
    readonly usTorpedo: number;
    readonly aaPerMille: number;
    readonly speedKnots: number;
    readonly speedLimits: readonly number[];
    readonly sizeDf: number;
    readonly sizeLimits: readonly number[];
    readonly firstWeekUs: number;
    readonly firstWeekTurns: number;
    readonly dayIjnTorpedo: number;
    readonly halfTimePercent: number;
    readonly damage: Readonly<Record<'aa' | 'cl' | 'ca' | 'yamato' | 'usBb' | 'mutsu' | 'ijnBb' | 'torpedo21' | 'torpedo24', number>>;
    readonly knots21: number;
    readonly knots24: number;
    readonly scareDf: number;
    readonly scareMg: number;
    readonly scareBb: number;
    readonly scaredEndurance: number;
  };
  readonly submarine?: {
    readonly patrolSquares: number;
    readonly attackSurfacePercent: number;
    readonly attackSubPercent: number;
    readonly escortTypes: readonly string[];
    readonly perEscort: number;
    readonly escortFloor: number;
    readonly sightedAttack: number;
    readonly salvo: number;
    readonly torpedoPerMille: number;
    readonly usTorpedo: number;
    readonly torpedoDamage: number;
    readonly torpedoKnots: number;
    readonly depthChargePercent: number;
    readonly japaneseDepthCharge: number;
    readonly sightedDepthCharge: number;
    readonly depthChargeDamage: number;
  };
  readonly damage?: {
    readonly criticalPercent: number;
    readonly criticalTimes: number;
    readonly worsePercent: number;
    readonly repairPercent: number;
    readonly worseShare: number;
    readonly repairShare: number;
  };
  readonly land?: {
    readonly levels: number;
    readonly usReserve: number;
    readonly usFloor: number;
    readonly menPerCompany: number;
    readonly estimateSpread: number;
    readonly defenceDumps: number;
    readonly unsuppliedFactor: number;
    readonly defenderRate: readonly number[];
    readonly attackerRate: readonly number[];
    /** a US attack's rates; absent (a box stored before them): the two above */
    readonly usAttackDefenderRate?: readonly number[];
    readonly usAttackAttackerRate?: readonly number[];
  };
  readonly airReturn?: {
    readonly deckExplodes: number;
    readonly deckDamage: number;
    readonly emergencyRange: number;
    readonly baseHit: number;
    readonly aircraftPerHit: number;
    readonly hitsPerDump: number;
    readonly fortressFactor: number;
  };
  readonly strike?: {
    readonly bombDamage: number;
    readonly torpedoDamage: number;
    readonly torpedoKnots: number;
    readonly flakDivisor: number;
    readonly flakShips: number;
    readonly torpedoBombers: readonly string[];
    readonly perAccuracy: number;
    readonly speedKnots: number;
    readonly speedLimits: readonly number[];
    readonly flakSpoils: number;
    readonly rangeSquares: number;
    readonly sizeDf: number;
    readonly sizeLimits: readonly number[];
    readonly sinkAtDf: number;
    readonly longRangeFrom: number;
  };
  readonly search: {
    readonly floatRange: number;
    readonly shipFloatPlanes: Readonly<Record<string, number>>;
    readonly threePlaneClasses: readonly string[];
    readonly planesPerPip: number;
    readonly maxPips: number;
    readonly misidentifyOn: number;
    readonly mistaken: Readonly<Record<string, string>>;
  };
  readonly victory: Readonly<Record<'campaign' | 'mini' | 'campaign2', readonly VictoryRow[]>> & { readonly hendersonBonus: number };
}
