import { randomBytes } from 'node:crypto';
import { evolve, makeSealedSeedChain, makeSeedChain, tryDecide, narrativeFor, type EngineEvent, type EngineState } from '../../engine/game';
import { ROLLED_BACK, type RolledBackPayload } from '../../engine/voids';
import type { CommandOutcome } from '../../store/commands';
import { PermanentCommandError } from '../../store/commands';
import type { Sql } from '../../store/db';
import { reportNotices } from '../notice-builders';
import type { StoredEvent } from '../../store/event-store';
import { liveEngineEvents } from '../game-repository';
import { chainTurns, confirm, refereeRejected, reminderTime, seedChain } from './flow';
import { engine, type GameHandler, type Handling, type RefereeReply } from './handler';
import { planRollback, type RollbackCut, type RollbackTarget } from './rollback-plan';
import { rollbackLine } from './rollback-notice';

export interface RollbackInput {
  readonly target: RollbackTarget;
  readonly orders: RolledBackPayload['orders'];
  readonly reason: string;
  /** who ruled: the referee's address (mail; `--referee` or the game's referee on the command line) */
  readonly referee: string;
  /** say what the rollback would do, recording nothing */
  readonly preview?: boolean;
  /** renew the dice chain from this turn on even when the cut undoes no revealed seed (a fork adopted: fork.ts) */
  readonly renewFrom?: number;
}

const USAGE =
  'ROLLBACK TO <step id | EVENT n> [ORDERS KEPT | ORDERS RESEND] <reason>, e.g. ROLLBACK TO t3/orders ORDERS KEPT a ship was misplaced';

/**
 * ROLLBACK: one RolledBack event voids the log's tail after the cut (engine/voids.ts); the state is
 * the replay of what is not void, the step rolled back to is in play again with a fresh deadline,
 * and every side (and the referee) is told what was undone and why. A cut that voids revealed seeds
 * (a step of an earlier turn) is followed by SeedChainRenewed: a fresh chain, its top drawn now and
 * kept sealed, its anchor committed before any die rolls from it (renewSeeds). With `preview` the
 * referee is told what would be undone and which orders kept, and nothing is recorded.
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
    const planned = planRollback(all, input.target, input.orders, step ? { stepId: step.id, turn: step.turn } : null);
    if ('problem' in planned) return refereeRejected(h, by, asked, planned.problem, `${planned.hint} ${USAGE}`);
    const renewFrom = Math.min(input.renewFrom ?? Number.POSITIVE_INFINITY, planned.reseedFrom ?? Number.POSITIVE_INFINITY);
    const cut: RollbackCut = { ...planned, reseedFrom: Number.isFinite(renewFrom) ? renewFrom : null };
    const effect = rollbackEffect(all, cut, input.orders);
    if (input.preview) {
      const lines = [`PREVIEW of ${asked}: NOTHING WAS RECORDED.`, ...effect];
      confirm(h, by, `${asked} (preview)`, lines, null);
      return { status: 'applied', result: { preview: true, lines, ...cut } };
    }
    const { kept: _kept, ...recorded } = cut;
    const payload: RolledBackPayload = {
      ...recorded,
      orders: input.orders,
      referee: input.referee,
      reason: input.reason.trim(),
      concerns: [cut.toSeq, cut.firstVoidedSeq, h.game.head.version],
    };
    // the chain in force before the rollback: the one it abandons
    const abandoning = cut.reseedFrom === null ? null : { anchor: h.game.state.game!.seedAnchor, seeds: await seedChain(h) };
    await h.append([{ type: ROLLED_BACK, payload, metadata: { actor: 'referee', causationId: by.key } }]);
    const renewed = abandoning && (await renewSeeds(h, cut.reseedFrom!, step?.turn ?? null, abandoning, by.key));
    const next = h.game;
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
        ...effect.slice(1),
        ...(renewed ? [`New dice seed chain from turn ${renewed.fromTurn} on: anchor ${renewed.anchor} (event ${renewed.seq}).`] : []),
        'Every side has been told what was undone and why. ROLLFORWARD replays the undone steps with the orders they had.',
      ],
      deadline,
    );
    const lines = [
      `rolled back to ${cut.stepId}: events ${cut.firstVoidedSeq}-${rolledSeq - 1} void (event ${rolledSeq}); undone ${cut.undone.join(', ')}`,
    ];
    return { status: 'applied', result: { rolledBackAt: rolledSeq, ...cut, renewed, lines } };
  });
}

/** What a rollback undoes and keeps, in the referee's words (the preview and the confirmation). */
export function rollbackEffect(all: readonly StoredEvent[], cut: RollbackCut, orders: RolledBackPayload['orders']): string[] {
  const voided = liveEngineEvents(all).filter((e) => e.seq >= cut.firstVoidedSeq);
  const counts = new Map<string, number>();
  for (const e of voided) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [
    `Back to ${cut.stepId} (turn ${cut.turn}): events from ${cut.firstVoidedSeq} on would be void (${[...counts].map(([t, n]) => `${n} ${t}`).join(', ') || 'none'}).`,
    `Undone: ${cut.undone.join(', ')}.`,
    orders === 'kept'
      ? cut.kept.length
        ? `Orders kept for ${cut.stepId}: ${cut.kept.map((k) => `${k.side} (event ${k.seq}, ${k.type})`).join(', ')}.`
        : `No orders were in for ${cut.stepId}: every side it asks orders.`
      : 'Orders for the step are voided: every side it asks orders again.',
    cut.reseedFrom === null
      ? 'No revealed seed is undone: the step rolls from the same sealed seed.'
      : `Seeds revealed for turns ${cut.reseedFrom} on are undone: the dice from turn ${cut.reseedFrom} on roll from a new seed chain drawn at the rollback.`,
  ];
}

/**
 * A fresh dice chain from `fromTurn` on (docs/audit.md "Renewed seed chains"): its top drawn now,
 * sealed and kept under its anchor; SeedChainRenewed commits the anchor and reveals the abandoned
 * chain's seed of the turn that was in play (never revealed, now never used), so the dice the
 * rollback voided stay checkable.
 */
export async function renewSeeds(
  h: Handling,
  fromTurn: number,
  turnInPlay: number | null,
  old: { readonly anchor: string; readonly seeds: readonly string[] },
  causationId?: string,
): Promise<{ fromTurn: number; anchor: string; seq: number }> {
  const top = randomBytes(32);
  const chain = makeSeedChain(top, chainTurns(h));
  await h.env.deps.table.saveRenewedChain(h.tx, h.game.gameId, chain.anchor, h.env.seeds.seal(top));
  const unrevealed = turnInPlay !== null && turnInPlay >= 1 && h.game.state.revealedSeeds[String(turnInPlay)] === undefined;
  const abandoned = unrevealed ? { turn: turnInPlay, seed: old.seeds[turnInPlay], anchor: old.anchor } : null;
  const data = { fromTurn, anchor: chain.anchor, abandoned };
  const next = await h.append([
    { type: 'SeedChainRenewed', payload: data, metadata: { actor: 'referee', ...(causationId ? { causationId } : {}) } },
  ]);
  return { fromTurn, anchor: chain.anchor, seq: next.head.version };
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
