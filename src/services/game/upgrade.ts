import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { advanceIfReady, confirm, refereeRejected } from './flow';
import type { GameHandler, RefereeReply } from './handler';
import { pinnedVersion } from './pinning';

/**
 * UPGRADE <reason>: the referee moves the game to the rules running now. Recorded as RulesUpgraded
 * {from, to, referee, reason, concerns: [1]} (the GameCreated whose build it replaces); play goes on
 * at once if nobody is awaited. A step whose deadline passed while the game was held waits for FORCE.
 */
export async function upgrade(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  reason: string,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const from = pinnedVersion(h.game);
    const to = h.game.ruleset.engineVersion;
    if (from === to) return refereeRejected(h, by, 'UPGRADE', `game ${gameId} is already under rules ${to}`, 'Nothing to upgrade.');
    if (!reason.trim())
      return refereeRejected(
        h,
        by,
        'UPGRADE',
        'a ruling needs its reason',
        `Write the reason after the word, e.g. UPGRADE ${to} fixes rule 7.43.`,
      );
    const next = await h.append([
      {
        type: 'RulesUpgraded',
        payload: { from, to, referee: by.referee ?? by.replyTo ?? 'referee', reason: reason.trim(), concerns: [1] },
        metadata: { actor: 'referee', ...(by.key ? { causationId: by.key } : {}) },
      },
    ]);
    const seq = next.head.version;
    await advanceIfReady(h);
    confirm(
      h,
      by,
      'UPGRADE',
      [
        `Game ${gameId} goes on under rules ${to} (it was under ${from}); recorded as event ${seq}.`,
        'If a deadline passed while the game was held, FORCE adjudicates that step now.',
      ],
      null,
    );
    return { status: 'applied', result: { seq, from, to } };
  });
}
