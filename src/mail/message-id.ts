import { createHash } from 'node:crypto';

/**
 * A message's identity at the front door, computed once from the raw bytes and used everywhere
 * (the inbound row, idempotency keys, the parser), so one message never gets two ids.
 *
 * - The Message-ID header when it is a plausible one: printable ASCII, at most MAX_MESSAGE_ID_LENGTH
 *   characters. A longer or garbled one is replaced by its hash, so nothing a sender writes there
 *   reaches our storage keys or outgoing headers unbounded.
 * - Without a Message-ID, a hash of the message's content: the header fields a relay adds on the
 *   way (trace fields: Received, Return-Path, Delivered-To, authentication results, ...) are left
 *   out, so the same mail retransmitted through another relay is recognised as the same mail.
 */

export const MAX_MESSAGE_ID_LENGTH = 250;

/** Header fields added in transit (RFC 5321 trace fields and their common relatives): not part of what the sender wrote. */
const TRACE_FIELD =
  /^(received|return-path|delivered-to|x-original-to|envelope-to|x-envelope-to|x-received|authentication-results|arc-[a-z-]+|received-spf|dkim-signature|x-google-dkim-signature|x-gm-message-state|x-spam-[a-z-]+|x-virus-[a-z-]+|x-ms-exchange-[a-z-]+|x-mailgun-[a-z-]+|x-forwarded-[a-z-]+)$/i;

export interface MessageIdentity {
  /** Without angle brackets. */
  readonly messageId: string;
  readonly synthesized: boolean;
  /** SHA-256 (hex) of the content with trace fields left out: equal for the same mail however it travelled. */
  readonly contentHash: string;
}

export function messageIdentity(raw: Buffer): MessageIdentity {
  const { fields, body } = splitRaw(raw);
  const contentHash = contentHashOf(fields, body);
  const header = fields.find((f) => f.name === 'message-id')?.value.trim();
  const bare = header?.replace(/^<|>$/g, '').trim();
  if (bare && bare.length <= MAX_MESSAGE_ID_LENGTH && /^[!-~]+$/.test(bare)) return { messageId: bare, synthesized: false, contentHash };
  if (bare)
    return {
      messageId: `sha256.${createHash('sha256').update(bare).digest('hex')}@long-id.invalid`,
      synthesized: true,
      contentHash,
    };
  return { messageId: `sha256.${contentHash}@synthesized.invalid`, synthesized: true, contentHash };
}

export interface HeaderField {
  /** lower case */
  readonly name: string;
  /** unfolded */
  readonly value: string;
}

type Field = HeaderField;

/** A raw message's header fields, unfolded, in order (nothing decoded). */
export function headerFields(raw: Buffer): HeaderField[] {
  return splitRaw(raw).fields;
}

function splitRaw(raw: Buffer): { fields: Field[]; body: Buffer } {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
  const headerEnd = end >= 0 ? end : raw.length;
  const bodyStart = end < 0 ? raw.length : end === crlf ? end + 4 : end + 2;
  const fields: Field[] = [];
  for (const line of raw
    .subarray(0, headerEnd)
    .toString('latin1')
    .split(/\r?\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields.push({
      name: line.slice(0, colon).trim().toLowerCase(),
      value: line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    });
  }
  return { fields, body: raw.subarray(bodyStart) };
}

function contentHashOf(fields: readonly Field[], body: Buffer): string {
  const h = createHash('sha256');
  for (const f of fields) if (!TRACE_FIELD.test(f.name)) h.update(`${f.name}:${f.value.replace(/\s+/g, ' ')}\n`);
  h.update('\n');
  // line ends and trailing blank lines are the transport's, not the sender's
  h.update(body.toString('latin1').replace(/\r\n/g, '\n').replace(/\s+$/, ''));
  return h.digest('hex');
}
