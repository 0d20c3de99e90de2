/**
 * The data each mail template (templates/mail/*.hbs) is rendered from, one interface per kind of
 * message, and what rendering gives back. Plain data: render.ts turns it into text and HTML.
 */
import type { BoardMap, BoardTable } from '../engine/board-view';
import type { AnswerCard, WelcomeGuide } from './notices';
import type { DiceCheckStep } from './dice-checks';

/** What a mail asks of its recipient, the first word of its subject. */
export type Attention = 'action' | 'fyi' | 'over';

export interface GameContext {
  readonly gameId: string;
  readonly gameName?: string;
  /** The recipient's side; null for the referee. */
  readonly side: string | null;
  readonly turn?: number;
  readonly step?: { readonly id: string; readonly title: string };
  /** The game's options that are on, each with its title (a relaxing option names the rule it departs from). */
  readonly optionsOn?: readonly string[];
  /** The tagged address the recipient should reply to. */
  readonly replyAddress?: string;
  /** ACTION (orders or a decision asked of the recipient now), FYI, or GAME OVER; else decided from the data. */
  readonly attention?: Attention;
}

export interface LineProblem {
  readonly line: number;
  readonly text: string;
  readonly problem: string;
  readonly hint?: string;
  readonly rule?: string;
}

export interface AcknowledgmentData extends GameContext {
  readonly receivedAt: string;
  /** The first line: what was taken and what became of it. */
  readonly headline: string;
  /** Each step the mail gave orders for: its title, what becomes of them, the orders as understood. */
  readonly sections: readonly {
    readonly title: string;
    readonly note: string;
    readonly lines: readonly string[];
    /** what the game says under these orders (Ruleset.ordersNote: what they cost, what is left) */
    readonly notes?: readonly string[];
  }[];
  /** FOR sections refused as they arrived (the rest stands), each with its problems. */
  readonly refused?: readonly { readonly title: string; readonly word: string; readonly errors: readonly LineProblem[] }[];
  /** What the mail changed in the standing instructions: lines now in force, lines no longer. */
  readonly standing?: { readonly added: readonly string[]; readonly removed: readonly string[] };
  /** Lines of the mail not read as orders, each with why. */
  readonly setAside?: readonly { readonly line: number; readonly text: string; readonly why: string }[];
  /** Sealed orders: SHA-256(canonical orders ‖ salt), revealed and checked when the step resolves. */
  readonly commitment?: string;
  readonly deadline?: string;
  readonly awaiting: readonly string[];
  /** WAIT: the orders are held until CONFIRM or the deadline */
  readonly held?: boolean;
  /** where in the mail the orders were read, when not its text ('the attached file "orders.txt"') */
  readonly source?: string;
}

export interface RejectionData extends Partial<GameContext> {
  readonly receivedSubject?: string;
  /** What was wrong. */
  readonly problem: string;
  /** What would be right. */
  readonly hint?: string;
  readonly errors?: readonly LineProblem[];
  /** "Nothing was changed; your earlier orders for <step> stand." (or "you have no orders in for <step>.") */
  readonly unchanged?: string;
  /** the deadline of the step the refused orders were for */
  readonly deadline?: string;
  /** the lines set aside around the refused orders (not read as orders), and why */
  readonly setAside?: readonly { readonly line: number; readonly text: string; readonly why: string }[];
  /** where in the mail the refused orders were read, when not its text */
  readonly source?: string;
}

export interface DieRoll {
  readonly index: number;
  readonly purpose: string;
  readonly rule?: string;
  readonly faces: readonly number[];
}

export interface ReportData extends GameContext {
  /** The news first (issue 28): points, control changes, losses, who was late, what is asked next. */
  readonly summary?: readonly string[];
  /** The final mail's first lines: the result, points by turn, losses, how to get the audit bundle. */
  readonly final?: readonly string[];
  /** The answer card, first in the mail, when the step asks something of the recipient. */
  readonly card?: AnswerCard | null;
  /** The recipient's orders that completed the step (their acknowledgment, folded into this report). */
  readonly taken?: {
    readonly stepTitle: string;
    readonly lines: readonly string[];
    /** what the game says under these orders (Ruleset.ordersNote) */
    readonly notes?: readonly string[];
    /** the rest of the acknowledgment folded in: queued sections, a FOR section refused, standing changes, lines set aside */
    readonly more?: Pick<AcknowledgmentData, 'sections' | 'refused' | 'standing' | 'setAside'>;
  };
  /** What the side now knows, as sentences. */
  readonly knowledge: readonly string[];
  /** The side's private tables (its own facts in rows): shown under "What you know". */
  readonly tables?: readonly BoardTable[];
  /** The side's map: drawn as a PNG (attached, shown inline by Content-ID) and as text lines. */
  readonly map?: BoardMap;
  /** The last picture this recipient was sent: no picture again while the board is the same. */
  readonly lastPicture?: ShownPicture;
  readonly narrative: readonly {
    readonly text: string;
    readonly rule?: string;
    readonly dice?: readonly DieRoll[];
  }[];
  readonly dice: {
    /** s_0, published at game creation. */
    readonly anchor: string;
    readonly revealedSeeds: readonly { readonly turn: number; readonly seed: string }[];
    /** The game id: the first part of every die's HMAC message. */
    readonly gameId?: string;
    /** Per step resolved since the last report: the orders hash its dice are keyed on, and each die shown. */
    readonly steps?: readonly DiceCheckStep[];
    /** the final report: how to check a die, and the whole log as an audit bundle */
    readonly over?: boolean;
  };
  /** the hash of the latest event when the report was written, and that event's number: a verifier's --mail checks the log holds it there */
  readonly latestEventHash: string;
  readonly latestEventSeq: number;
  /** the final report: the dice fairness table, one line each (audit/dice-stats.ts fairnessLines) */
  readonly fairness?: readonly string[];
  readonly next: {
    readonly what: string;
    readonly deadline?: string;
    readonly awaiting: readonly string[];
  } | null;
}

/**
 * A side's (or the referee's) first mail of a game: who plays (sides, never addresses), whether
 * a referee watches, deadlines and grace, how to answer, and the first step's card.
 */
export interface WelcomeData extends GameContext {
  /** every side of the game, the recipient's marked; no addresses */
  readonly sides: readonly { readonly side: string; readonly you: boolean }[];
  /** the game has a referee (never the address) */
  readonly referee: boolean;
  readonly options: readonly { readonly name: string; readonly on: boolean }[];
  readonly box: { readonly source: string; readonly hash: string };
  /** the first deadline, and the length of a step's deadline and of its grace, if known */
  readonly deadline?: string;
  readonly deadlineMinutes?: number;
  readonly graceMinutes?: number;
  /** lengths per kind of step where they differ from deadlineMinutes */
  readonly deadlineKinds?: readonly { readonly kind: string; readonly minutes: number }[];
  /** the SECRET word's marker (at-rest.ts fills the word in when the mail is sent) */
  readonly secret: string;
  /** standing instructions in force, digest setting: shown only if known */
  readonly standing?: readonly string[];
  readonly digest?: string;
  /** issue 28: the standing instructions in force by kind, the turn step by step, a first mail ready to send */
  readonly guide?: WelcomeGuide;
  /** the first step's answer card when it asks the recipient for orders: its legal choices, example, default, deadline and grace */
  readonly answer?: AnswerCard;
  /** the step in play: asked of the recipient now or not, who else is awaited, the order card */
  readonly card: {
    readonly what: string;
    readonly yours: boolean;
    readonly awaiting: readonly string[];
    readonly lines: readonly string[];
  } | null;
  readonly seedAnchor: string;
  /** the side's view of the board at the start (as a report's) */
  readonly knowledge?: readonly string[];
  readonly tables?: readonly BoardTable[];
  readonly map?: BoardMap;
}

export interface HelpData extends Partial<GameContext> {
  readonly umpireAddress: string;
  readonly topic?: string;
  /** Ruleset-specific order syntax lines, if the game is known. */
  readonly orderSyntax?: readonly string[];
  /** The heading of orderSyntax (the step at hand, or the reference section asked for). */
  readonly title?: string;
  /** List the mail commands too (plain HELP, HELP COMMANDS, HELP ALL); default true. */
  readonly showCommands?: boolean;
  /** The topics `HELP <topic>` knows, for the reply's last lines. */
  readonly topics?: readonly string[];
  /** The topic asked for that matched nothing. */
  readonly unknownTopic?: string;
}

/** A referee command carried out: what was done, and what the game needs next. */
export interface ConfirmationData extends GameContext {
  readonly command: string;
  readonly done: readonly string[];
  readonly deadline?: string;
  readonly awaiting: readonly string[];
}

/** PRESS relayed from one side (or the referee) to the others. */
export interface PressData extends GameContext {
  /** the sender's side, or "the referee" */
  readonly from: string;
  /** the sides it went to */
  readonly to: readonly string[];
  /** the referee's copy of press between sides */
  readonly copy: boolean;
  readonly lines: readonly string[];
  /** the event that records it in the game log */
  readonly seq: number;
}

/** HISTORY: the reports the recipient was sent, each as it was sent. */
export interface HistoryData extends GameContext {
  /** the turn asked for, if any */
  readonly askedTurn?: number;
  /** "3 reports sent to you, part 1 of 2, ..." or "no report has been sent to you yet." */
  readonly summary: string;
  readonly entries: readonly {
    readonly n: number;
    readonly subject: string;
    readonly sentAt: string;
    readonly lines: readonly string[];
  }[];
}

export interface StatusData extends GameContext {
  readonly deadline?: string;
  readonly awaiting: readonly string[];
  readonly received: readonly { readonly side: string; readonly at: string; readonly commitment?: string }[];
  readonly players: readonly { readonly side: string; readonly name?: string }[];
}

export interface ReminderData extends GameContext {
  readonly deadline: string;
  /** the recipient's answer card: the default that applies, the deadline and the end of its grace */
  readonly card?: AnswerCard;
  /** EXTEND: the referee moved the deadline (from `was`) */
  readonly extended?: { readonly was?: string };
  /** the deadline passed with no orders from the reader: still taken until `graceUntil` (issue 28, second person) */
  readonly late?: { readonly deadline: string; readonly graceUntil: string };
  /** what the subject says after the step-free head (`your orders are late`) */
  readonly headline?: string;
}

/** News about deadlines (late sides, PAUSE, RESUME, ABSENCE, DEADLINE rulings): a headline and its lines. */
export interface DeadlineData extends GameContext {
  readonly headline: string;
  readonly lines: readonly string[];
  readonly deadline?: string;
  readonly awaiting: readonly string[];
}

export interface TemplateDataMap {
  acknowledgment: AcknowledgmentData;
  rejection: RejectionData;
  report: ReportData;
  welcome: WelcomeData;
  help: HelpData;
  status: StatusData;
  reminder: ReminderData;
  deadline: DeadlineData;
  confirmation: ConfirmationData;
  press: PressData;
  history: HistoryData;
}
export type TemplateName = keyof TemplateDataMap;

/** A file sent with a mail: its bytes, or (the report's map) the SVG its PNG is drawn from when the mail is sent. */
export type RenderedAttachment = FileAttachment | DrawnAttachment;

export interface FileAttachment {
  readonly filename: string;
  readonly contentType: string;
  /** The bytes: text as is, or base64 when `encoding` says so (outbox rows are JSON). */
  readonly content: string;
  readonly encoding?: 'base64';
  /** Content-ID for inline use. */
  readonly cid?: string;
}

/** A PNG drawn from `svg` by map-png.ts as the mail goes out (outbound.ts drawPictures): the same SVG, the same bytes. */
export interface DrawnAttachment {
  readonly filename: string;
  readonly contentType: 'image/png';
  readonly svg: string;
  readonly cid?: string;
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments: readonly RenderedAttachment[];
  /** the board picture attached, if one is: what its recipient was last shown (ShownPicture) */
  readonly picture?: ShownPicture;
}

/**
 * A board picture as its recipient was shown it: the hash of the board view it drew (the map's
 * cells and markers, not its title) and the step it showed, named in a later mail that leaves the
 * picture out because the board has not changed since.
 */
export interface ShownPicture {
  readonly hash: string;
  readonly step: string;
}
