/** Engine figures for `npm run bench`: filled in once the engine's selfplay lands. */
export async function benchSelfplay(progress: (line: string) => void, quick: boolean): Promise<{ lines: string[]; figures: Record<string, unknown> }> {
  progress(`engine selfplay benchmark (quick=${quick}) not available yet`);
  return { lines: [], figures: {} };
}
