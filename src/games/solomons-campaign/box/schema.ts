/** The box schema: every value a `{value, source}` (docs/game-box.md); a club's file may replace any. */
import { z } from 'zod';
import { provenanced as p } from '../../../engine/box';
import { SHIP_TYPES } from './forces';

const n = z.number().int().min(0);
const hex = z.string().regex(/^\d{4}$/);
const side = z.enum(['japanese', 'us']);
const result = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.null()]);
const column = z.object({ min: n, max: n.nullable() }).strict().nullable();
const columns = p(z.array(column).length(9));
const ground = z
  .object({
    id: z.string().min(1),
    service: z.enum(['army', 'navy']),
    type: z.enum(['infantry', 'airborne', 'engineer']),
    size: z.enum(['battalion', 'regiment', 'brigade', 'division']),
  })
  .strict();
const air = z
  .object({
    service: z.enum(['army', 'navy']),
    type: z.enum(['LAC', 'NAC', 'SAC', 'MAC']),
    points: z.number().int().min(1),
    fatigued: z.boolean().optional(),
  })
  .strict();
const placement = z
  .object({
    at: z.string().min(1),
    ships: z.array(z.string().regex(/^[A-Z]+-\d+$/)).optional(),
    tf: z.number().int().min(1).optional(),
    nac: z.record(z.string(), n).optional(),
    air: z.array(air).optional(),
    ground: z.array(ground).optional(),
    supply: n.optional(),
  })
  .strict();
const shipClass = z.object({ attack: n, defense: n, aa: n, bombardment: n }).strict();
const base = z
  .object({
    side,
    hex: hex.nullable(),
    touches: z.array(hex).optional(),
    airDistance: n.optional(),
    capacity: n,
    maxCombatShips: n.nullable(),
  })
  .strict();
const arrival = z.object({ turn: z.number().int().min(1) }).passthrough();

export const solBoxSchema = z
  .object({
    grid: z
      .object({ size: p(z.object({ cols: n, rows: n }).strict()), orientation: p(z.enum(['flat', 'pointy'])), hexMiles: p(n) })
      .strict(),
    islands: z.record(z.string(), p(z.object({ name: z.string().min(1), hexes: z.array(hex).min(1).max(2) }).strict())),
    hexNames: p(z.record(z.string(), hex)),
    majorBases: z.object({ Rabaul: p(base), Truk: p(base), 'Espiritu Santo': p(base), Australia: p(base) }).strict(),
    airfields: z
      .object({
        start: p(z.array(z.object({ at: z.string().min(1), side, value: n }).strict())),
        markerValues: p(z.array(n)),
      })
      .strict(),
    crt: p(z.array(z.array(z.object({ a: result, d: result }).strict()).length(9)).length(6)),
    columns: z
      .object({
        airVsAir: columns,
        antiAircraft: columns,
        airVsNaval: columns,
        navalVsNaval: columns,
        bombardment: columns,
        ground: columns,
      })
      .strict(),
    shifts: z.record(z.string(), p(z.unknown())),
    victoryPoints: p(z.record(z.string(), z.unknown())),
    victoryLevels: p(z.array(z.object({ ratio: z.number(), level: z.string() }).strict())),
    cpMissions: p(
      z
        .object({
          tfCost: n,
          capitalTfCost: n,
          capitalTypes: z.array(z.enum(SHIP_TYPES)),
          supplyPerLogisticsCp: n,
          specialIntelCost: n,
          intelPerHexPerTurn: n,
        })
        .strict(),
    ),
    logistics: p(z.record(z.string(), n)),
    reorganization: p(z.record(side, z.array(z.unknown()))),
    randomEvents: p(z.record(side, z.array(z.string()).length(6))),
    turns: p(
      z
        .object({
          names: z.array(z.string()).length(13),
          lastTurn: z.object({ short: n, extended: n }).strict(),
          executionPhases: n,
          shortFirstTurnPhases: n,
        })
        .strict(),
    ),
    shipValues: p(z.record(z.enum(SHIP_TYPES), shipClass)),
    movement: p(z.object({ normal: n, slow: z.array(z.enum(SHIP_TYPES)), slowAllowance: n, tokyoExpress: n }).strict()),
    transport: p(z.record(z.string(), n)),
    carrierCapacity: z
      .object({ us: p(z.record(z.string(), n)), usOther: p(z.record(z.string(), n)), japanese: p(z.record(z.string(), n)) })
      .strict(),
    air: z
      .object({
        ranges: p(z.record(side, z.record(z.string(), n))),
        extended: p(z.object({ japaneseLac: z.boolean(), usArmyLacFrom: z.string() }).strict()),
        macCargo: p(n),
      })
      .strict(),
    groundSizes: p(z.record(z.string(), n)),
    groundStrength: p(z.record(z.string(), n)),
    cpTrack: p(z.object({ japanese: z.array(n).length(13), us: z.array(n).length(13) }).strict()),
    refit: z
      .object({ turns: p(z.record(z.string(), n)), subTurns: p(n), perBase: p(z.record(z.string(), n)), espirituUnlimited: p(z.boolean()) })
      .strict(),
    intelligence: p(z.object({ normal: z.array(z.string()).length(6), special: z.array(z.string()).length(6) }).strict()),
    deployment: z.object({ japanese: z.array(p(placement)), us: z.array(p(placement)) }).strict(),
    reinforcements: z.record(z.string(), p(z.union([z.array(arrival), z.record(z.string(), z.unknown())]))),
  })
  .strict();

export type SolBox = z.infer<typeof solBoxSchema>;
