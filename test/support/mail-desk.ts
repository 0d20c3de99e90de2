import { type ParsedMail, simpleParser } from 'mailparser';
import type { SmtpTransport } from '../../src/app/smtp-transport';
import { fetchInbox, type MailUser, sendSmtp } from './mail';
import type { ServiceHarness } from './services';

/**
 * Plays the umpire's side of real mail in e2e specs: players' mails go through Postfix into the
 * umpire's Dovecot mailbox; `pump` fetches what is new over IMAP, stores, ingests and applies it,
 * then sends the outbox through Postfix to the players' mailboxes.
 */
export interface MailDesk {
  /** A player's mail to `to` (a reply address), with `body` as its text; resolves with its Message-ID (no brackets). */
  send(from: MailUser, to: string, body: string): Promise<string>;
  /** Waits for `expected` new mails in the umpire's mailbox, ingests them, then delivers. */
  pump(gameIds: string | readonly string[], expected?: number): Promise<void>;
  /** Applies the games' queued commands and sends the outbox. */
  deliver(gameIds: string | readonly string[]): Promise<void>;
  /** The reply address of `user` seated as `side` in `gameId`. */
  replyTo(gameId: string, side: string, user: MailUser): string;
  /** A Fleet Duel game of `red` and `blue` with `referee`, created and its welcomes sent. */
  duel(gameId: string, red: MailUser, blue: MailUser, referee: MailUser): Promise<void>;
}

export function mailDesk(h: ServiceHarness, umpire: MailUser, transport: SmtpTransport, tag: string): MailDesk {
  const seen = new Set<number>();
  let n = 0;
  const list = (ids: string | readonly string[]) => (typeof ids === 'string' ? [ids] : ids);

  async function deliver(gameIds: string | readonly string[]): Promise<void> {
    for (const g of list(gameIds)) await h.s.inbox.drain(g, h.s.bus.apply, 1000, (c, e) => h.s.gameService.commandFailed(c, e));
    await h.s.outbox.dispatch(transport, 500);
  }

  return {
    deliver,
    replyTo: (gameId, side, user) => h.s.composer.replyAddressFor(gameId, side, user.address),
    async duel(gameId, red, blue, referee) {
      const sides = [
        { side: 'red', player: { address: red.address } },
        { side: 'blue', player: { address: blue.address } },
      ];
      await h.s.bus.submit(gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides, referee: referee.address });
      await deliver([gameId]);
    },
    async send(from, to, body) {
      const id = `${tag}-${++n}-${Date.now()}@players.test`;
      await sendSmtp({
        from: from.address,
        to,
        subject: 'Re: umpire',
        text: `${body}\n`,
        messageId: `<${id}>`,
      });
      return id;
    },
    async pump(gameIds, expected = 1) {
      // the players' mails cross Postfix first: under a full test run that can take many seconds
      const give = Date.now() + MAIL_WAIT_MS;
      while ((await fetchInbox(umpire)).filter((m) => !seen.has(m.uid)).length < expected && Date.now() < give) {
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const m of (await fetchInbox(umpire)).filter((x) => !seen.has(x.uid))) {
        seen.add(m.uid);
        const stored = await h.s.inbound.receive('imap-test', m.source, { uidValidity: 1, uid: m.uid });
        await h.s.ingest.ingest(stored.id);
      }
      await deliver(gameIds);
    },
  };
}

/**
 * How long a test waits for mail to cross Postfix into Dovecot. Alone it takes well under a second;
 * under a full test run on two cores a burst (a RESEND ALL) has taken over 30 s (CI, stop 41).
 */
const MAIL_WAIT_MS = 90_000;

/** The mails in a user's real mailbox, parsed (subject, text, headers), waiting until `until` holds of them or MAIL_WAIT_MS pass. */
export async function parsedInbox(user: MailUser, until: (mails: ParsedMail[]) => boolean = () => true): Promise<ParsedMail[]> {
  let mails: ParsedMail[] = [];
  const give = Date.now() + MAIL_WAIT_MS;
  while (true) {
    mails = await Promise.all((await fetchInbox(user)).map((m) => simpleParser(m.source)));
    if (until(mails) || Date.now() > give) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return mails;
}
