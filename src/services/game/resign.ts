import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { noticeBase } from '../notice-builders';
import { reportsFor, seedChain, sealedSeeds } from './flow';
import { engineToNew, rejected, type GameHandler, type RefereeReply } from './handler';

/**
 * RESIGN: a side concedes. Bare RESIGN only asks for confirmation (nothing changes); RESIGN
 * CONFIRM ends the game through the engine (GameConceded, the turn's seed, GameEnded with the
 * winner by concession), and every side and the referee get the final report. Orders after it
 * are refused by the engine: the game is over.
 */
export async function resign(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string | null,
  confirm: boolean,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const { game } = h;
    const seat = side ? game.state.game?.sides.find((x) => x.side === side) : undefined;
    const replyTo = by.replyTo ?? seat?.player.address ?? h.settings.referee;
    const refuse = (problem: string, hint: string): CommandOutcome => {
      if (replyTo)
        h.notify({
          ...noticeBase(game, seat?.side ?? 'referee', replyTo, `rejected:${by.key ?? 'RESIGN'}`),
          kind: 'rejection',
          summary: problem,
          problems: [],
          hint,
        });
      return rejected(problem);
    };
    if (!seat) {
      return side
        ? refuse(`RESIGN: game ${gameId} has no side ${side}`, `The sides are ${game.state.game?.sides.map((x) => x.side).join(', ')}.`)
        : refuse(
            'RESIGN: the referee plays no side, so there is nothing to concede. Nothing was changed.',
            'A side concedes by sending RESIGN CONFIRM itself. To rule on the game, send NOTE <ruling>.',
          );
    }
    if (!game.state.step) {
      return refuse(
        `RESIGN: game ${gameId} is over${game.state.result ? ` (${game.state.result.summary.trim()})` : ''}: there is nothing to concede. Nothing was changed.`,
        'STATUS shows the result; HISTORY resends your reports.',
      );
    }
    const others = game.state.game!.sides.filter((x) => x.side !== seat.side).map((x) => x.side);
    if (!confirm) {
      return refuse(
        `RESIGN needs confirming: to concede is final, so nothing has changed and the game goes on.`,
        `To concede ${game.ruleset.name} game ${gameId}${others.length === 1 ? ` to ${others[0]}` : ''}, send a line RESIGN CONFIRM. The game then ends at once, every side and the referee are told, and no more orders are taken.`,
      );
    }
    const seeds = await seedChain(h);
    const decision = h.decide({
      type: 'Concede',
      side: seat.side,
      now: h.now.toISOString(),
      seeds: (turn) => seeds[turn],
      ...(await sealedSeeds(h)),
    });
    if (!decision.ok) return refuse(`RESIGN: ${decision.rejection.message}`, 'Nothing was changed.');
    const before = game.head.version;
    const next = await h.append(decision.events.map(engineToNew(seat.side, by.key)));
    h.notify(...(await reportsFor(h, before, null)));
    return { status: 'applied', result: { version: next.head.version, result: next.state.result } };
  });
}
