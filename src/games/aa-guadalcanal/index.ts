/**
 * Axis & Allies: Guadalcanal (ruleset `aa-guadalcanal`). Section ids (MOV.1, ATK.cargo, REG.4c ...)
 * are this project's, defined in ./README.md: the rulebook has no rule numbers.
 */
import { defineRuleset, type StepRow } from '../../engine/define';
import type { StepInfo } from '../../engine/ruleset';
import { guadalcanalBox } from './box';
import { advantageOptions, advantageProblems } from './advantages';
import { evolveGuadalcanal } from './evolve';
import { guadalcanalReference } from './help';
import { formatOrders, parseGuadalcanalOrders, SYNTAX, syntaxKey } from './orders';
import { guadalcanalOrderLines } from './orders-grammar';
import { randomGuadalcanalOrders } from './random';
import { boardAfter, currentStepOf, resolverOf, upcomingStepsOf, validate } from './rules';
import { setupGuadalcanal } from './setup';
import { boxData } from './box/default-box';
import { setupPicture } from './box/map-picture';
import { boxCheckDetails } from './box/report';
import { guadalcanalMailPlayer } from './players/mail';
import { relaxingOptions } from './options';
import { resolveGuadalcanalSection } from './sections';
import { guadalcanalNews } from './news';
import { answerGuadalcanalStanding, parseGuadalcanalStanding, standingKindsOfStep } from './standing';
import { ALL_DEFS, defOf } from './steps';
import type { GSide, GState, Order } from './types';
import { type GuadalcanalView, narrateGuadalcanal, viewGuadalcanal } from './view';
import rulesVersion from './rules-version.json';

function help(step: StepInfo | null): string {
  if (!step) return 'The game is over.';
  return [
    `${step.title}`,
    `Orders: ${SYNTAX[syntaxKey(step)] ?? 'none: this step needs no orders'}`,
    'Section ids: see HELP ALL (README of aa-guadalcanal).',
  ].join('\n');
}

/**
 * One row per step of the turn (every form) and per combat decision, by its slug without
 * first/second, with its handler (rules.ts resolverOf); every deadline is an `orders` one.
 */
const ROWS: StepRow<GState, Order>[] = [];
for (const def of ALL_DEFS) {
  const id = def.slug.replace(/\/(first|second)$/, '');
  if (ROWS.some((r) => r.id === id)) continue;
  const owes = def.who === 'both' ? 'several' : def.who === 'none' ? 'none' : 'one';
  ROWS.push({
    id,
    owes,
    rule: def.rule,
    title: def.title,
    deadline: 'orders',
    ...(def.section ? { for: def.section } : {}),
    ...(standingKindsOfStep(def).length ? { standing: standingKindsOfStep(def) } : {}),
    resolve: resolverOf(def.kind.kind),
  });
}

export const guadalcanalRuleset = defineRuleset<GState, Order, unknown, GuadalcanalView>({
  id: 'aa-guadalcanal',
  name: 'Axis & Allies: Guadalcanal',
  sides: ['axis', 'allies'],
  options: [
    ...advantageOptions,
    { id: 'hidden-movement', title: 'Hidden sea movement (App. 1)', rule: 'HID', default: false },
    ...relaxingOptions,
  ],
  validateOptions: advantageProblems,
  // the rules version (docs/audit.md "Engine pinning"): bumped in rules-version.json whenever adjudication could change
  engineVersion: `aa-guadalcanal-${rulesVersion.version}`,
  box: { ...guadalcanalBox, details: boxCheckDetails, picture: (data) => setupPicture(boxData(data)) },
  steps: { rows: ROWS, rowOf: (step) => defOf(step).slug.replace(/\/(first|second)$/, '') },
  // no turn limit in the rules: a side wins on victory points (WIN), which every turn's scoring
  // (REG.5) brings closer; 256 turns is far beyond any game
  length: () => ({ turns: 256 }),
  players: { mail: guadalcanalMailPlayer },
  setup: ({ box, options }) => setupGuadalcanal(box, options),
  currentStep: currentStepOf,
  upcomingSteps: upcomingStepsOf,
  parseOrders: (_s, _side, text, step) => parseGuadalcanalOrders(text, step),
  validateOrders: (s, side, orders, step) => validate(s, side as GSide, orders, step),
  // a mail's FOR sections are checked as they arrive, on the board its earlier orders leave (MOV.1-MOV.8, CMB.3)
  boardAfter: (s, side, step, orders) => boardAfter(s, side as GSide, step, orders),
  resolveSection: (s, side, name) => resolveGuadalcanalSection(s, side as GSide, name),
  defaultOrders: () => [],
  parseStanding: (s, _side, text) => parseGuadalcanalStanding(s, text),
  answerFromStanding: (s, side, step, standing) => answerGuadalcanalStanding(s, side as GSide, step, standing),
  evolve: evolveGuadalcanal,
  view: viewGuadalcanal,
  narrate: (e) => narrateGuadalcanal(e),
  news: guadalcanalNews,
  formatOrders,
  help: (_s, _side, step) => help(step),
  reference: guadalcanalReference,
  orderLines: guadalcanalOrderLines,
  // from the side's view: the position as it knows it (view.ts positionKnownBy)
  randomOrders: (view, side, step, rng) => randomGuadalcanalOrders(view.position, side as GSide, step, rng),
  result: (s) =>
    s.winner
      ? { winner: s.winner, summary: `${s.winner} wins on turn ${s.turn}: ${s.vp.axis} VP axis, ${s.vp.allies} VP allies (WIN, REG.5)` }
      : { winner: null, summary: 'no winner yet' },
});
