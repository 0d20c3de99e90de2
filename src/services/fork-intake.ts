import { isPlainMailbox } from '../mail/outbound';
import type { ParsedMessage } from '../mail/parse';
import type { OutboxDraft } from '../store/outbox';
import type { GameRepository, LoadedGame } from './game-repository';
import type { GameService } from './game.service';

/** The game if it is a what-if fork (umpire fork), else null (no such game included). */
export async function forkOf(games: Pick<GameRepository, 'load'>, gameId: string): Promise<LoadedGame | null> {
  const game = await games.load(gameId).catch(() => null);
  return game?.service.forkOf ? game : null;
}

/**
 * A mail to a fork from anyone but its referee: a fork never mails its parent's players (nor a
 * stranger), so the sender is not answered; the referee is told, in a referee's words. Null when
 * the fork has no referee to tell.
 */
export async function forkMailNotice(
  fork: LoadedGame,
  mail: Pick<ParsedMessage, 'messageId' | 'from'>,
  reason: string,
  referees: Pick<GameService, 'refereeOf'>,
  notice: (key: string, to: string, problem: string, hint: string, gameId?: string, side?: string | null) => OutboxDraft,
): Promise<OutboxDraft | null> {
  const referee = await referees.refereeOf(fork);
  if (!referee || !isPlainMailbox(referee)) return null;
  return notice(
    `${mail.messageId}:fork`,
    referee,
    `${mail.from.address} mailed ${fork.gameId}, your fork of ${fork.service.forkOf}, and was not answered: a fork mails its referee only (${reason}).`,
    "Nothing was changed. To act in the fork, send its commands yourself; the player's game is the fork's parent.",
    fork.gameId,
    null,
  );
}
