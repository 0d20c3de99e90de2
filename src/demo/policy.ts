/**
 * How the demo bots write their mail, as skilled mail players do: when a step asks something of
 * them, one mail carries the orders for that step and, in `FOR <stepId>` sections, orders for every
 * later step of the turn they owe whose id the rules fix now (VITP upcomingSteps: patrol,
 * amphibious, raiders, submarine, invasions, return), each drawn from the board the earlier ones
 * leave (orders/ahead.ts); their standing instructions (sent with the first mail) answer the
 * decision points they cover. Used by the email bots (bot.ts) and by the in-process mail model
 * (model.ts), so both play alike.
 */
import type { EngineState } from '../engine/engine-events';
import type { Rng, Side, StepInfo } from '../engine/ruleset';
import { formatOrders } from '../games/vitp/orders/format';
import { randomTurnOrders } from '../games/vitp/orders/ahead';
import { upcomingPhases } from '../games/vitp/steps';
import type { VitpState, VSide } from '../games/vitp/types';

export interface BotMail {
  readonly text: string;
  /** the steps this mail gives orders for: the one in play first, then those sent ahead */
  readonly steps: readonly string[];
}

export interface MailOptions {
  readonly ahead: boolean;
  /** steps already given orders ahead this game (updated here) */
  readonly sentAhead: Set<string>;
  /** steps never sent ahead */
  readonly skip?: (stepId: string) => boolean;
}

/** The mail of `side` answering `step` (the step in play), with orders ahead when `opts.ahead`. */
export function composeMail(state: EngineState<unknown>, side: Side, step: StepInfo, rng: Rng, opts: MailOptions): BotMail {
  const s = state.rules as VitpState;
  const later = opts.ahead
    ? upcomingPhases(s).filter(
        (u) => u.step.owes.includes(side) && u.step.id !== step.id && !opts.sentAhead.has(u.step.id) && !opts.skip?.(u.step.id),
      )
    : [];
  const orders = randomTurnOrders(s, side as VSide, [s.phase, ...later.map((u) => u.phase)], rng);
  const steps = [step, ...later.map((u) => u.step)];
  for (const u of later) opts.sentAhead.add(u.step.id);
  const text = steps.map((st, i) => `FOR ${st.id}\n${formatOrders(orders[i]).trim() || 'STAY'}`).join('\n');
  return { text, steps: steps.map((st) => st.id) };
}
