/**
 * The charts of 50.0 as data, each tagged with the rule that prints it: the consolidated CRT (one
 * grid of nine columns and six rows, each cell an attacker and a defender result), the column
 * headings of each kind of combat ("…" columns are reached by shifts only, 11.11), the shifts of
 * the chart notes, the Victory Point Chart, the Command Point Missions Chart, the Logistics Chart,
 * the reorganization charts and the random events tables (40.2-40.3).
 */
import { printed, rebuilt } from './source';

/** One CRT cell: the attacker's and the defender's result, null for "-" (no result). */
export type Result = 0 | 1 | 2 | 3 | null;
const cell = (a: Result, d: Result) => ({ a, d });
const row = (...cells: [Result, Result][]) => cells.map(([a, d]) => cell(a, d));

/** 50.0 CRT: die 1..6 (rows) by column 1..9. */
export const CRT = printed(
  [
    row([3, 0], [3, 1], [2, 2], [2, 2], [2, 3], [1, 3], [1, 3], [0, 3], [0, 3]),
    row([3, null], [3, 0], [2, 1], [1, 1], [1, 2], [1, 3], [0, 3], [null, 3], [null, 3]),
    row([2, null], [2, 0], [1, 0], [1, 1], [1, 1], [0, 2], [null, 3], [null, 3], [null, 3]),
    row([2, null], [2, null], [1, null], [0, 1], [0, 1], [null, 1], [null, 2], [null, 3], [null, 3]),
    row([1, null], [1, null], [0, null], [null, 0], [null, 1], [null, 1], [null, 2], [null, 2], [null, 3]),
    row([1, null], [1, null], [null, null], [null, null], [null, 0], [null, 1], [null, 1], [null, 2], [null, 2]),
  ],
  '50.0 CRT',
);

/**
 * A column heading: `min`/`max` of the combat factors (air vs air, AA, bombardment) or of the
 * percentage (the rest, max null = and up); `null` for a "…" column, reached only by shifts (11.11).
 */
export interface Column {
  readonly min: number;
  readonly max: number | null;
}
const cols = (...c: ([number, number | null] | null)[]) => c.map((x) => (x ? { min: x[0], max: x[1] } : null));

export const COLUMNS = {
  airVsAir: printed(cols([1, 4], [5, 9], [10, 19], [20, 29], [30, 39], [40, 49], [50, 59], [60, 69], [70, null]), '50.0 CRT'),
  antiAircraft: printed(cols([1, 4], [5, 9], [10, 19], [20, 29], [30, 49], [50, 79], [80, null], null, null), '50.0 CRT'),
  airVsNaval: printed(cols([0, 49], null, [50, 99], [100, 149], [150, 199], [200, 249], [250, 299], [300, null], null), '50.0 CRT'),
  navalVsNaval: printed(cols([0, 49], null, [50, 99], [100, 149], [150, 199], [200, 249], [250, 299], [300, null], null), '50.0 CRT'),
  bombardment: printed(cols([1, 9], [10, 19], [20, 29], [30, 39], [40, 49], [50, 59], [60, 69], [70, 79], [80, null]), '50.0 CRT'),
  ground: rebuilt(
    cols([0, 49], null, [50, 99], [100, 149], [150, 199], [200, 249], [250, 299], [300, null], null),
    'the flattened chart lists the ground row as <=49%, 50-99%, 100-149%, "...", 150-199% ... with one "..." at the end, but 7.4 shifts 150% one column left straight to 100%, so "..." cannot sit between them; read like the naval rows (brief A1); columns 5-9 agree under both readings',
  ),
};

/** The column shifts of the chart notes (each -1 is one column to the left, in the defender's favour). */
export const SHIFTS = {
  armyNavy: printed(-1, '7.2, 50.0 CRT notes'),
  usNightAttackBeforeRadar: printed(-1, '50.0 naval notes, 32.3'),
  usNightDefenceBeforeRadar: printed(1, '50.0 naval notes, 32.3'),
  moreThanOneTf: printed(-1, '10.8'),
  entrenched: printed(-1, '50.0 bombardment and ground notes, 37.3'),
  usGroundAtNight: printed(-1, '50.0 ground notes'),
  maxShiftColumns: printed({ first: 1, last: 9 }, '11.10'),
};

/** 50.0 Victory Point Chart: for destruction (at once), at the end, and for paid options. */
export const VICTORY_POINTS = printed(
  {
    ships: { CV: 50, CVL: 40, CVE: 25, BB: 30, BC: 30, B: 30, CA: 20, CL: 20, DD: 10, APD: 10, OIL: 10, TR: 5, SS: 1, PT: 1 },
    groundPerBattalion: { us: 2, japanese: 1 },
    supply: 0,
    airPerPoint: { japanese: { NAC: 2, LAC: 2 }, us: { NAC: 1, LAC: 1, SAC: 1, MAC: 1 } },
    airfieldGuadalcanal: 5,
    airfieldOther: 2,
    majorBase: 0,
    usmcWithdrawnPerBattalion: 3,
    usmcWithdrawnMax: 10,
    accelerated: 15,
    no18thArmy: 30,
    yamatoMusashi: { 1942: 30, 1943: 15 },
    quickResponse: 15,
    replaced: { TR: 10, APD: 10, engineer: 2, MAC: 3 },
  },
  '5.3, 50.0 Victory Point Chart',
);

/** 5.2: the ratio of the higher total to the lower, at or above which each level is won. */
export const VICTORY_LEVELS = printed(
  [
    { ratio: 3, level: 'Decisive Victory' },
    { ratio: 2, level: 'Substantive Victory' },
    { ratio: 1.5, level: 'Marginal Victory' },
    { ratio: 1, level: 'Draw' },
  ],
  '5.2',
);

/** 50.0 Command Point Missions Chart and 6.6. */
export const CP_MISSIONS = printed(
  { tfCost: 1, capitalTfCost: 2, capitalTypes: ['BB', 'BC', 'B'], supplyPerLogisticsCp: 3, specialIntelCost: 1, intelPerHexPerTurn: 1 },
  '6.2, 6.6, 10.2, 50.0 Command Point Missions Chart',
);

/** 50.0 Logistics Chart: what one supply point buys. */
export const LOGISTICS = printed(
  { airPointsPerMission: 12, recoveryPerSupply: 12, battalionsPerAttrition: 9, reorganizeBattalions: 9, groundAaBattalions: 9 },
  '50.0 Logistics Chart, 26.4, 29.4',
);

/** 50.0 reorganization charts: lower echelon to higher, by side and service (navy infantry never combine). */
export const REORGANIZATION = printed(
  {
    us: [
      { service: 'army', from: { battalions: 3 }, to: 'regiment' },
      { service: 'army', from: { regiments: 3, supply: 1 }, to: 'division' },
      { service: 'navy', from: { battalions: 3 }, to: 'regiment' },
      { service: 'navy', from: { regiments: 3, supply: 1 }, to: 'division' },
    ],
    japanese: [
      { service: 'army', from: { battalions: 3 }, to: 'regiment' },
      { service: 'army', from: { battalions: 4 }, to: 'brigade' },
      { service: 'army', from: { regiments: 3, supply: 1 }, to: 'division' },
    ],
  },
  '50.0 Ground Unit Reorganization Charts, 27.4',
);

/** 40.2-40.3: the random events of each side's die (optional rule 40). */
export const RANDOM_EVENTS = printed(
  {
    japanese: ['epidemic', 'orders-from-tokyo', 'new-guinea', 'reinforcements', 'none', 'none'],
    us: ['weather', 'command-shakeup', 'reinforcements', 'none', 'none', 'none'],
  },
  '40.2, 40.3',
);

/** 4.8, 50.0 scenario notes: the turns (Aug I = 1) and the last turn of each scenario; 4.7 the execution phases. */
export const TURNS = printed(
  {
    names: ['Aug I', 'Aug II', 'Sep I', 'Sep II', 'Oct I', 'Oct II', 'Nov I', 'Nov II', 'Dec I', 'Dec II', 'Jan I', 'Jan II', 'Feb I'],
    lastTurn: { short: 8, extended: 13 },
    executionPhases: 28,
    shortFirstTurnPhases: 14,
  },
  '4.7, 4.8, 52.0 (only I and II turns), 50.0 scenario note',
);
