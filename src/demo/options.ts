import type { PlayerMode } from '../engine/players';
import type { OptionValue } from '../engine/ruleset';

/**
 * DEMO_OPTIONS=air-in-groups,scenario=santa-cruz,level=3: the demo game's options, comma-separated:
 * an id alone turns a yes/no option on, `id=value` sets one (a number, true or false, or a word); none by default.
 */
export function demoOptions(env: NodeJS.ProcessEnv = process.env): Record<string, OptionValue> {
  const items = (env.DEMO_OPTIONS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return Object.fromEntries(items.map((item) => optionOf(item)));
}

function optionOf(item: string): [string, OptionValue] {
  const at = item.indexOf('=');
  if (at < 0) return [item, true];
  const [id, value] = [item.slice(0, at).trim(), item.slice(at + 1).trim()];
  if (value === 'true' || value === 'false') return [id, value === 'true'];
  return [id, /^-?\d+$/.test(value) ? Number(value) : value];
}

/**
 * DEMO_BOTS=plain: the bots answer one step a mail, with the standing instructions of before issue
 * 10; DEMO_BOTS=newcomer: they answer only what each mail asks, with no STANDING or FOR line of their
 * own (issue 28); anything else: skilled mail players.
 */
export function botMode(env: NodeJS.ProcessEnv = process.env): PlayerMode {
  return env.DEMO_BOTS === 'plain' || env.DEMO_BOTS === 'newcomer' ? env.DEMO_BOTS : 'skilled';
}
