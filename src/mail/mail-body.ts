/** A message's text as parse.ts reads it: the body (plain, else HTML as text) and its text/plain attachments. */
import type { ParsedMail as MailparserMail } from 'mailparser';
import { htmlToPlayerText } from './html-text';
import type { ParsedMessage, TextAttachment } from './parse';

/** The text/plain files attached (not the body's own parts), decoded. */
export function textAttachments(mail: MailparserMail): TextAttachment[] {
  return (mail.attachments ?? []).flatMap((a, i) => {
    if (a.contentType?.toLowerCase() !== 'text/plain' || a.related) return [];
    const charset = (a.headers.get('content-type') as { params?: { charset?: string } } | undefined)?.params?.charset ?? 'utf-8';
    let text: string;
    try {
      text = new TextDecoder(charset.toLowerCase()).decode(a.content);
    } catch {
      text = a.content.toString('utf8');
    }
    return text.trim() === '' ? [] : [{ name: a.filename ?? `attachment ${i + 1}`, text: withoutNul(text) }];
  });
}

export function bodyText(mail: MailparserMail): ParsedMessage['body'] {
  if (mail.text && mail.text.trim() !== '') return { text: withoutNul(mail.text), source: 'plain' };
  if (typeof mail.html === 'string' && mail.html.trim() !== '') return { text: withoutNul(htmlText(mail.html)), source: 'html' };
  return { text: '', source: 'none' };
}

/**
 * HTML to text. html-to-text walks the document recursively, so HTML nested some thousands deep
 * overflows the stack; such a page is read by the flat fallback (tags dropped, block ends kept as
 * line breaks) instead of failing the message for ever.
 */
function htmlText(html: string): string {
  try {
    return htmlToPlayerText(html);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return html
      .replace(/<(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\n{3,}/g, '\n\n');
  }
}

/** PostgreSQL text and JSONB cannot hold U+0000; no order or command contains it either. */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}
