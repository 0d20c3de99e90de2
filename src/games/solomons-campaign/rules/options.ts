/**
 * The optional rules (40.0-49.0, 21.10, 28.3 "New Optional Rule", the 50.0 note on August I): each
 * an option of game creation, all off by default (the players agree on them before play, 40.0
 * preamble). Built: the short August I (14 Execution Phases, 50.0 Sequence of Play note), random
 * events (40, rules/random-events.ts), additional CP (41: the two extra CP a turn; the chart of its
 * new missions is lost but for one line that belongs to 42.2), Banzai (49, rules/ground-combat.ts),
 * amphibious assault (43, rules/assault.ts), air mission assignment (45, rules/air-assign.ts), night
 * bombing (48, rules/air-night.ts), task force endurance (42, rules/endurance.ts), crippled units (44,
 * rules/crippled.ts), multiple combats (46, rules/fatigue.ts), Japanese pilot attrition (21.10,
 * rules/chart-arrivals.ts), recon/withdrawal (28.3 optional, rules/recon.ts),
 * training carrier air units (47, rules/carrier-training.ts).
 * Every optional rule of the rulebook is built.
 */
import type { GameOptions, OptionSpec } from '../../../engine/ruleset';

export interface SolOptions {
  /** 50.0 note: August I (turn 1) has 14 Execution Phases */
  readonly shortAugust: boolean;
  /** 40.0 */
  readonly randomEvents: boolean;
  /** 41.1: two more CP a turn for each side */
  readonly additionalCp: boolean;
  /** 49.1 */
  readonly banzai: boolean;
  /** 43.0 */
  readonly amphibiousAssault: boolean;
  /** 45.0: air units assigned to missions secretly at the start of each Execution Phase, for the turn */
  readonly airMissionAssignment?: boolean;
  /** 48.0: Japanese NAC and LAC strike at night from December I, at half strength */
  readonly nightBombing?: boolean;
  /** 42.0: TFs may stay at sea, paid in Logistics CP (rules/endurance.ts) */
  readonly endurance: boolean;
  /** 44.0: crippled ships stay on the map until moved back to a major base (rules/crippled.ts) */
  readonly crippledUnits: boolean;
  /** 46.0: fatigued units attack, halved */
  readonly multipleCombats: boolean;
  /** 21.10: the chart's "(F)" Japanese air enters fatigued */
  readonly pilotAttrition: boolean;
  /** 28.3 "New Optional Rule": recon/withdrawal before each ground attack */
  readonly reconWithdrawal: boolean;
  /** 47.0: NAC on land go aboard carriers only by training at a major base (rules/carrier-training.ts) */
  readonly carrierTraining?: boolean;
}

export const NO_OPTIONS: SolOptions = {
  shortAugust: false,
  randomEvents: false,
  additionalCp: false,
  banzai: false,
  amphibiousAssault: false,
  airMissionAssignment: false,
  nightBombing: false,
  endurance: false,
  crippledUnits: false,
  multipleCombats: false,
  pilotAttrition: false,
  reconWithdrawal: false,
  carrierTraining: false,
};

const BUILT: readonly (OptionSpec & { key: keyof SolOptions })[] = [
  { id: 'short-august', key: 'shortAugust', title: 'August I has only 14 Execution Phases (50.0 note)', rule: '4.7', default: false },
  { id: 'random-events', key: 'randomEvents', title: 'Random events (40.0)', rule: '40.0', default: false },
  {
    id: 'additional-cp',
    key: 'additionalCp',
    title: 'Additional CP missions: two more CP a turn each (41.0)',
    rule: '41.0',
    default: false,
  },
  { id: 'banzai', key: 'banzai', title: 'Banzai! (49.0)', rule: '49.0', default: false },
  { id: 'amphibious-assault', key: 'amphibiousAssault', title: 'Amphibious assault (43.0)', rule: '43.0', default: false },
  {
    id: 'air-mission-assignment',
    key: 'airMissionAssignment',
    title: 'Secret air mission assignment (45.0)',
    rule: '45.0',
    default: false,
  },
  { id: 'night-bombing', key: 'nightBombing', title: 'Night bombing (48.0)', rule: '48.0', default: false },
  { id: 'endurance', key: 'endurance', title: 'Task force endurance (42.0)', rule: '42.0', default: false },
  { id: 'crippled-units', key: 'crippledUnits', title: 'Crippled units stay on the map (44.0)', rule: '44.0', default: false },
  { id: 'multiple-combats', key: 'multipleCombats', title: 'Multiple combats (46.0)', rule: '46.0', default: false },
  { id: 'pilot-attrition', key: 'pilotAttrition', title: 'Japanese pilot attrition (21.10)', rule: '21.10', default: false },
  {
    id: 'recon-withdrawal',
    key: 'reconWithdrawal',
    title: 'Recon/withdrawal before ground combat (28.3 optional)',
    rule: '28.3',
    default: false,
  },
  {
    id: 'carrier-training',
    key: 'carrierTraining',
    title: 'Training carrier air units (47.0)',
    rule: '47.0',
    default: false,
  },
];

export const OPTION_SPECS: readonly OptionSpec[] = BUILT.map(({ key: _k, ...o }) => o);

/** The options a game was created with. */
export function solOptionsOf(options: GameOptions): SolOptions {
  return Object.fromEntries(BUILT.map((o) => [o.key, options[o.id] === true])) as unknown as SolOptions;
}
