/**
 * Mail text without its line breaks (issue 28: text parts wrap at 72 columns): every run of white
 * space one space, so a test finds a sentence wherever the wrap fell.
 */
export function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}
