// html-to-text ships no types and @types/html-to-text is not installed; this is the part we use.
declare module 'html-to-text' {
  export function compile(options?: Record<string, unknown>): (html: string) => string;
}
