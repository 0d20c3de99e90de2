/**
 * Raw RFC 822 bytes in, a typed view of the message out: who sent it, where to, what it claims
 * to be about, the commands it carries, and whether a machine sent it. Never throws: oversized
 * or unreadable mail becomes a typed rejection with a message a human can act on.
 */
import { simpleParser, type ParsedMail as MailparserMail } from 'mailparser';
import {
  extractCommands,
  parseSubject,
  type BodyDirectives,
  type GameReference,
  type MailCommand,
  type NumberedLine,
  type SubjectInfo,
} from './commands';
import { allAddresses, automaticReason, envelopeRecipients, firstAddress, stripBrackets, toList } from './mail-headers';
import { bodyText, textAttachments, withoutNul } from './mail-body';
import { extractReply, type DroppedLine } from './reply';
import { messageIdentity } from './message-id';

export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024;

export interface MailAddress {
  /** The address with its domain lower-cased (local parts keep their case: reply tags carry game ids). */
  readonly address: string;
  readonly name: string;
}

export interface ParsedMessage {
  /** Message-ID without angle brackets; synthesized from the bytes' hash when missing. */
  readonly messageId: string;
  readonly messageIdSynthesized: boolean;
  readonly from: MailAddress;
  readonly replyTo: MailAddress | null;
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  /** Envelope recipients as the receiving servers recorded them (Delivered-To, X-Original-To, Received "for"). */
  readonly deliveredTo: readonly string[];
  readonly subject: string;
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  readonly date: Date | null;
  /**
   * The text read: the body's text/plain part when present, otherwise its HTML converted to text;
   * when the body holds no orders or commands, an attached text/plain file that does.
   */
  readonly text: string;
  readonly textSource: 'plain' | 'html' | 'none' | 'attachment';
  /** the attached file's name, when the text read is an attachment */
  readonly textPart?: string;
  /** the body as decoded, and the text/plain files attached, whichever `text` is */
  readonly body: { readonly text: string; readonly source: 'plain' | 'html' | 'none' };
  readonly attachments: readonly TextAttachment[];
  /** The lines the sender wrote (quotes and signature removed), numbered as in `text`. */
  readonly replyLines: readonly NumberedLine[];
  /** The lines of `text` that are not the sender's (quotes, signature, taglines), and why. */
  readonly dropped: readonly DroppedLine[];
  /** RFC 3834 and friends: mail from a machine, which must never be answered. */
  readonly automatic: boolean;
  readonly automaticReason: string | null;
  readonly size: number;
  readonly subjectInfo: SubjectInfo;
  readonly directives: BodyDirectives;
  /** Game/side/turn claimed by the body directives, else by the subject. */
  readonly claimed: GameReference;
  readonly commands: readonly MailCommand[];
}

/** A text/plain file attached to the mail (orders a player wrote in a file). */
export interface TextAttachment {
  readonly name: string;
  readonly text: string;
}

export type MailRejectionCode = 'oversized' | 'malformed' | 'no-sender';

export interface MailRejection {
  readonly code: MailRejectionCode;
  /** Written for the sender: what was wrong and what would be right. */
  readonly message: string;
  /** Whatever could be read, so the caller can log it or answer a real sender. */
  readonly partial: {
    readonly messageId?: string;
    readonly from?: string;
    readonly subject?: string;
    /** Why the header says a machine sent it (RFC 3834), read even when the body is not: never answer those. */
    readonly automatic?: string | null;
  };
  readonly size: number;
}

export type ParseOutcome =
  | { readonly ok: true; readonly message: ParsedMessage }
  | { readonly ok: false; readonly rejection: MailRejection };

export interface ParseOptions {
  /** Larger messages are rejected unread. Default 256 KiB. */
  readonly maxBytes?: number;
  /** The size the server reported, when `raw` holds only part of the message. */
  readonly declaredSize?: number;
}

export async function parseMail(raw: Buffer, options: ParseOptions = {}): Promise<ParseOutcome> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const size = Math.max(raw.length, options.declaredSize ?? 0);
  if (size > maxBytes) return reject('oversized', oversizedMessage(size, maxBytes), await headerPeek(raw), size);
  if (!looksLikeMail(raw)) {
    return reject(
      'malformed',
      'The message had no mail headers we could read. Send plain text mail from an ordinary mail program.',
      {},
      size,
    );
  }
  let mail: MailparserMail;
  try {
    mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return reject('malformed', `The message could not be decoded (${why}). Send it again as plain text.`, await headerPeek(raw), size);
  }
  const from = firstAddress(mail.from);
  const subject = withoutNul((mail.subject ?? '').trim());
  const identity = messageIdentity(raw);
  const messageId = identity.messageId;
  if (!from) {
    return reject(
      'no-sender',
      'The message has no From address, so nobody can be answered or authenticated.',
      { messageId, subject },
      size,
    );
  }
  const body = bodyText(mail);
  const subjectInfo = parseSubject(subject);
  const attachments = textAttachments(mail);
  const { text, textSource, textPart, reply, directives, commands } = readText(body, attachments, from.address, subjectInfo, {});
  const auto = automaticReason(mail, from);
  return {
    ok: true,
    message: {
      messageId,
      messageIdSynthesized: identity.synthesized,
      from,
      replyTo: firstAddress(mail.replyTo),
      to: allAddresses(mail.to),
      cc: allAddresses(mail.cc),
      deliveredTo: envelopeRecipients(mail),
      subject,
      inReplyTo: stripBrackets(mail.inReplyTo) ?? null,
      references: toList(mail.references)
        .map((r) => stripBrackets(r)!)
        .filter(Boolean),
      date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
      text,
      textSource,
      ...(textPart !== undefined ? { textPart } : {}),
      body,
      attachments,
      replyLines: reply.lines,
      dropped: reply.dropped,
      automatic: auto !== null,
      automaticReason: auto,
      size,
      subjectInfo,
      directives,
      claimed: {
        ...pick(subjectInfo),
        ...pick(directives),
      },
      commands,
    },
  };
}

export interface RereadOptions {
  /** texts of the mail the umpire sent this sender in this game (the outbox) */
  readonly knownTexts?: readonly string[];
  /** the game's test for a line it would read as an order (protects it from sign-off detection) */
  readonly looksLikeOrder?: (line: string) => boolean;
}

/**
 * The message read again once its game is known: lines repeating what the umpire sent are quoted
 * text, whatever the client did (reply.ts). Directives, claims and commands follow the new lines.
 */
export function rereadReply(message: ParsedMessage, options: RereadOptions): ParsedMessage {
  const { textPart: _, ...rest } = message;
  const { text, textSource, textPart, reply, directives, commands } = readText(
    message.body,
    message.attachments,
    message.from.address,
    message.subjectInfo,
    options,
  );
  return {
    ...rest,
    text,
    textSource,
    ...(textPart !== undefined ? { textPart } : {}),
    replyLines: reply.lines,
    dropped: reply.dropped,
    directives,
    claimed: { ...pick(message.subjectInfo), ...pick(directives) },
    commands,
  };
}

/**
 * The player's lines and commands: from the body, or, when the body holds no orders and no
 * command (nothing, or only lines that are no order), from the first text/plain file attached
 * that does. The body's own lines are then set aside beside the attachment's orders, saying so.
 */
function readText(
  body: ParsedMessage['body'],
  attachments: readonly TextAttachment[],
  sender: string,
  subjectInfo: SubjectInfo,
  options: RereadOptions,
) {
  const read = (text: string) => {
    const reply = extractReply({ text, sender, ...options });
    return { reply, ...extractCommands(reply.lines, subjectInfo.command, options.looksLikeOrder) };
  };
  const fromBody = read(body.text);
  const holdsOrders = (commands: readonly MailCommand[]) =>
    commands.some(
      (c) =>
        c.name !== 'ORDERS' ||
        c.lines.some((l) => !l.text.startsWith('#') && (options.looksLikeOrder ? options.looksLikeOrder(l.text) : true)),
    );
  const inBody = { text: body.text, textSource: body.source, textPart: undefined as string | undefined, ...fromBody };
  if (holdsOrders(fromBody.commands)) return inBody;
  for (const file of attachments) {
    const got = read(file.text);
    if (!holdsOrders(got.commands)) continue;
    // the body's lines (a greeting, a word about the file) are the player's: listed, not lost
    const bodyLines = fromBody.reply.lines
      .filter((l) => l.text.trim() !== '')
      .map((l) => ({
        line: l.line,
        text: l.text.trim(),
        why: `in the mail's text, not in the attached file "${file.name}" the orders were read from`,
      }));
    const commands = got.commands.map((c) =>
      c.name === 'ORDERS' && bodyLines.length ? { ...c, ignored: [...bodyLines, ...(c.ignored ?? [])] } : c,
    );
    return { text: file.text, textSource: 'attachment' as const, textPart: file.name, ...got, commands };
  }
  return inBody;
}

function reject(code: MailRejectionCode, message: string, partial: MailRejection['partial'], size: number): ParseOutcome {
  return { ok: false, rejection: { code, message, partial, size } };
}

function oversizedMessage(size: number, max: number): string {
  const kib = (n: number) => `${Math.ceil(n / 1024)} KiB`;
  return (
    `The message is ${kib(size)}, more than the ${kib(max)} the umpire accepts. ` +
    'Send the orders as plain text without attachments or quoted history.'
  );
}

/**
 * Enough of the header to decide whether, and whom, to answer about a message we will not read:
 * the header block alone goes through the same parser, so a machine's mail (RFC 3834) is never
 * answered whatever its size, and the sender is the parsed From, never a raw string.
 */
async function headerPeek(raw: Buffer): Promise<MailRejection['partial']> {
  const block = raw
    .subarray(0, 64 * 1024)
    .toString('latin1')
    .split(/\r?\n\r?\n/)[0];
  const messageId = messageIdentity(raw).messageId;
  try {
    const head = await simpleParser(Buffer.from(`${block}\r\n\r\n`, 'latin1'), { skipHtmlToText: true, skipTextToHtml: true });
    const from = firstAddress(head.from);
    const subject = withoutNul((head.subject ?? '').trim());
    return {
      messageId,
      ...(from ? { from: from.address } : {}),
      ...(subject ? { subject: subject.slice(0, 200) } : {}),
      automatic: from ? automaticReason(head, from) : 'no readable From',
    };
  } catch {
    return { messageId, automatic: 'header unreadable' };
  }
}

/** A message starts with a header field (`Name: value`) before its first blank line. */
function looksLikeMail(raw: Buffer): boolean {
  const start = raw.subarray(0, 2048).toString('latin1');
  return /^[!-9;-~]+:/.test(start);
}

function pick(ref: GameReference): GameReference {
  return {
    ...(ref.gameId ? { gameId: ref.gameId } : {}),
    ...(ref.side ? { side: ref.side } : {}),
    ...(ref.turn !== undefined ? { turn: ref.turn } : {}),
  };
}

/** The header block of a raw message with an empty body: enough to say who sent it, however broken the body. */
export function headerOnly(raw: Buffer): Buffer {
  const text = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return Buffer.from(`${end >= 0 ? text.slice(0, end) : text}\r\n\r\n`, 'latin1');
}
