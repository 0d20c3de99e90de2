/**
 * The VITP mail player (the demo's bots, the in-process mail model, the crash and pipeline runs):
 * it writes as skilled mail players do: when a step asks something of
 * them, one mail carries the orders for that step and, in `FOR <stepId>` sections, orders for every
 * later step of the turn they owe whose id the rules fix now (VITP upcomingSteps: patrol,
 * amphibious, raiders, submarine, invasions, return), each drawn from the board the earlier ones
 * leave (orders/ahead.ts); their standing instructions (sent with the first mail) answer the
 * decision points they cover (plan.ts). The email bots (src/demo/bot.ts) and the in-process mail
 * model (src/demo/model.ts) both play it, so both play alike.
 */
import type { MailPlayer, PlayerMail, PlayerMemory, PlayerTurn } from '../../../engine/players';
import { formatOrders } from '../orders/format';
import { randomTurnOrders } from '../orders/ahead';
import { upcomingPhases } from '../steps';
import type { VSide } from '../types';
import type { VitpView } from '../view';
import { botPlan } from './plan';

export interface MailOptions {
  readonly ahead: boolean;
  /** steps already given orders ahead this game (updated here) */
  readonly sentAhead: Set<string>;
  /** steps never sent ahead */
  readonly skip?: (stepId: string) => boolean;
}

/** The mail of `side` answering `step` (the step in play), with orders ahead when `opts.ahead`: from the side's view alone. */
export function composeMail({ view, side, step, dice: rng }: PlayerTurn<VitpView>, opts: MailOptions): PlayerMail {
  const s = view.position;
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

/** Counts that show a model game was played: battles fought, invasions (5.73), amphibious and raider moves. */
function tally(events: readonly { readonly stepId: string; readonly type: string; readonly data: unknown }[]): Record<string, number> {
  const play = { battles: 0, invaded: 0, amphibious: 0, raids: 0 };
  for (const { stepId, type, data } of events) {
    if (type === 'vitp.battle-done') play.battles++;
    const moved = type === 'vitp.unit' && (data as { patch?: { loc?: unknown } }).patch?.loc;
    if (moved && stepId.includes('/invasions/')) play.invaded++;
    if (moved && stepId.includes('/amphibious/')) play.amphibious++;
    if (moved && stepId.includes('/raiders/')) play.raids++;
  }
  return play;
}

/**
 * A newcomer's mail (DEMO_BOTS=newcomer): the steps the umpire's mail asks for and no other, the
 * step in play first without a FOR line, each later one under the FOR line the card gives it, each
 * drawn from the board the earlier ones leave. No standing instructions of its own.
 */
export function composeAsked({ view, side, step, dice: rng }: PlayerTurn<VitpView>, asked: PlayerMemory['asked']): PlayerMail {
  const s = view.position;
  const later = upcomingPhases(s).filter((u) => asked?.some((a) => a.stepId === u.step.id && a.stepId !== step.id));
  const orders = randomTurnOrders(s, side as VSide, [s.phase, ...later.map((u) => u.phase)], rng);
  const word = (id: string) => asked?.find((a) => a.stepId === id)?.forWord ?? id;
  const text = [
    formatOrders(orders[0]).trim() || 'STAY',
    ...later.map((u, i) => `FOR ${word(u.step.id)}\n${formatOrders(orders[i + 1]).trim() || 'STAY'}`),
  ].join('\n');
  return { text, steps: [step.id, ...later.map((u) => u.step.id)] };
}

export const vitpMailPlayer: MailPlayer<VitpView> = {
  compose(turn, memory) {
    if (memory.mode === 'newcomer') return composeAsked(turn, memory.asked);
    const plan = botPlan(turn.side, memory.mode);
    return composeMail(turn, { ahead: plan.ahead, sentAhead: memory.sentAhead, skip: plan.skip });
  },
  standing: (side, mode) => botPlan(side, mode === true ? 'plain' : mode === false ? 'skilled' : mode).standing,
  mailboxes: { japanese: 'japan', allied: 'allies' },
  tally,
};
