import type { OutboundMail, OutboxDraft, OutboxRow } from '../store/outbox';
import { SecretBox } from '../shared/secret-box';
import { secretWord } from './auth';

/**
 * What the outbox keeps of a mail at rest, and how the dispatcher gets it back.
 *
 * - No SECRET word is ever stored: a mail that tells one (the welcome) holds a marker naming the
 *   side, and the word is derived again (from UMPIRE_SECRET, the game, the side and the recipient)
 *   when the row is opened to be sent or resent.
 * - The bodies of mails the umpire never reads back (acknowledgments, which repeat sealed orders;
 *   refusals, confirmations, help, status, history, reminders, press) are sealed with AES-GCM;
 *   the recipient, subject, kind and headers stay readable for the dispatcher and the audit trail.
 * - Reports and welcomes stay readable: HISTORY and RESEND send them again as they were, and they
 *   hold only what their recipient may see once the step is over.
 */

/** Kinds whose bodies the umpire reads back (HISTORY, RESEND): stored open. */
const OPEN_KINDS: ReadonlySet<string> = new Set(['report', 'welcome']);

const MARKER = /\u27e6secret:([a-z][a-z0-9_-]*)\u27e7/g;

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

  /** The mail of a stored row as it goes out: body opened, SECRET markers replaced by the recipient's word. */
  open(row: Pick<OutboxRow, 'payload' | 'gameId' | 'recipient'>): OutboundMail {
    const { sealedBody, ...rest } = row.payload as OutboundMail & { sealedBody?: string };
    const opened: OutboundMail =
      typeof sealedBody === 'string' ? { ...rest, ...(JSON.parse(this.box.open(sealedBody).toString('utf8')) as SealedBody) } : row.payload;
    if (!row.gameId) return opened;
    const gameId = row.gameId;
    const fill = (s: string) => s.replace(MARKER, (_m, side: string) => secretWord(this.secret, gameId, side, row.recipient));
    const needs = (s: unknown): s is string => typeof s === 'string' && s.includes('\u27e6secret:');
    if (!needs(opened.text) && !needs(opened.html)) return opened;
    return {
      ...opened,
      text: fill(opened.text),
      ...(typeof opened.html === 'string' ? { html: fill(opened.html) } : {}),
    };
  }
}
