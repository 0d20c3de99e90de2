import { viewFor } from '../../engine/game';
import { normalizeAddress } from '../../mail/auth';
import type { Notice } from '../../mail/notices';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { noticeBase, stepNeeds } from '../notice-builders';
import { digestOf } from '../service-state';
import { confirm, refereeRejected, seatOrRefusal } from './flow';
import { isMachineAddress } from '../machine-address';
import type { GameHandler, RefereeReply } from './handler';
import { payloadOf } from '../service-events';

/** A plausible mail address (one @, no spaces or angle brackets): the mail server decides the rest. */
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** What a SeatReplaced event records: the seat, both players, who ruled and why, and the events it concerns. */
export interface SeatReplacedPayload {
  readonly side: string;
  readonly address: string;
  readonly previous: string;
  readonly referee: string;
  readonly reason: string;
  /** the event that gave the seat its previous player (GameCreated, or the SeatReplaced before) */
  readonly concerns: readonly number[];
}

/**
 * REPLACE <side> <address>: the seat goes to a new player. The new address has its own reply
 * address and SECRET (both derive from the address, auth.ts), and the old ones stop working at
 * once, since authentication reads the seat's address from the log (SeatReplaced folds into the
 * seats). The old player is told; the new one gets a welcome; the referee a confirmation. A seat a
 * machine plays (MACHINE, machine-seats.ts) comes back to a person this way.
 */
export async function replace(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string,
  address: string,
  reason: string,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const asked = `REPLACE ${side} ${address}`;
    const found = seatOrRefusal(h, by, asked, side, 'REPLACE <side> <address>');
    if ('refused' in found) return found.refused;
    const { seat, info } = found;
    const to = address.trim();
    if (!ADDRESS.test(to))
      return refereeRejected(h, by, asked, `"${address}" is not a mail address`, `REPLACE ${side} new.player@example.org [reason]`);
    if (normalizeAddress(to) === normalizeAddress(seat.player.address))
      return refereeRejected(
        h,
        by,
        asked,
        `${to} already plays ${side}`,
        "Name the new player's address: the seat gets a new SECRET only with a new address.",
      );
    if (info.sides.some((s) => s.side !== side && normalizeAddress(s.player.address) === normalizeAddress(to)))
      return refereeRejected(h, by, asked, `${to} already plays another side of this game`, 'One address, one seat: name another address.');
    const all = await h.env.deps.games.events.read(gameId, 0, tx);
    const lastHolder = [...all].reverse().find((e) => e.type === 'GameCreated' || payloadOf(e, 'SeatReplaced')?.side === side);
    const payload: SeatReplacedPayload = {
      side,
      address: to,
      previous: seat.player.address,
      referee: by.referee ?? by.replyTo ?? h.settings.referee ?? 'referee',
      reason: reason.trim() || 'no reason given',
      concerns: lastHolder ? [lastHolder.seq] : [],
    };
    const game = await h.append([{ type: 'SeatReplaced', payload, metadata: { actor: 'referee', causationId: by.key } }]);
    const deadline = h.deadline()?.at ?? null;
    const farewell: Notice = {
      ...noticeBase(game, side, seat.player.address, 'replaced'),
      kind: 'confirmation',
      command: `REPLACE ${side}`,
      done: [
        `The referee has handed your seat (${side}) in game ${gameId} to another player. Reason: ${payload.reason}.`,
        'Mail from this address, its reply address and its SECRET are no longer taken for this game. Thank you for playing.',
      ],
      needs: null,
    };
    const welcome: Notice = {
      ...noticeBase(game, side, to, 'welcome'),
      kind: 'welcome',
      seedAnchor: game.state.game!.seedAnchor,
      boxHash: info.boxHash,
      boxSource: info.boxSource,
      options: info.options,
      sides: game.state.game!.sides.map((s) => ({ side: s.side, player: s.player.address })),
      needs: stepNeeds(game, deadline),
      help: game.ruleset.help(game.state.rules, side, game.state.step),
      view: viewFor(game.state, side, game.ruleset),
      secret: h.env.playerSecret(gameId, side, to),
      settings: {
        deadlineMinutes: h.settings.deadlineMinutes,
        graceMinutes: h.settings.graceMinutes,
        referee: h.settings.referee !== null,
      },
      digest: digestOf(game.service, side),
    };
    h.notify(farewell, welcome);
    confirm(
      h,
      by,
      asked,
      [
        `${side} is now played from ${to} (was ${seat.player.address}); recorded as event ${game.head.version}.`,
        isMachineAddress(seat.player.address)
          ? `The new player has been welcomed with a new reply address and SECRET; the machine player gives no more orders for ${side}.`
          : `The new player has been welcomed with a new reply address and SECRET; ${seat.player.address} has been told and is refused from now on.`,
      ],
      deadline,
    );
    return { status: 'applied', result: { seq: game.head.version, side, address: to, previous: seat.player.address } };
  });
}
