import type { EngineEvent } from './engine-events';
import type { Side } from './ruleset';
import type { ConcessionChecked, Mismatch } from './verify';

export interface ConcessionContext {
  /** the last StepResolved so far */
  readonly lastResolved: { readonly index: number; readonly turn: number } | null;
  /** the first event since it naming the step in play */
  readonly inPlay: { readonly index: number; readonly type: string; readonly stepId: string } | null;
  /** turns whose seed was revealed so far */
  readonly revealed: ReadonlySet<number>;
  /** the first GameEnded so far */
  readonly ended: number | null;
}

/**
 * A GameConceded at `i`: conceded by a side of the game, while the game was in play, at the turn
 * and step the log was in, and followed by the SeedRevealed of that turn and by GameEnded (as the
 * Concede command writes them), so no die rolled is left unverifiable.
 */
export function checkConcession(
  events: readonly EngineEvent[],
  i: number,
  c: Extract<EngineEvent, { type: 'GameConceded' }>['data'],
  sides: readonly Side[],
  ctx: ConcessionContext,
  mismatches: Mismatch[],
  seqOf: (index: number) => number = (k) => k,
): ConcessionChecked {
  const fault = (message: string) =>
    mismatches.push({ eventIndex: i, kind: 'concession', message: `GameConceded (event #${seqOf(i)}): ${message}` });
  if (ctx.ended !== null) fault(`the game had already ended (GameEnded, event #${seqOf(ctx.ended)})`);
  if (!sides.includes(c.side)) fault(`${c.side} is not a side of this game (sides: ${sides.join(', ')})`);
  const last = ctx.lastResolved;
  if (last && last.turn < 1) {
    // turn 0 rolls no dice and reveals no seed (s_0 is the anchor): the log cannot tell when it ended
    if (c.turn < last.turn)
      fault(`names turn ${c.turn}, but a step of turn ${last.turn} had resolved (StepResolved, event #${seqOf(last.index)})`);
  } else if (last) {
    const turnOver = ctx.revealed.has(last.turn);
    if (!turnOver && c.turn !== last.turn) {
      fault(
        `names turn ${c.turn}, but the turn in play is ${last.turn} (StepResolved, event #${seqOf(last.index)}, and the seed of turn ${last.turn} is not yet revealed)`,
      );
    } else if (turnOver && !(c.turn > last.turn)) {
      fault(
        `names turn ${c.turn}, but turn ${last.turn} was over (StepResolved, event #${seqOf(last.index)}, and its seed revealed): the turn in play is later`,
      );
    }
  }
  if (ctx.inPlay && ctx.inPlay.stepId !== c.stepId) {
    fault(`names step ${c.stepId}, but the step in play is ${ctx.inPlay.stepId} (${ctx.inPlay.type}, event #${seqOf(ctx.inPlay.index)})`);
  }
  let next = i + 1;
  let seedRevealedAt: number | null = null;
  const after = events[next];
  const what = (k: number) => (events[k] ? `event #${seqOf(k)} is ${events[k].type}` : 'the log ends there');
  if (c.turn >= 1 && !ctx.revealed.has(c.turn)) {
    if (after?.type === 'SeedRevealed' && after.data.turn === c.turn) {
      seedRevealedAt = next;
    } else {
      fault(
        `is not followed by the SeedRevealed of turn ${c.turn} (${what(next)}${after?.type === 'SeedRevealed' ? ` of turn ${after.data.turn}` : ''}): the dice of turn ${c.turn} cannot be checked`,
      );
    }
  }
  // the reveal (of another turn too: faulted above, or by the turn check) stands between it and GameEnded
  if (after?.type === 'SeedRevealed') next++;
  // a game with sealed dice reveals its sealed seed last
  if (events[next]?.type === 'SealedSeedRevealed') next++;
  const endedAt = events[next]?.type === 'GameEnded' ? next : null;
  if (endedAt === null) fault(`the game does not end after it (${what(next)})`);
  return { eventIndex: i, side: c.side, stepId: c.stepId, turn: c.turn, seedRevealedAt, endedAt };
}
