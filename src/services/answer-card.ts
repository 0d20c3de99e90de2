import { stepsAsked } from '../engine/asked';
import { seededRng } from '../engine/random-player';
import { whoIsAwaited } from '../engine/game';
import type { StepInfo } from '../engine/ruleset';
import type { AnswerCard } from '../mail/notices';
import type { LoadedGame } from './game-repository';
import type { DeadlineRecord } from './service-state';

/**
 * The answer card (issue 10 item 3) for a side the step in play awaits: what is asked, how to
 * write it (the ruleset's card for the step), a ready reply written with the reader's own units
 * (issue 28: the step in play, then in FOR sections each later step of the turn it may answer in
 * the same mail, engine/asked.ts), what happens at the deadline if nothing comes (the ruleset's
 * default orders, as they would be written), and the deadline with its grace. Pure: the example's
 * choices come from a generator seeded by the game, step and side, never from the clock or
 * Math.random.
 */
export function answerCard(game: LoadedGame, side: string, deadline: DeadlineRecord | null): AnswerCard | null {
  const step = game.state.step;
  if (!step || !whoIsAwaited(game.state, game.ruleset).includes(side)) return null;
  const rules = game.state.rules;
  const [first, ...later] = readyReply(game, side);
  const fallback = game.ruleset.formatOrders(game.ruleset.defaultOrders(rules, side, step));
  return {
    stepId: step.id,
    title: step.title,
    syntax: lines(game.ruleset.help(rules, side, step)),
    example: first?.example ?? [],
    ...(later.length ? { sections: later.map((s) => ({ forWord: s.forWord!, title: s.step.title, example: s.example })) } : {}),
    defaultOrders: lines(fallback),
    deadline: deadline?.stepId === step.id ? deadline.at : null,
    graceUntil: deadline?.stepId === step.id ? (deadline.graceUntil ?? deadline.at) : null,
  };
}

/**
 * Example orders for each step the umpire asks of `side` now (the step in play first), each drawn
 * on the board the examples before it leave where the game can tell (Ruleset.boardAfter), so the
 * sections of the ready reply work together.
 */
export function readyReply(game: LoadedGame, side: string): { step: StepInfo; forWord: string | null; example: string[] }[] {
  const ruleset = game.ruleset;
  let board = game.state.rules;
  return stepsAsked(game.state, ruleset, side).map(({ step, forWord }) => {
    const orders = ruleset.randomOrders(board, side, step, seededRng(`${game.gameId}|${step.id}|${side}|card`));
    if (ruleset.boardAfter) board = ruleset.boardAfter(board, side, step, orders);
    return { step, forWord, example: lines(ruleset.formatOrders(orders)) };
  });
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
}
