/**
 * Axis & Allies: Guadalcanal (ruleset `aa-guadalcanal`). Section ids (MOV.1, ATK.cargo, REG.4c ...)
 * are this project's, defined in ./README.md: the rulebook has no rule numbers.
 */
import type { Ruleset, StepInfo } from '../../engine/ruleset';
import { guadalcanalBox } from './box';
import { advantageOptions, advantageProblems } from './advantages';
import { evolveGuadalcanal } from './evolve';
import { guadalcanalReference } from './help';
import { formatOrders, parseGuadalcanalOrders, SYNTAX, syntaxKey } from './orders';
import { randomGuadalcanalOrders } from './random';
import { adjudicateGuadalcanal, currentStepOf, upcomingStepsOf, validate } from './rules';
import { setupGuadalcanal } from './setup';
import { HIDDEN_TURN_STEPS, TURN_STEPS } from './steps';
import type { GSide, GState, Order } from './types';
import { narrateGuadalcanal, viewGuadalcanal } from './view';
import rulesVersion from './rules-version.json';

function help(step: StepInfo | null): string {
  if (!step) return 'The game is over.';
  return [
    `${step.title}`,
    `Orders: ${SYNTAX[syntaxKey(step)] ?? 'none: this step needs no orders'}`,
    'Section ids: see HELP ALL (README of aa-guadalcanal).',
  ].join('\n');
}

export const guadalcanalRuleset: Ruleset<GState, Order> = {
  id: 'aa-guadalcanal',
  name: 'Axis & Allies: Guadalcanal',
  sides: ['axis', 'allies'],
  options: [...advantageOptions, { id: 'hidden-movement', title: 'Hidden sea movement (App. 1)', rule: 'HID', default: false }],
  validateOptions: advantageProblems,
  // the rules version (docs/audit.md "Engine pinning"): bumped in rules-version.json whenever adjudication could change
  engineVersion: `aa-guadalcanal-${rulesVersion.version}`,
  box: guadalcanalBox,
  setup: ({ box, options }) => setupGuadalcanal(box, options),
  currentStep: currentStepOf,
  upcomingSteps: upcomingStepsOf,
  resolveSection(s, side, name) {
    const word = name.toUpperCase();
    const ahead = [currentStepOf(s), ...upcomingStepsOf(s)].filter((x): x is StepInfo => x !== null);
    const defs = [...TURN_STEPS, ...HIDDEN_TURN_STEPS].filter((d) => d.section === word);
    if (!defs.length) return null;
    const hit = ahead.find((x) => x.owes.includes(side) && defs.some((d) => d.rule === x.rule));
    return hit?.id ?? null;
  },
  parseOrders: (_s, _side, text, step) => parseGuadalcanalOrders(text, step),
  validateOrders: (s, side, orders, step) => validate(s, side as GSide, orders, step),
  defaultOrders: () => [],
  adjudicate: adjudicateGuadalcanal,
  evolve: evolveGuadalcanal,
  view: viewGuadalcanal,
  narrate: (e) => narrateGuadalcanal(e),
  formatOrders,
  help: (_s, _side, step) => help(step),
  reference: guadalcanalReference,
  randomOrders: (s, side, step, rng) => randomGuadalcanalOrders(s, side as GSide, step, rng),
  result: (s) =>
    s.winner
      ? { winner: s.winner, summary: `${s.winner} wins on turn ${s.turn}: ${s.vp.axis} VP axis, ${s.vp.allies} VP allies (WIN, REG.5)` }
      : { winner: null, summary: 'no winner yet' },
};
