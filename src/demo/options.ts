import type { PlayerMode } from '../engine/players';

/** DEMO_OPTIONS=air-in-groups,...: the demo game's options (comma-separated option ids); none by default. */
export function demoOptions(): Record<string, boolean> {
  const ids = (process.env.DEMO_OPTIONS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return Object.fromEntries(ids.map((id) => [id, true]));
}

/**
 * DEMO_BOTS=plain: the bots answer one step a mail, with the standing instructions of before issue
 * 10; DEMO_BOTS=newcomer: they answer only what each mail asks, with no STANDING or FOR line of their
 * own (issue 28); anything else: skilled mail players.
 */
export function botMode(env: NodeJS.ProcessEnv = process.env): PlayerMode {
  return env.DEMO_BOTS === 'plain' || env.DEMO_BOTS === 'newcomer' ? env.DEMO_BOTS : 'skilled';
}
