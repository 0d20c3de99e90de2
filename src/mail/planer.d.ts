// planer ships no types; this is the part reply.ts uses (talon's line markers).
declare module 'planer' {
  /** One marker per line: e empty, m quoted (`>`), s splitter (quote header), f forward, t text. */
  export function markMessageLines(lines: readonly string[]): string;
}
