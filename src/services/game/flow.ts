import type { GameInfo, Seat } from '../../engine/engine-events';
import { type EngineCommand, initialState, makeSealedSeedChain, makeSeedChain, narrativeFor, whoIsAwaited } from '../../engine/game';
import type { SeedChain } from '../../engine/dice';
import { LEGACY_SEED_CHAIN_TURNS } from '../../engine/define';
import { SERVICE_EVENT_TYPES, liveEngineEvents, toEngineEvent } from '../game-repository';
import { fairnessLines, fairnessOfLog } from '../../audit/dice-stats';
import { digestOf } from '../service-state';
import type { Notice } from '../../mail/notices';
import { PermanentCommandError, type CommandOutcome } from '../../store/commands';
import type { StoredEvent } from '../../store/event-store';
import { noticeBase, reportNotices, stepNeeds } from '../notice-builders';
import { holding, planDeadline, setDeadline } from './deadline-plan';

export { reminderTime } from './deadline-plan';
import { finalSummary, newsSince, reportSummary } from '../news';
import { engineToNew, rejected, type Handling, type RefereeReply } from './handler';
import { payloadOf } from '../service-events';
import { lastSentIn, lastSentKey, type SentState } from '../reports-sent';

/** Turns a game's seed chains cover: its declared length when created, 256 for a game created before games declared one. */
export function chainTurns(h: Handling): number {
  return h.game.state.game?.seedChainTurns ?? LEGACY_SEED_CHAIN_TURNS;
}

/** Adjudicates the step in play if nobody is awaited any more (then the engine auto-advances). */
export async function advanceIfReady(h: Handling): Promise<void> {
  if (!h.game.state.step || whoIsAwaited(h.game.state, h.game.ruleset).length) return;
  // WAIT: a side holding its orders for this step keeps it open until CONFIRM or the deadline
  if (holding(h.game.service, h.game.state.step).length) return;
  await resolve(h, 'Resolve');
}

/** Resolves the step in play: on its orders (Resolve), or with defaults for the silent (Deadline). */
export async function resolve(h: Handling, type: 'Resolve' | 'Deadline'): Promise<void> {
  const seeds = await seedChain(h);
  // the engine asks for each sealed blob it needs (this step's orders, orders queued for the steps it moves into)
  const command: EngineCommand = {
    type,
    now: h.now.toISOString(),
    seeds: (turn) => {
      if (turn >= seeds.length)
        throw new Error(
          `${h.game.ruleset.id}: turn ${turn} is past the game's length (${seeds.length - 1} turns): the ruleset's length() is too short`,
        );
      return seeds[turn];
    },
    ...(await sealedSeeds(h)),
    open: (sealed) => h.env.orders.open(sealed).toString('utf8'),
  };
  const decision = h.decide(command);
  // a resolve the engine refuses (a ruleset that never waits) will refuse again: a permanent fault
  if (!decision.ok) throw new PermanentCommandError(decision.rejection.message, { code: decision.rejection.code });
  await h.append(decision.events.map(engineToNew('umpire')));
}

/** The game's dice seeds, opened from their sealed top: the chain its anchor names (a renewed one, else the one it was created with). */
export async function seedChain(h: Handling): Promise<readonly string[]> {
  return (await chainOf(h, makeSeedChain, h.game.state.game?.seedAnchor)).seeds;
}

/** The sealed chain's seeds for a command, in a game with sealed dice (none otherwise). */
export async function sealedSeeds(h: Handling): Promise<{ sealedSeeds?: (turn: number) => string }> {
  const anchor = h.game.state.game?.sealedSeedAnchor;
  if (!anchor) return {};
  const chain = await chainOf(h, makeSealedSeedChain, anchor);
  return { sealedSeeds: (turn) => chain.seeds[turn] };
}

/**
 * A game's sealed seed secrets as last read, per game and chain anchor (a few hundred): a secret
 * never changes once its chain is committed (at creation, or a renewal at a rollback), and a
 * chain made from it is used only when its anchor is the one the game published, so a stale entry
 * (a game created again under the same id) is read again.
 */
const sealedSecrets = new Map<string, string>();

async function chainOf(h: Handling, make: typeof makeSeedChain, anchor: string | undefined): Promise<SeedChain> {
  const { gameId } = h.game;
  const key = `${gameId}\n${anchor}`;
  const held = anchor ? sealedSecrets.get(key) : undefined;
  if (held) {
    const chain = make(h.env.seeds.open(held), chainTurns(h));
    if (chain.anchor === anchor) return chain;
  }
  // a rollback past a revealed seed renews the dice chain (never the sealed one): its anchor names it
  const renewed = anchor && make === makeSeedChain ? await h.env.deps.table.renewedChain(h.beside, gameId, anchor) : null;
  const sealed = renewed ?? (await h.env.deps.table.seedSecret(h.beside, gameId));
  if (!sealed) throw new Error(`game ${gameId} has no seed secret`);
  const chain = make(h.env.seeds.open(sealed), chainTurns(h));
  if (anchor && chain.anchor === anchor) {
    sealedSecrets.delete(key);
    sealedSecrets.set(key, sealed);
    if (sealedSecrets.size > 512) sealedSecrets.delete(sealedSecrets.keys().next().value!);
  }
  return chain;
}

/**
 * The deadline of the step in play; a step without one gets it now (a DeadlineSet event, and
 * its deadline and reminder jobs scheduled).
 */
export async function openDeadline(h: Handling): Promise<string | null> {
  const step = h.game.state.step;
  if (!step) return null;
  const known = h.deadline(step.id);
  if (known) return known.at;
  // PAUSE: no deadline runs until the referee resumes (RESUME gives the step its deadline then)
  if (h.game.service.paused) return null;
  // the length of the step's kind, moved past the absences of the sides it awaits; late orders are
  // still taken until the grace period ends, only then do defaults apply. Scheduled in Redis before
  // the transaction commits: if it rolls back, the job finds its step unchanged or gone and does
  // nothing (the deadline checks the step id); if Redis loses the job, the workers' reconciliation
  // schedules it again from the DeadlineSet
  const plan = planDeadline(h, step);
  await setDeadline(h, step.id, plan, 'umpire');
  return plan.at.toISOString();
}

/**
 * The reports after `afterSeq`: one per side as it may see them, and the referee's copy (the
 * referee's view: everything but sealed orders not yet revealed) unless the game has no referee.
 * Referee notes recorded since the last report or welcome went out lead each report: a note
 * reaches every side once, in its next report.
 */
export async function reportsFor(h: Handling, afterSeq: number, deadline: string | null): Promise<Notice[]> {
  // what each recipient was last sent, as the game's ReportsSent events record it
  const sent = await lastSentIn(h.env.deps.reports, h.tx, h.game.gameId, h.game.service.sent);
  // a recipient whose last picture shows the board as it is gets none again (render.ts mapContext)
  const notices = reportNotices(h.game, afterSeq, deadline, h.settings.referee).map((n) => {
    const picture = n.kind === 'report' ? sent.last[lastSentKey(n.side, n.to)]?.picture : null;
    return picture ? { ...n, lastPicture: picture } : n;
  });
  const rows = notesInTail(h.game, sent.seq) ?? (await h.env.deps.reports.refereeNotesSince(h.tx, h.game.gameId, sent.seq));
  const notes = rows.filter(isRefereeNote).map(noteLine);
  const noted = notes.length ? notices.map((n) => (n.kind === 'report' ? { ...n, narrative: [...notes, ...n.narrative] } : n)) : notices;
  // the final report: the dice fairness of the whole game, as each recipient may see its dice
  const log = h.game.state.result ? await h.env.deps.games.events.read(h.game.gameId, 0, h.tx) : null;

  // the final mail opens with the result, the points by turn, the losses and how to get the audit bundle
  const all = log
    ? noted.map((n) =>
        n.kind === 'report'
          ? {
              ...n,
              final: finalSummary(h.game, newsSince(h.game, log, initialState(), 0, n.side), n.side),
              fairness: fairnessLines(fairnessOfLog(log, SERVICE_EVENT_TYPES, n.side)),
            }
          : n,
      )
    : noted;
  return digest(h, all, afterSeq, sent);
}

/**
 * The reports each recipient asked for (DIGEST, service-state.ts): a report goes to a viewer in
 * `action` mode when the step now open awaits them, when a turn ended, or when the game ended; in
 * `turn` mode only when a turn or the game ended; in `every` mode always. A report held back is
 * not lost: the next one sent to that viewer tells everything since the last it was sent.
 */
async function digest(h: Handling, notices: readonly Notice[], afterSeq: number, sent: SentState): Promise<Notice[]> {
  const step = h.game.state.step;
  const resolvedTurns = h.game.tail.flatMap((e) => (e.seq > afterSeq ? (payloadOf(e, 'StepResolved')?.turn ?? []) : []));
  const over = h.game.state.result !== null || step === null;
  const turnEnded = over || (resolvedTurns.length > 0 && step !== null && step.turn > Math.max(...resolvedTurns));
  const awaiting = new Set(step ? whoIsAwaited(h.game.state, h.game.ruleset) : []);
  const out: Notice[] = [];
  for (const n of notices) {
    if (n.kind !== 'report') {
      out.push(n);
      continue;
    }
    const mode = digestOf(h.game.service, n.side);
    const send = mode === 'every' || over || turnEnded || (mode === 'action' && awaiting.has(n.side));
    if (!send) continue;
    if (mode === 'every') {
      out.push(n);
      continue;
    }
    const last = sent.last[lastSentKey(n.side, n.to)]?.seq ?? null;
    out.push(last !== null && last < afterSeq ? { ...n, ...(await storySince(h, last, n.side)) } : n);
  }
  return out;
}

/** What `viewer` may read of the events after `seq` (referee notes first), for a report that folds held ones, and its summary. */
async function storySince(h: Handling, seq: number, viewer: string): Promise<{ narrative: string[]; summary: string[] }> {
  // the news of each event is read on the game as it stood just before it: folded from the state
  // the game was loaded from over its tail (every event after that state) when the story starts
  // after that state, else from the start of the whole log
  const base = h.game.base;
  const inTail = (base?.version ?? 0) <= seq;
  const all = inTail ? h.game.tail : await h.env.deps.games.events.read(h.game.gameId, 0, h.tx);
  const events = all.filter((e) => e.seq > seq);
  const notes = events.filter(isRefereeNote).map(noteLine);
  const engineEvents = liveEngineEvents(events).map(toEngineEvent);
  return {
    narrative: [...notes, ...narrativeFor(engineEvents, viewer, h.game.ruleset)],
    summary: reportSummary(
      h.game,
      engineEvents,
      viewer,
      newsSince(h.game, all, (inTail ? base : undefined) ?? initialState(), seq, viewer),
    ),
  };
}

/** The referee's acknowledgement of a command carried out (to `by.replyTo`, else the game's referee, else nobody). */
export function confirm(h: Handling, by: RefereeReply, command: string, done: string[], deadline: string | null): void {
  const to = by.replyTo ?? h.settings.referee;
  if (!to) return;
  h.notify({
    ...noticeBase(h.game, 'referee', to, `done:${by.key ?? command}`),
    kind: 'confirmation',
    command,
    done,
    needs: stepNeeds(h.game, deadline),
  });
}

/** A referee command refused: nothing changed; the referee is told what was wrong and what would be right. */
/**
 * The seat of `side` for a referee's seat command (REPLACE, MACHINE), or the refusal naming the
 * game's sides, with `usage` as the command's form.
 */
export function seatOrRefusal(
  h: Handling,
  by: RefereeReply,
  asked: string,
  side: string,
  usage: string,
): { readonly seat: Seat; readonly info: GameInfo } | { readonly refused: CommandOutcome } {
  const info = h.game.state.game;
  const seat = info?.sides.find((s) => s.side === side);
  if (info && seat) return { seat, info };
  const sides = (info?.sides ?? []).map((s) => s.side).join(', ');
  return { refused: refereeRejected(h, by, asked, `game ${h.game.gameId} has no side "${side}"`, `${usage}, the side one of: ${sides}.`) };
}

export function refereeRejected(h: Handling, by: RefereeReply, command: string, problem: string, hint: string): CommandOutcome {
  const to = by.replyTo ?? h.settings.referee;
  if (to) {
    h.notify({
      ...noticeBase(h.game, 'referee', to, `rejected:${by.key ?? command}`),
      kind: 'rejection',
      summary: `${command}: ${problem}`,
      problems: [],
      hint,
    });
  }
  return rejected(`${command}: ${problem}`);
}

/**
 * The referee's NoteAdded events after `afterSeq` from the events the game was loaded with, when
 * they cover every event after it (else null: the log is read). The game's last report or welcome
 * covered `afterSeq` (ServiceState.sent).
 */
function notesInTail(game: Handling['game'], afterSeq: number): StoredEvent[] | null {
  if (game.head.version <= afterSeq) return [];
  if (!game.tail.length || game.tail[0].seq > afterSeq + 1) return null;
  return game.tail.filter((e) => e.seq > afterSeq && e.type === 'NoteAdded' && e.metadata?.actor === 'referee');
}

/** A note the referee wrote (not the umpire's settings or a fault it recorded). */
export function isRefereeNote(e: Pick<StoredEvent, 'type' | 'payload' | 'metadata'>): boolean {
  const p = payloadOf(e, 'NoteAdded');
  return e.metadata?.actor === 'referee' && typeof p?.text === 'string' && p.settings === undefined && p.fault === undefined;
}

export function noteLine(e: Pick<StoredEvent, 'type' | 'payload'>): string {
  return `Referee's note: ${payloadOf(e, 'NoteAdded')?.text ?? ''}`;
}
