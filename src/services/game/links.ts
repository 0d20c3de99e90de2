import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { LINKS_REVOKED, type LinksRevokedPayload, OBSERVER_VIEWER, REFEREE_VIEWER } from '../game-page/link';
import { confirm, refereeRejected } from './flow';
import type { GameHandler, RefereeReply } from './handler';

/**
 * `umpire page-link --revoke`: every game-page link of the game (viewer null), or of one viewer (a
 * side, the referee, observers), stops opening at once. Recorded as a PageLinksRevoked event, so
 * the pages read it from the log like everything else (link.ts linkRevocations) and the audit
 * keeps it; links made after it work. The referee is told.
 */
export async function revokeLinks(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  viewer: string | null,
  reason: string,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const asked = `REVOKE LINKS${viewer ? ` ${viewer}` : ''}`;
    const viewers = [...(h.game.state.game?.sides ?? []).map((s) => s.side), REFEREE_VIEWER, OBSERVER_VIEWER];
    if (viewer !== null && !viewers.includes(viewer))
      return refereeRejected(
        h,
        by,
        asked,
        `game ${gameId} has no viewer "${viewer}"`,
        `Name one of ${viewers.join(', ')}, or none to revoke every link of the game.`,
      );
    const payload: LinksRevokedPayload = {
      viewer,
      referee: by.referee ?? by.replyTo ?? h.settings.referee ?? 'referee',
      reason: reason.trim() || 'no reason given',
    };
    const game = await h.append([{ type: LINKS_REVOKED, payload, metadata: { actor: 'referee', causationId: by.key } }]);
    const seq = game.head.version;
    confirm(
      h,
      by,
      asked,
      [
        `${viewer === null ? 'Every game-page link of this game' : `Every game-page link for ${viewer}`} made before now stops working; recorded as event ${seq}.`,
        `Links made from now on (umpire page-link ${gameId} --side <viewer>) work.`,
      ],
      h.deadline()?.at ?? null,
    );
    return { status: 'applied', result: { seq, viewer } };
  });
}
