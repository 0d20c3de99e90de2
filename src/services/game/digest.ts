import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { noticeBase, stepNeeds } from '../notice-builders';
import { DIGEST_MODES, type DigestMode, digestOf } from '../service-state';
import { rejected, type GameHandler, type RefereeReply } from './handler';

const WHAT: Record<DigestMode, string> = {
  action: 'a mail when a step asks something of you, and one at the end of each turn; news in between folds into the next',
  turn: 'one mail at the end of each turn (and at the end of the game); decisions within the turn come to you as reminders only',
  every: 'a mail after every step',
};

/**
 * DIGEST ACTION | TURN | EVERY: how much mail a player (or the referee) gets from now on, recorded
 * as a DigestSet in the game's log (folded into the service state) and confirmed to the sender.
 */
export async function setDigest(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  viewer: string,
  mode: string,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const seat = h.game.state.game?.sides.find((s) => s.side === viewer);
    const to = by.replyTo ?? seat?.player.address ?? h.settings.referee;
    if (!DIGEST_MODES.includes(mode as DigestMode)) {
      if (to)
        h.notify({
          ...noticeBase(h.game, viewer, to, `rejected:${by.key ?? 'DIGEST'}`),
          kind: 'rejection',
          summary: `DIGEST ${mode}: there is no such setting. Nothing was changed.`,
          problems: [],
          hint: 'DIGEST ACTION (the default), DIGEST TURN or DIGEST EVERY.',
        });
      return rejected(`DIGEST: unknown setting ${mode}`);
    }
    const before = digestOf(h.game.service, viewer);
    if (before !== mode)
      await h.append([
        { type: 'DigestSet', payload: { viewer, mode }, metadata: { actor: viewer, ...(by.key ? { causationId: by.key } : {}) } },
      ]);
    if (to)
      h.notify({
        ...noticeBase(h.game, viewer, to, `done:${by.key ?? 'DIGEST'}`),
        kind: 'confirmation',
        command: `DIGEST ${mode.toUpperCase()}`,
        done: [
          before === mode
            ? `Your digest setting was already ${mode}: ${WHAT[mode as DigestMode]}.`
            : `From now on you get ${WHAT[mode as DigestMode]}.`,
        ],
        needs: stepNeeds(h.game, h.deadline()?.at ?? null),
      });
    return { status: 'applied', result: { viewer, mode, changed: before !== mode } };
  });
}
