/**
 * The commands no mail carries: a game's creation and fork and the revocation of its page links
 * (the command line), and its deadline and reminder (scheduled jobs, scheduler.ts).
 */
import { z } from 'zod';
import { command } from './define';

const target = z.union([z.object({ stepId: z.string() }), z.object({ eventSeq: z.number().int() })]);

export const CREATE = command({
  kind: 'game.create',
  payload: z.object({
    gameId: z.string(),
    ruleset: z.string(),
    options: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).optional(),
    scenario: z.string().optional(),
    sides: z.array(z.object({ side: z.string(), player: z.looseObject({ address: z.string(), name: z.string().optional() }) })),
    referee: z.string().optional(),
    box: z.unknown().optional(),
    deadlineMinutes: z.number().optional(),
    graceMinutes: z.number().optional(),
    deadlines: z.object({ orders: z.number().optional(), battle: z.number().optional(), placement: z.number().optional() }).optional(),
  }),
  from: ['cli'],
  cli: 'game create',
  cliDoes: 'create a game (adjudicated by a worker); prints the game id',
});

export const DEADLINE = command({
  kind: 'game.deadline',
  payload: z.object({ gameId: z.string(), stepId: z.string() }),
  from: ['job'],
});

export const REMIND = command({
  kind: 'game.remind',
  payload: z.object({ gameId: z.string(), stepId: z.string(), remindAt: z.string().optional() }),
  from: ['job'],
});

export const FORK = command({
  kind: 'game.fork',
  payload: z.object({
    parentId: z.string(),
    gameId: z.string(),
    target,
    orders: z.record(z.string(), z.string()).optional(),
    referee: z.string().optional(),
  }),
  from: ['cli'],
  cli: 'fork',
  cliDoes: 'a new game sharing the prefix up to a step (by hash), re-adjudicated from there; the parent untouched',
});

export const REVOKE_LINKS = command({
  kind: 'game.revokeLinks',
  payload: z.object({
    gameId: z.string(),
    viewer: z.string().nullable().optional(),
    reason: z.string().optional(),
    referee: z.string().optional(),
    replyTo: z.string().optional(),
  }),
  from: ['cli'],
  cli: 'page-link --revoke',
  cliDoes: 'instead of making a link: every link made so far of the game (or, with --side, of that viewer) stops working',
});
