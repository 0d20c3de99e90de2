/**
 * The games the demo can play (`npm run demo -- --game <id>`, or DEMO_GAME): any registered game
 * whose definition has a mail player (players.mail: how its bots write, and their mailboxes). Only
 * the sides a person plays get a bot and a mailbox: a side the umpire plays (a solitaire's system
 * side, Ruleset.systemSides) has neither, and sends and receives no mail.
 */
import type { DefinedRuleset } from '../engine/define';
import type { MailPlayer } from '../engine/players';
import type { OptionValue, Side } from '../engine/ruleset';
import { systemSidesOf } from '../engine/system-sides';
import { DEFAULT_GAME, rulesets } from '../games';
import { demoOptions } from './options';

export interface DemoGame {
  readonly ruleset: string;
  // biome-ignore lint/suspicious/noExplicitAny: any registered game
  readonly rules: DefinedRuleset<any, any, any>;
  readonly title: string;
  /** the seated sides (none the umpire plays), each with its bot's mailbox user */
  readonly players: readonly { readonly side: Side; readonly user: string }[];
  readonly mail: MailPlayer;
  /** the options the game is created with: the mail player's demo options, then DEMO_OPTIONS over them */
  readonly options: Record<string, OptionValue>;
  /** the demo database's name: `umpire_demo` for the default game, `umpire_demo_<id>` for another, so demos of two games can run side by side */
  readonly database: string;
}

/** The game named by `--game <id>` (or `--game=<id>`) or DEMO_GAME; the registry's first by default; `options` decide its system sides. */
export function demoGame(argv: readonly string[], env: NodeJS.ProcessEnv, options: Record<string, OptionValue> = demoOptions()): DemoGame {
  const at = argv.findIndex((a) => a === '--game' || a.startsWith('--game='));
  const named = (at < 0 ? env.DEMO_GAME : argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1]) ?? DEFAULT_GAME;
  const playable = Object.values(rulesets).filter((r) => r.players.mail);
  const ruleset = playable.find((r) => r.id === named);
  if (!ruleset?.players.mail) throw new Error(`no demo for game "${named}"; games: ${playable.map((r) => r.id).join(', ')}`);
  const mail = ruleset.players.mail;
  const defaults = Object.fromEntries(ruleset.options.map((o) => [o.id, o.default]));
  const chosen = { ...mail.demoOptions, ...options };
  const system = systemSidesOf(ruleset, { ...defaults, ...chosen });
  return {
    ruleset: ruleset.id,
    rules: ruleset,
    title: ruleset.name,
    players: ruleset.sides.filter((side) => !system.includes(side)).map((side) => ({ side, user: mail.mailboxes[side] ?? side })),
    mail,
    options: chosen,
    database: ruleset.id === DEFAULT_GAME ? 'umpire_demo' : `umpire_demo_${ruleset.id.replace(/-/g, '_')}`,
  };
}

/**
 * The games `npm run demo` plays, one after the other: the game's demo game, then one for each of
 * its mail player's `demoAlso` (Guadalcanal Campaign: a two-player game, then a solitaire against
 * the computer Japanese); DEMO_OPTIONS (`options`) names one game alone.
 */
export function demoGames(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  options: Record<string, OptionValue> = demoOptions(env),
): DemoGame[] {
  const first = demoGame(argv, env, options);
  if (Object.keys(options).length) return [first];
  return [first, ...(first.mail.demoAlso ?? []).map((also) => demoGame(argv, env, { ...also }))];
}
