/**
 * Coral Sea Solitaire's box: the zod schema of its component data. Every value is `{ value, source }`
 * (docs/game-box.md); `CoralBoxData` is the same data with the provenance stripped, what the rules
 * compute with. Rule numbers in `source.rule` are the rulebook's (seed 004).
 */
import { z } from 'zod';
import { provenanced } from '../../../engine/box';
import { dieTableSchema } from '../../kit';

const P = provenanced;
const int = z.number().int();
const count = int.min(0);

export const SIDES = ['usn', 'ijn'] as const;
export const sideSchema = z.enum(SIDES);
export type CoralSide = z.infer<typeof sideSchema>;

/** Ship types (3.7; Movement Points Table, 36). */
export const SHIP_TYPES = ['CV', 'CVL', 'BB', 'B', 'CA', 'CL', 'DD', 'GB', 'TR', 'CYP', 'SS', 'Dummy'] as const;
export const shipTypeSchema = z.enum(SHIP_TYPES);
export type ShipType = z.infer<typeof shipTypeSchema>;

/** Aircraft types (3.11): carrier-based V*, land-based L*. */
export const AIR_TYPES = ['VF', 'VB', 'VT', 'LF', 'LD', 'LMB', 'LHB'] as const;
export const airTypeSchema = z.enum(AIR_TYPES);
export type AirType = z.infer<typeof airTypeSchema>;
export const isNaval = (t: AirType): boolean => t.startsWith('V');

/** The IJN task forces in the order of the movement doctrine table (4a; 4.3 lists them in this order). */
export const IJN_TFS = ['CSF', 'PMG', 'TG', 'SG', 'CG'] as const;
export const ijnTfSchema = z.enum(IJN_TFS);
export type IjnTf = z.infer<typeof ijnTfSchema>;

/** Places the rules name (3.1, 4.2, 4.3, 35) and the few the reconstruction needs (CSF's and SG's stations). */
export const PLACES = [
  'Rabaul',
  'Lae',
  'Port-Moresby',
  'North-Australia',
  'South-Australia',
  'New-Caledonia',
  'Tulagi',
  'Guadalcanal',
  'NW-of-Guadalcanal',
  'Santa-Isabel',
  'New-Hebrides-SE',
  'Deboyne',
  'Coral-Sea-Station',
] as const;
export const placeSchema = z.enum(PLACES);
export type Place = z.infer<typeof placeSchema>;

export const BASES = ['Rabaul', 'Lae', 'Port-Moresby', 'North-Australia', 'South-Australia', 'New-Caledonia'] as const;
export const baseSchema = z.enum(BASES);
export type BaseId = z.infer<typeof baseSchema>;

const hexId = z.string().regex(/^\d{4}$/, 'a hex id: column then row, two digits each (e.g. 1103)');
const hexsideId = z.string().regex(/^\d{4}\/\d{4}$/, 'a hexside id: two hex ids joined by "/" (e.g. 0607/0608)');
const direction = z.enum(['NE', 'E', 'SE', 'SW', 'W', 'NW']);

/** Terrain rows, north to south, one character per hex west to east: `.` all-sea, `c` coast, `L` all land (36 Terrain Key). */
export const TERRAIN = { '.': 'sea', c: 'coast', L: 'land' } as const;

const mapSchema = z.strictObject({
  hexMiles: P(int.min(1)),
  grid: P(z.strictObject({ orientation: z.literal('pointy'), shifted: z.enum(['odd', 'even']) })),
  terrain: P(z.array(z.string().regex(/^[.cL]+$/, 'terrain characters are . (sea), c (coast), L (land)')).min(1)),
  allLandHexsides: P(z.array(hexsideId)),
  places: z.record(placeSchema, P(hexId)),
  /** The six "To Truk" hexes, west to east (3.2, 4.3). */
  toTruk: P(z.array(hexId).length(6)),
});

const baseEntry = z.strictObject({
  side: P(sideSchema),
  kind: P(z.enum(['major', 'minor'])),
  /** Aircraft capacity (12.1, 23.4); for a minor base, its starting strength marker. */
  capacity: P(count),
  /** AA level (23.5, 24.1): a minor base's equals its strength. */
  aa: P(count),
});

const shipEntry = z.strictObject({
  id: z.string().regex(/^[A-Za-z]+-\d+$/, 'a counter id such as CA-2'),
  side: sideSchema,
  type: P(shipTypeSchema),
  name: P(z.string()).optional(),
  attack: P(count),
  defense: P(count),
  aa: P(count),
  bombard: P(count),
  /** Naval aircraft capacity (12.1), carriers only. */
  capacity: P(count).optional(),
  /** Submarines: a real boat or a false sighting (19.2). */
  real: P(z.boolean()).optional(),
});

const airLoad = z.partialRecord(airTypeSchema, count);

const tfSetup = z.strictObject({ ships: z.array(z.string()), at: z.string() });

const setupSchema = z.strictObject({
  usn: P(
    z.strictObject({
      taskForces: z.record(z.string(), tfSetup),
      carrierAir: z.record(z.string(), airLoad),
      baseAir: z.record(z.string(), airLoad),
      tfMarkers: z.array(z.string()),
    }),
  ),
  ijn: P(
    z.strictObject({
      fixedShips: z.partialRecord(ijnTfSchema, z.array(z.string())),
      carrierDraw: z.strictObject({ pool: z.array(z.string()), deal: z.array(z.tuple([ijnTfSchema, count])) }),
      counterDraw: z.strictObject({ pool: z.array(z.string()), deal: z.array(z.tuple([ijnTfSchema, count])) }),
      placement: z.partialRecord(ijnTfSchema, z.strictObject({ at: z.string(), turn: int.min(1) })),
      carrierAir: z.record(z.string(), airLoad),
      baseAir: z.record(z.string(), airLoad),
      reinforcementAir: z.array(z.strictObject({ base: z.string(), turn: int.min(1), air: airLoad })),
      submarines: z.array(z.string()),
      chits: z.strictObject({ start: count, day4: count }),
      panicStart: count,
    }),
  ),
  /** 31.1: the historical IJN organization. */
  historical: P(z.partialRecord(ijnTfSchema, z.array(z.string()))),
  /** 30.1: an extra carrier each. */
  biggerBattle: P(
    z.strictObject({
      ijn: z.strictObject({ ship: z.string(), air: airLoad, deal: z.array(z.tuple([ijnTfSchema, count])) }),
      usn: z.strictObject({ ships: z.array(z.string()), air: airLoad }),
    }),
  ),
});

/** Results of the tables, as codes the rules interpret. */
const moveResult = z.strictObject({
  kind: z.enum(['direction', 'objective', 'usn-carrier', 'usn-tf', 'escort', 'retire', 'stay', 'random']),
  direction: direction.optional(),
  fast: z.boolean(),
});
const airDoctrineResult = z.enum(['none', 'base', 'task-force', 'task-force-else-base']);
const carrierDoctrineResult = z.enum(['no-launch', 'identified-tf', 'nearest-tf']);
const crtResult = z.strictObject({
  attacker: z.number().int().min(0).max(3).nullable(),
  defender: z.number().int().min(0).max(3).nullable(),
});

const modifierWhen = z.enum([
  'identified-usn-carrier-within',
  'identified-usn-tf-within',
  'unidentified-usn-tf-within',
  'usn-carrier-within',
  'night',
  'cyp-in-tf',
  'ijn-all-identified',
  'usn-all-identified',
  'leadership',
]);
const modifierSchema = z.strictObject({
  when: modifierWhen,
  /** Hexes, for the `*-within` conditions (28.3). */
  range: count.optional(),
  value: P(int),
  /** The columns it applies to (all when absent). */
  columns: z.array(z.string()).optional(),
  /** For a leadership chit: whose. */
  side: sideSchema.optional(),
  reason: z.string().min(1),
  rule: z.string().min(1),
});
export type ModifierWhen = z.infer<typeof modifierWhen>;

const withModifiers = <T extends z.ZodType>(table: T) => z.strictObject({ table, modifiers: z.array(modifierSchema) });

const effectSchema = z.strictObject({
  /** Squadrons eliminated and aborted (fatigued): 0, or `1d`/`2d` dice (a number of dice). */
  eliminatedDice: count.optional(),
  abortedDice: count.optional(),
  /** One ship (air vs naval; submarine) */
  ship: z.enum(['none', 'damaged', 'crippled', 'sunk']).optional(),
  /** A force (naval vs naval): ships damaged / crippled / sunk, as `one` or `half` (rounded up). */
  force: z.strictObject({ sunk: z.enum(['none', 'one', 'half']), crippled: z.enum(['none', 'one', 'half', 'rest']) }).optional(),
  /** Bombardment and air vs base: grounded squadrons eliminated (fixed or dice) and base strength lost. */
  grounded: count.optional(),
  groundedDice: count.optional(),
  baseStrength: count.optional(),
});

const tablesSchema = z.strictObject({
  randomEvents: dieTableSchema(z.enum(['none', 'ijn-chit', 'ijn-intelligence', 'victory-fever', 'command-foul-up', 'bad-weather'])),
  intelligence: dieTableSchema(z.enum(['none', 'identify-or-reveal-one', 'identify-or-reveal-all', 'usn-chit'])),
  leadershipUse: dieTableSchema(z.enum(['keep', 'use'])),
  ijnShipFatigue: dieTableSchema(z.enum(['removed', 'stays'])),
  ijnShipDamage: dieTableSchema(z.enum(['removed', 'stays'])),
  ijnCarrierAirRecovery: dieTableSchema(z.enum(['ready', 'stays'])),
  ijnLandAirRecovery: dieTableSchema(z.enum(['ready', 'stays'])),
  movementDoctrine: withModifiers(dieTableSchema(moveResult)),
  postPanicMovement: dieTableSchema(moveResult),
  landAirDoctrine: withModifiers(dieTableSchema(airDoctrineResult)),
  carrierDoctrine: withModifiers(dieTableSchema(carrierDoctrineResult)),
  fighterCommitment: withModifiers(dieTableSchema(z.number().int().min(0).max(100))),
  targetSelection: dieTableSchema(z.enum(['carrier', 'capital', 'transport', 'random'])),
  scouting: withModifiers(dieTableSchema(z.enum(['found', 'missed']))),
  operationalInitiative: withModifiers(dieTableSchema(sideSchema)),
  tacticalInitiative: withModifiers(dieTableSchema(sideSchema)),
  crt: z.strictObject({
    airToAir: dieTableSchema(crtResult),
    antiAircraft: dieTableSchema(crtResult),
    airVsNaval: dieTableSchema(crtResult),
    navalVsNaval: dieTableSchema(crtResult),
    bombardment: dieTableSchema(crtResult),
  }),
  deployment35: z.strictObject({ place: dieTableSchema(z.string()), arrival: dieTableSchema(z.string()) }),
  ijnBattleships: dieTableSchema(count),
  cv3Arrival: dieTableSchema(z.enum(['start', '1', '2', '3', '4', '5'])),
});

export const coralBoxSchema = z.strictObject({
  calendar: z.strictObject({ month: P(z.string()), firstDay: P(int.min(1)), lastDay: P(int.min(1)) }),
  constants: z.strictObject({
    cpPerDay: P(count),
    leadershipMax: P(count),
    panicMax: P(count),
    airTransferRangeMultiplier: P(int.min(1)),
    extendedRangePercent: P(count),
    screeningPercent: P(count),
    fastMove: P(count),
    subPlacementExtraRows: P(count),
  }),
  map: mapSchema,
  bases: z.record(baseSchema, baseEntry),
  ships: z.array(shipEntry),
  airRanges: z.strictObject({ usn: z.record(airTypeSchema, P(count)), ijn: z.partialRecord(airTypeSchema, P(count)) }),
  movementPoints: z.record(shipTypeSchema, P(count)),
  ijnTaskForces: z.record(
    ijnTfSchema,
    z.strictObject({
      name: P(z.string()),
      ma: P(count),
      objective: P(placeSchema.nullable()),
      escorts: P(ijnTfSchema.nullable()),
      retireTo: P(z.enum(['Rabaul', 'To-Truk'])),
    }),
  ),
  scoutingRange: z.strictObject({ taskForce: P(count), majorBase: P(count) }),
  setup: setupSchema,
  tables: tablesSchema,
  crtEffects: z.strictObject({
    air: z.record(z.enum(['0', '1', '2', '3']), P(effectSchema)),
    ship: z.record(z.enum(['0', '1', '2', '3']), P(effectSchema)),
    naval: z.record(z.enum(['0', '1', '2', '3']), P(effectSchema)),
    bombardment: z.record(z.enum(['0', '1', '2', '3']), P(effectSchema)),
  }),
  crtShifts: z.record(z.string(), P(int)),
  vp: z.strictObject({
    usnGains: z.record(z.string(), P(count)),
    ijnGains: z.record(z.string(), P(count)),
    crippledFraction: P(z.number().min(0).max(1)),
    levels: P(z.strictObject({ strategic: z.number(), tactical: z.number(), marginal: z.number() })),
  }),
  panicPoints: z.record(z.string(), P(int)),
  commandMissions: z.record(
    z.string(),
    z.strictObject({ slot: z.enum(['organization', 'intelligence', 'operations', 'logistics']), cost: P(count) }),
  ),
  airMissions: z.record(
    z.enum(['cap', 'escort', 'strike', 'transfer']),
    P(z.strictObject({ airToAirMultiplier: z.number(), attacksSurface: z.boolean(), fatigues: z.boolean(), rangeMultiplier: z.number() })),
  ),
  leadership: z.record(z.string(), P(int)),
  // surface:
  /** What fatigue does to a ship (25.2: "the CRT notes"): the percentage of its surface attack and bombardment left. */
  shipFatigue: z.strictObject({ attackPercent: P(count.max(100)), bombardPercent: P(count.max(100)) }),
});

export type CoralBox = z.infer<typeof coralBoxSchema>;
export type Modifier = z.infer<typeof modifierSchema>;
export type MoveResult = z.infer<typeof moveResult>;
export type CrtResult = z.infer<typeof crtResult>;
