import { randomBytes } from 'node:crypto';
import { evolve, makeSealedSeedChain, makeSeedChain, tryDecide, narrativeFor, type EngineEvent, type EngineState } from '../../engine/game';
import { ROLLED_BACK, type RolledBackPayload } from '../../engine/voids';
import type { CommandOutcome } from '../../store/commands';
import { PermanentCommandError } from '../../store/commands';
import type { Sql } from '../../store/db';
import { reportNotices } from '../notice-builders';
import { chainTurns, confirm, refereeRejected, reminderTime } from './flow';
import { engine, type GameHandler, type Handling, type RefereeReply } from './handler';
import { planRollback, type RollbackTarget } from './rollback-plan';
import { rollbackLine } from './rollback-notice';

export interface RollbackInput {
  readonly target: RollbackTarget;
  readonly orders: RolledBackPayload['orders'];
  readonly reason: string;
  /** who ruled: the referee's address (mail) or `cli` */
  readonly referee: string;
}

const USAGE =
  'ROLLBACK TO <step id | EVENT n> [ORDERS KEPT | ORDERS RESEND] <reason>, e.g. ROLLBACK TO t3/orders ORDERS KEPT a ship was misplaced';

/**
 * ROLLBACK: one RolledBack event voids the log's tail after the cut (engine/voids.ts); the state is
 * the replay of what is not void, the step rolled back to is in play again with a fresh deadline,
 * and every side (and the referee) is told what was undone and why.
 */
export async function rollback(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  input: RollbackInput,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const asked = `ROLLBACK TO ${'stepId' in input.target ? input.target.stepId : `EVENT ${input.target.eventSeq}`}`;
    if (!input.reason.trim()) return refereeRejected(h, by, asked, 'a rollback needs a reason (every side is told it)', USAGE);
    const all = await h.env.deps.games.events.read(gameId, 0, tx);
    const step = h.game.state.step;
    const cut = planRollback(all, input.target, input.orders, step ? { stepId: step.id, turn: step.turn } : null);
    if ('problem' in cut) return refereeRejected(h, by, asked, cut.problem, `${cut.hint} ${USAGE}`);
    const payload: RolledBackPayload = {
      ...cut,
      orders: input.orders,
      referee: input.referee,
      reason: input.reason.trim(),
      concerns: [cut.toSeq, cut.firstVoidedSeq, h.game.head.version],
    };
    const next = await h.append([{ type: ROLLED_BACK, payload, metadata: { actor: 'referee', causationId: by.key } }]);
    if (next.state.step?.id !== cut.stepId)
      throw new PermanentCommandError(`after the rollback the step in play is ${next.state.step?.id ?? 'none'}, not ${cut.stepId}`);
    const rolledSeq = next.head.version;
    const deadline = await freshDeadline(h);
    const line = rollbackLine({ seq: rolledSeq, payload });
    h.notify(
      ...reportNotices(h.game, h.game.head.version, deadline, h.settings.referee).map((n) =>
        n.kind === 'report' ? { ...n, key: `${n.key}:rollback`, narrative: [line] } : n,
      ),
    );
    confirm(
      h,
      by,
      asked,
      [
        `Rolled back to ${cut.stepId} (turn ${cut.turn}): events ${cut.firstVoidedSeq}-${rolledSeq - 1} are void (event ${rolledSeq} records the ruling).`,
        `Undone: ${cut.undone.join(', ')}.`,
        input.orders === 'kept'
          ? 'Orders already in for the step stand.'
          : 'Orders for the step were voided: every side it asks orders again.',
        'Every side has been told what was undone and why.',
      ],
      deadline,
    );
    return { status: 'applied', result: { rolledBackAt: rolledSeq, ...cut } };
  });
}

/** The step rolled back to gets a deadline of its own again (the one it had has passed or was for the voided play). */
export async function freshDeadline(h: Handling): Promise<string | null> {
  const step = h.game.state.step;
  if (!step) return null;
  const at = new Date(h.now.getTime() + h.settings.deadlineMinutes * 60_000);
  const graceUntil = new Date(at.getTime() + (h.settings.graceMinutes ?? 0) * 60_000);
  const remindAt = reminderTime(h.now, at);
  await h.append([
    {
      type: 'DeadlineSet',
      payload: { stepId: step.id, at: at.toISOString(), graceUntil: graceUntil.toISOString(), remindAt: remindAt?.toISOString() ?? null },
      metadata: { actor: 'umpire' },
    },
  ]);
  await h.env.deps.scheduler.schedule(h.game.gameId, step.id, graceUntil, remindAt);
  return at.toISOString();
}

/**
 * PREVIEW: the step in play adjudicated with the orders in hand (defaults for the silent, as FORCE
 * would), shown to the referee and recorded nowhere. Its dice come from a one-off random seed
 * chain, not the game's: the game's seed is never asked for, so the preview neither reveals nor
 * uses up a die of the real resolution, which will roll its own (the preview says so).
 */
export async function preview(handler: GameHandler, tx: Sql, gameId: string, by: RefereeReply = {}): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const { state, ruleset } = h.game;
    if (!state.step || !state.game)
      return refereeRejected(h, by, 'PREVIEW', `game ${gameId} is over: there is no step to preview`, 'STATUS shows the result.');
    const oneOffTop = randomBytes(32);
    const oneOff = makeSeedChain(oneOffTop, chainTurns(h));
    // sealed dice too roll from a one-off chain: the preview never asks for the game's sealed seeds
    const oneOffSealed = state.game.sealedSeedAnchor ? makeSealedSeedChain(oneOffTop, chainTurns(h)) : null;
    const trial: EngineState<unknown> = {
      ...state,
      game: { ...state.game, seedAnchor: oneOff.anchor, ...(oneOffSealed ? { sealedSeedAnchor: oneOffSealed.anchor } : {}) },
    };
    const decision = engine(() =>
      tryDecide(
        {
          type: 'Deadline',
          now: h.now.toISOString(),
          seeds: (turn) => oneOff.seeds[turn],
          ...(oneOffSealed ? { sealedSeeds: (turn: number) => oneOffSealed.seeds[turn] } : {}),
          open: (sealed) => h.env.orders.open(sealed).toString('utf8'),
        },
        trial,
        ruleset,
      ),
    );
    if (!decision.ok) return refereeRejected(h, by, 'PREVIEW', decision.rejection.message, 'Nothing was recorded.');
    const events: EngineEvent[] = decision.events;
    const after = events.reduce<EngineState<unknown>>((s, e) => evolve(s, e, ruleset), trial);
    const narrative = narrativeFor(events, 'referee', ruleset);
    const lines = [
      `PREVIEW of ${state.step.title} [${state.step.id}] with the orders in hand (defaults for sides still silent). NOTHING WAS RECORDED.`,
      "DICE ARE NOT THE GAME'S: drawn from a one-off random seed for this preview only. The real resolution rolls its own dice; the game's seed was not used or revealed.",
      ...narrative,
      `Afterwards: ${after.step ? `${after.step.title} [${after.step.id}]` : `game over. ${after.result?.summary ?? ''}`}`,
    ];
    confirm(h, by, 'PREVIEW', lines, null);
    return { status: 'applied', result: { preview: true, lines, dice: events.filter((e) => e.type === 'DieRolled').length } };
  });
}
