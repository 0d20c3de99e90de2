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

/** Elements that break a line. */
const BLOCKS = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'tr', 'table', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

// biome-ignore lint/suspicious/noExplicitAny: html-to-text's (domhandler's) nodes are untyped here
type Node = any;

/** A node's text with a line break where a block or a <br> breaks it. */
function textLines(node: Node): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' || node.name === 'style' || node.name === 'script') return '';
  const inner = (node.children ?? []).map(textLines).join('');
  return BLOCKS.has(node.name) ? `\n${inner}\n` : inner;
}

/**
 * A table row is a line, its cells separated by spaces: orders pasted from a spreadsheet, Word or
 * Outlook come as tables (Word puts a paragraph in each cell). A row whose cells hold more than a
 * line each (a layout table around a whole mail) keeps its lines instead, cell by cell.
 */
// biome-ignore lint/suspicious/noExplicitAny: html-to-text's formatter arguments are untyped here
function tableRow(elem: Node, walk: any, builder: any): void {
  const cells: Node[] = (elem.children ?? []).filter((c: Node) => c.type === 'tag' && (c.name === 'td' || c.name === 'th'));
  const texts = cells.map((c) =>
    textLines(c)
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l !== ''),
  );
  const flat = texts.every((lines) => lines.length <= 1) && !cells.some((c) => hasTag(c, 'table'));
  builder.openBlock({ leadingLineBreaks: 1 });
  if (flat) builder.addInline(texts.flat().join(' '));
  else
    for (const cell of cells) {
      builder.openBlock({ leadingLineBreaks: 1 });
      walk(cell.children, builder);
      builder.closeBlock({ trailingLineBreaks: 1 });
    }
  builder.closeBlock({ trailingLineBreaks: 1 });
}

function hasTag(node: Node, name: string): boolean {
  return (node.children ?? []).some((c: Node) => c.type === 'tag' && (c.name === name || hasTag(c, name)));
}

const OPTIONS = {
  wordwrap: false,
  formatters: { quoteStart, tableRow },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'hr', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'style', format: 'skip' },
    // Outlook writes every line as a paragraph: one line each, as the player saw them
    { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'blockquote', options: { trimEmptyLines: true } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'tableRow' },
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
