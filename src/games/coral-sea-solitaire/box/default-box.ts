/**
 * The default box: the rulebook's components (`rulebook`, with the section) and the mapsheet's,
 * which no public source holds (`reconstructed`, with the reasoning and the rules it answers). A
 * club's transcription replaces any value (docs/game-box.md); the constraint checks
 * (./constraints.ts) hold an override to what the rules require.
 */
import { mapData } from './map';
import { fromRule, rebuilt, SOLOMONS } from './provenance';
import { scalesData } from './scales';
import { setupData } from './setup-data';
import { type CoralBox, coralBoxSchema } from './schema';
import { shipsData } from './ships';
import * as T from './tables';

const BASE_CAP =
  'printed on the mapsheet (23.3); large enough for the setup air (4.2: Australia 13 squadrons, which a club may split between the two Australian bases; 4.3: Rabaul 8 and 12 more on Day 4 May)';
const USN_RANGE =
  'USN ranges are on the counters only; scaled to the IJN errata ranges (VF 7, VB 5, VT 3, LF 7, LMB 10): the Wildcat and the Army fighters had far less reach than the Zero, the B-17 more than any bomber';

const data = {
  calendar: { month: fromRule('May 1942', '4.1'), firstDay: fromRule(3, '5.5'), lastDay: fromRule(9, '5.5') },
  constants: {
    cpPerDay: fromRule(20, '7.2'),
    leadershipMax: fromRule(3, '8.3'),
    panicMax: fromRule(10, '9.2'),
    airTransferRangeMultiplier: fromRule(3, '21.5'),
    extendedRangePercent: fromRule(50, '32.0'),
    screeningPercent: fromRule(150, '33.1'),
    fastMove: fromRule(1, '14.3'),
    subPlacementExtraRows: fromRule(3, '4.3'),
  },
  map: mapData,
  bases: {
    Rabaul: {
      side: fromRule('ijn', '3.1'),
      kind: fromRule('major', '3.1'),
      capacity: rebuilt(24, BASE_CAP),
      aa: rebuilt(24, `${BASE_CAP}; a major base's AA level is its capacity (23.5)`),
    },
    Lae: { side: fromRule('ijn', '3.1'), kind: fromRule('minor', '3.1'), capacity: fromRule(3, '4.3'), aa: fromRule(3, '23.7') },
    'Port-Moresby': { side: fromRule('usn', '3.1'), kind: fromRule('minor', '3.1'), capacity: fromRule(4, '4.2'), aa: fromRule(4, '23.7') },
    'North-Australia': {
      side: fromRule('usn', '3.1'),
      kind: fromRule('major', '3.1'),
      capacity: rebuilt(16, BASE_CAP),
      aa: rebuilt(16, `${BASE_CAP}; AA equals capacity (23.5)`),
    },
    'South-Australia': {
      side: fromRule('usn', '3.1'),
      kind: fromRule('major', '3.1'),
      capacity: rebuilt(16, BASE_CAP),
      aa: rebuilt(16, `${BASE_CAP}; AA equals capacity (23.5)`),
    },
    'New-Caledonia': {
      side: fromRule('usn', '3.1'),
      kind: fromRule('major', '3.1'),
      capacity: rebuilt(12, BASE_CAP),
      aa: rebuilt(12, `${BASE_CAP}; AA equals capacity (23.5)`),
    },
  },
  ships: shipsData,
  airRanges: {
    usn: {
      VF: rebuilt(4, USN_RANGE),
      VB: rebuilt(5, USN_RANGE),
      VT: rebuilt(3, USN_RANGE),
      LF: rebuilt(4, USN_RANGE),
      LD: rebuilt(4, USN_RANGE),
      LMB: rebuilt(8, `${USN_RANGE}; enough to reach Rabaul from Port Moresby`),
      LHB: rebuilt(12, `${USN_RANGE}; the B-17s reached Rabaul from Townsville by way of Port Moresby`),
    },
    ijn: {
      VF: fromRule(7, 'errata'),
      VB: fromRule(5, 'errata'),
      VT: fromRule(3, 'errata'),
      LF: fromRule(7, 'errata'),
      LMB: fromRule(10, 'errata'),
    },
  },
  movementPoints: {
    CV: fromRule(2, '36'),
    CVL: fromRule(2, '36'),
    BB: fromRule(2, '36'),
    B: fromRule(1, '36'),
    CA: fromRule(2, '36'),
    CL: fromRule(2, '36'),
    DD: fromRule(2, '36'),
    GB: fromRule(1, '36'),
    TR: fromRule(1, '36'),
    CYP: fromRule(1, '36'),
    SS: fromRule(1, '36'),
    Dummy: fromRule(2, '36'),
  },
  ijnTaskForces: {
    CSF: {
      name: fromRule('Carrier Strike Force', '4.3'),
      ma: fromRule(2, '14.6'),
      objective: rebuilt('Coral-Sea-Station', 'the rules give the carrier force no objective hex; it needs one for OBJ results (14.8)'),
      escorts: rebuilt(null, 'the carrier force covers no convoy'),
      retireTo: rebuilt('To-Truk', 'it came from Truk (4.3); post-panic it leaves by a To Truk hex (14.10)'),
    },
    PMG: {
      name: fromRule('Port Moresby Group', '4.3'),
      ma: fromRule(1, '14.6'),
      objective: fromRule('Port-Moresby', '20.1'),
      escorts: rebuilt(null, 'a convoy escorts nobody'),
      retireTo: rebuilt('Rabaul', 'it sailed from Rabaul (4.3) and returns there (14.10)'),
    },
    TG: {
      name: fromRule('Tulagi Group', '4.3'),
      ma: fromRule(1, '14.6'),
      objective: fromRule('Tulagi', '20.1'),
      escorts: rebuilt(null, 'a convoy escorts nobody'),
      retireTo: rebuilt('Rabaul', 'the nearest IJN base (14.10)'),
    },
    SG: {
      name: fromRule('Support Group', '4.3'),
      ma: fromRule(1, '14.6'),
      objective: rebuilt('Deboyne', 'the rules give the support group no objective; its seaplane tender set up at Deboyne in May 1942'),
      escorts: rebuilt(null, 'it supports by scouting (3.9), not escort'),
      retireTo: rebuilt('Rabaul', 'the nearest IJN base (14.10)'),
    },
    CG: {
      name: fromRule('Covering Group', '4.3'),
      ma: fromRule(2, '14.6'),
      objective: rebuilt('Port-Moresby', "covering the invasion: when the convoy is gone it makes for the convoy's target"),
      escorts: rebuilt('PMG', 'its light carrier covered the Port Moresby convoy in May 1942'),
      retireTo: rebuilt('To-Truk', 'post-panic the carriers withdraw toward Truk (14.10)'),
    },
  },
  scoutingRange: {
    taskForce: rebuilt(6, "printed on the Scouting Table (29.1): a TF's floatplanes reach about 450 miles, six hexes"),
    majorBase: rebuilt(8, "printed on the Scouting Table (29.1): a major base's flying boats reach further than a TF's floatplanes"),
  },
  setup: setupData,
  tables: {
    randomEvents: T.randomEvents,
    intelligence: T.intelligence,
    leadershipUse: T.leadershipUse,
    ijnShipFatigue: T.ijnShipFatigue,
    ijnShipDamage: T.ijnShipDamage,
    ijnCarrierAirRecovery: T.ijnCarrierAirRecovery,
    ijnLandAirRecovery: T.ijnLandAirRecovery,
    movementDoctrine: T.movementDoctrine,
    postPanicMovement: T.postPanicMovement,
    landAirDoctrine: T.landAirDoctrine,
    carrierDoctrine: T.carrierDoctrine,
    fighterCommitment: T.fighterCommitment,
    targetSelection: T.targetSelection,
    scouting: T.scouting,
    operationalInitiative: T.operationalInitiative,
    tacticalInitiative: T.tacticalInitiative,
    crt: T.crt,
    deployment35: T.deployment35,
    ijnBattleships: T.ijnBattleships,
    cv3Arrival: T.cv3Arrival,
  },
  crtEffects: {
    air: {
      '0': rebuilt({ abortedDice: 1 }, `${SOLOMONS}: D0 aborts 1d squadrons (fatigued, 21.8)`),
      '1': rebuilt({ eliminatedDice: 1 }, `${SOLOMONS}: D1 eliminates 1d squadrons`),
      '2': rebuilt({ eliminatedDice: 1, abortedDice: 1 }, `${SOLOMONS}: D2 eliminates 1d and aborts 1d`),
      '3': rebuilt({ eliminatedDice: 2 }, `${SOLOMONS}: D3 eliminates 2d`),
    },
    ship: {
      '0': rebuilt({ ship: 'damaged' }, `${SOLOMONS}: minor damage, read as CSS's "damaged" (14.2, 15.1, 25.3)`),
      '1': rebuilt({ ship: 'crippled' }, `${SOLOMONS}: crippled`),
      '2': rebuilt({ ship: 'sunk' }, `${SOLOMONS}: eliminated`),
      '3': rebuilt({ ship: 'sunk' }, `${SOLOMONS}: eliminated`),
    },
    naval: {
      '0': rebuilt({ force: { sunk: 'none', crippled: 'one' } }, `${SOLOMONS}: one ship crippled`),
      '1': rebuilt({ force: { sunk: 'none', crippled: 'half' } }, `${SOLOMONS}: half the ships crippled (rounded up)`),
      '2': rebuilt({ force: { sunk: 'half', crippled: 'none' } }, `${SOLOMONS}: half the ships eliminated`),
      '3': rebuilt({ force: { sunk: 'half', crippled: 'rest' } }, `${SOLOMONS}: half eliminated, the rest crippled`),
    },
    bombardment: {
      '0': rebuilt({ grounded: 1, baseStrength: 0 }, `${SOLOMONS}: one grounded squadron`),
      '1': rebuilt({ grounded: 2, baseStrength: 1 }, `${SOLOMONS}: two grounded squadrons; a minor base loses a level (23.3)`),
      '2': rebuilt({ groundedDice: 1, baseStrength: 1 }, `${SOLOMONS}: 1d grounded squadrons and a level`),
      '3': rebuilt({ groundedDice: 1, baseStrength: 2 }, `${SOLOMONS}: 1d grounded squadrons and two levels`),
    },
  },
  crtShifts: {
    'usn-night-surface-attack': rebuilt(
      -1,
      "the USN penalty for night surface attacks (26.2) as one column left, the Solomons CRT's night shift",
    ),
    'sub-asw-escorted': fromRule(-1, '19.5'),
    'sub-unescorted': fromRule(1, '19.5'),
    leadership: rebuilt(1, "a chit may shift a CRT column one in its side's favour (8.2)"),
  },
  ...scalesData,
  airMissions: {
    cap: rebuilt(
      { airToAirMultiplier: 2, attacksSurface: false, fatigues: true, rangeMultiplier: 0 },
      `${SOLOMONS}: CAP flies over its own hex (5a1b) with air-to-air doubled and never attacks ships; every mission fatigues in CSS (25.1)`,
    ),
    escort: rebuilt(
      { airToAirMultiplier: 1, attacksSurface: false, fatigues: true, rangeMultiplier: 1 },
      'escorts fight air only (21.6) and fatigue (25.1)',
    ),
    strike: rebuilt(
      { airToAirMultiplier: 1, attacksSurface: true, fatigues: true, rangeMultiplier: 1 },
      'strikes attack a TF or base (22.2) and fatigue (25.1)',
    ),
    transfer: fromRule({ airToAirMultiplier: 0, attacksSurface: false, fatigues: true, rangeMultiplier: 3 }, '21.5, 5.6 1f'),
  },
  leadership: {
    'operational-initiative': rebuilt(
      1,
      'chits modify the tables that list them (8.2); the list is on the mapsheet: initiative is the first',
    ),
    'tactical-initiative': rebuilt(1, 'as operational-initiative'),
    scouting: rebuilt(1, 'as operational-initiative'),
    intelligence: rebuilt(1, 'as operational-initiative'),
    'crt-shift': rebuilt(1, 'as operational-initiative; one column'),
    'ijn-movement-doctrine': rebuilt(1, 'as operational-initiative; IJN carrier groups only'),
    'ijn-air-doctrine': rebuilt(1, 'as operational-initiative'),
    'ijn-carrier-doctrine': rebuilt(1, 'as operational-initiative'),
  },
  // surface:
  shipFatigue: {
    attackPercent: rebuilt(
      50,
      "25.2 leaves fatigue's effect to the CRT notes on the mapsheet; a fatigued ship attacks at half (rounded down per ship), as the Solomons Campaign's fatigued naval attacker (seed 000, 46.1) and the brief (7.2 #8) read it; CSS fatigues every ship that fought (5b4) and lets it fight again, so Solomons' basic 'no attack' (14.1) would be too harsh",
    ),
    bombardPercent: rebuilt(50, 'a fatigued ship bombards at half, as it attacks at half (attackPercent)'),
  },
};

/** The default box, checked against the schema as it loads (a fault here is a bug in this file). */
export const defaultBox: CoralBox = coralBoxSchema.parse(data);
