/**
 * Messages the umpire sends: deterministic Message-IDs from the outbox idempotency key, one
 * thread per game and side (In-Reply-To/References), List-Id per game, and the marks that keep
 * auto-responders and loops away (RFC 3834 Auto-Submitted, Precedence: bulk). Sending is plain
 * SMTP; the result says whether a failure is worth retrying.
 */
import { createHash } from 'node:crypto';
import nodemailer, { type SendMailOptions, type SMTPPoolOptions, type Transporter } from 'nodemailer';
import { drawMapPng } from './map-png';
import type { RenderedMail } from './render';

export interface OutboundMail {
  /** One key per (game, recipient, reason, event sequence); also names the Message-ID. */
  readonly idempotencyKey: string;
  readonly from: { readonly address: string; readonly name?: string };
  readonly to: string | readonly string[];
  /** The recipient's tagged reply address. */
  readonly replyTo?: string;
  /** Domain for Message-IDs and List-Id, e.g. `umpire.test`. */
  readonly domain: string;
  readonly gameId?: string;
  /** The recipient's side (null or absent for the referee); threads are per game and side. */
  readonly side?: string | null;
  /** Bare Message-ID of the player's message this answers. */
  readonly inReplyTo?: string;
  /** Earlier bare Message-IDs of the conversation, oldest first. */
  readonly references?: readonly string[];
  /** `auto-replied` answers a message (acks, rejections); `auto-generated` is unprompted (reports, reminders). */
  readonly autoSubmitted: 'auto-replied' | 'auto-generated';
  /** The Date header: pass the event's time so a re-render gives the same message. */
  readonly date?: Date;
  /** Envelope sender for bounces; default the From address. */
  readonly bounceAddress?: string;
}

export interface SmtpConfig {
  readonly host: string;
  readonly port: number;
  readonly secure?: boolean;
  readonly auth?: { readonly user: string; readonly pass: string };
  /** Refuse to send unless STARTTLS succeeds (production relays). */
  readonly requireTLS?: boolean;
}

export type SendResult =
  | {
      readonly ok: true;
      readonly messageId: string;
      readonly accepted: readonly string[];
      readonly rejected: readonly string[];
      readonly response: string;
    }
  /** `permanent`: the server refused for good (5xx); retrying will not help. */
  | {
      readonly ok: false;
      readonly permanent: boolean;
      readonly error: string;
      readonly responseCode?: number;
    };

/** `umpire.<32 hex>@domain`, the same for the same key: a resent outbox row keeps its identity. */
export function outboundMessageId(idempotencyKey: string, domain: string): string {
  return `umpire.${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@${domain}`;
}

/** The notional first message of a game's thread for one side; every message references it. */
export function threadRootId(gameId: string, side: string | null | undefined, domain: string): string {
  return `thread.${gameId}.${side ?? 'referee'}@${domain}`;
}

export function listId(gameId: string, domain: string): string {
  return `<${gameId}.${domain}>`;
}

/**
 * One plain mailbox, `local@domain`, as the umpire will send to: a dot-atom local part (no quotes,
 * commas, semicolons, spaces or angle brackets, so no mail library can read several recipients
 * into it), an ASCII domain of letter-digit-hyphen labels, within RFC 5321's lengths.
 */
export function isPlainMailbox(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  return (
    new RegExp(`^${atom}(?:\\.${atom})*$`).test(address.slice(0, at)) &&
    new RegExp(`^${label}(?:\\.${label})*$`).test(address.slice(at + 1))
  );
}

/** Message-IDs we echo (In-Reply-To, References) only when they are plain and short: a sender's 10 KB id goes nowhere. */
function echoable(id: string | undefined): id is string {
  return id !== undefined && id.length <= 250 && /^<?[!-~]+>?$/.test(id);
}

/** The idempotency key shown in X-Umpire-Key: itself when short, else its hash (keys can hold a sender's Message-ID). */
function keyHeader(key: string): string {
  return key.length <= 200 && /^[ -~]+$/.test(key) ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export function buildMessage(mail: OutboundMail, rendered: RenderedMail): SendMailOptions {
  const recipients = typeof mail.to === 'string' ? [mail.to] : [...mail.to];
  const bad = recipients.filter((r) => !isPlainMailbox(r));
  if (bad.length || recipients.length === 0)
    throw new Error(`refusing to address mail to ${bad.length ? JSON.stringify(bad[0].slice(0, 80)) : 'nobody'}: not one plain mailbox`);
  const messageId = outboundMessageId(mail.idempotencyKey, mail.domain);
  const root = mail.gameId ? threadRootId(mail.gameId, mail.side, mail.domain) : undefined;
  const repliedTo = echoable(mail.inReplyTo) ? mail.inReplyTo : undefined;
  const references = dedupe([root, ...(mail.references ?? []).filter(echoable), repliedTo]).map(angle);
  const inReplyTo = repliedTo ?? root;
  const headers: Record<string, string> = {
    'Auto-Submitted': mail.autoSubmitted,
    Precedence: 'bulk',
    'X-Auto-Response-Suppress': 'All',
    'X-Umpire-Key': keyHeader(mail.idempotencyKey),
  };
  if (mail.gameId) {
    headers['List-Id'] = listId(mail.gameId, mail.domain);
    headers['X-Umpire-Game'] = mail.gameId;
  }
  return {
    messageId: angle(messageId),
    from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
    to: recipients.map((address) => ({ name: '', address })),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    ...(inReplyTo ? { inReplyTo: angle(inReplyTo) } : {}),
    ...(references.length > 0 ? { references } : {}),
    ...(mail.date ? { date: mail.date } : {}),
    envelope: {
      from: mail.bounceAddress ?? mail.from.address,
      to: recipients,
    },
    headers,
    // an attachment with a Content-ID is shown inline by the HTML part (the report's map.png);
    // a picture keeps its SVG until drawPictures draws it, as the mail is sent
    attachments: rendered.attachments.map((a) => ({
      filename: a.filename,
      ...('svg' in a ? { svg: a.svg } : { content: a.content }),
      contentType: a.contentType,
      ...('encoding' in a && a.encoding ? { encoding: a.encoding } : {}),
      ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : { contentDisposition: 'attachment' as const }),
    })),
  };
}

/**
 * The message with its pictures drawn: each attachment holding an `svg` (buildMessage) gets its
 * PNG (map-png.ts), so the mail is byte for byte the one that carried the PNG from the start. The
 * PNG's bytes are handed over as they are (nodemailer base64-encodes a Buffer exactly as it decodes
 * and encodes a base64 string): no 150 KB string made and read back for each map mail.
 * Called as the mail is sent, outside any game's transaction.
 */
export async function drawPictures(message: SendMailOptions): Promise<SendMailOptions> {
  const attachments = message.attachments as (Record<string, unknown> & { svg?: unknown })[] | undefined;
  if (!attachments?.some((a) => typeof a.svg === 'string')) return message;
  return {
    ...message,
    attachments: await Promise.all(
      attachments.map(async ({ svg, ...a }) => {
        if (typeof svg !== 'string') return a;
        const { filename, contentType, ...rest } = a;
        return { filename, content: (await drawMapPng(svg)).png, contentType, ...rest };
      }),
    ),
  };
}

/**
 * Pooled: the connection to the relay stays open for the next mail (a few per worker), instead of
 * a connect, greeting, EHLO and QUIT around every message. A dropped connection is opened again.
 */
export function createSmtpTransport(config: SmtpConfig): Transporter {
  return nodemailer.createTransport({
    pool: true,
    maxConnections: 4,
    maxMessages: 1000,
    host: config.host,
    port: config.port,
    secure: config.secure ?? false,
    ...(config.auth ? { auth: { user: config.auth.user, pass: config.auth.pass } } : {}),
    ...(config.requireTLS ? { requireTLS: true } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } satisfies SMTPPoolOptions);
}

export async function sendMessage(transport: Transporter, message: SendMailOptions): Promise<SendResult> {
  try {
    const info = await transport.sendMail(await drawPictures(message));
    const rejected = (info.rejected ?? []).map(String);
    if ((info.accepted ?? []).length === 0 && rejected.length > 0) {
      return { ok: false, permanent: true, error: `all recipients rejected: ${rejected.join(', ')}` };
    }
    return {
      ok: true,
      messageId: String(info.messageId).replace(/^<|>$/g, ''),
      accepted: (info.accepted ?? []).map(String),
      rejected,
      response: String(info.response ?? ''),
    };
  } catch (err) {
    const e = err as { message?: string; responseCode?: number };
    const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
    return {
      ok: false,
      permanent: code !== undefined && code >= 500,
      error: e.message ?? String(err),
      ...(code !== undefined ? { responseCode: code } : {}),
    };
  }
}

/** The message as RFC 822 bytes, exactly as it would go out (for the audit trail and tests). */
export async function composeRaw(message: SendMailOptions): Promise<Buffer> {
  const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'crlf' });
  const info = await streamer.sendMail(await drawPictures(message));
  return info.message as Buffer;
}

function angle(id: string): string {
  return `<${id.replace(/^<|>$/g, '')}>`;
}

function dedupe(ids: readonly (string | undefined)[]): string[] {
  return [...new Set(ids.filter((x): x is string => typeof x === 'string' && x !== ''))];
}
