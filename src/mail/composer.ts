import { type OutboundMail, type OutboxDraft, type RefusalOf } from '../store/outbox';
import type { Notice } from './notices';
import type { SetAsideLine } from './notices';
import { emptyMailRefusal } from './empty-mail';
import type { ParsedMessage } from './parse';
import { setAsideRows, templateFor } from './notice-data';
import { replyAddress, type ReplyAddressConfig } from './auth';
import { buildMessage } from './outbound';
import { MailAtRest, replyAddressMarker } from './at-rest';
import { capText, MAX_PROBLEM_CHARS } from './refusal-size';
import { MailRenderer, type RenderedMail } from './render';

export interface ComposerOptions {
  readonly domain: string;
  readonly umpireAddress: string;
  readonly secret: string;
  readonly templatesDir?: string;
  /** the column text parts wrap at (default TEXT_WIDTH, 72); Infinity for a reader that wants a sentence a line */
  readonly textWidth?: number;
}

/**
 * Renders notices into outbox rows (the NoticeSink of the game service): template data from the
 * notice, text + HTML from templates/mail, threading and automatic-mail headers from outbound.ts,
 * the recipient's reply address without its tag (at-rest.ts puts the tag back as the mail is sent;
 * notice-data.ts says what each notice's template is given).
 * Rendering happens once, here, inside the transaction of the events that caused it, but for the
 * report's map: its SVG is stored, and the PNG drawn from it as the mail is sent (map-png.ts), a
 * costly drawing kept out of the game's transaction.
 */
export class MailComposer {
  private readonly renderer: MailRenderer;
  private readonly reply: ReplyAddressConfig;
  private readonly atRest: MailAtRest;

  constructor(private readonly options: ComposerOptions) {
    this.renderer = new MailRenderer(options.templatesDir, options.textWidth);
    this.atRest = new MailAtRest(options.secret);
    this.reply = {
      secret: options.secret,
      localPart: options.umpireAddress.split('@')[0],
      domain: options.domain,
    };
  }

  /** The signed reply address a player (or the referee, side `referee`) is given: never stored (see draft). */
  replyAddressFor(gameId: string, side: string, playerAddress: string): string {
    return replyAddress(this.reply, gameId, side, playerAddress);
  }

  draft(n: Notice, inReplyTo?: string): OutboxDraft {
    // the reply address is stored without its tag (at-rest.ts): the tag is a credential
    const [template, data] = templateFor(n, {
      replyAddressFor: (g, side) => replyAddressMarker(this.reply, g, side),
      umpireAddress: this.options.umpireAddress,
    });
    const drawn = this.renderer.render(template, data as never);
    const rendered = n.attachments?.length ? { ...drawn, attachments: [...drawn.attachments, ...n.attachments] } : drawn;
    return this.atRest.seal({
      idempotencyKey: n.key,
      gameId: n.gameId,
      eventSeq: n.latestSeq,
      recipient: n.to,
      kind: n.kind,
      // the game refuses only commands from senders who proved who they are
      ...(n.kind === 'rejection' ? { refusal: n.ofOrders ? ('orders' as const) : ('authenticated' as const) } : {}),
      payload: this.message(n, rendered, inReplyTo),
      ...(drawn.picture ? { picture: drawn.picture } : {}),
    });
  }

  /**
   * A reply to mail the umpire could not take (unreadable, unauthenticated, empty): no game context
   * needed. `side`: the authenticated sender's side (null: the referee); absent for a sender the
   * umpire could not place, whose heading then names no side. `refusal`: whom it answers, for the
   * daily refusal budget (store/outbox.ts RefusalOf); a caller that does not say counts with strangers.
   * `setAside`: the sender's lines that were not read, each listed with why.
   */
  rejectionDraft(
    key: string,
    to: string,
    problem: string,
    hint: string,
    gameId?: string,
    side?: string | null,
    refusal: RefusalOf = 'unauthenticated',
    setAside: readonly SetAsideLine[] = [],
  ): OutboxDraft {
    const rendered = this.renderer.render('rejection', {
      gameId,
      ...(side !== undefined ? { side } : {}),
      problem: capText(problem, MAX_PROBLEM_CHARS),
      hint: capText(hint, MAX_PROBLEM_CHARS),
      ...(setAside.length ? { setAside: setAsideRows(setAside) } : {}),
    });
    const built = buildMessage(
      {
        idempotencyKey: key,
        from: { address: this.options.umpireAddress, name: 'Umpire' },
        to,
        domain: this.options.domain,
        gameId,
        autoSubmitted: 'auto-replied',
      },
      rendered,
    );
    return this.atRest.seal({
      idempotencyKey: key,
      gameId,
      recipient: to,
      kind: 'rejection',
      refusal,
      payload: JSON.parse(JSON.stringify(built)) as OutboundMail,
    });
  }

  /**
   * The refusal of an authenticated mail that holds no orders and no command once read: every line
   * it held is listed with why it was set aside, and what to write instead (empty-mail.ts).
   */
  emptyMailDraft(
    key: string,
    mail: Pick<ParsedMessage, 'from' | 'text' | 'dropped' | 'directives'>,
    gameId: string,
    side: string | null,
  ): OutboxDraft {
    const { problem, hint, setAside } = emptyMailRefusal(mail);
    return this.rejectionDraft(key, mail.from.address, problem, hint, gameId, side, 'authenticated', setAside);
  }

  private message(n: Notice, rendered: RenderedMail, inReplyTo?: string): OutboundMail {
    const built = buildMessage(
      {
        idempotencyKey: n.key,
        from: { address: this.options.umpireAddress, name: `Umpire (${n.gameId})` },
        to: n.to,
        // the referee's address is signed like a player's, with the pseudo-side `referee` (auth.ts checks it)
        replyTo: replyAddressMarker(this.reply, n.gameId, n.side),
        domain: this.options.domain,
        gameId: n.gameId,
        side: n.side === 'referee' ? null : n.side,
        inReplyTo,
        autoSubmitted:
          n.kind === 'ack' ||
          n.kind === 'rejection' ||
          n.kind === 'help' ||
          n.kind === 'status' ||
          n.kind === 'confirmation' ||
          n.kind === 'history'
            ? 'auto-replied'
            : 'auto-generated',
      },
      rendered,
    );
    return JSON.parse(JSON.stringify(built)) as OutboundMail;
  }
}
