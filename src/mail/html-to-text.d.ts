// html-to-text ships no types and @types/html-to-text is not installed; this is the part we use.
declare module 'html-to-text' {
  export function convert(html: string, options?: Record<string, unknown>): string;
}
