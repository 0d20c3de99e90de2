import type { GameRoster } from '../mail/auth';
import type { GameRepository } from './game-repository';
import type { GameService } from './game.service';

/**
 * A game's roster as authentication needs it: each side's registered address and SECRET words
 * (derived, never stored), and the referee's. Null when there is no such game. A fork has the
 * referee only (its seats are its parent's players, who never hear of it).
 */
export async function gameRoster(
  games: Pick<GameRepository, 'load'>,
  secrets: Pick<GameService, 'refereeOf' | 'playerSecret' | 'legacyPlayerSecret'>,
  gameId: string,
): Promise<GameRoster | null> {
  try {
    const game = await games.load(gameId);
    const info = game.state.game;
    if (!info) return null;
    const referee = await secrets.refereeOf(game);
    return {
      gameId,
      // a what-if fork is the referee's alone: the seats it copied from its parent are not its players
      players: (game.service.forkOf ? [] : info.sides).map((s) => ({
        side: s.side,
        address: s.player.address,
        secret: secrets.playerSecret(gameId, s.side, s.player.address),
        legacySecret: secrets.legacyPlayerSecret(gameId, s.side, s.player.address),
      })),
      refereeAddresses: referee ? [referee] : [],
      refereeSecret: referee ? secrets.playerSecret(gameId, 'referee', referee) : undefined,
      refereeLegacySecret: referee ? secrets.legacyPlayerSecret(gameId, 'referee', referee) : undefined,
    };
  } catch {
    return null;
  }
}
