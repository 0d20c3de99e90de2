/**
 * The games the demo can play (`npm run demo -- --game aa-guadalcanal`, or DEMO_GAME): the ruleset,
 * its sides with their mailbox users, and how the bots write their mail (VITP: policy.ts and the
 * standing instructions of plan.ts; A&A Guadalcanal: aa-guadalcanal.ts, whose HITS lists ride with
 * the orders).
 */
import type { EngineState } from '../engine/engine-events';
import type { Rng, Side, StepInfo } from '../engine/ruleset';
import { composeGuadalcanalMail } from './aa-guadalcanal';
import type { BotMail } from './policy';

export interface DemoGame {
  readonly ruleset: string;
  readonly title: string;
  readonly players: readonly { readonly side: Side; readonly user: string }[];
  /** the bots' mail for a step (absent: VITP's policy.ts with plan.ts) */
  readonly compose?: (state: EngineState<unknown>, side: Side, step: StepInfo, rng: Rng, sentAhead: Set<string>) => BotMail;
}

const GAMES: Record<string, DemoGame> = {
  vitp: {
    ruleset: 'vitp',
    title: 'VITP',
    players: [
      { side: 'japanese', user: 'japan' },
      { side: 'allied', user: 'allies' },
    ],
  },
  'aa-guadalcanal': {
    ruleset: 'aa-guadalcanal',
    title: 'A&A Guadalcanal',
    players: [
      // mailboxes of their own: the VITP demo's bots read "allies"
      { side: 'axis', user: 'aa-axis' },
      { side: 'allies', user: 'aa-allies' },
    ],
    compose: composeGuadalcanalMail,
  },
};

/** The game named by `--game <id>` (or `--game=<id>`) or DEMO_GAME; VITP by default. */
export function demoGame(argv: readonly string[], env: NodeJS.ProcessEnv): DemoGame {
  const at = argv.findIndex((a) => a === '--game' || a.startsWith('--game='));
  const named = at < 0 ? env.DEMO_GAME : argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  const game = GAMES[named ?? 'vitp'];
  if (!game) throw new Error(`no demo for game "${named}"; games: ${Object.keys(GAMES).join(', ')}`);
  return game;
}
