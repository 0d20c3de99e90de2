import { whoIsAwaited } from '../../engine/game';
import type { Notice } from '../../mail/notices';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import type { NewEvent } from '../../store/event-store';
import { noticeBase, stepNeeds } from '../notice-builders';
import { holds } from '../service-state';
import { advanceIfReady, openDeadline, reportsFor } from './flow';
import { rejected, type GameHandler, type Handling, type RefereeReply } from './handler';

/**
 * WAIT (issue 10 item 4, as njudge's SET WAIT): a side holds its orders for the step in play. Held
 * orders do not complete the step: it waits for the side's CONFIRM or for its deadline, which
 * applies them as they stand. The side may send new orders meanwhile. Service level, so it works
 * the same for every ruleset; the hold ends with the step (it names its step id).
 */
export function holdEvent(side: string, stepId: string, via: string): NewEvent {
  return { type: 'OrdersHeld', payload: { side, stepId }, metadata: { actor: side, via } };
}

/** A WAIT or CONFIRM refused or answered without changing anything: the side is told why. */
function answer(h: Handling, side: string, to: string, command: string, done: string[], key: string): void {
  h.notify({
    ...noticeBase(h.game, side, to, `done:${key}`),
    kind: 'confirmation',
    command,
    done,
    needs: stepNeeds(h.game, h.deadline()?.at ?? null),
  });
}

function refuse(h: Handling, side: string, to: string, command: string, problem: string, hint: string, key: string): CommandOutcome {
  h.notify({
    ...noticeBase(h.game, side, to, `rejected:${key}`),
    kind: 'rejection',
    summary: `${command}: ${problem} Nothing was changed.`,
    problems: [],
    hint,
  });
  return rejected(`${command}: ${problem}`);
}

/** The side a WAIT or CONFIRM comes from, with the address its answer goes to; refused when the game has no such side. */
function caller(
  h: Handling,
  command: string,
  gameId: string,
  side: string | null,
  by: RefereeReply,
): { key: string; to: string; side: string } | CommandOutcome {
  const seat = h.game.state.game?.sides.find((s) => s.side === side);
  if (!seat || !side) return rejected(`${command}: game ${gameId} has no side ${side ?? '(the referee plays none)'}`);
  return { key: by.key ?? command, to: by.replyTo ?? seat.player.address, side };
}

/** WAIT alone (without orders in the same mail): hold the side's orders for the step in play. */
export async function wait(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string | null,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const who = caller(h, 'WAIT', gameId, side, by);
    if ('status' in who) return who;
    const { key, to, side: mine } = who;
    const step = h.game.state.step;
    if (!step) return refuse(h, mine, to, 'WAIT', `game ${gameId} is over.`, 'There are no more orders to hold.', key);
    if (!step.owes.includes(mine))
      return refuse(
        h,
        mine,
        to,
        'WAIT',
        `${step.title} asks nothing of ${mine}.`,
        'WAIT holds your orders for a step that asks for them: send it with those orders.',
        key,
      );
    if (!holds(h.game.service, mine, step.id)) await h.append([holdEvent(mine, step.id, key)]);
    const deadline = await openDeadline(h);
    const ordersIn = !whoIsAwaited(h.game.state, h.game.ruleset).includes(mine);
    answer(
      h,
      mine,
      to,
      'WAIT',
      [
        `Your orders for ${step.title} are held: they will not complete the step.`,
        ordersIn ? 'Your orders are in.' : 'You have no orders in yet: send them (you may send new ones until the deadline).',
        `Send CONFIRM to release them${deadline ? `; at the deadline they apply as they stand` : ''}.`,
      ],
      key,
    );
    return { status: 'applied', result: { held: step.id } };
  });
}

/** CONFIRM: release orders held by WAIT; the step resolves now if nobody else is awaited or holding. */
export async function confirmOrders(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string | null,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const who = caller(h, 'CONFIRM', gameId, side, by);
    if ('status' in who) return who;
    const { key, to, side: mine } = who;
    const step = h.game.state.step;
    if (!step || !holds(h.game.service, mine, step.id))
      return refuse(
        h,
        mine,
        to,
        'CONFIRM',
        step ? `you hold no orders for ${step.title}.` : `game ${gameId} is over.`,
        'CONFIRM releases orders you held with WAIT; orders sent without WAIT complete the step when every side has ordered.',
        key,
      );
    if (whoIsAwaited(h.game.state, h.game.ruleset).includes(mine))
      return refuse(
        h,
        mine,
        to,
        'CONFIRM',
        `you have no orders in for ${step.title} yet.`,
        'Send your orders first (with CONFIRM in the same mail, or WAIT to keep holding them).',
        key,
      );
    await h.append([{ type: 'OrdersReleased', payload: { side: mine, stepId: step.id }, metadata: { actor: mine, via: key } }]);
    const before = h.game.head.version;
    await advanceIfReady(h);
    const resolved = h.game.state.step?.id !== step.id;
    const deadline = await openDeadline(h);
    const reports: Notice[] = resolved ? await reportsFor(h, before, deadline) : [];
    // resolved: the side's report says so; else a word on who the step still waits for
    if (!reports.some((n) => n.kind === 'report' && n.side === mine)) {
      const others = whoIsAwaited(h.game.state, h.game.ruleset);
      answer(
        h,
        mine,
        to,
        'CONFIRM',
        resolved
          ? [`Your orders for ${step.title} are released, and the step has been resolved.`]
          : [
              `Your orders for ${step.title} are released.`,
              `The step now waits for ${others.join(', ') || 'the sides still holding theirs'}.`,
            ],
        key,
      );
    }
    h.notify(...reports);
    return { status: 'applied', result: { released: step.id, resolved } };
  });
}
