import { parseMail } from '../../mail/parse';
import { normalizeAddress } from '../../mail/auth';
import { SecretBox } from '../../shared/secret-box';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { gameMails } from '../../store/game-mails';
import { reportNotices } from '../notice-builders';
import { confirm, refereeRejected } from './flow';
import { type GameHandler, type RefereeReply, rejected } from './handler';
import { payloadOf } from '../service-events';

/** The longest a MAILS line's outcome gets before it is cut (the whole outcome is in the database). */
const OUTCOME_CHARS = 240;

/**
 * MAILS [side]: the inbound mails the umpire tied to the game, oldest first, with arrival time
 * (when our server stored it: the time that counts against a deadline), sender, subject, status
 * and outcome; with a side, only the mails from addresses that held that seat. Read only: nothing
 * is recorded. The lines also come back in the result (the CLI prints them).
 */
export async function mails(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string | undefined,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const seats = h.game.state.game?.sides ?? [];
    if (side !== undefined && !seats.some((s) => s.side === side))
      return refereeRejected(
        h,
        by,
        `MAILS ${side}`,
        `game ${gameId} has no side "${side}"`,
        `Sides: ${seats.map((s) => s.side).join(', ')}; or send MAILS alone for every mail.`,
      );
    const addresses = side === undefined ? null : seatAddresses(await h.env.deps.games.events.read(gameId, 0, tx), side);
    const box = new SecretBox(h.env.options.secret, 'inbound-mail');
    const lines: string[] = [];
    for (const m of await gameMails(tx, box, gameId)) {
      const parsed = await parseMail(m.raw).catch(() => null);
      const from = parsed?.ok ? parsed.message.from.address : '(unreadable)';
      if (addresses && !addresses.has(normalizeAddress(from))) continue;
      const subject = parsed?.ok ? parsed.message.subject : '';
      const outcome = JSON.stringify(m.result ?? null);
      lines.push(
        `${m.receivedAt} #${m.id} from ${from} "${subject.slice(0, 80)}": ${m.status}${m.attempts > 1 ? ` after ${m.attempts} attempts` : ''}; ${outcome.length > OUTCOME_CHARS ? `${outcome.slice(0, OUTCOME_CHARS)}…` : outcome}`,
      );
    }
    const title = `MAILS${side ? ` ${side}` : ''}`;
    confirm(
      h,
      by,
      title,
      lines.length
        ? [`${lines.length} mail(s), oldest first (arrival: when our server stored it):`, ...lines]
        : ['No mail has been tied to this game.'],
      null,
    );
    return { status: 'applied', result: { mails: lines.length, lines } };
  });
}

/** Every address that held `side` (the first player and every REPLACE since). */
function seatAddresses(log: readonly { type: string; payload: unknown }[], side: string): Set<string> {
  const out = new Set<string>();
  for (const e of log) {
    const created = payloadOf(e, 'GameCreated');
    const replaced = payloadOf(e, 'SeatReplaced');
    if (created) {
      for (const s of created.sides) if (s.side === side) out.add(normalizeAddress(s.player.address));
    } else if (replaced?.side === side) out.add(normalizeAddress(replaced.address));
  }
  return out;
}

/**
 * VIEW <side>: that side's report as it would read now (its view, its answer card, the step and
 * deadline), mailed to the referee (to `replyTo` by mail; to the game's referee from the command
 * line). `print`: only returned (`umpire view --json`), nobody mailed. Read only: nothing is recorded.
 */
export async function view(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string,
  by: RefereeReply & { readonly print?: boolean } = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const seats = h.game.state.game?.sides ?? [];
    const to = by.replyTo ?? h.settings.referee;
    if (!seats.some((s) => s.side === side))
      return refereeRejected(
        h,
        by,
        `VIEW ${side}`,
        `game ${gameId} has no side "${side}"`,
        `Send VIEW and one of: ${seats.map((s) => s.side).join(', ')}.`,
      );
    const report = reportNotices(h.game, h.game.head.version, h.deadline()?.at ?? null).find((n) => n.side === side);
    const shown = report?.kind === 'report' ? report.view : null;
    if (by.print) return { status: 'applied', result: { side, mailedTo: null, view: shown } };
    if (!to)
      return rejected(
        `VIEW ${side}: game ${gameId} has no referee to mail the report to. \`umpire view ${gameId} ${side} --json\` prints the view instead.`,
      );
    if (report?.kind !== 'report')
      return refereeRejected(h, by, `VIEW ${side}`, 'the game has no report for that side now', 'Try again once the game has begun.');
    h.notify({
      ...report,
      to,
      key: `${gameId}:view:${side}:${by.key ?? 'cli'}:${h.game.head.version}`,
      viewCopy: true,
      narrative: [`VIEW ${side}: this is the report ${side} would read now (sent to the referee only; nothing was recorded).`],
    });
    return { status: 'applied', result: { side, mailedTo: to, view: shown } };
  });
}
