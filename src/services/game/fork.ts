import { initialState } from '../../engine/game';
import type { Side } from '../../engine/ruleset';
import { PermanentCommandError, type CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { GENESIS_HASH } from '../../store/event-store';
import type { LoadedGame } from '../game-repository';
import { initialServiceState } from '../service-state';
import { GAME_ID } from './create';
import { confirm } from './flow';
import { Handling, rejected, type GameHandler } from './handler';
import { submitOrders } from './orders';
import { force } from './referee';
import { freshDeadline } from './rollback';
import { planRollback, type RollbackTarget } from './rollback-plan';

export interface ForkInput {
  readonly parentId: string;
  readonly gameId: string;
  readonly target: RollbackTarget;
  /** orders to put in for the step forked at, by side (replacing what that side had in) */
  readonly orders?: Readonly<Record<Side, string>>;
  readonly referee?: string;
}

/** What a GameForked event records: the parent, the cut, and the parent's hash at the cut (the shared prefix). */
export interface GameForkedPayload {
  readonly parentGameId: string;
  readonly atSeq: number;
  /** the hash of the parent's event atSeq: the fork's events 1..atSeq are the parent's, content for content */
  readonly parentHash: string;
  readonly stepId: string;
  readonly turn: number;
  readonly ordersFrom: readonly Side[];
  readonly referee: string;
}

/**
 * `umpire fork`: a new game sharing its parent's log up to the moment before a step resolved (the
 * parent's events 1..atSeq copied content for content, seqs kept, so the parent's rulings and voids
 * mean the same; GameForked names the parent and its hash at the cut). It keeps the parent's seed
 * chain (same secret, same anchor, same game id inside GameCreated), so the step re-adjudicated
 * with the same orders rolls the parent's dice, and with other orders the dice the parent would
 * have rolled for them: "what if my orders had arrived in time". The parent is only read. A fork
 * mails only the referee (handler.ts), never the players.
 */
export async function fork(handler: GameHandler, tx: Sql, input: ForkInput): Promise<CommandOutcome> {
  const { env } = handler;
  if (!GAME_ID.test(input.gameId)) return rejected(`fork id "${input.gameId}" must look like G-abc123`);
  const parent = await env.deps.games.load(input.parentId, tx);
  const all = await env.deps.games.events.read(input.parentId, 0, tx);
  const step = parent.state.step;
  const cut = planRollback(all, input.target, 'kept', step ? { stepId: step.id, turn: step.turn } : null, true);
  if ('problem' in cut) return rejected(`fork of ${input.parentId}: ${cut.problem}. ${cut.hint}`);
  const sides = parent.state.game?.sides.map((s) => s.side) ?? [];
  const unknown = Object.keys(input.orders ?? {}).filter((s) => !sides.includes(s));
  if (unknown.length) return rejected(`fork of ${input.parentId}: no side ${unknown.join(', ')} (sides: ${sides.join(', ')})`);
  const sealed = await env.deps.table.seedSecret(tx, input.parentId);
  if (!sealed) return rejected(`game ${input.parentId} has no seed secret to share`);
  if (!(await env.deps.games.register(input.gameId, parent.ruleset.id, tx))) return rejected(`game ${input.gameId} already exists`);
  await env.deps.table.saveSeedSecret(tx, input.gameId, sealed);
  // the chains the parent renewed to (rollbacks past revealed seeds): the prefix may name one
  for (const chain of await env.deps.table.renewedChains(tx, input.parentId))
    await env.deps.table.saveRenewedChain(tx, input.gameId, chain.anchor, chain.sealed);
  const fresh: LoadedGame = {
    gameId: input.gameId,
    ruleset: parent.ruleset,
    state: initialState(),
    service: initialServiceState,
    head: { version: 0, hash: GENESIS_HASH },
    tail: [],
  };
  const h = new Handling(env, tx, fresh);
  const prefix = all.filter((e) => e.seq <= cut.toSeq);
  const payload: GameForkedPayload = {
    parentGameId: input.parentId,
    atSeq: cut.toSeq,
    parentHash: prefix[prefix.length - 1]?.hash ?? GENESIS_HASH,
    stepId: cut.stepId,
    turn: cut.turn,
    ordersFrom: Object.keys(input.orders ?? {}),
    referee: input.referee ?? 'referee',
  };
  await h.append([
    ...prefix.map((e) => ({ type: e.type, payload: e.payload, metadata: e.metadata, recordedAt: e.recordedAt })),
    { type: 'GameForked', payload, metadata: { actor: 'referee' } },
  ]);
  if (h.game.state.step?.id !== cut.stepId) return rejected(`fork of ${input.parentId}: the copied prefix does not end at ${cut.stepId}`);
  const deadline = await freshDeadline(h);
  confirm(h, {}, `FORK ${input.parentId}`, [`${input.gameId} forks ${input.parentId} at event ${cut.toSeq} (${cut.stepId}).`], deadline);
  await handler.close(h, { status: 'applied', result: {} });
  const refused: string[] = [];
  for (const [side, text] of Object.entries(input.orders ?? {})) {
    const r = await submitOrders(handler, tx, { gameId: input.gameId, side, text, via: `fork of ${input.parentId}` });
    if (r.status !== 'applied') refused.push(refusedOrders(side, cut.stepId, r.result));
  }
  // undoes the whole fork (the command's transaction rolls back)
  if (refused.length)
    throw new PermanentCommandError(
      `No fork of ${input.parentId} was made: ${refused.join('; ')}. Correct the orders file and run \`umpire fork\` again.`,
    );
  const now = await env.deps.games.load(input.gameId, tx);
  if (now.state.step?.id === cut.stepId) await force(handler, tx, input.gameId);
  const after = await env.deps.games.load(input.gameId, tx);
  return {
    status: 'applied',
    result: {
      gameId: input.gameId,
      parent: input.parentId,
      atSeq: cut.toSeq,
      parentHash: payload.parentHash,
      stepId: cut.stepId,
      step: after.state.step?.id ?? null,
      result: after.state.result,
      version: after.head.version,
    },
  };
}

/** Why a side's orders given for a fork were refused, for the referee: the lines at fault, not the player's refusal mail. */
function refusedOrders(side: Side, stepId: string, result: unknown): string {
  const r = (result ?? {}) as { error?: string; problems?: { line?: number; text?: string; problem?: string; hint?: string }[] };
  const lines = (r.problems ?? []).map(
    (p) => `line ${p.line ?? '?'} "${p.text ?? ''}": ${p.problem ?? 'refused'}${p.hint ? ` (${p.hint})` : ''}`,
  );
  return `the orders given for ${side} at ${stepId} were refused: ${lines.length ? lines.join('; ') : (r.error ?? 'no reason given')}`;
}
