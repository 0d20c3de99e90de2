import { PermanentCommandError } from '../../store/commands';
import type { LoadedGame } from '../game-repository';

/**
 * Engine pinning (docs/audit.md): a game is adjudicated under the rules version it was created with
 * (GameCreated.engineVersion) or the one the referee last upgraded it to (RulesUpgraded). When the
 * running umpire's version differs, no engine command runs: a game under way is not silently
 * decided by other rules (the players agreed to the old ones, and an audit could no longer tell a
 * rules change from tampering); the command fails, and the player and the referee are told why
 * and what the referee may do. The engine revision is not pinned (docs/audit.md "Engine
 * revisions"): a new one adjudicates every existing log as the old one did.
 */
export function pinnedVersion(game: LoadedGame): string | null {
  return game.service.rulesVersion ?? game.state.game?.engineVersion ?? null;
}

/** Throws (a permanent failure: the referee is told) when the game is pinned to another rules version. */
export function requireSameBuild(game: LoadedGame): void {
  const pinned = pinnedVersion(game);
  const current = game.ruleset.engineVersion;
  if (pinned === null || pinned === current) return;
  throw new PermanentCommandError(
    `game ${game.gameId} is played under rules ${pinned} and this umpire runs ${current}; it does not adjudicate a game under rules it was not started with. The referee may send UPGRADE <reason> to go on under ${current} (\`umpire replay --with-current ${game.gameId}\` shows the first step ${current} decides otherwise), or finish the game on a ${pinned} umpire`,
    { code: 'rules-build', pinned, current },
  );
}
