import { seededRng } from '../engine/random-player';
import { whoIsAwaited } from '../engine/game';
import type { AnswerCard } from '../mail/notices';
import type { LoadedGame } from './game-repository';
import type { DeadlineRecord } from './service-state';

/**
 * The answer card (issue 10 item 3) for a side the step in play awaits: what is asked, how to
 * write it (the ruleset's card for the step), an example written with the reader's own units,
 * what happens at the deadline if nothing comes (the ruleset's default orders, as they would be
 * written), and the deadline with its grace. Pure: the example's choices come from a generator
 * seeded by the game, step and side, never from the clock or Math.random.
 */
export function answerCard(game: LoadedGame, side: string, deadline: DeadlineRecord | null): AnswerCard | null {
  const step = game.state.step;
  if (!step || !whoIsAwaited(game.state, game.ruleset).includes(side)) return null;
  const rules = game.state.rules;
  const example = game.ruleset.formatOrders(
    game.ruleset.randomOrders(rules, side, step, seededRng(`${game.gameId}|${step.id}|${side}|card`)),
  );
  const fallback = game.ruleset.formatOrders(game.ruleset.defaultOrders(rules, side, step));
  return {
    stepId: step.id,
    title: step.title,
    syntax: lines(game.ruleset.help(rules, side, step)),
    example: lines(example),
    defaultOrders: lines(fallback),
    deadline: deadline?.stepId === step.id ? deadline.at : null,
    graceUntil: deadline?.stepId === step.id ? (deadline.graceUntil ?? deadline.at) : null,
  };
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
}
