import { answerCard } from './answer-card';
import { deadlineOf } from './service-state';
import { narrativeFor, viewFor, whoIsAwaited, type CommandRejected, type Seat } from '../engine/game';
import type { Side } from '../engine/ruleset';
import { SERVICE_EVENT_TYPES, toEngineEvent, type LoadedGame } from './game-repository';
import type { Notice, SetAsideLine, StepNeeds } from '../mail/notices';
import { diceChecks } from '../mail/dice-checks';
import { reportSummary, tailNews } from './news';

/** What the step in play needs, from whom, by when (for acks, reports and reminders). */
export function stepNeeds(game: LoadedGame, deadline: string | null): StepNeeds | null {
  const step = game.state.step;
  if (!step) return null;
  return {
    stepId: step.id,
    title: step.title,
    turn: step.turn,
    owes: step.owes,
    awaiting: whoIsAwaited(game.state, game.ruleset),
    deadline,
  };
}

/**
 * The part every notice shares; its key is the outbox idempotency key (game, viewer, recipient,
 * reason, sequence). The viewer is in the key so that one address serving two seats (a player
 * with both sides of a practice game, a referee who also plays) gets each seat's mail.
 */
export function noticeBase(game: LoadedGame, side: Side | 'referee', to: string, reason: string) {
  // optional rules and relaxations in force, named in every mail's heading (issue 10: a relaxing option names the rule it departs from)
  const on = game.ruleset.options.filter((o) => game.state.game?.options[o.id] === true).map((o) => `${o.id}: ${o.title}`);
  return {
    ...(on.length ? { optionsOn: on } : {}),
    gameId: game.gameId,
    rulesetName: game.ruleset.name,
    side,
    to,
    key: `${game.gameId}:${side}:${to}:${reason}:${game.head.version}`,
    latestHash: game.head.hash,
    latestSeq: game.head.version,
  };
}

/**
 * One report per side for the events after `afterSeq`, each as that side may read them (fog of
 * war); with a `referee` address, the referee's copy too, in the referee's view (everything but
 * sealed orders, queued orders and standing instructions not yet revealed).
 */
export function reportNotices(game: LoadedGame, afterSeq: number, deadline: string | null, referee?: string | null): Notice[] {
  const fresh = game.tail.filter((e) => e.seq > afterSeq && !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
  const report = (viewer: Side | 'referee', to: string, reason: string): Notice => ({
    ...noticeBase(game, viewer, to, reason),
    kind: 'report' as const,
    summary: reportSummary(game, fresh, viewer, tailNews(game, afterSeq, viewer)),
    narrative: narrativeFor(fresh, viewer, game.ruleset),
    card: viewer === 'referee' ? null : answerCard(game, viewer, deadlineOf(game.service, game.state.step?.id)),
    view: viewFor(game.state, viewer, game.ruleset),
    needs: stepNeeds(game, deadline),
    revealedSeeds: game.state.revealedSeeds,
    seedAnchor: game.state.game!.seedAnchor,
    result: game.state.result,
    diceChecks: diceChecks(fresh, viewer),
  });
  const notices = game.state.game!.sides.map((seat) => report(seat.side, seat.player.address, 'report'));
  if (referee) notices.push(report('referee', referee, 'report:referee'));
  return notices;
}

/**
 * The reply to orders the engine refused: the problems line by line, whether the side's earlier
 * orders for the step in play stand (nothing was changed), its deadline, and the order reference.
 */
export function rejectionNotice(
  game: LoadedGame,
  seat: Seat,
  r: CommandRejected,
  via: string,
  deadline: string | null = null,
  mail: { readonly setAside?: readonly SetAsideLine[]; readonly source?: string } = {},
): Notice {
  const step = game.state.step;
  return {
    ...noticeBase(game, seat.side, seat.player.address, `rejection:${via}`),
    kind: 'rejection',
    ofOrders: true,
    summary: r.message.split('\n')[0],
    problems: r.errors,
    help: game.ruleset.help(game.state.rules, seat.side, step),
    needs: stepNeeds(game, deadline),
    ...(step ? { ordersIn: game.state.submissions[seat.side]?.stepId === step.id } : {}),
    ...(mail.setAside?.length ? { setAside: mail.setAside } : {}),
    ...(mail.source ? { source: mail.source } : {}),
  };
}
