/** DEMO_OPTIONS=air-in-groups,...: the demo game's options (comma-separated option ids); none by default. */
export function demoOptions(): Record<string, boolean> {
  const ids = (process.env.DEMO_OPTIONS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return Object.fromEntries(ids.map((id) => [id, true]));
}

/** DEMO_BOTS=plain: the bots answer one step a mail, with the standing instructions of before issue 10. */
export function plainBots(): boolean {
  return process.env.DEMO_BOTS === 'plain';
}
