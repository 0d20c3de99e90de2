import type { OutboundMail, OutboxDraft, OutboxRow } from '../store/outbox';
import { SecretBox } from '../shared/secret-box';
import { replyTag, secretWord } from './auth';

/**
 * What the outbox keeps of a mail at rest, and how the dispatcher gets it back.
 *
 * - No SECRET word is ever stored: a mail that tells one (the welcome) holds a marker naming the
 *   side, and the word is derived again (from UMPIRE_SECRET, the game, the side and the recipient)
 *   when the row is opened to be sent or resent.
 * - No signed reply address is ever stored either: the Reply-To header and the "Reply to ..." line
 *   hold the address with its tag replaced by a marker (`umpire+G-1.red.⟦tag⟧@domain`), and the
 *   tag (an HMAC of UMPIRE_SECRET over game, side and recipient, auth.ts replyTag) is computed
 *   again when the row is opened. A reader of the outbox learns the address's shape, never its tag.
 * - The bodies of mails the umpire never reads back (acknowledgments, which repeat sealed orders;
 *   refusals, confirmations, help, status, history, reminders, press) are sealed with AES-GCM;
 *   the recipient, subject, kind and headers stay readable for the dispatcher and the audit trail.
 * - Reports and welcomes stay readable: HISTORY and RESEND send them again as they were, and they
 *   hold only what their recipient may see once the step is over.
 */

/** Kinds whose bodies the umpire reads back (HISTORY, RESEND): stored open. */
const OPEN_KINDS: ReadonlySet<string> = new Set(['report', 'welcome']);

const MARKER = /\u27e6secret:([a-z][a-z0-9_-]*)\u27e7/g;

const TAG = '\u27e6tag\u27e7';
/** A reply address at rest: `local+<game>.<side>.⟦tag⟧@domain` (auth.ts parseReplyAddress's shape, tag left out). */
const TAGGED = /\+(G-[A-Za-z0-9_-]+)\.([a-z][a-z0-9_-]*)\.\u27e6tag\u27e7@/g;

/**
 * The recipient's signed reply address as a stored mail holds it: its tag left out, put back by
 * `MailAtRest.open` (the tag depends only on UMPIRE_SECRET, the game, the side and the recipient).
 */
export function replyAddressMarker(reply: { readonly localPart: string; readonly domain: string }, gameId: string, side: string): string {
  return `${reply.localPart}+${gameId}.${side.toLowerCase()}.${TAG}@${reply.domain}`;
}

/** Stands for the recipient's SECRET word in a stored mail; `MailAtRest.open` puts the word in. */
export function secretMarker(side: string): string {
  return `\u27e6secret:${side.toLowerCase()}\u27e7`;
}

interface SealedBody {
  readonly text: string;
  readonly html?: string;
  readonly attachments?: unknown;
}

export class MailAtRest {
  private readonly box: SecretBox;

  constructor(private readonly secret: string) {
    this.box = new SecretBox(secret, 'outbox-bodies');
  }

  /** The draft as the outbox stores it. */
  seal(draft: OutboxDraft): OutboxDraft {
    if (OPEN_KINDS.has(draft.kind)) return draft;
    const { text, html, attachments, ...rest } = draft.payload;
    const body: SealedBody = { text, ...(html !== undefined ? { html } : {}), ...(attachments !== undefined ? { attachments } : {}) };
    return {
      ...draft,
      payload: { ...rest, text: '', sealedBody: this.box.seal(JSON.stringify(body)) },
    };
  }

  /**
   * The mail of a stored row as it goes out: body opened, SECRET markers replaced by the
   * recipient's word, reply addresses given their tag for the recipient.
   */
  open(row: Pick<OutboxRow, 'payload' | 'gameId' | 'recipient'>): OutboundMail {
    const { sealedBody, ...rest } = row.payload as OutboundMail & { sealedBody?: string };
    const opened: OutboundMail =
      typeof sealedBody === 'string' ? { ...rest, ...(JSON.parse(this.box.open(sealedBody).toString('utf8')) as SealedBody) } : row.payload;
    const needs = (s: unknown): s is string => typeof s === 'string' && s.includes('\u27e6');
    if (!needs(opened.text) && !needs(opened.html) && !needs(opened.replyTo)) return opened;
    const { gameId } = row;
    const fill = (s: string) =>
      s
        .replace(
          TAGGED,
          (_m, game: string, side: string) => `+${game}.${side}.${replyTag({ secret: this.secret }, game, side, row.recipient)}@`,
        )
        .replace(MARKER, (m, side: string) => (gameId ? secretWord(this.secret, gameId, side, row.recipient) : m));
    return {
      ...opened,
      ...(needs(opened.replyTo) ? { replyTo: fill(opened.replyTo) } : {}),
      ...(needs(opened.text) ? { text: fill(opened.text) } : {}),
      ...(needs(opened.html) ? { html: fill(opened.html) } : {}),
    };
  }
}
