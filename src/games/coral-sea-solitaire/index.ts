/**
 * Coral Sea Solitaire (issue 26): one player commands the USN by email; the umpire runs the IJN, a
 * system side that decides by the rules' own tables from what it may know (view.ts IjnKnowledge),
 * on sealed dice where its decisions are hidden. The declaration: sides, options (30.1-35, 30.4
 * needing 30.3), 14 turns from the box's calendar, the step table with every row's handler
 * (rows.ts), the fog of war (fog.ts), narration, the orders by mail (orders/), a random USN player.
 */
import rulesVersion from './rules-version.json';
import { defineRuleset } from '../../engine/define';
import type { GameOptions, LineError, Side, StepInfo } from '../../engine/ruleset';
import { type CoralBox, coralBox, defaultBox } from './box';
import { coralCaseSetup, coralCaseUnit } from './case-support';
import { evolve } from './events';
import { viewCoral } from './fog';
import { narrateCoral } from './narrate';
import { coralNews } from './news';
import { CORAL_STANDING_KINDS } from './orders/standing-kinds';
import {
  answerFromStanding,
  boardAfter,
  CORAL_REFERENCE,
  cpNote,
  coralMailPlayer,
  coralOrderLines,
  defaultOrders,
  formatOrders,
  help,
  parseOrders,
  parseStanding,
  validateOrders,
} from './orders';
import { historicalPlayer } from './players/historical';
import { randomCoralOrders } from './players/random';
import { airOrderProblems } from './rules/air';
import { currentStep, upcomingSteps } from './rules/core';
import { planUsnMoves } from './rules/movement';
import { validateSurfaceOrders } from './rules/surface';
import { ijnPlayer, STEPS } from './rows';
import { initialState } from './state';
import { rowIdOf, turnsOf } from './steps';
import type { CoralOptions, CoralOrder, CoralState } from './types';
import type { CoralView } from './view';

export type { CoralOrder, CoralState, CoralView };
export { ijnPlayer };

/** The options: each optional rule by its number (30.1-35), and which CoralOptions flag it sets. */
const OPTIONS: readonly { id: string; flag: keyof CoralOptions; title: string; rule: string; requires?: string[] }[] = [
  { id: 'bigger-battle', flag: 'biggerBattle', title: 'Bigger carrier battle: an extra carrier each (IJN CV-4, USN CV-3)', rule: '30.1' },
  { id: 'more-fighters', flag: 'moreFighters', title: 'More carrier fighters: one VB of each CV becomes a VF', rule: '30.2' },
  { id: 'ijn-battleships', flag: 'ijnBattleships', title: 'Japanese battleships may turn up with CSF, SG or CG', rule: '30.3' },
  {
    id: 'usn-battleships',
    flag: 'usnBattleships',
    title: 'USN battleships B-1 and B-2 may join at New Caledonia',
    rule: '30.4',
    requires: ['ijn-battleships'],
  },
  { id: 'historical', flag: 'historical', title: 'Historical IJN deployment (intelligence rolls cost 2 CP)', rule: '31' },
  { id: 'extended-range', flag: 'extendedRange', title: 'Extended range air missions', rule: '32' },
  { id: 'screening', flag: 'screening', title: 'Screening in surface combat', rule: '33' },
  { id: 'fueling-group', flag: 'fuelingGroup', title: 'US fueling group: TF-6 refuels its hex, moves one hex', rule: '34' },
  { id: 'optional-deployment', flag: 'optionalDeployment', title: 'Initial deployment and reinforcements by dice', rule: '35' },
  {
    id: 'target-roll-per-origin',
    flag: 'targetRollPerOrigin',
    title: 'Each carrier or airbase attacking a hex rolls its own target selection',
    rule: 'Q4',
  },
];

export function coralOptions(options: GameOptions): CoralOptions {
  return Object.fromEntries(OPTIONS.map((o) => [o.flag, options[o.id] === true])) as unknown as CoralOptions;
}

/**
 * The orders' own checks (orders/validate.ts), then, for the step in play, the areas' checks of
 * the position (movement 12-14 and 19; screening 33 and bombardment 17): a step still to come is
 * checked again when it comes into play.
 */
function validateCoral(s: CoralState, side: Side, orders: readonly CoralOrder[], step: StepInfo): readonly LineError[] {
  const base = validateOrders(s, side, orders, step);
  if (base.length || side !== 'usn' || currentStep(s)?.id !== step.id) return base;
  const row = rowIdOf(step.id);
  const whole = (problem: string, rule?: string): LineError => ({ line: 0, text: '', problem, ...(rule ? { rule } : {}) });
  if (row === 'movement-usn')
    return planUsnMoves(s, orders).problems.map((p) => ({
      ...whole(`${formatOrders([orders[p.index]])}: ${p.problem}`, p.rule),
      ...(p.hint ? { hint: p.hint } : {}),
    }));
  if (row === 'screen' || row === 'bombard-usn') return validateSurfaceOrders(s, row, orders).map((p) => whole(p));
  return airOrderProblems(s, row, orders).map((p) => whole(`${p.order}: ${p.problem}`, p.rule));
}

export const coralSeaSolitaire = defineRuleset<CoralState, CoralOrder, CoralBox, CoralView>({
  id: 'coral-sea-solitaire',
  name: 'Coral Sea Solitaire',
  sides: ['usn', 'ijn'],
  options: OPTIONS.map(({ id, title, rule, requires }) => ({ id, title, rule, default: false, ...(requires ? { requires } : {}) })),
  systemSides: () => ['ijn'],
  sealedDice: () => true,
  // the rules version (docs/audit.md "Engine pinning"): bumped in rules-version.json whenever adjudication could change
  engineVersion: `coral-sea-solitaire-${rulesVersion.version}`,
  box: coralBox,
  steps: STEPS,
  // 5.5: Day 3 May to Night 9 May, from the box's calendar
  length: (_options, box) => ({
    turns: turnsOf({ firstDay: (box ?? defaultBox).calendar.firstDay.value, lastDay: (box ?? defaultBox).calendar.lastDay.value }),
  }),
  setup: ({ box, options }) => initialState(box, coralOptions(options)),
  currentStep,
  upcomingSteps,
  parseOrders,
  validateOrders: validateCoral,
  // issue 28: a mail's FOR sections are checked as they arrive, on the board its earlier orders leave (orders/board-after.ts)
  boardAfter: (s, side, step, orders) => boardAfter(s, side, step, orders),
  // the acknowledgment echoes what the orders cost in CP and what is left in each slot (7.4)
  ordersNote: (s, side, step, orders) => cpNote(s, side, step, orders),
  defaultOrders,
  parseStanding,
  answerFromStanding,
  // issue 28: the kinds of standing instruction and the defaults in force from the start (CAP serves AIR DEFAULT, on no row of its own)
  standingKinds: CORAL_STANDING_KINDS,
  evolve: (s, e) => evolve(s, e),
  view: (s, viewer) => viewCoral(s, viewer as 'usn' | 'ijn' | 'referee'),
  narrate: narrateCoral,
  news: coralNews,
  formatOrders,
  help,
  reference: CORAL_REFERENCE,
  orderLines: coralOrderLines,
  randomOrders: (view, side, step, rng) => randomCoralOrders(view, side, step, rng),
  cases: { setup: coralCaseSetup, unit: coralCaseUnit },
  // the IJN system side: its decisions at each row that owes `system`, from its own view (view.ts IjnKnowledge)
  players: {
    mail: coralMailPlayer,
    // a scripted commander of May 1942 for calibration (players/historical.ts): --player usn=historical
    named: { historical: historicalPlayer },
    system: { ijn: ({ view, step, dice }) => ijnPlayer({ view, step, dice }) },
  },
  result(s) {
    const r = s.result;
    if (!r) return { winner: null, summary: `the game stopped on turn ${s.turn}` };
    const words = r.winner === 'draw' ? 'a draw' : `${r.winner.toUpperCase()} ${r.level} victory`;
    return { winner: r.winner, summary: `${words}: VP USN ${s.vp.usn}, IJN ${s.vp.ijn}` };
  },
});
