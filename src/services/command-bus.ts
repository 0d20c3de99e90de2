import { z } from 'zod';
import { BUS_COMMANDS, type CommandKind, type PayloadOf, payloadSchema } from '../commands/catalogue';
import { JobName } from '../queue/jobs';
import { JobQueue } from '../queue/job-queue';
import { CommandInbox, type CommandApplier, type CommandOutcome, type PendingCommand, type SubmittedCommand } from '../store/commands';
import type { Sql } from '../store/db';
import { EventStore } from '../store/event-store';
import { UnknownGameError } from './game-repository';

/** A command the worker does not know is refused, not dropped: the result names the kinds it knows. */
export class UnknownCommandError extends Error {}

/** A payload its kind's schema (src/commands/catalogue.ts) refuses: nothing is stored. */
export class InvalidCommandError extends Error {}

/** What a kind's use case gets: the payload its schema checked, and the command it came in. */
export type TypedApplier<K extends CommandKind> = (tx: Sql, payload: PayloadOf<K>, cmd: PendingCommand) => Promise<CommandOutcome>;

/** Why a payload does not fit its kind's schema, in one line. */
function payloadProblem(kind: string, error: z.ZodError): string {
  return `a ${kind} command's payload does not fit: ${z.prettifyError(error).replace(/\n\s*/g, '; ')}`;
}

/**
 * Where every command enters (CLI, HTTP, mail ingest) and where workers apply them.
 * Submitting stores the command and queues `game.process`; applying dispatches by kind.
 */
export class CommandBus {
  private readonly appliers = new Map<string, CommandApplier>();

  constructor(
    private readonly inbox: CommandInbox,
    private readonly jobs: JobQueue,
    private readonly events: EventStore,
  ) {
    this.register('referee.note', (tx, p, cmd) => this.applyNote(tx, p, cmd));
  }

  /**
   * The payload is checked against its kind's schema when the command is applied (it was when it
   * was submitted; the check again covers commands stored before a schema changed): one that does
   * not fit is refused, saying why. `replace` swaps a built-in applier (the game service takes over
   * `referee.note` to mail the notes).
   */
  register<K extends CommandKind>(kind: K, applier: TypedApplier<K>, options: { replace?: boolean } = {}): void {
    if (this.appliers.has(kind) && !options.replace) throw new Error(`command kind ${kind} registered twice`);
    const schema = payloadSchema(kind);
    this.appliers.set(kind, async (tx, cmd) => {
      const checked = schema.safeParse(cmd.payload);
      if (!checked.success) return { status: 'rejected', result: { error: payloadProblem(kind, checked.error), code: 'bad-payload' } };
      return applier(tx, checked.data, cmd);
    });
  }

  kinds(): string[] {
    return [...this.appliers.keys()].sort();
  }

  /** A payload its kind's schema refuses throws InvalidCommandError and stores nothing; a kind not in the catalogue is stored and refused when applied, naming the kinds there are. */
  async submit(gameId: string, idempotencyKey: string, kind: string, payload: unknown): Promise<SubmittedCommand> {
    const checked = BUS_COMMANDS.get(kind)?.payload.safeParse(payload);
    if (checked && !checked.success) throw new InvalidCommandError(payloadProblem(kind, checked.error));
    const submitted = await this.inbox.submit(gameId, idempotencyKey, kind, payload);
    if (submitted.status === 'pending') {
      await this.jobs.add(JobName.ProcessGame, { gameId }, { jobId: `process:${gameId}:${submitted.id}` });
    }
    return submitted;
  }

  /** Whether a command was stored under `idempotencyKey` already (a producer that retries finds its own command). */
  async stored(idempotencyKey: string): Promise<boolean> {
    return (await this.inbox.byKey(idempotencyKey)) !== null;
  }

  /** Waits (polling the database) until a command has been applied or refused. */
  async waitFor(commandId: string, timeoutMs = 60_000): Promise<{ status: string; result: unknown }> {
    const until = Date.now() + timeoutMs;
    for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
      const c = await this.inbox.get(commandId);
      if (c && c.status !== 'pending') return c;
      if (Date.now() > until) {
        throw new Error(`command ${commandId} still pending after ${timeoutMs} ms: is a worker running (npm run worker)?`);
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  readonly apply: CommandApplier = async (tx: Sql, cmd: PendingCommand): Promise<CommandOutcome> => {
    const applier = this.appliers.get(cmd.kind);
    if (!applier) {
      return {
        status: 'rejected',
        result: { error: `unknown command kind "${cmd.kind}"; known: ${this.kinds().join(', ')}` },
      };
    }
    try {
      return await applier(tx, cmd);
    } catch (err) {
      // a command for a game that does not exist can never succeed: refuse it (retrying would only
      // keep it pending for ever), and say how to find the right id
      if (err instanceof UnknownGameError) return { status: 'rejected', result: { error: err.message, code: 'unknown-game' } };
      throw err;
    }
  };

  /** A referee's note in a game's log (also the simplest command: used to test ordering). */
  private async applyNote(tx: Sql, p: PayloadOf<'referee.note'>, cmd: PendingCommand): Promise<CommandOutcome> {
    if (typeof p.text !== 'string' || !p.text.trim()) {
      return { status: 'rejected', result: { error: 'a note needs non-empty text' } };
    }
    const head = await this.events.head(cmd.gameId, tx);
    const appended = await this.events.append(
      cmd.gameId,
      head.version,
      [
        {
          type: 'NoteAdded',
          payload: { text: p.text },
          metadata: { actor: String(p.actor ?? 'referee'), causationId: cmd.idempotencyKey },
        },
      ],
      { head, tx },
    );
    return { status: 'applied', result: { seq: appended.head.version } };
  }
}
