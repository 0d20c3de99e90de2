/** Victory in the Pacific (Avalon Hill, 1977): the ruleset. */
import type { Side } from '../../engine/ruleset';
import { vitpCaseSetup, vitpCaseUnit } from './case-support';
import { defaultBox, validateBox, type VitpBox } from './box';
import { evolveVitp } from './events';
import { narrateEvent } from './narrate';
import { vitpNews } from './news';
import { vitpOptions } from './options';
import { checkOrders } from './orders/check';
import { defaultOrdersFor } from './orders/defaults';
import { formatOrders } from './orders/format';
import { after } from './orders/ahead';
import { vitpOrderLines } from './orders/grammar';
import { helpText } from './orders/help';
import { VITP_REFERENCE } from './orders/reference';
import { parseOrderText } from './orders/parse';
import { randomOrdersFor } from './orders/random';
import { answerStanding, parseStandingText } from './orders/standing';
import { setupGame } from './setup';
import { atStep, stepOf, upcomingSteps } from './steps';
import type { Order, VitpState, VSide } from './types';
import { viewFor, type VitpView } from './view';
import { pocStanding } from './control';
import rulesVersion from './rules-version.json';
import { vitpMailPlayer } from './players/mail';
import { VITP_STEPS } from './step-table';
import { defineRuleset } from '../../engine/define';
import { withoutProvenance } from '../../engine/box';

const asSide = (side: Side): VSide => {
  if (side !== 'japanese' && side !== 'allied') throw new RangeError(`vitp has no side "${side}"`);
  return side;
};

/** A mail must hold at least one order: "STAY" stands for "nothing this step". */
const orStay = (orders: readonly Order[]): readonly Order[] => (orders.length ? orders : [{ line: 0, text: 'STAY', t: 'stay' }]);

export const vitpRuleset = defineRuleset<VitpState, Order, VitpBox, VitpView>({
  id: 'vitp',
  name: 'Victory in the Pacific',
  sides: ['japanese', 'allied'],
  options: vitpOptions,
  // the rules version (docs/audit.md "Engine pinning"): bumped in rules-version.json whenever adjudication could change
  engineVersion: `vitp-${rulesVersion.version}`,
  box: { defaultData: defaultBox, validate: validateBox },
  steps: VITP_STEPS,
  // the game ends after the box's last turn, or its optional ninth (turn-9)
  length: (options, box) => {
    const { turns, optionalTurn } = withoutProvenance<{ gameLength: { turns: number; optionalTurn: number } }>(box).gameLength;
    return { turns: options['turn-9'] === true ? optionalTurn : turns };
  },
  players: { mail: vitpMailPlayer },
  setup: setupGame,
  currentStep: stepOf,
  upcomingSteps,
  // orders for a step to come are read in that step's phase, against today's board (validated when it comes)
  parseOrders: (state, _side, text, step) => parseOrderText(atStep(state, step), text),
  // in the step's phase: orders sent ahead are checked when they arrive (boardAfter) as well as when their step comes
  validateOrders: (state, side, orders, step) => checkOrders(atStep(state, step), asSide(side), orders),
  // a mail's FOR sections are checked on the board its earlier orders leave: who has moved, who may raid (5.21, 6.11)
  boardAfter: (state, _side, step, orders) => after(atStep(state, step), orders),
  defaultOrders: (state, side) => orStay(defaultOrdersFor(state, asSide(side))),
  parseStanding: (state, _side, text) => parseStandingText(state, text),
  answerFromStanding: (state, side, _step, standing) => answerStanding(state, asSide(side), standing),
  evolve: evolveVitp,
  view: viewFor,
  narrate: narrateEvent,
  news: vitpNews,
  formatOrders,
  help: (state, side, step) => helpText(step ? atStep(state, step) : state, side === 'referee' ? null : asSide(side), step),
  reference: VITP_REFERENCE,
  orderLines: vitpOrderLines,
  cases: { setup: vitpCaseSetup, unit: vitpCaseUnit },
  // from the side's view: the position as it knows it (view.ts positionKnownBy)
  randomOrders: (view, side, step, rng) =>
    orStay(
      'defaults' in view && view.defaults
        ? // a battle holding the enemy's task forces: its default orders now, nothing sent ahead for it
          view.defaults.stepId === step.id
          ? view.defaults.orders
          : []
        : randomOrdersFor(atStep(view.position, step), asSide(side), rng),
    ),
  result: (state) => {
    if (state.phase.k !== 'over') return { winner: null, summary: `Turn ${state.turn} in progress; ${pocStanding(state.poc)}.` };
    const winner = state.poc > 0 ? 'japanese' : state.poc < 0 ? 'allied' : 'draw';
    return { winner, summary: `After turn ${state.turn}: ${pocStanding(state.poc)}.` };
  },
});
