/** The box schema: every value a `{value, source}` (docs/game-box.md). */
import { z } from 'zod';
import { provenanced } from '../../../engine/box';
import { SHIP_TYPES } from './ships';

const p = provenanced;
const side = z.enum(['american', 'japanese']);
const shipType = z.enum(SHIP_TYPES);
const counts = z.partialRecord(shipType, z.number().int().min(0));
const square = { col: z.number().int().min(1).max(40), row: z.number().int().min(1).max(40) };

const aircraft = z
  .object({
    side,
    role: z.enum(['fighter', 'bomber']),
    search: z.number().int().min(1).nullable(),
    attack: z.number().int().min(1),
    accuracy: z.number().min(0).nullable(),
    shotDown: z.number().min(0).max(100),
    shootsDown: z.number().min(0).max(100),
    carrier: z.boolean(),
  })
  .strict();

const rating = z.number().int().min(0);
const num = z.number().min(0);
const shipClass = z
  .object({ side, type: shipType, mg: rating, aa: rating, tt: rating, cc: rating, ms: rating, df: z.number().int().min(1) })
  .strict();

const startTf = z
  .object({
    mission: z.enum(['C', 'B', 'T', 'U', 'FC', 'FB', 'FT']),
    ...square,
    ships: z.array(z.string()).optional(),
    take: counts.optional(),
    load: z.object({ inf: rating, sup: rating }).strict().optional(),
  })
  .strict();

const scenarioSide = z
  .object({
    figures: p(z.tuple([rating, rating, rating])),
    counts: p(counts),
    named: p(z.array(z.string())),
    taskForces: z.array(p(startTf)),
    inPort: p(z.string().nullable()),
  })
  .strict();

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const scenario = z
  .object({
    first: p(date),
    last: p(date),
    turns: p(z.number().int().min(2)).optional(),
    weather: p(z.enum(['clear', 'light', 'heavy'])).optional(),
    bonus: p(z.object({ japanese: rating }).strict()).optional(),
    american: scenarioSide,
    japanese: scenarioSide,
  })
  .strict();

const airGroup = z.record(z.string(), rating);

const place = z.object({ code: z.string().length(1), name: z.string(), side, ...square }).strict();
const victoryRows = p(z.array(z.object({ min: z.number().int().nullable(), level: z.string() }).strict()));

export const gcBoxSchema = z
  .object({
    map: z
      .object({ size: p(z.number().int()), squareMiles: p(z.number()), rows: z.array(p(z.string().regex(/^[.#A-Z]{40}$/))).length(40) })
      .strict(),
    places: z.record(z.string(), p(place)),
    ports: z.object({ american: p(z.array(z.string())), japanese: p(z.array(z.string())) }).strict(),
    airbases: z.record(z.string(), p(z.union([z.array(z.string()), z.string(), z.number()]))),
    aircraft: z.record(z.string(), p(aircraft)),
    longRangeStrike: z.record(z.string(), p(z.object({ shotDown: rating, shootsDown: rating }).strict())),
    longRangeCap: p(z.array(rating).length(6)),
    transferRangeFactor: p(z.number().int()),
    classes: z.record(z.string(), p(shipClass)),
    ships: z.array(p(z.object({ name: z.string().min(1), cls: z.string() }).strict())),
    missions: z
      .object({
        endurance: p(z.record(z.string(), rating)),
        onlyMission: p(z.record(z.string(), z.string())),
        fast: p(z.array(z.string())),
      })
      .strict(),
    scenarios: z.object({
      campaign: scenario,
      'coral-sea': scenario,
      'eastern-solomons': scenario,
      'santa-cruz': scenario,
      guadalcanal: scenario,
      'campaign-2': scenario,
    }),
    campaignTotals: z.record(z.string(), z.object({ american: p(counts), japanese: p(counts) }).strict()),
    air: z
      .object({
        carriers: z.record(z.string(), p(airGroup)),
        coralSeaCarriers: z.record(z.string(), p(airGroup)),
        bases: z.record(z.string(), p(z.record(z.string(), airGroup))),
      })
      .strict()
      // a box stored before the air groups were rebuilt has none: its games fly float planes only
      .optional(),
    reinforcements: z
      .object({
        chance: p(z.number().int().min(1)),
        table: p(z.record(z.string(), z.record(z.string(), rating))),
        bettyBelow: p(rating),
        zekeBelow: p(rating),
        shortlandsFrom: p(z.string()),
        ships: z.record(
          z.string(),
          z
            .object({
              american: p(z.array(z.object({ date: z.string(), port: z.string(), ships: z.array(z.string()) }).strict())),
              japanese: p(z.array(z.object({ date: z.string(), port: z.string(), ships: z.array(z.string()) }).strict())),
            })
            .strict(),
        ),
      })
      .strict()
      // a box stored before reinforcements were built has none: its campaigns stop at 8.9 as they did
      .optional(),
    turnEnd: z
      .object({
        weather: z
          .object({
            worse: p(rating),
            better: p(rating),
            spoils: p(z.object({ clear: rating, light: rating, heavy: rating }).strict()),
          })
          .strict(),
        repair: z
          .object({
            perDamage: p(rating),
            slowPorts: p(z.array(z.string())),
            slowPercent: p(z.number().positive()),
            doubleBase: p(z.number()),
            doublePerDf: p(z.number()),
            refitTurns: p(z.record(z.string(), rating)),
            subRefitTurns: p(rating),
            refitTypes: p(z.array(z.string())),
            refitAbove: p(rating),
          })
          .strict(),
        attritionPercent: p(z.number().positive()),
        tankers: z.object({ refuels: p(z.record(z.string(), rating)), below: p(rating), to: p(rating) }).strict(),
      })
      .strict()
      // a box stored before the end of the turn was built has none: its games stop at 9.6B as they did
      .optional(),
    bombard: z
      .object({
        ships: p(rating),
        damagedPercent: p(rating),
        bbGun: p(z.number().positive()),
        aaGun: p(z.number().positive()),
        halfAt: p(z.number().positive()),
      })
      .strict()
      // a box stored before bombardment was built has none: its games stop at 8.4 as they did
      .optional(),
    surface: z
      .object({
        gunPerMille: p(num),
        usGun: p(num),
        usBbGun: p(num),
        torpedoPerMille: p(num),
        usTorpedo: p(num),
        aaPerMille: p(num),
        speedKnots: p(num),
        speedLimits: p(z.array(num).length(2)),
        sizeDf: p(num),
        sizeLimits: p(z.array(num).length(2)),
        firstWeekUs: p(num),
        firstWeekTurns: p(rating),
        dayIjnTorpedo: p(num),
        halfTimePercent: p(rating),
        damage: p(
          z.object({ aa: num, cl: num, ca: num, yamato: num, usBb: num, mutsu: num, ijnBb: num, torpedo21: num, torpedo24: num }).strict(),
        ),
        knots21: p(rating),
        knots24: p(rating),
        scareDf: p(num),
        scareMg: p(num),
        scareBb: p(num),
        scaredEndurance: p(rating),
      })
      .strict()
      // a box stored before surface combat was built has none: its games stop at 8.2 as they did
      .optional(),
    submarine: z
      .object({
        patrolSquares: p(rating),
        attackSurfacePercent: p(num),
        attackSubPercent: p(num),
        escortTypes: p(z.array(shipType)),
        perEscort: p(num),
        escortFloor: p(num),
        sightedAttack: p(num),
        salvo: p(rating),
        torpedoPerMille: p(num),
        usTorpedo: p(num),
        torpedoDamage: p(num),
        torpedoKnots: p(rating),
        depthChargePercent: p(num),
        japaneseDepthCharge: p(num),
        sightedDepthCharge: p(num),
        depthChargeDamage: p(num),
      })
      .strict()
      // a box stored before submarine combat was built has none: its games stop at 8.3 as they did
      .optional(),
    damage: z
      .object({
        criticalPercent: p(num),
        criticalTimes: p(num),
        worsePercent: p(num),
        repairPercent: p(num),
        worseShare: p(num),
        repairShare: p(num),
      })
      .strict()
      // a box stored before critical hits were built has none: its games stop at 9.1A / 9.1D
      .optional(),
    land: z
      .object({
        levels: p(z.number().int().min(1)),
        usReserve: p(rating),
        usFloor: p(rating),
        menPerCompany: p(z.number().int().min(1)),
        estimateSpread: p(z.number().int().min(0).max(100)),
        defenceDumps: p(rating),
        unsuppliedFactor: p(num),
        defenderRate: p(z.array(num).length(5)),
        attackerRate: p(z.array(num).length(5)),
        // a box stored before the US attack had its own rates has none: a US attack uses the two above
        usAttackDefenderRate: p(z.array(num).length(5)).optional(),
        usAttackAttackerRate: p(z.array(num).length(5)).optional(),
      })
      .strict()
      // a box stored before the land odds were box data has none: its games use the shipped rates (rules/land.ts)
      .optional(),
    airReturn: z
      .object({
        deckExplodes: p(z.number().min(0).max(100)),
        deckDamage: p(num),
        emergencyRange: p(rating),
        baseHit: p(z.number().min(0).max(100)),
        aircraftPerHit: p(num),
        hitsPerDump: p(z.number().positive()),
        fortressFactor: p(num),
      })
      .strict()
      // a box stored before the air-return odds were box data has none: its games use the shipped odds (rules/base-strike.ts)
      .optional(),
    strike: z
      .object({
        bombDamage: p(rating),
        torpedoDamage: p(rating),
        torpedoKnots: p(rating),
        flakDivisor: p(z.number().positive()),
        flakShips: p(rating),
        torpedoBombers: p(z.array(z.string())),
        perAccuracy: p(z.number().positive()),
        speedKnots: p(z.number().positive()),
        speedLimits: p(z.array(z.number().positive()).length(2)),
        flakSpoils: p(z.number().positive()),
        rangeSquares: p(z.number().positive()),
        sizeDf: p(z.number().positive()),
        sizeLimits: p(z.array(z.number().positive()).length(2)),
        sinkAtDf: p(z.number().positive()),
        longRangeFrom: p(rating),
      })
      .strict()
      // a box stored before strikes were resolved has none: its games stop at 8.1 as they did
      .optional(),
    search: z
      .object({
        floatRange: p(rating),
        shipFloatPlanes: p(z.record(z.string(), rating)),
        threePlaneClasses: p(z.array(z.string())),
        planesPerPip: p(z.number().int().min(1)),
        maxPips: p(z.number().int().min(1).max(6)),
        misidentifyOn: p(z.number().int().min(0).max(6)),
        mistaken: p(z.record(z.string(), z.string())),
      })
      .strict(),
    victory: z.object({ campaign: victoryRows, mini: victoryRows, campaign2: victoryRows, hendersonBonus: p(rating) }).strict(),
  })
  .strict();

export type GcBox = z.infer<typeof gcBoxSchema>;
