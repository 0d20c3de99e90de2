/**
 * The A&A Guadalcanal game box: the zod schema of the component data and its TypeScript types.
 * Every value is `{ value, source }` (docs/game-box.md); `GuadalcanalBoxData` is the same data with
 * the provenance stripped, which is what the rules compute with (`withoutProvenance`).
 * Section ids cited in `source.rule` are the game's (see ./README.md).
 */
import { z } from 'zod';
import { provenanced } from '../../../engine/box';

export const SIDES = ['axis', 'allies'] as const;
export const sideSchema = z.enum(SIDES);
export type GuadalcanalSide = z.infer<typeof sideSchema>;

/** Unit type codes, as orders and reports spell them. */
export const UNIT_TYPES = ['INF', 'ART', 'AA', 'TR', 'SS', 'DD', 'CA', 'CV', 'BB', 'BMR', 'FTR'] as const;
export const unitTypeSchema = z.enum(UNIT_TYPES);
export type UnitType = z.infer<typeof unitTypeSchema>;

/** What a transport or destroyer carries: a land unit or a supply token. */
export const CARGO_TYPES = ['INF', 'ART', 'AA', 'SUP'] as const;
export const cargoTypeSchema = z.enum(CARGO_TYPES);
export type CargoType = z.infer<typeof cargoTypeSchema>;

export const CATEGORIES = ['air', 'sea', 'land'] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const SEA_ZONES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const;
export const ISLANDS = ['Guadalcanal', 'Bougainville', 'New-Georgia', 'Santa-Isabel', 'Malaita', 'Choiseul'] as const;
/** Each base card: a land zone and a sea zone (its damaged area is not a zone). */
export const BASE_ZONES = ['Rabaul', 'Rabaul-Sea', 'New-Caledonia', 'New-Caledonia-Sea'] as const;
export const ZONE_IDS = [...SEA_ZONES, ...ISLANDS, ...BASE_ZONES] as const;
export const zoneIdSchema = z.enum(ZONE_IDS);
export type ZoneId = z.infer<typeof zoneIdSchema>;
export type SeaZoneId = (typeof SEA_ZONES)[number];
export type IslandId = (typeof ISLANDS)[number];
export type BaseZoneId = (typeof BASE_ZONES)[number];

export const ADVANTAGES = [
  'command-decision',
  'banzai-charge',
  'night-fighting',
  'quick-drop',
  'superior-fighters',
  'good-logistics',
  'amphibious-assault',
  'pt-boats',
  'coast-watchers',
] as const;
export const advantageSchema = z.enum(ADVANTAGES);
export type Advantage = z.infer<typeof advantageSchema>;

const int = z.number().int();
const count = int.min(0);
const perSide = <T extends z.ZodType>(v: T) => z.strictObject({ axis: v, allies: v });

/** Ranged fire: artillery into 1 adjacent sea zone, cruisers/battleships into 1 adjacent island (CMB.2, CMB.4). */
export const rangedSchema = z.enum(['none', 'adjacent-sea', 'adjacent-island']);

export const unitSchema = z.strictObject({
  name: z.string().min(1),
  category: provenanced(categorySchema),
  cost: provenanced(count),
  /** dice added to an attack on each category (UNIT, ATK.1) */
  attack: provenanced(z.strictObject({ air: count, sea: count, land: count })),
  /** zones per Movement step (sea 1; bombers 3, fighters 2, the same again in Regroup); land units 0: carried only */
  move: provenanced(count),
  /** cargo spaces (TR 2, DD 1) */
  cargoSpaces: provenanced(count),
  /** fighters that may land on it (CV 2) */
  flightDeck: provenanced(count),
  ranged: provenanced(rangedSchema),
  /** damaged instead of destroyed on a 2 */
  resilient: provenanced(z.boolean()),
  /** first hit on each battleship each turn ignored */
  heavyArmor: provenanced(z.boolean()),
  /** the enemy scores 1 VP for destroying it */
  capital: provenanced(z.boolean()),
  /** 1-die attack on a chosen sea unit in Movement (MOV.6) */
  torpedo: provenanced(z.boolean()),
  /** pieces in the box for each side (Game Components); chips stand in beyond them */
  pieces: provenanced(perSide(count)),
});
export type UnitSpec = z.infer<typeof unitSchema>;

const seaZoneSchema = z.strictObject({
  kind: z.literal('sea'),
  name: z.string().min(1),
  adjacent: z.array(provenanced(zoneIdSchema)),
  /** whose base card's sea zone connects here (route-to-base zone), else null */
  routeToBase: provenanced(sideSchema.nullable()),
  /** deployment number printed on the zone and the side it belongs to, else null (REG.4c) */
  deploy: provenanced(z.strictObject({ side: sideSchema, cost: int.min(1) }).nullable()),
});
const islandSchema = z.strictObject({
  kind: z.literal('island'),
  name: z.string().min(1),
  adjacent: z.array(provenanced(zoneIdSchema)),
  airfieldSlots: provenanced(int.min(1).max(2)),
});
const baseLandSchema = z.strictObject({
  kind: z.literal('base-land'),
  name: z.string().min(1),
  side: provenanced(sideSchema),
  adjacent: z.array(provenanced(zoneIdSchema)),
});
const baseSeaSchema = z.strictObject({
  kind: z.literal('base-sea'),
  name: z.string().min(1),
  side: provenanced(sideSchema),
  adjacent: z.array(provenanced(zoneIdSchema)),
});
export const zoneSchema = z.discriminatedUnion('kind', [seaZoneSchema, islandSchema, baseLandSchema, baseSeaSchema]);
export type ZoneSpec = z.infer<typeof zoneSchema>;

const cargoSchema = z.strictObject({ type: cargoTypeSchema, count: int.min(1) });

/** `count` alike units of `type` in `zone`; each carries `cargo` (TR/DD) or `fighters` aboard (CV). */
export const setupPieceSchema = z.strictObject({
  side: sideSchema,
  zone: zoneIdSchema,
  type: unitTypeSchema,
  count: int.min(1),
  cargo: z.array(cargoSchema).optional(),
  /** fighters aboard each carrier (they are not also listed as FTR pieces) */
  fighters: int.min(1).optional(),
});
export type SetupPiece = z.infer<typeof setupPieceSchema>;

export const setupSchema = z.strictObject({
  firstPlayer: provenanced(sideSchema),
  vp: provenanced(perSide(count)),
  control: z.record(z.enum(ISLANDS), provenanced(sideSchema)),
  airfields: z.array(provenanced(z.strictObject({ island: z.enum(ISLANDS), side: sideSchema, damaged: z.boolean() }))),
  pieces: z.array(provenanced(setupPieceSchema)),
  supplies: z.array(provenanced(z.strictObject({ side: sideSchema, zone: zoneIdSchema, count: int.min(1) }))),
});

const chartRow = <T extends z.ZodType>(t: T) => provenanced(z.array(t).length(12));

export const guadalcanalBoxSchema = z.strictObject({
  units: z.record(unitTypeSchema, unitSchema),
  supplyToken: z.strictObject({ cost: provenanced(count), pieces: provenanced(perSide(count)) }),
  /** the slot line-up on the neck of the battle box, slots 1-12, per target category (BOX) */
  battleBox: z.strictObject({ air: chartRow(unitTypeSchema), sea: chartRow(unitTypeSchema), land: chartRow(unitTypeSchema) }),
  zones: z.record(zoneIdSchema, zoneSchema),
  /** advantage tokens of each kind per side (App. 1 Advantages) */
  advantages: z.record(advantageSchema, provenanced(perSide(count))),
  /** turn and scoring constants */
  constants: z.strictObject({
    victoryPoints: provenanced(int.min(1)),
    vpPerAirfield: provenanced(count),
    vpPerCapitalShip: provenanced(count),
    reinforceBase: provenanced(count),
    reinforcePerIsland: provenanced(count),
    airfieldBuildSupplies: provenanced(int.min(1)),
    airfieldRepairSupplies: provenanced(int.min(1)),
    shipRepairSupplies: provenanced(int.min(1)),
    airfieldCapacity: provenanced(int.min(1)),
    /** dice faces that hit; a 1 destroys, a 2 damages a resilient unit (ATK.3, ATK.damage) */
    hitFaces: provenanced(z.array(int.min(1).max(6)).min(1)),
    /** hits that damage one airfield (CMB.4) */
    airfieldHitsPerDamage: provenanced(int.min(1)),
    diceInBox: provenanced(int.min(1)),
    /** component counts of the Game Components list */
    airfieldMarkers: provenanced(count),
    damagedMarkers: provenanced(count),
    controlMarkers: provenanced(count),
    advantageTokens: provenanced(perSide(count)),
    /** total playing pieces per side */
    playingPieces: provenanced(perSide(count)),
  }),
  setup: setupSchema,
  /** where the map picture draws each zone (map units, 10 px each): the project's schematic, not the board's geometry */
  layout: z.record(
    zoneIdSchema,
    provenanced(z.strictObject({ x: z.number(), y: z.number(), labelAt: z.enum(['right', 'left', 'above', 'below']).optional() })),
  ),
});

export type GuadalcanalBox = z.infer<typeof guadalcanalBoxSchema>;

/** A provenanced value with the provenance stripped, recursively. */
export type Unprovenanced<T> = T extends { value: infer V; source: unknown }
  ? Unprovenanced<V>
  : T extends readonly (infer E)[]
    ? Unprovenanced<E>[]
    : T extends object
      ? { [K in keyof T]: Unprovenanced<T[K]> }
      : T;

/** The box as the rules use it: `withoutProvenance(box)`. */
export type GuadalcanalBoxData = Unprovenanced<GuadalcanalBox>;
