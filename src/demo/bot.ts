import { mkdirSync, writeFileSync } from 'node:fs';
import { turnOf } from '../engine/players';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { seededRng } from '../engine/random-player';
import { whoIsAwaited } from '../engine/game';
import { InMemoryCursorStore, ImapMailboxReader } from '../mail/imap-reader';
import { parseMail } from '../mail/parse';
import { parseSubject } from '../mail/commands';
import type { GameRepository } from '../services/game-repository';
import { botMode } from './options';
import { stepsAsked } from '../engine/asked';
import type { MailPlayer, PlayerMode } from '../engine/players';

export interface BotOptions {
  readonly gameId: string;
  readonly side: string;
  readonly address: string;
  readonly imap: { host: string; port: number; user: string; pass: string };
  readonly smtp: { host: string; port: number };
  /** where every mail the bot receives is saved (.eml and .txt) */
  readonly saveDir: string;
  readonly seed: string;
  /** standing instructions sent with the first orders, instead of the mail player's */
  readonly standing?: string;
  readonly log: (line: string) => void;
  /** how this bot writes a step's mail and its standing instructions: its game's mail player (players.mail) */
  readonly player: MailPlayer;
  /** how it plays (default DEMO_BOTS, options.ts botMode): two bots of one process may play differently */
  readonly mode?: PlayerMode;
}

/**
 * A demo player that plays only by email: it reads its own mailbox over IMAP, keeps every report,
 * and answers each step it owes with random legal orders mailed over SMTP to the signed reply
 * address the umpire gave it, as its game's mail player writes (src/games/<id>/players/mail.ts):
 * orders for its later steps in the same mail, standing instructions with its first. Its "brain"
 * (which orders are legal) reads the game state, as a
 * human would read the board in front of them; its orders travel the whole pipeline like anyone's.
 */
export class EmailBot {
  private readonly reader: ImapMailboxReader;
  private readonly smtp: Transporter;
  private readonly rng;
  private replyTo: string | null = null;
  private lastRoot: string | null = null;
  /** the step this bot last mailed orders for; cleared when the umpire refuses them */
  private lastSentStep: string | null = null;
  private standingSent = false;
  /** the last mail that asked this side for something (ACTION): a newcomer answers it */
  private asking: { subject: string; id: string; text: string } | null = null;
  /** steps this bot sent orders ahead for */
  private readonly sentAhead = new Set<string>();
  private refusedInARow = 0;
  private received = 0;
  private busy = false;
  private stopped = false;
  sent = 0;
  rejections = 0;
  /**
   * The umpire's faults that will not pass, each as its notice says (`RuleNotImplementedError: ...`):
   * a mail it could not carry out because an unfinished game reached a rule not built yet is no
   * refusal of the orders, so the bot writes no other orders for it and waits for the referee.
   */
  readonly faults: string[] = [];
  /** per turn: order mails sent, mails received, and the steps this side answered (its round trips on the game's critical path) */
  readonly perTurn = new Map<number, { sent: number; received: number; steps: Set<string> }>();
  private turnNow = 0;

  private tally(turn: number) {
    let t = this.perTurn.get(turn);
    if (!t) this.perTurn.set(turn, (t = { sent: 0, received: 0, steps: new Set() }));
    return t;
  }

  constructor(
    private readonly o: BotOptions,
    private readonly games: GameRepository,
  ) {
    mkdirSync(o.saveDir, { recursive: true });
    this.rng = seededRng(o.seed);
    this.smtp = nodemailer.createTransport({
      host: o.smtp.host,
      port: o.smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    this.reader = new ImapMailboxReader({
      host: o.imap.host,
      port: o.imap.port,
      auth: { user: o.imap.user, pass: o.imap.pass },
      cursorStore: new InMemoryCursorStore(),
      pollIntervalMs: 1000,
      onMessage: (raw) => this.onMail(raw),
    });
  }

  start(): void {
    this.reader.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.reader.stop();
    this.smtp.close();
  }

  get side(): string {
    return this.o.side;
  }

  get mailsReceived(): number {
    return this.received;
  }

  private async onMail(raw: Buffer): Promise<void> {
    const parsed = await parseMail(raw, { maxBytes: 4 * 1024 * 1024 });
    if (!parsed.ok) return;
    const m = parsed.message;
    // a mailbox may hold mail of earlier games: this bot answers only its own
    if (parseSubject(m.subject).gameId !== this.o.gameId) return;
    this.received++;
    this.tally(parseSubject(m.subject).turn ?? this.turnNow).received++;
    const name = `${String(this.received).padStart(4, '0')}-${m.subject.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80)}`;
    writeFileSync(join(this.o.saveDir, `${name}.eml`), raw);
    writeFileSync(join(this.o.saveDir, `${name}.txt`), `Subject: ${m.subject}\n\n${m.text}`);
    if (m.replyTo?.address) this.replyTo = m.replyTo.address;
    // a newcomer answers a mail that asks it something (ACTION), in reply to that mail
    if (/^ACTION /.test(m.subject) && !/: refused\b/.test(m.subject)) this.asking = { subject: m.subject, id: m.messageId, text: m.text };
    if (/: orders received\b/.test(m.subject)) this.refusedInARow = 0;
    this.lastRoot = m.messageId;
    // only a rule not built yet is sure to fail again: any other fault is answered as a refusal, as before
    const fault = /: refused\b/.test(m.subject)
      ? m.text
          .replace(/\s+/g, ' ')
          .match(/The umpire could not carry out \S+ \(\S+\): (RuleNotImplementedError: .+?)\. Nothing it would have changed/)
      : null;
    if (fault) {
      this.faults.push(fault[1]);
      this.o.log(`${this.o.side}: the umpire could not carry out a mail: ${fault[1]}`);
    } else if (/: refused\b/.test(m.subject)) {
      this.rejections++;
      // try again with other orders, but never loop on a refusal that keeps coming back
      if (++this.refusedInARow <= 3) this.lastSentStep = null;
      else this.o.log(`${this.o.side}: refused ${this.refusedInARow} times in a row; waiting for the deadline's defaults`);
      this.o.log(
        `${this.o.side}: the umpire refused a mail: ${m.text.split('\n').find((l) => /line|problem|wrong/i.test(l)) ?? m.subject}`,
      );
    }
    await this.act();
  }

  /** Orders for the step in play if this side owes them and has not answered it yet. */
  async act(): Promise<void> {
    if (this.busy || this.stopped || !this.replyTo) return;
    this.busy = true;
    try {
      const game = await this.games.load(this.o.gameId);
      const step = game.state.step;
      if (step) this.turnNow = step.turn;
      if (!step || !whoIsAwaited(game.state, game.ruleset).includes(this.o.side)) return;
      if (this.lastSentStep === step.id) return;
      // a newcomer reads its mail first: it answers once the mail asking for this step has come
      const mode = this.o.mode ?? botMode();
      const newcomer = mode === 'newcomer';
      // the mail asking for this step names it in its heading ([t5/patrol/allied])
      if (newcomer && !this.asking?.text.includes(`[${step.id}]`)) return;
      // the bot reads the board before its report arrives, so it names the step: a reply to the
      // previous step's report would otherwise be refused as stale
      // a newcomer answers what its mail asks: the answer card's sections (the same steps the card lists)
      const asked = stepsAsked(game.state, game.ruleset, this.o.side).map((a) => ({ stepId: a.step.id, forWord: a.forWord }));
      const mail = this.o.player.compose(turnOf(game.ruleset, game.state, this.o.side, step, this.rng), {
        sentAhead: this.sentAhead,
        mode,
        plain: mode === 'plain',
        asked,
      });
      let text = mail.text;
      const standing = this.o.standing ?? this.o.player.standing(this.o.side, mode);
      if (!this.standingSent && standing) text = `${text}\n${standing}`;
      this.standingSent = true;
      this.lastSentStep = step.id;
      await this.smtp.sendMail({
        from: this.o.address,
        to: this.replyTo,
        subject: newcomer && this.asking ? `Re: ${this.asking.subject}` : `Re: [umpire ${this.o.gameId}] orders ${this.o.side}`,
        text: `${text}\n\n-- \n${this.o.side} bot\n`,
        ...(newcomer && this.asking ? { inReplyTo: `<${this.asking.id}>` } : this.lastRoot ? { inReplyTo: `<${this.lastRoot}>` } : {}),
      });
      this.sent++;
      const t = this.tally(step.turn);
      t.sent++;
      t.steps.add(step.id);
    } finally {
      this.busy = false;
    }
  }
}
