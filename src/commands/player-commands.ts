/**
 * The commands of a side's player (the referee may send most of them too), and the mail words
 * answered at once from what is stored. Declared once here: the mail reader, the dispatch, the
 * bus, the help and docs/mail-commands.md read them from the catalogue (catalogue.ts).
 */
import { z } from 'zod';
import { command, directive, reply } from './define';

const setAside = z.object({ line: z.number().int(), text: z.string(), why: z.string().optional() });

/** The orders as text, each on the line number it has in the player's message, so errors point there. */
export function ordersText(lines: readonly { readonly line: number; readonly text: string }[]): string {
  return Array.from({ length: Math.max(0, ...lines.map((l) => l.line)) }, (_, i) => lines.find((l) => l.line === i + 1)?.text ?? '').join(
    '\n',
  );
}

export const ORDERS = command({
  kind: 'game.orders',
  payload: z.object({
    gameId: z.string(),
    side: z.string(),
    text: z.string(),
    via: z.string(),
    arrivedAt: z.string().optional(),
    stepId: z.string().optional(),
    ignored: z.array(setAside).optional(),
    source: z.string().optional(),
    machine: z.object({ player: z.string(), draws: z.number() }).optional(),
    wait: z.boolean().optional(),
  }),
  from: ['side', 'cli'],
  cli: 'orders',
  cliDoes: 'submit orders from a file or standard input, answered exactly as a mailed order would be',
  mail: {
    name: 'ORDERS',
    aliases: ['ORDER'],
    // the engine checks the step again when the command is applied: if it was resolved in
    // between, the orders are refused (wrong-step), never applied to the step after it
    toPayload: (c, m) => ({
      gameId: m.gameId,
      side: m.side ?? '',
      text: ordersText(c.lines),
      via: `mail ${m.messageId}`,
      ...(c.ignored?.length ? { ignored: [...c.ignored] } : {}),
      ...(m.attachment !== undefined ? { source: `the attached file "${m.attachment}"` } : {}),
      ...(m.stepId ? { stepId: m.stepId } : {}),
      ...(m.arrivedAt ? { arrivedAt: m.arrivedAt } : {}),
      // WAIT in the same mail holds these orders (one command, so they never complete the step first)
      ...(m.withWait ? { wait: true } : {}),
    }),
  },
  help: { usage: 'ORDERS (or just the orders)', does: 'your orders for the current step, one per line' },
  doc: [
    {
      usage: '`ORDERS`',
      also: 'just write the orders',
      does: "Your orders for the current step, one per line. A line `ORDERS` on its own marks where they begin. A later set sent before the deadline normally replaces the earlier one (the game's rules decide).",
    },
  ],
});

export const HELP = reply({
  from: ['side', 'referee'],
  mail: { name: 'HELP', aliases: ['?'] },
  help: {
    usage: 'HELP [topic]',
    does: 'the order card for the step at hand; HELP ALL the whole order reference, HELP <topic> one part of it, HELP 7.3 the lines citing a rule',
  },
  gloss: 'HELP',
  doc: [
    {
      usage: '`HELP [topic]`',
      also: '`?`',
      does: "`HELP`: the order card for the step at hand (its syntax, your legal choices, the default) and the command list. `HELP <topic>`: one part of the game's order reference; VITP has `ORDERS` (also `MOVE`), `BATTLE`, `INTERACTIVE`, `AHEAD` (also `FOR`), `STANDING`, `DEFAULTS`. `HELP COMMANDS`: the command list. `HELP ALL`: the whole reference. `HELP 18.33` (a rule number): the reference lines citing that rule (the umpire does not hold the rulebook text). An unknown topic gets the list of topics.",
    },
  ],
});

export const STATUS = reply({
  from: ['side', 'referee'],
  mail: { name: 'STATUS', aliases: ['DEADLINE', 'LIST'] },
  cli: 'status',
  cliDoes: 'the step in play, who is awaited, the latest event hash (referee view; sealed orders show only commitments)',
  help: { usage: 'STATUS', does: 'step, deadline, and who is still awaited (also DEADLINE, LIST)' },
  gloss: 'STATUS',
  doc: [
    {
      usage: '`STATUS`',
      also: '`DEADLINE`, `LIST`',
      does: "Current step, deadline, whose orders are still awaited, and when (with the commitment) each side's orders were received.",
    },
  ],
});

export const RESEND = reply({
  from: ['side', 'referee'],
  mail: { name: 'RESEND' },
  help: { usage: 'RESEND [turn]', does: 'the latest report again, or the report of that turn' },
  gloss: 'RESEND',
  doc: [{ usage: '`RESEND [turn]`', also: '`RESEND turn 3`', does: 'The latest report again, or the report of that turn.' }],
});

export const PLAYERS = reply({
  from: ['side', 'referee'],
  mail: { name: 'PLAYERS', aliases: ['WHOGAME', 'WHO'] },
  help: { usage: 'PLAYERS', does: 'who plays which side (also WHOGAME)' },
  doc: [{ usage: '`PLAYERS`', also: '`WHOGAME`, `WHO`', does: 'Who plays which side.' }],
});

export const HISTORY = reply({
  from: ['side', 'referee'],
  mail: { name: 'HISTORY' },
  help: { usage: 'HISTORY [turn]', does: "every report sent to you so far (or that turn's) again, as it was sent, in one reply" },
  gloss: 'HISTORY',
  doc: [
    {
      usage: '`HISTORY [turn]`',
      also: '`HISTORY turn 3`',
      does: "Every report you have been sent so far (your welcome first), or those of that turn, mailed again in one reply, each exactly as it was sent to you (the umpire's stored copies: what your side could see then, never another side's). A long history comes in several parts. `HISTORY 9` for a turn with no report says so.",
    },
  ],
});

export const PRESS = command({
  kind: 'game.press',
  payload: z.object({
    gameId: z.string(),
    from: z.string(),
    text: z.unknown().optional(),
    replyTo: z.string().optional(),
    referee: z.string().optional(),
  }),
  from: ['side', 'referee', 'cli'],
  cli: 'press',
  mail: {
    name: 'PRESS',
    aliases: ['BROADCAST'],
    toPayload: (c, m) => ({ gameId: m.gameId, from: m.side ?? 'referee', text: c.text, replyTo: m.address }),
  },
  help: {
    usage: 'PRESS text (or PRESS, then lines up to ENDPRESS)',
    does: "a message to the other side(s), relayed under your side's name (never your address); the referee gets a copy. From the referee: to every side",
  },
  gloss: 'PRESS <message to every side>',
  doc: [
    {
      usage: '`PRESS <text>`',
      also: '`BROADCAST`; `PRESS` on its own line, then the message',
      does: "A message to the other side(s), relayed by the umpire. The message is the rest of the PRESS line and every line after it, up to a line `ENDPRESS` (or `END PRESS`) or the end of your mail; after `ENDPRESS` lines are read as commands and orders again. Recipients see your side's name, never your address; the referee gets a copy; you get a confirmation. It is recorded in the game log (a `PressSent` event, shown to the sender, the recipients and the referee in `umpire report`). Empty press (or over 20,000 characters), or press that holds your own SECRET word, is refused, saying why, and nothing is sent. Press is taken after the game is over too.",
    },
    { usage: '`PRESS <text>`', does: 'A message to every side, shown as from "the referee" (see the player command).', table: 'referee' },
  ],
});

export const DIGEST = command({
  kind: 'game.digest',
  payload: z.object({ gameId: z.string(), viewer: z.string(), mode: z.string(), replyTo: z.string().optional() }),
  from: ['side', 'referee'],
  mail: {
    name: 'DIGEST',
    toPayload: (c, m) => ({ gameId: m.gameId, viewer: m.side ?? 'referee', mode: c.mode, replyTo: m.address }),
  },
  help: {
    usage: 'DIGEST ACTION | TURN | EVERY',
    does: 'how much mail you get: ACTION (default) when a step asks something of you and at the end of each turn; TURN once a turn; EVERY after every step',
  },
  doc: [
    {
      usage: '`DIGEST ACTION` / `DIGEST TURN` / `DIGEST EVERY`',
      does: "How much mail you get, from now on. `ACTION` (the default): a report when the step now open asks something of you (its answer card first), and one at the end of each turn; what happened in between folds into the next report you get, as your side may see it. `TURN`: one report at the end of each turn (and at the end of the game); steps within the turn reach you only as reminders before their deadline, so answer them ahead with standing instructions and `FOR <step>` orders. `EVERY`: a report after every step. Recorded in the game's log (`DigestSet`) and confirmed; the referee may set his own.",
    },
  ],
});

const sideCommand = { gameId: z.string(), side: z.string().nullable(), replyTo: z.string().optional() };

export const WAIT = command({
  kind: 'game.wait',
  payload: z.object(sideCommand),
  from: ['side', 'cli'],
  cli: 'wait',
  cliDoes: "hold the side's orders for the step in play until `umpire confirm` or the deadline",
  mail: { name: 'WAIT', toPayload: (_c, m) => ({ gameId: m.gameId, side: m.side, replyTo: m.address }) },
  help: {
    usage: 'WAIT (with your orders, or alone)',
    does: 'hold your orders: they do not complete the step until you send CONFIRM, or they apply as they stand at the deadline; you may send new ones meanwhile',
  },
  doc: [
    {
      usage: '`WAIT`',
      does: 'Hold your orders (as njudge\'s `SET WAIT`): orders in with `WAIT` do not complete the step even when every side has ordered; the step waits for your `CONFIRM` or for its deadline, which applies your orders as they stand (you are not "late"). Put `WAIT` on its own line before your orders (they travel as one command, so they never complete the step first), or send it alone. You may send new orders meanwhile. The acknowledgment says whether your orders are held or complete the step. For any ruleset; it ends with the step (recorded as `OrdersHeld`). A step that asks nothing of you is refused, changing nothing.',
    },
  ],
});

export const CONFIRM = command({
  kind: 'game.confirm',
  payload: z.object(sideCommand),
  from: ['side', 'cli'],
  cli: 'confirm',
  cliDoes: "release the side's orders held by wait",
  mail: { name: 'CONFIRM', toPayload: (_c, m) => ({ gameId: m.gameId, side: m.side, replyTo: m.address }) },
  help: { usage: 'CONFIRM', does: 'release orders held by WAIT: the step resolves once nobody else is awaited' },
  doc: [
    {
      usage: '`CONFIRM`',
      does: 'Release orders held by `WAIT` (recorded as `OrdersReleased`): the step resolves at once if nobody else is awaited or holding (your report follows), else you are told whom it waits for. With no orders held, or none in yet, it is refused and nothing changes.',
    },
  ],
});

export const RESIGN = command({
  kind: 'game.resign',
  payload: z.object({ ...sideCommand, confirm: z.boolean().optional() }),
  from: ['side'],
  mail: {
    name: 'RESIGN',
    aliases: ['CONCEDE'],
    toPayload: (c, m) => ({ gameId: m.gameId, side: m.side, confirm: c.confirm, replyTo: m.address }),
  },
  help: {
    usage: 'RESIGN CONFIRM',
    does: 'concede the game: it ends at once, the other side winning (RESIGN alone only asks you to confirm)',
  },
  doc: [
    {
      usage: '`RESIGN CONFIRM`',
      also: '`CONCEDE CONFIRM`',
      does: 'Concede the game. `RESIGN` alone changes nothing: the umpire answers asking you to send `RESIGN CONFIRM`. Confirmed, the game ends at once (recorded as a `GameConceded` event, the seed of the turn in play revealed so every die rolled can be checked, then `GameEnded`): in a two-sided game the other side wins by concession. Every side and the referee get the final report; orders not yet adjudicated are void; orders sent afterwards are refused ("the game is over").',
    },
  ],
});

export const LOG = reply({
  from: ['side', 'referee'],
  mail: { name: 'LOG' },
  help: { usage: 'LOG', does: 'once the game is over: the log as your side saw it, and a program checking every hash and die' },
  gloss: 'LOG',
  doc: [
    {
      usage: '`LOG`',
      does: "Once the game is over: the game's audit bundle as an attachment (`G-….audit.tar.gz`), the whole log as your side saw it, events hidden from your side shown by their hash only, with `verify.js`, which checks with Node.js alone every hash, every seed against the anchor in your welcome and every die you may see (`tar xzf G-….audit.tar.gz && node G-…-audit/verify.js`), and `AUDIT.md`, every formula (docs/audit.md). Before the end it is refused, saying when it will come. Reads only.",
    },
  ],
});

export const IDENTIFY = directive({
  from: ['side', 'referee'],
  help: { usage: 'GAME G-xxx / SIDE name / SECRET word', does: 'first lines: identify yourself without the reply address' },
});
