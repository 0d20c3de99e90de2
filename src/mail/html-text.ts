/**
 * HTML mail as the player saw it: one line per line he wrote, so that line numbers in a refusal
 * count lines he can see. Quotes keep their marks: a `<blockquote>` becomes `> ` lines, and where
 * a client's quote container starts (modelled on planer's list of them: Outlook's
 * `divRplyFwdMsg` and Word's bordered header, Yahoo, Zoho, AOL, Outlook for Mac) a marker line
 * (HTML_QUOTE_MARK) tells reply.ts that the rest is quoted mail.
 */
import { compile } from 'html-to-text';
import { HTML_QUOTE_MARK } from './reply-patterns';

/** Containers clients put the quoted mail in, where it is not inside a `<blockquote>`. */
const QUOTE_CONTAINERS = [
  '#divRplyFwdMsg', // Outlook on the web, new Outlook, Outlook for iOS and Android
  '#appendonsend', // Outlook on the web, just above its <hr> and divRplyFwdMsg
  '#mail-editor-reference-message-container', // Outlook for Mac (2022 and later)
  '#OLK_SRC_BODY_SECTION', // Outlook for Mac (older)
  'div[style*="border-top:solid #E1E1E1"]', // Outlook desktop (Word HTML)
  'div[style*="border-top:solid #B5C4DF"]', // Outlook desktop 2007-2010
  '.yahoo_quoted', // Yahoo Mail
  '.zmail_extra', // Zoho Mail
  '[id^="AOLMsgPart"]', // AOL Mail
  '.moz-forward-container', // Thunderbird's forwards
];

// biome-ignore lint/suspicious/noExplicitAny: html-to-text's formatter arguments are untyped here
function quoteStart(elem: any, walk: any, builder: any): void {
  builder.openBlock({ leadingLineBreaks: 1 });
  builder.addLiteral(HTML_QUOTE_MARK);
  builder.closeBlock({ trailingLineBreaks: 1 });
  builder.openBlock({ leadingLineBreaks: 1 });
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
}

const OPTIONS = {
  wordwrap: false,
  formatters: { quoteStart },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'hr', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'style', format: 'skip' },
    // Outlook writes every line as a paragraph: one line each, as the player saw them
    { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'blockquote', options: { trimEmptyLines: true } },
    ...QUOTE_CONTAINERS.map((selector) => ({ selector, format: 'quoteStart' })),
  ],
};

/** Compiled once: html-to-text's convert compiles its options (a selector decision tree) on every call. */
let converter: ((html: string) => string) | undefined;

export function htmlToPlayerText(html: string): string {
  converter ??= compile(OPTIONS);
  // a blank line as Gmail and Apple Mail write it (<div><br></div>) is one line, not two
  const tidy = html.replace(/<(div|p)(\s[^>]*)?>\s*<br\s*\/?>\s*<\/\1>/gi, '<$1$2>&nbsp;</$1>');
  return converter(tidy)
    .split('\n')
    .map((l) => (l.trim() === '' ? '' : l.replace(/\u00a0/g, ' ')))
    .join('\n');
}
