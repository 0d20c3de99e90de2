import { PermanentCommandError, type CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { liveEngineEvents } from '../game-repository';
import { confirm, refereeRejected } from './flow';
import type { GameHandler, RefereeReply } from './handler';
import { replayLines, replayOrders, resolutionsIn } from './roll-forward';
import { rollback } from './rollback';
import { payloadOf } from '../service-events';

export interface AdoptInput {
  /** the parent game, which goes on as the fork went */
  readonly gameId: string;
  readonly forkId: string;
  readonly reason: string;
  readonly referee: string;
}

/**
 * `umpire adopt <game> <fork>` (issue 30): a fork becomes the game's official continuation. The
 * parent (whose players, addresses and pages are the game's) is rolled back to the fork point, its
 * orders for that step void (ORDERS RESEND), with a fresh dice chain from the fork's turn on: the
 * fork rolled from the parent's chain, which the referee has seen played out in the fork, so the
 * adopted play must not roll from it again. Then the fork's play is replayed on the parent, step by
 * step, with the orders the fork's sides gave (rollforward's replay), and ForkAdopted records the
 * fork, the fork point and the fork's head. Every side is told of the rollback and gets its reports.
 * Refused when the parent no longer holds the fork's prefix (its event at the fork point has
 * another hash) or the fork is not this game's.
 */
export async function adoptFork(handler: GameHandler, tx: Sql, input: AdoptInput, by: RefereeReply = {}): Promise<CommandOutcome> {
  const { events } = handler.env.deps.games;
  const forkLog = await events.read(input.forkId, 0, tx);
  const forked = payloadOf(
    forkLog.find((e) => e.type === 'GameForked'),
    'GameForked',
  );
  const asked = `ADOPT ${input.forkId}`;
  const HINT = 'Nothing was changed. ADOPT <fork> BECAUSE <reason>, naming a fork of this game made with umpire fork.';
  const refuse = (problem: string) => handler.run(tx, input.gameId, async (h) => refereeRejected(h, by, asked, problem, HINT));
  if (!forked) return refuse(`${input.forkId} is no fork (its log has no GameForked)`);
  if (forked.parentGameId !== input.gameId) return refuse(`${input.forkId} forks ${forked.parentGameId}, not ${input.gameId}`);
  if (!input.reason.trim()) return refuse('an adoption needs a reason (every side is told it)');
  const parentLog = await events.read(input.gameId, 0, tx);
  const at = parentLog.find((e) => e.seq === forked.atSeq);
  if ((at?.hash ?? null) !== forked.parentHash)
    return refuse(`${input.gameId} no longer holds the fork's prefix (its event ${forked.atSeq} is not the one the fork copied)`);
  // the fork's play: from just after the resolution before the fork point (its orders for the forked step included)
  const live = liveEngineEvents(forkLog);
  const start = (live.filter((e) => e.type === 'StepResolved' && e.seq <= forked.atSeq).at(-1)?.seq ?? 0) + 1;
  const play = resolutionsIn(live, start);
  if (!play.length) return refuse(`no step has resolved in ${input.forkId} since it forked: nothing to adopt`);

  const ruling = { reason: `adopting fork ${input.forkId}: ${input.reason.trim()}`, referee: input.referee };
  const back = await rollback(
    handler,
    tx,
    input.gameId,
    { target: { stepId: forked.stepId }, orders: 'resend', renewFrom: forked.turn, ...ruling },
    // its own answer to the referee, under a key of its own (the adoption's answer follows)
    { ...by, ...(by.key ? { key: `${by.key}:rollback` } : {}) },
  );
  if (back.status !== 'applied') return back;
  const cut = back.result as { toSeq: number; rolledBackAt: number };
  if (cut.toSeq > forked.atSeq)
    throw new PermanentCommandError(
      `${asked}: the rollback would keep events after the fork point ${forked.atSeq} (it cut at ${cut.toSeq})`,
    );
  const { done, stopped } = await replayOrders(handler, tx, input.gameId, play, `adoption of ${input.forkId}`);
  return handler.run(tx, input.gameId, async (h) => {
    const payload = {
      forkId: input.forkId,
      atSeq: forked.atSeq,
      forkHead: forkLog.at(-1)?.hash ?? null,
      rolledBackAt: cut.rolledBackAt,
      steps: done,
      ...ruling,
    };
    const next = await h.append([{ type: 'ForkAdopted', payload, metadata: { actor: 'referee' } }]);
    const lines = [
      `${input.forkId} adopted as the continuation of ${input.gameId} (event ${next.head.version}); rolled back at event ${cut.rolledBackAt} with a new dice chain from turn ${forked.turn}.`,
      ...replayLines(h, done, stopped, "Replayed the fork's orders"),
    ];
    confirm(h, by, asked, lines, h.game.state.step ? (h.deadline(h.game.state.step.id)?.at ?? null) : null);
    return { status: 'applied', result: { ...payload, seq: next.head.version, stopped, lines } };
  });
}
