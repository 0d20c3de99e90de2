/**
 * The referee's commands (mail and CLI alike): the deadline, time rulings, notes and the desk
 * (issue 12). Each is answered to `replyTo` (the referee's address by mail): what was done, or why
 * not. `referee` is who ruled: the referee's address by mail; from the command line `--referee`,
 * else the game's referee address (src/cli/rulings.ts).
 */
import { z } from 'zod';
import type { MailContext } from './define';
import { command } from './define';

const game = { gameId: z.string(), replyTo: z.string().optional() };
const ruling = { ...game, referee: z.string().optional(), reason: z.string().optional() };
const target = z.union([z.object({ stepId: z.string() }), z.object({ eventSeq: z.number().int() })]);

/** a referee's mail command with its words as arguments: who ruled and whom to answer is the sender */
const ruled = <A extends object>(args: A, m: MailContext) => ({ gameId: m.gameId, ...args, referee: m.address, replyTo: m.address });

export const EXTEND = command({
  kind: 'game.extend',
  payload: z.object({ ...ruling, byMinutes: z.number().optional(), until: z.string().optional() }),
  from: ['referee', 'cli'],
  cli: 'extend',
  mail: {
    name: 'EXTEND',
    toPayload: (c, m) => ruled({ byMinutes: c.byMinutes, until: c.until }, m),
  },
  help: { usage: 'EXTEND 24h | EXTEND TO 2026-11-23T18:00Z', does: 'move the deadline' },
  gloss: 'EXTEND 24h | EXTEND 90m | EXTEND TO 2026-11-23T18:00Z',
  doc: [
    {
      usage: '`EXTEND 24h` / `EXTEND 90m` / `EXTEND 2d`',
      does: 'Move the current deadline later by that much. The sides the step awaits are told that the referee extended it (with their answer card); the others get nothing, unless they read every step (`DIGEST EVERY`: an FYI). The reminder moves with it.',
    },
    { usage: '`EXTEND TO 2026-11-23T18:00Z`', does: 'Set the current deadline to that instant (ISO 8601; give the zone).' },
  ],
});

export const FORCE = command({
  kind: 'game.force',
  payload: z.object(ruling),
  from: ['referee', 'cli'],
  cli: 'force',
  mail: { name: 'FORCE', aliases: ['PROCESS'], toPayload: (_c, m) => ruled({}, m) },
  help: { usage: 'FORCE', does: 'resolve the step now; missing orders take their defaults' },
  gloss: 'FORCE (resolve the step now, defaults for the silent)',
  doc: [{ usage: '`FORCE`', does: 'Resolve the current step now; sides without orders get their documented defaults.' }],
});

export const UPGRADE = command({
  kind: 'game.upgrade',
  payload: z.object(ruling),
  from: ['referee', 'cli'],
  cli: 'upgrade',
  mail: { name: 'UPGRADE', toPayload: (c, m) => ruled({ reason: c.reason }, m) },
  help: { usage: 'UPGRADE reason', does: 'a game held by a rules change goes on under the rules now running' },
  gloss: 'UPGRADE <reason> (move the game to the rules build now running)',
  doc: [
    {
      usage: '`UPGRADE <reason>`',
      does: 'Let a game go on under the rules build the umpire runs now, e.g. `UPGRADE vitp-3 fixes the 7.43 target rule`. A game is adjudicated only under the rules version it was created with (its `GameCreated`); after the umpire is redeployed with another version, orders, deadlines and `FORCE` fail for that game and the player and the referee are told. `UPGRADE` records `RulesUpgraded` (both versions, the referee, the reason) and play goes on; `umpire replay --with-current <game>` shows first the step the new build decides otherwise. Refused without a reason, or when the game is already under that build. See docs/audit.md, *Engine pinning*.',
    },
  ],
});

export const PAUSE = command({
  kind: 'game.pause',
  payload: z.object(ruling),
  from: ['referee', 'cli'],
  cli: 'pause',
  mail: { name: 'PAUSE', toPayload: (c, m) => ruled({ reason: c.reason }, m) },
  help: {
    usage: 'PAUSE [reason] / RESUME',
    does: 'stop the deadlines (each keeps the time it had left) / restart them; every side is told',
  },
  gloss: 'PAUSE [reason] (stop the deadlines)',
  doc: [
    {
      usage: '`PAUSE [reason]`',
      does: 'Stop the deadlines, e.g. `PAUSE Christmas week`. The deadline in force keeps the time it had left (to the deadline and to the end of its grace); its jobs do nothing while paused, and a step that opens meanwhile gets no deadline. Orders are still taken. Every side is told. Recorded as `GamePaused` with the referee, the reason and the step and deadline it concerns. A second `PAUSE` is refused.',
    },
  ],
});

export const RESUME = command({
  kind: 'game.resume',
  payload: z.object(ruling),
  from: ['referee', 'cli'],
  cli: 'resume',
  mail: { name: 'RESUME', toPayload: (c, m) => ruled({ reason: c.reason }, m) },
  gloss: 'RESUME (restart them)',
  doc: [
    {
      usage: '`RESUME [reason]`',
      does: "Restart the deadlines: the paused step's deadline is now plus the time it had left; a step opened during the pause gets its full length. Every side is told the new deadline. Recorded as `GameResumed`. Refused when the game is not paused.",
    },
  ],
});

export const ABSENCE = command({
  kind: 'game.absence',
  payload: z.object({ ...ruling, side: z.string(), from: z.string(), to: z.string() }),
  from: ['referee', 'cli'],
  cli: 'absence',
  mail: { name: 'ABSENCE', toPayload: (c, m) => ruled({ side: c.side, from: c.from, to: c.to, reason: c.reason }, m) },
  help: {
    usage: 'ABSENCE side 2026-12-20 2026-12-28 [reason]',
    does: 'that side is away (dates in UTC, the last day included): deadlines of steps awaiting it that fall in that time move to its end',
  },
  gloss: 'ABSENCE <side> <from> <to> (deadlines in that time move to its end)',
  doc: [
    {
      usage: '`ABSENCE <side> <from> <to> [reason]`',
      does: 'A side away, e.g. `ABSENCE japanese 2026-12-20 2026-12-28 family visit` (dates are UTC days, the last one included; or instants with their zone, `2026-12-20T08:00Z`). Deadlines of steps awaiting that side that fall in the window move to its end: the deadline in force now (with its grace) and those of steps opening later. Every side is told. Recorded as `AbsenceDeclared`. An unknown side, a date that is none, or a window that ends before it begins or before now is refused, naming what would be right.',
    },
  ],
});

// game.deadline is the deadline job's command: the referee's DEADLINE <kind> <length> is game.deadline-length
export const DEADLINE_LENGTH = command({
  kind: 'game.deadline-length',
  payload: z.object({ ...ruling, kind: z.string(), length: z.string() }),
  from: ['referee', 'cli'],
  cli: 'deadline',
  // a bare DEADLINE is STATUS's word: the mail reader reads DEADLINE <kind> <length> as this command
  mail: { name: 'DEADLINE', words: [], toPayload: (c, m) => ruled({ kind: c.kind, length: c.length, reason: c.reason }, m) },
  help: {
    usage: 'DEADLINE orders|battle|placement 48h [reason]',
    does: 'the deadline length of that kind of step from now on (the deadline in force stands: EXTEND moves it)',
  },
  gloss: 'DEADLINE <orders|battle|placement> <length>',
  doc: [
    {
      usage: '`DEADLINE <kind> <length> [reason]`',
      does: 'The deadline length of one kind of step (`orders`, `battle`, `placement`) for every such step that opens from now on, e.g. `DEADLINE battle 48h`; the deadline in force stands (`EXTEND` moves it). Every side is told. Recorded as `DeadlineLengthSet` with the length it replaces. A bare `DEADLINE` is still `STATUS`.',
    },
  ],
});

export const NOTE = command({
  kind: 'referee.note',
  payload: z.object({
    text: z.unknown().optional(),
    actor: z.unknown().optional(),
    referee: z.string().optional(),
    replyTo: z.string().optional(),
    concerns: z.array(z.number().int()).optional(),
  }),
  from: ['referee', 'cli'],
  cli: 'note',
  mail: {
    name: 'NOTE',
    toPayload: (c, m) => ({
      text: c.text,
      actor: 'referee',
      referee: m.address,
      replyTo: m.address,
      ...(c.concerns ? { concerns: [...c.concerns] } : {}),
    }),
  },
  help: { usage: 'NOTE text | NOTE ON 57 text', does: 'a ruling or remark for the game log, seen by all (ON: the event it concerns)' },
  gloss: 'NOTE [ON <event>] <text for every side>',
  doc: [
    {
      usage: '`NOTE <text>`',
      does: 'A ruling or remark recorded in the game log. It leads every side\'s next report ("Referee\'s note: …"), once, and is in the report `umpire report` prints for any side or the referee; after the game is over it is mailed to every side at once.',
    },
    {
      usage: '`NOTE ON <event> <text>`',
      does: 'A ruling about one event of the log, e.g. `NOTE ON 57 The die of event 57 stands: rule 7.3 reads the roll before modifiers.` Recorded as `NoteAdded` with `concerns: [57]` and the referee; an event the log does not have is refused. (`NOTE #57 …` is the same.)',
    },
  ],
});

export const ROLLBACK = command({
  kind: 'game.rollback',
  payload: z.object({ ...ruling, target, orders: z.string().optional(), preview: z.boolean().optional() }),
  from: ['referee', 'cli'],
  cli: 'rollback',
  mail: {
    name: 'ROLLBACK',
    toPayload: (c, m) => ruled({ target: c.target, orders: c.orders, reason: c.reason, ...(c.preview ? { preview: true } : {}) }, m),
  },
  help: {
    usage: 'ROLLBACK TO t3/orders [ORDERS KEPT|ORDERS RESEND] reason',
    does: 'undo a step, of this turn or an earlier one, and what followed (nothing deleted); every side told. PREVIEW ROLLBACK TO … says what it would undo',
  },
  gloss: 'ROLLBACK TO <step | EVENT n> [ORDERS KEPT | ORDERS RESEND] <reason> (PREVIEW ROLLBACK … first to see its effect)',
  doc: [
    {
      usage: '`ROLLBACK TO <step> [ORDERS KEPT \\| ORDERS RESEND] <reason>`',
      does: "Undo a step and what followed it, in the turn in play or any earlier one, e.g. `ROLLBACK TO t3/orders ORDERS RESEND blue's orders were quarantined by mistake`. `ROLLBACK TO EVENT 57 …` (or `ROLLBACK TO 57 …`) names the step event 57 belongs to. Orders kept (the default): the orders in for that step stay in; resend: they are void too and every side the step asks orders again. When the undone play had revealed dice seeds (a step of an earlier turn), the dice from that turn on roll from a new seed chain drawn at the rollback (`SeedChainRenewed`, docs/audit.md), so nobody can foresee them. The step gets a fresh deadline; every side and the referee are mailed what was undone and why. See *Rulings, rollbacks and forks* below.",
    },
    {
      usage: '`PREVIEW ROLLBACK TO <step> [ORDERS …] <reason>`',
      does: 'What that rollback would do, mailed to the referee and recorded nowhere: the events it would void (by kind), the steps undone, the orders it keeps for the step (side and event) and whether the dice seeds would be renewed.',
    },
  ],
});

export const ROLLFORWARD = command({
  kind: 'game.rollforward',
  payload: z.object({ ...ruling, steps: z.number().int().positive().optional() }),
  from: ['referee', 'cli'],
  cli: 'rollforward',
  mail: { name: 'ROLLFORWARD', toPayload: (c, m) => ruled(c.steps ? { steps: c.steps } : {}, m) },
  help: {
    usage: 'ROLLFORWARD [n]',
    does: 'after a rollback: the steps it undid resolved again, in turn, with the orders the sides had given',
  },
  gloss: 'ROLLFORWARD [n] (replay the undone steps with their orders)',
  doc: [
    {
      usage: '`ROLLFORWARD [n]`',
      does: "After a `ROLLBACK`: each step it undid, while it comes up again, is resolved at once with the orders the sides had given for it (re-submitted and checked as any orders; a side that had none gets its default, as then). The dice are the game's (the new chain's after a renewal), so outcomes may differ; play stops where it leaves the undone play (another step comes up, or old orders are no longer valid) and the sides order from there. `n`: at most n steps. The referee is told what was replayed and where it stopped.",
    },
  ],
});

export const ADJUST = command({
  kind: 'game.adjust',
  payload: z.object({ ...ruling, text: z.string() }),
  from: ['referee', 'cli'],
  cli: 'adjust',
  mail: { name: 'ADJUST', toPayload: (c, m) => ruled({ text: c.text }, m) },
  help: {
    usage: 'ADJUST units.3.area = "marianas" BECAUSE reason',
    does: 'edit the board (a value of the rules state); recorded, re-applied by the audit; every side told',
  },
  gloss: 'ADJUST <path> = <JSON value>[; …] [SEEN BY <side>] BECAUSE <reason> (a board edit)',
  doc: [
    {
      usage: '`ADJUST <path> = <value>[; <path> = <value>] [SEEN BY <side>] BECAUSE <reason>`',
      does: 'A board edit for a dispute a rollback cannot settle, e.g. `ADJUST units.3.area = "marianas" BECAUSE set up in the wrong sea area`. A path is the keys and list positions of the rules state joined by dots, a key with a space in double quotes (`ships."North Carolina".damage`); `umpire status <game> --board [path]` lists every path with its value, and a refusal for a path the board lacks says what it holds there. A value is JSON (text in double quotes). Recorded as the engine event `BoardAdjusted` (the edits, the step, the reason; the referee in its metadata), which every replay and `umpire verify` re-apply. `SEEN BY` keeps the edits to those sides (a hidden unit); the others and their bundles see that the board was adjusted and why. Refused, changing nothing, for a path the board does not have, a value that is not JSON, no reason, or an edit that would change the step in play (use `ROLLBACK`).',
    },
  ],
});

/** A fork made the game's official continuation (adopt.ts adoptFork): the parent rolled back to the fork point, re-seeded, the fork's orders replayed. */
export const ADOPT = command({
  kind: 'game.adopt',
  payload: z.object({ ...ruling, forkId: z.string() }),
  from: ['referee', 'cli'],
  cli: 'adopt',
  cliDoes:
    "make a fork the game's official continuation: the game rolled back to the fork point with a new dice chain, the fork's orders replayed on it",
  mail: { name: 'ADOPT', toPayload: (c, m) => ruled({ forkId: c.forkId, reason: c.reason }, m) },
  help: {
    usage: 'ADOPT G-7-f1 BECAUSE reason',
    does: "make a fork of this game its official continuation (rolled back to the fork point, new dice, the fork's orders replayed); every side told",
  },
  gloss: "ADOPT <fork> BECAUSE <reason> (a fork made the game's continuation)",
  doc: [
    {
      usage: '`ADOPT <fork> [BECAUSE] <reason>`',
      does: "Make a fork of this game (`umpire fork`, which mails only you) the game's official continuation, e.g. `ADOPT G-7-f1 BECAUSE the fork replays blue's lost orders`. The game is rolled back to the fork point with a new dice chain from the fork's turn (the fork's dice have been seen, so they are not reused), the fork's orders are replayed on it step by step as `ROLLFORWARD` does, and `ForkAdopted` records the fork, the fork point, the fork's head, the referee and the reason. Every side is told of the rollback and gets its reports; you are told what was replayed and where it stopped. Refused, changing nothing, without a reason, for a game that is not a fork of this one, or when this game no longer holds the fork's prefix. Also `umpire adopt <game> <fork> <reason>`.",
    },
  ],
});

export const PREVIEW = command({
  kind: 'game.preview',
  payload: z.object(ruling),
  from: ['referee', 'cli'],
  cli: 'preview',
  mail: { name: 'PREVIEW', toPayload: (_c, m) => ruled({}, m) },
  help: { usage: 'PREVIEW', does: 'adjudicate the step now with the orders in hand, recording nothing (one-off dice)' },
  gloss: 'PREVIEW (the step at hand adjudicated, nothing recorded)',
  doc: [
    {
      usage: '`PREVIEW`',
      does: "Adjudicate the step in play with the orders in hand (defaults for the silent, as `FORCE` would) and mail the referee the outcome. Nothing is recorded and no player hears of it. The dice are **not** the game's: see below.",
    },
  ],
});

export const REPLACE = command({
  kind: 'game.replace',
  payload: z.object({ ...ruling, side: z.string(), address: z.string() }),
  from: ['referee', 'cli'],
  cli: 'replace',
  mail: { name: 'REPLACE', toPayload: (c, m) => ruled({ side: c.side, address: c.address, reason: c.reason }, m) },
  help: { usage: 'REPLACE side new@address [reason]', does: 'hand a seat to a new player (new reply address and SECRET)' },
  gloss: 'REPLACE <side> <address>',
  doc: [
    {
      usage: '`REPLACE <side> <address> [reason]`',
      does: "Hand a seat to a new player, e.g. `REPLACE blue new.player@example.org moved to another club`. The new address gets a welcome with its own reply address and `SECRET`; the old address, its reply address, its `SECRET` and the side's game-page links are refused from then on; the old player is told. Refused for an address already playing in the game.",
    },
  ],
});

export const MACHINE = command({
  kind: 'game.machine',
  payload: z.object({ ...ruling, side: z.string(), player: z.string().optional() }),
  from: ['referee', 'cli'],
  cli: 'machine',
  mail: { name: 'MACHINE', toPayload: (c, m) => ruled({ side: c.side, ...(c.player ? { player: c.player } : {}), reason: c.reason }, m) },
  help: {
    usage: 'MACHINE side [player [reason]]',
    does: "a machine player plays the seat (the game's random player unless named); REPLACE hands it back",
  },
  gloss: 'MACHINE <side> [player [reason]] (a machine plays the seat; REPLACE hands it back)',
  doc: [
    {
      usage: '`MACHINE <side> [player [reason]]`',
      does: "A machine player plays the seat from now on, e.g. `MACHINE blue` (the game's `random` player) or `MACHINE blue random went quiet for a month` (to give a reason, name the player first; a game's other players are its `players.named`, docs/new-game.md). Whenever a step awaits that side, its orders are given at once, through the same path as a person's (parsed, validated, sealed where a person's would be); its dice come from the game's seed chain (docs/audit.md, *Machine-played seats*), and the orders' events record which player wrote them and how many draws it made. The machine gets no mail. The person is told and refused from then on, as after `REPLACE`. `REPLACE <side> <address>` hands the seat back to a person (welcomed with a new reply address and `SECRET`; the next step that asks the side awaits them). Recorded as `SeatToMachine` (the side, player, previous address, referee, reason, the event that gave the seat its previous holder). Refused, naming the players the game has, for a player it does not have; refused when that player already holds the seat.",
    },
  ],
});

export const MAILS = command({
  kind: 'game.mails',
  payload: z.object({ ...ruling, side: z.string().optional() }),
  from: ['referee', 'cli'],
  cli: 'mails',
  mail: { name: 'MAILS', toPayload: (c, m) => ruled(c.side ? { side: c.side } : {}, m) },
  help: { usage: 'MAILS [side]', does: "the game's mails: arrival time, status, outcome" },
  gloss: 'MAILS [side]',
  doc: [
    {
      usage: '`MAILS [side]`',
      does: 'The inbound mails the umpire tied to the game, oldest first, one line each: arrival time (when the umpire took it in: the time a deadline is judged by, see *Which time counts*), message number, sender, subject, status (`processed`, `rejected`, `quarantined`, …) and the outcome recorded, e.g. `MAILS blue` (every address that held the blue seat). Reads only.',
    },
  ],
});

export const VIEW = command({
  kind: 'game.view',
  // print: returned only (`umpire view --json`), nobody mailed
  payload: z.object({ ...ruling, side: z.string(), print: z.boolean().optional() }),
  from: ['referee', 'cli'],
  cli: 'view',
  mail: { name: 'VIEW', toPayload: (c, m) => ruled({ side: c.side }, m) },
  help: { usage: 'VIEW side', does: "that side's report as it would read now, to you only" },
  gloss: 'VIEW <side>',
  doc: [
    {
      usage: '`VIEW <side>`',
      does: "That side's report as it would read now (its view, its answer card, the step and deadline), mailed to the referee only, e.g. `VIEW japanese`. Reads only. From the command line, `umpire view <game> <side>` mails it to the game's referee (refused, naming `--json`, when the game has none); `--json` prints the view instead and mails nothing.",
    },
  ],
});

export const RESEND_TO = command({
  kind: 'game.resend',
  payload: z.object({
    ...ruling,
    side: z.string(),
    which: z.union([z.literal('latest'), z.literal('all'), z.object({ turn: z.number().int().positive() })]),
  }),
  from: ['referee', 'cli'],
  cli: 'resend',
  // a bare RESEND [turn] is the sender's own (player RESEND): the mail reader reads RESEND [TO] <side> … as this command
  mail: { name: 'RESEND TO', words: [], toPayload: (c, m) => ruled({ side: c.side, which: c.which, reason: c.reason }, m) },
  help: {
    usage: 'RESEND TO side [ALL | turn] [reason]',
    does: "that side's latest report (or all, or that turn's) sent again to its player now, as first sent",
  },
  gloss: "RESEND TO <side> [ALL | turn] (a side's reports sent again to its player)",
  doc: [
    {
      usage: '`RESEND TO <side> [ALL \\| turn] [reason]`',
      also: '`RESEND <side> …`',
      does: "Send a side's reports again to the player who holds the seat now (never to an earlier address), e.g. `RESEND TO blue 3 his club's filter ate them`: the latest report; with `ALL`, every report and the welcome; with a turn, that turn's. Each goes as it was first sent (same text, map and links, what the side could see then), its subject marked `RESEND:` and its `X-Umpire-Resent` header naming the event; the reply address and `SECRET` in it are the current player's. Recorded as `ReportsResent` (side, address, which, the subjects, the referee, the reason); you are told what went. Refused for a machine seat, in a fork, or when no such report has been sent.",
    },
  ],
});
