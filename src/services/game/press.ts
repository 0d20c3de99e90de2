import { createHash } from 'node:crypto';
import type { Side } from '../../engine/ruleset';
import type { Notice } from '../../mail/notices';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { noticeBase, stepNeeds } from '../notice-builders';
import { oneLine, rejected, type GameHandler, type Handling, type RefereeReply } from './handler';

/** The longest press the umpire relays (characters). */
export const PRESS_MAX_CHARS = 20_000;

/**
 * PRESS: a message from a side to every other side (from the referee: to every side), relayed
 * under the sender's side, never its address. Recorded in the log (PressSent, an event of the
 * service's own: it changes no rule state), mailed to each recipient, a copy to the referee, and
 * confirmed to the sender. Empty or overlong press is refused, saying why, and changes nothing.
 * Press is taken after the game is over too.
 */
export async function press(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  from: string,
  text: unknown,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const referee = h.settings.referee;
    const seats = h.game.state.game?.sides ?? [];
    const sender = seats.find((seat) => seat.side === from);
    if (from !== 'referee' && !sender) return rejected(`PRESS: game ${gameId} has no side ${from}`);
    const replyTo = by.replyTo ?? (sender ? sender.player.address : referee);
    const viewer: Side | 'referee' = sender ? sender.side : 'referee';
    const refuse = (problem: string, hint: string) => refusePress(h, viewer, replyTo, by, problem, hint);
    const body = typeof text === 'string' ? text.replace(/^\s*\n|\s+$/g, '') : '';
    if (!body.trim()) {
      return refuse(
        'the press holds no text, so nothing was sent',
        'Write PRESS and your message on one line (PRESS Shall we talk about the Coral Sea?), or PRESS on a line of its own with the message on the lines after it, up to a line ENDPRESS or the end of your mail.',
      );
    }
    if (body.length > PRESS_MAX_CHARS) {
      return refuse(
        `the press is ${body.length} characters long; the umpire relays at most ${PRESS_MAX_CHARS}, so nothing was sent`,
        'Shorten it, or send it in several PRESS mails.',
      );
    }
    // a SECRET written after PRESS would be relayed with the press: whoever reads it could order that side
    const own = sender ? { side: sender.side, address: sender.player.address } : referee ? { side: 'referee', address: referee } : null;
    // the word in any case, with or without its dashes; and the word such a game had before
    const squeezed = body.toLowerCase().replace(/[\s-]/g, '');
    const holdsSecret =
      own !== null &&
      (squeezed.includes(h.env.playerSecret(gameId, own.side, own.address).toLowerCase().replaceAll('-', '')) ||
        body.includes(h.env.legacyPlayerSecret(gameId, own.side, own.address)));
    if (holdsSecret) {
      return refuse(
        'the press holds your SECRET word, and anyone who read it could send orders as you, so nothing was sent',
        'Take the SECRET line out of the message (GAME, SIDE and SECRET lines go before PRESS) and send the press again.',
      );
    }
    const toSides = seats.filter((seat) => seat.side !== from).map((seat) => seat.side);
    const next = await h.append([
      {
        type: 'PressSent',
        payload: { from, to: toSides, text: body },
        metadata: { actor: from, ...(by.key ? { causationId: by.key } : {}) },
      },
    ]);
    const seq = next.head.version;
    const needs = stepNeeds(next, h.deadline()?.at ?? null);
    // the command key names the sender's Message-ID (often their mail host): recipients see the
    // outbox key in headers, so it goes in hashed, still the same on every retry
    const reason = `press:${by.key ? createHash('sha256').update(by.key).digest('hex').slice(0, 20) : seq}`;
    const relayed = (seatSide: Side | 'referee', to: string, why: string, copy: boolean): Notice => ({
      ...noticeBase(next, seatSide, to, why),
      kind: 'press',
      from: viewer,
      toSides,
      text: body,
      copy,
      seq,
      needs,
    });
    h.notify(...seats.filter((seat) => toSides.includes(seat.side)).map((seat) => relayed(seat.side, seat.player.address, reason, false)));
    const refereeCopy = referee && viewer !== 'referee';
    if (refereeCopy) h.notify(relayed('referee', referee, `${reason}:copy`, true));
    if (replyTo) {
      h.notify({
        ...noticeBase(next, viewer, replyTo, `done:${by.key ?? reason}`),
        kind: 'confirmation',
        command: 'PRESS',
        done: [
          `Relayed to ${toSides.join(', ') || 'nobody'}${refereeCopy ? ', with a copy to the referee' : ''}, as from ${viewer === 'referee' ? 'the referee' : viewer} (your address is not shown).`,
          `Recorded in the game log (event ${seq}): "${oneLine(body).slice(0, 200)}".`,
        ],
        needs,
      });
    }
    return { status: 'applied', result: { seq, to: toSides } };
  });
}

/** Press refused: nothing is relayed or recorded; the sender is told why. */
function refusePress(
  h: Handling,
  viewer: Side | 'referee',
  replyTo: string | null | undefined,
  by: RefereeReply,
  problem: string,
  hint: string,
): CommandOutcome {
  if (replyTo)
    h.notify({
      ...noticeBase(h.game, viewer, replyTo, `rejected:${by.key ?? 'PRESS'}`),
      kind: 'rejection',
      summary: `PRESS: ${problem}`,
      problems: [],
      hint,
    });
  return rejected(`PRESS: ${problem}`);
}
