import type { EngineView } from '../engine/game';
import type { GameOptions, LineError, Side } from '../engine/ruleset';
import type { DiceCheckStep } from './dice-checks';
import type { RenderedAttachment, ShownPicture } from './template-data';

/**
 * What the umpire has to tell someone, as data. The game service decides the notices; the mail
 * composer renders each into an outbox row (text + HTML from templates/), in the same transaction
 * as the events that caused it.
 */
export interface NoticeBase {
  readonly gameId: string;
  readonly rulesetName: string;
  /** side the notice is for, or 'referee' */
  readonly side: Side | 'referee';
  readonly to: string;
  /** idempotency key of the outbox row: (game, recipient, reason, event sequence) */
  readonly key: string;
  /** the hash of the latest event when the notice was written (players can later prove what the log said) */
  readonly latestHash: string;
  readonly latestSeq: number;
  /** the game's options that are on, "id: title" (every mail's heading names them) */
  readonly optionsOn?: readonly string[];
  /** files sent with the mail (LOG: the audit bundle) */
  readonly attachments?: readonly RenderedAttachment[];
}

export interface StepNeeds {
  readonly stepId: string;
  readonly title: string;
  readonly turn: number;
  readonly owes: readonly Side[];
  readonly awaiting: readonly Side[];
  readonly deadline: string | null;
}

export type Notice =
  | (NoticeBase & {
      readonly kind: 'welcome';
      readonly seedAnchor: string;
      readonly boxHash: string;
      readonly boxSource: string;
      readonly options: GameOptions;
      readonly sides: readonly { side: Side; player: string }[];
      readonly needs: StepNeeds | null;
      readonly help: string;
      readonly view: EngineView;
      /** the recipient's SECRET word: lets them order from another client without the reply address */
      readonly secret: string;
      /** the first step's answer card, for a side it asks for orders (the default, the deadline, the grace) */
      readonly answer?: AnswerCard | null;
      /** the game's deadline and grace lengths, and whether it has a referee (never the address) */
      readonly settings?: {
        readonly deadlineMinutes: number;
        readonly graceMinutes?: number;
        /** lengths per kind of step where they differ (orders, battle, placement) */
        readonly deadlines?: Readonly<Record<string, number>>;
        readonly referee: boolean;
      };
      /** the recipient's standing instructions in force, if there are any */
      readonly standing?: string | null;
      /** the recipient's digest setting (action, turn, every), if known */
      readonly digest?: string;
      /** issue 28: the standing instructions in force, the turn step by step, a first mail ready to send */
      readonly guide?: WelcomeGuide;
    })
  | (NoticeBase & {
      readonly kind: 'ack';
      readonly ordersText: string;
      readonly commitment: string | null;
      readonly standing: string | null;
      /** the step the orders were for, as it stood when they arrived */
      readonly needs: StepNeeds | null;
      /** these orders completed the step: it has been adjudicated and reports follow */
      readonly resolved: boolean;
      /** what the game says under the orders for the step in play (Ruleset.ordersNote: what they cost, what is left) */
      readonly notes?: readonly string[];
      /** orders sent ahead for upcoming steps (FOR sections), sealed until their step; with the step's title and the orders as understood */
      readonly queued: readonly {
        readonly stepId: string;
        readonly commitment: string;
        readonly title?: string;
        /** the word of the step's FOR line, where its row has one */
        readonly forWord?: string;
        readonly orders?: string;
        /** what the game says under these orders, on the board the mail's earlier ones leave (Ruleset.ordersNote) */
        readonly notes?: readonly string[];
      }[];
      /** what the mail changed in the side's standing instructions (lines now in force, lines no longer) */
      readonly standingChanged?: { readonly added: readonly string[]; readonly removed: readonly string[] };
      /** FOR sections refused as they arrived: they cannot work on the board the mail's earlier orders leave */
      readonly refusedAhead?: readonly {
        readonly stepId: string;
        readonly title: string;
        readonly forWord?: string;
        readonly errors: readonly LineError[];
      }[];
      /** lines around the orders that were no order (a greeting, a name), set aside by the mail reader, and why */
      readonly ignored?: readonly SetAsideLine[];
      /** where in the mail the orders were read, when not its text ('the attached file "orders.txt"') */
      readonly source?: string;
      /** WAIT: the side holds these orders; they complete the step only on CONFIRM or at the deadline */
      readonly held?: boolean;
    })
  | (NoticeBase & {
      readonly kind: 'rejection';
      readonly summary: string;
      readonly problems: readonly LineError[];
      readonly help?: string;
      /** what would be right, when it is not the order card */
      readonly hint?: string;
      /** refused orders: the step they were for (its deadline, who is awaited) */
      readonly needs?: StepNeeds | null;
      /** refused orders: whether the side's earlier orders for that step stand (nothing was changed) */
      readonly ordersIn?: boolean;
      /** refused orders: the lines the mail reader set aside around them, and why */
      readonly setAside?: readonly SetAsideLine[];
      /** refused orders: where in the mail they were read, when not its text */
      readonly source?: string;
      /** the refusal of a side's orders: always sent, never held back by the daily refusal budget */
      readonly ofOrders?: boolean;
    })
  | (NoticeBase & {
      readonly kind: 'report';
      /** VIEW: a side's report as it would read now, mailed to the referee; never sent to the side (no ReportsSent records it) */
      readonly viewCopy?: true;
      /** the news first (services/news.ts): points, control, losses, who was late, what is asked next */
      readonly summary?: readonly string[];
      /** the final mail's first lines: the result, points by turn, the game's losses, how to get the audit bundle */
      readonly final?: readonly string[];
      readonly narrative: readonly string[];
      /** what the step now open asks of this recipient, when it asks something (services/answer-card.ts) */
      readonly card?: AnswerCard | null;
      /** the recipient's orders that completed the step this report follows (the acknowledgment, folded in) */
      readonly taken?: {
        readonly stepTitle: string;
        readonly orders: string;
        readonly standing: string | null;
        /** the acknowledgment folded in whole (issue 28): orders queued for later steps, a FOR section refused, standing changes, lines set aside */
        readonly ack?: AckNotice;
      };
      readonly view: EngineView;
      readonly needs: StepNeeds | null;
      readonly revealedSeeds: Readonly<Record<string, string>>;
      readonly seedAnchor: string;
      readonly result: { winner: string | null; summary: string } | null;
      /** per step resolved since the last report: its orders hash and the dice this recipient may see (dice-checks.ts) */
      readonly diceChecks?: readonly DiceCheckStep[];
      /** the final report: the game's dice fairness as the recipient may see its dice (audit/dice-stats.ts) */
      readonly fairness?: readonly string[];
      /** the last board picture this recipient was sent (none again while the board is the same) */
      readonly lastPicture?: ShownPicture;
    })
  /**
   * Orders awaited: the step's answer card (the default that applies, the deadline and the end of
   * grace); `extended` when the referee has just moved the deadline (EXTEND), with what it was.
   */
  | (NoticeBase & {
      readonly kind: 'reminder';
      readonly needs: StepNeeds;
      readonly card?: AnswerCard | null;
      readonly extended?: { readonly was: string | null };
      /** the deadline passed with no orders from the recipient: they are still taken until `graceUntil` */
      readonly late?: { readonly deadline: string; readonly graceUntil: string };
    })
  /**
   * News about deadlines: a deadline passed and who is late, the referee's PAUSE, RESUME, ABSENCE,
   * DEADLINE rulings, an EXTEND for a side the step does not await. `headline` goes in the subject.
   */
  | (NoticeBase & {
      readonly kind: 'deadline';
      readonly headline: string;
      readonly lines: readonly string[];
      readonly needs: StepNeeds | null;
    })
  | (NoticeBase & {
      readonly kind: 'help';
      readonly help: string;
      readonly needs: StepNeeds | null;
      /** HELP <topic>: the topic answered, the section's title, whether the command list goes along, the topics there are */
      readonly topic?: string;
      readonly title?: string;
      readonly commands?: boolean;
      readonly topics?: readonly string[];
      readonly unknownTopic?: string;
    })
  /**
   * PRESS relayed: a message from one side (or the referee) to the others. `from` is the sender's
   * side (never an address); `to` the sides it went to; `copy` marks the referee's copy of press
   * between sides.
   */
  | (NoticeBase & {
      readonly kind: 'press';
      readonly from: Side | 'referee';
      readonly toSides: readonly Side[];
      readonly text: string;
      readonly copy: boolean;
      readonly seq: number;
      readonly needs: StepNeeds | null;
    })
  /**
   * HISTORY: the reports this side (or the referee) was sent, as they were sent (outbox rows),
   * in order; a long history goes in several parts.
   */
  | (NoticeBase & {
      readonly kind: 'history';
      readonly turn: number | null;
      readonly entries: readonly {
        readonly subject: string;
        readonly sentAt: string;
        readonly text: string;
      }[];
      /** reports sent in all (of that turn), and this part's place */
      readonly total: number;
      readonly part: number;
      readonly parts: number;
      /** how many entries came in the parts before this one */
      readonly firstIndex: number;
      readonly needs: StepNeeds | null;
    })
  /** A referee command carried out (FORCE, EXTEND, NOTE): what was done, and what comes next. */
  | (NoticeBase & {
      readonly kind: 'confirmation';
      readonly command: string;
      readonly done: readonly string[];
      readonly needs: StepNeeds | null;
    })
  | (NoticeBase & { readonly kind: 'status'; readonly view: EngineView; readonly needs: StepNeeds | null });

export type NoticeKind = Notice['kind'];

/** An acknowledgment of orders. */
export type AckNotice = Extract<Notice, { kind: 'ack' }>;

/** A line of the player's not read as an order, and why (older commands carry no why). */
export interface SetAsideLine {
  readonly line: number;
  readonly text: string;
  readonly why?: string;
}

/**
 * The answer card at the top of a mail that asks for orders: the step, how to write the orders
 * (the ruleset's card for the step), an example with the reader's own units, what the deadline
 * applies if nothing comes, the deadline and the end of its grace.
 */
export interface AnswerCard {
  readonly stepId: string;
  readonly title: string;
  readonly syntax: readonly string[];
  readonly example: readonly string[];
  /**
   * The later steps of the turn the side may answer in the same mail (issue 28), each a FOR section
   * of the ready reply with example orders: the reader's own units, on the board the earlier
   * examples leave. Left out, a step is asked when it comes.
   */
  readonly sections?: readonly { readonly forWord: string; readonly title: string; readonly example: readonly string[] }[];
  /** the default orders as they would be written; empty: no orders (nothing moves, nothing is chosen) */
  readonly defaultOrders: readonly string[];
  readonly deadline: string | null;
  readonly graceUntil: string | null;
}

/** What the welcome tells a newcomer (services/welcome-guide.ts). */
export interface WelcomeGuide {
  /** each line in force under a `# RETREAT: retreat or stay after a round of battle (8.1)` comment: copy-safe lines */
  readonly standing: readonly string[];
  /** kinds nobody answers for the reader: it is asked (`retreat or stay after a round of battle: STANDING RETREAT NEVER`) */
  readonly asked: readonly string[];
  /** one line a kind the reader could change, e.g. `STANDING RETREAT NEVER`, and the kind to ask for */
  readonly change?: { readonly line: string; readonly word: string };
  /** `patrol movement and repairs (5.21): you are asked, or send it ahead under FOR PATROL`, in the order of play */
  readonly outline: readonly string[];
  /** the first mail: orders asked now and one FOR section at least, as the reader would send them */
  readonly starter: readonly string[];
}
